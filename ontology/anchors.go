package ontology

import (
	"context"
	"time"
)

// Anchor kinds.
const (
	AnchorProfile = "profile"
	AnchorEvent   = "event"
	AnchorTopic   = "topic"
)

// AnchorLine is one line of an anchor's text and the turns it rests on.
type AnchorLine struct {
	Text          string   `json:"text"`
	SourceTurnIDs []string `json:"source_turn_ids"`
}

// Anchor is a structured summary handed to an answering LLM above the
// retrieved turns: an entity profile, an event record or a topic summary.
// Every line cites the turns it was built from.
type Anchor struct {
	Kind     string       `json:"kind"`
	ID       string       `json:"id"`
	Title    string       `json:"title"`
	Lines    []AnchorLine `json:"lines"`
	When     *TimeSpan    `json:"when,omitempty"`
	EntityID string       `json:"entity_id,omitempty"`
	// Participants are the people (and other entities) involved.
	Participants []string `json:"participants,omitempty"`
	// SourceTurnIDs is the union of the lines' sources.
	SourceTurnIDs []string `json:"source_turn_ids"`
	// Similarity is the cosine similarity of the anchor's embedding to the
	// query's (0 without one); Stale marks a profile awaiting a rebuild.
	Similarity float64 `json:"similarity"`
	Stale      bool    `json:"-"`
	// BuiltAt is when the anchor was last built (profiles; zero if never).
	BuiltAt time.Time `json:"-"`
}

// TopicMaterial is what topic building reads from a conversation.
type TopicMaterial struct {
	Version int64
	Turns   []TopicTurn
	Facts   []Fact
}

// TopicTurn is a turn as topic building sees it.
type TopicTurn struct {
	ID, Session, Speaker, Text string
	Timestamp                  *time.Time
	Vector                     []float32
	Entities                   []string
}

// StoredTopic is a built topic to store.
type StoredTopic struct {
	Key           string
	Label         string
	Sentences     []AnchorLine // verbatim sentences, each citing its turn
	KeyFacts      []string
	Participants  []string
	Span          *TimeSpan
	SourceTurnIDs []string
	Vector        []float32
}

// AnchorStore reads and writes anchors. Every method is tenant-scoped.
type AnchorStore interface {
	ProfileAnchors(ctx context.Context, tenant string, entityIDs []string, vector []float32) ([]Anchor, error)
	EventAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]Anchor, error)
	TopicAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]Anchor, error)
	// TopicsStale says whether turns arrived since the conversation's
	// topics were built, and when they were last built (zero: never).
	TopicsStale(ctx context.Context, tenant, conversation string) (stale bool, builtAt time.Time, err error)
}
