package ontology

import "context"

// The services the REST API (handlers) and the MCP tools (mcpserver) are
// both thin adapters over. They are declared once, here, so the two
// surfaces cannot drift apart; graph.Store, extract.Ingestor, query.Service
// and llmcontext.Builder implement them.

// Ingestor stores batches of turns.
type Ingestor interface {
	AddTurns(ctx context.Context, tenant, conversation string, turns []Turn) (IngestResult, error)
}

// Searcher answers searches.
type Searcher interface {
	Search(ctx context.Context, req SearchRequest) (SearchResponse, error)
}

// ContextBuilder assembles token-budgeted contexts.
type ContextBuilder interface {
	Context(ctx context.Context, req ContextRequest) (ContextResponse, error)
}

// Knowledge reads the knowledge graph (entities, profiles, relations,
// paths) and resolves names to entities.
type Knowledge interface {
	KnowledgeStore
	// ResolveEntity returns the id of the entity nameOrID names: an entity
	// id of the tenant, or a name or alias within conversation.
	ResolveEntity(ctx context.Context, tenant, conversation, nameOrID string) (string, error)
}

// Conversations reads and deletes stored conversations and manages their
// speakers.
type Conversations interface {
	// Conversations lists up to limit conversations of tenant, the most
	// recently active first.
	Conversations(ctx context.Context, tenant string, limit int) ([]ConversationSummary, error)
	Conversation(ctx context.Context, tenant, id string) (Conversation, error)
	Turns(ctx context.Context, tenant, conversation string, after int64, limit int) (TurnPage, error)
	DeleteConversation(ctx context.Context, tenant, id string) (DeleteReceipt, error)
	// DeleteSpeaker forgets one speaker of a conversation: their turns and
	// what was derived only from them.
	DeleteSpeaker(ctx context.Context, tenant, conversation, speaker string) (DeleteReceipt, error)
	// DeleteTenant deletes every conversation of tenant.
	DeleteTenant(ctx context.Context, tenant string) (DeleteReceipt, error)
	// SpeakerIdentities lists a conversation's speakers with their aliases.
	SpeakerIdentities(ctx context.Context, tenant, conversation string) ([]Speaker, error)
	// SetSpeakerAliases replaces one speaker's explicit aliases.
	SetSpeakerAliases(ctx context.Context, tenant, conversation, speaker string, aliases []string) (Speaker, error)
}

// Answerer answers a question from an assembled context (an LLM).
type Answerer interface {
	Answer(ctx context.Context, question, memoryContext string) (Answer, error)
}

// Answer is an Answerer's reply.
type Answer struct {
	Text             string
	CitedTurnIDs     []string
	PromptTokens     int
	CompletionTokens int
}
