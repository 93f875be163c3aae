package ontology

import (
	"context"
	"time"
)

// DefaultTenant is the tenant every request belongs to until API keys map
// requests to tenants.
const DefaultTenant = "default"

// DefaultSession is the session of a turn that names none.
const DefaultSession = "default"

// Turn is one utterance of a conversation: who said what, when, in which
// session. (Conversation, ID) identifies a turn within a tenant.
type Turn struct {
	// ID is unique within the conversation. A client may leave it empty:
	// ingest then assigns one (and resending the turn stores it again).
	ID        string         `json:"id"`
	Session   string         `json:"session"`
	Speaker   string         `json:"speaker"`
	Text      string         `json:"text"`
	Timestamp *time.Time     `json:"timestamp,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
	// Seq orders the turns of a conversation by arrival; set by the store.
	Seq int64 `json:"seq"`
}

// IngestResult says what a batch of turns did: how many were new and which
// ids were already stored (a resent batch creates nothing).
type IngestResult struct {
	// IDs are the batch's turn ids in the order sent: the client's, or
	// Loci's own for a turn sent without one.
	IDs         []string `json:"ids"`
	Created     int      `json:"created"`
	Existing    int      `json:"existing"`
	ExistingIDs []string `json:"existing_ids"`
	// Knowledge reports what was drawn from the new turns and stored; nil
	// when no extractor ran.
	Knowledge *KnowledgeReport `json:"knowledge,omitempty"`
	// Enrichment is EnrichmentPending when the turns are stored and their
	// vectors and knowledge follow (asynchronous ingest), EnrichmentDone
	// when they are stored too; "" from stores that do not say.
	Enrichment string `json:"enrichment,omitempty"`
}

// KnowledgeReport counts the knowledge a batch stored and what extracting
// it cost. Items citing only turns that were already stored are not
// written again.
type KnowledgeReport struct {
	Entities     int `json:"entities"`
	NewEntities  int `json:"new_entities"`
	Relations    int `json:"relations"`
	Facts        int `json:"facts"`
	Events       int `json:"events"`
	ProfileFacts int `json:"profile_facts"`
	// Decisions counts profile merge decisions by action.
	Decisions map[MergeAction]int `json:"decisions"`
	// Extractors reports each extractor's usage (tokens, cache, errors).
	Extractors []ExtractUsage `json:"extractors"`
}

// TurnBatch is what one ingest writes atomically: the turns, their
// vectors, and the knowledge extracted from them.
type TurnBatch struct {
	Turns []Turn
	// Vectors is nil or holds one embedding per turn.
	Vectors [][]float32
	// Knowledge is what extractors drew from Turns (already sanitised).
	Knowledge Extraction
	// FactVectors is nil or holds one embedding per Knowledge.Facts item.
	FactVectors [][]float32
	// EventVectors is nil or holds one embedding per Knowledge.Events item
	// (of its What).
	EventVectors [][]float32
	// Extracted says extractors ran on the batch (even if they found
	// nothing): the store then keeps the knowledge graph's speaker entities.
	Extracted bool
	// ProfileRulings are decisions an LLM made for profile conflicts the
	// rules found ambiguous; the store applies one when the same conflict
	// (subject, sub-topic, value and previous value) is still there.
	ProfileRulings []MergeDecision
	// SpeakerAliases are the aliases the batch's turns use for speakers
	// (vocatives, introductions); the store counts those of new turns.
	SpeakerAliases []LearnedAlias
	// Bursts are the bursts the batch creates or grows (plan.Bursts), each
	// holding turns of the batch and maybe of BurstTail.
	Bursts []Burst
	// BurstVectors is nil or holds one embedding per burst (of its Text).
	BurstVectors [][]float32
	// BurstTail lists the ids of the stored turns the bursts were planned
	// after (the conversation's last unit when ingest read it); the store
	// builds bursts across it only if the conversation still ends there.
	BurstTail []string
	// Plan, when not nil, plans the batch's SpeakerAliases, Bursts and
	// BurstTail from what the store read of its conversation inside its
	// write transaction, under the conversation's lock (Speakers and
	// BurstTail of the BatchContext; Recent is not read): ingest then
	// reads nothing before the write. The store may call it more than
	// once (a retried transaction). Ingest sets it only for a store that
	// can (a PlanInWrite) and a batch nothing else of which (vectors,
	// extraction) needs that read first.
	Plan func(c BatchContext, b *TurnBatch)
}

// Conversation summarises a stored conversation.
type Conversation struct {
	ID        string           `json:"id"`
	TurnCount int64            `json:"turn_count"`
	Sessions  []SessionSummary `json:"sessions"`
	Speakers  []SpeakerSummary `json:"speakers"`
	CreatedAt time.Time        `json:"created_at"`
	UpdatedAt time.Time        `json:"updated_at"`
}

// ConversationSummary is one conversation of a tenant as a listing shows
// it: its id, how many turns it holds, when it was created and when turns
// were last sent to it.
type ConversationSummary struct {
	ID           string    `json:"id"`
	TurnCount    int64     `json:"turn_count"`
	CreatedAt    time.Time `json:"created_at"`
	LastActivity time.Time `json:"last_activity"`
}

// SessionSummary describes one session of a conversation.
type SessionSummary struct {
	ID        string     `json:"id"`
	StartedAt *time.Time `json:"started_at,omitempty"`
	TurnCount int64      `json:"turn_count"`
}

// SpeakerSummary describes one speaker of a conversation.
type SpeakerSummary struct {
	Name      string `json:"name"`
	TurnCount int64  `json:"turn_count"`
}

// DeleteReceipt counts what a delete removed.
type DeleteReceipt struct {
	Conversations int64 `json:"conversations"`
	Sessions      int64 `json:"sessions"`
	Turns         int64 `json:"turns"`
	Speakers      int64 `json:"speakers"`
	Entities      int64 `json:"entities"`
	Relations     int64 `json:"relations"`
	Facts         int64 `json:"facts"`
	Events        int64 `json:"events"`
	ProfileFacts  int64 `json:"profile_facts"`
	Decisions     int64 `json:"decisions"`
	Profiles      int64 `json:"profiles"`
	Topics        int64 `json:"topics"`
}

// TurnStore is the durable home of conversations and their turns. Every
// method is scoped to one tenant; an implementation must never read or write
// across tenants.
type TurnStore interface {
	// AddBatch stores a validated batch atomically: all of it or nothing.
	// Turns whose id is already stored are reported, not written again; a
	// stored turn whose speaker or text differs is an EConflict. Vectors
	// and knowledge are committed in the same transaction as the turns.
	AddBatch(ctx context.Context, tenant, conversation string, batch TurnBatch) (IngestResult, error)
	Conversation(ctx context.Context, tenant, id string) (Conversation, error)
	DeleteConversation(ctx context.Context, tenant, id string) (DeleteReceipt, error)
	// Speakers lists the speaker names of a conversation, or of the whole
	// tenant when conversation is "".
	Speakers(ctx context.Context, tenant, conversation string) ([]string, error)
	// RecentTurns returns up to limit of the conversation's last stored
	// turns, oldest first, leaving out the turns whose ids are in exclude
	// (the batch being ingested). Extraction reads them as context.
	RecentTurns(ctx context.Context, tenant, conversation string, exclude []string, limit int) ([]Turn, error)
}

// BatchContext is what ingest reads of a conversation before it stores a
// batch: its speaker names, its last turns (oldest first, leaving out the
// batch's; extraction context) and its last retrieval unit (the burst
// holding its last turn, or that turn; the batch may continue it). Names
// are its stored entities' names of ContextNameTypes (the most mentioned
// first, at most MaxContextNames; read only with the recent turns), which
// a turn of the batch may name again in lower case. Groups are the
// organisations its speakers hold a current MEMBER_OF or LEADS relation
// to, with how many speakers each (the most held first, at most
// MaxGroupHolds; read with the names).
type BatchContext struct {
	Speakers  []string
	Recent    []Turn
	BurstTail []Turn
	Names     []EntityRef
	Groups    []GroupHold
	// ChatGroups are the groups the conversation was recorded as the own
	// chat of, in the order first recorded (at most MaxChatGroups; read
	// with the names).
	ChatGroups []EntityRef
}

// MaxContextNames bounds BatchContext.Names.
const MaxContextNames = 300

// ContextNameTypes are the types of BatchContext.Names: those whose names
// are names. Concepts, activities and works are often named by common
// words ("hiking", "jazz").
var ContextNameTypes = []string{string(EntityPerson), string(EntityOrganization), string(EntityPlace), string(EntityAnimal)}

// StoredTurn is a turn as stored, with its place in the conversation.
type StoredTurn struct {
	Turn
	// NextID is the id of the turn that follows this one, "" for the last.
	NextID string `json:"next_id,omitempty"`
}

// TurnPage is one page of a conversation's turns in order; pass NextAfter
// as after to get the next page (nil when there is none).
type TurnPage struct {
	Turns     []StoredTurn `json:"turns"`
	NextAfter *int64       `json:"next_after,omitempty"`
}
