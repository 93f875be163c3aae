package ontology

// Kinds of StaleWork.
const (
	StaleEntity = "entity" // an entity's profile anchor (EntityID set)
	StaleTopics = "topics" // a conversation's topic set
)

// StaleWork is one anchor awaiting a rebuild, as the store lists them for
// the background pass: Kind StaleEntity (EntityID set) or StaleTopics. The
// rebuild runs scoped to Tenant.
type StaleWork struct {
	Kind, Tenant, Conversation, EntityID string
}
