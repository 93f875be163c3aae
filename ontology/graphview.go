package ontology

import (
	"context"
	"time"
)

// Limits of the graph endpoints.
const (
	MaxHops             = 3 // neighbourhood
	MaxPathHops         = 4 // paths
	DefaultPathHops     = 4
	MaxEntityResults    = 100
	MaxNeighbourhood    = 200
	MaxPaths            = 10
	DefaultEntityLimit  = 20
	MaxEntityMentions   = 50
	DefaultHistoryLimit = 100
)

// RelationEdge is one stored relation as seen from an entity, or between
// two entities of a path or neighbourhood.
type RelationEdge struct {
	Type          RelationType `json:"type"`
	FromID        string       `json:"from_id"`
	ToID          string       `json:"to_id"`
	FromName      string       `json:"from_name,omitempty"`
	ToName        string       `json:"to_name,omitempty"`
	Role          string       `json:"role,omitempty"`
	Confidence    float64      `json:"confidence"`
	ValidFrom     *time.Time   `json:"valid_from,omitempty"`
	ValidTo       *time.Time   `json:"valid_to,omitempty"`
	SourceTurnIDs []string     `json:"source_turn_ids"`
}

// StoredProfileFact is a profile fact as stored, current or superseded.
type StoredProfileFact struct {
	ID string `json:"id"`
	ProfileFact
}

// Mention is a turn that mentions an entity.
type Mention struct {
	TurnID    string     `json:"turn_id"`
	Session   string     `json:"session"`
	Speaker   string     `json:"speaker"`
	Text      string     `json:"text"`
	Timestamp *time.Time `json:"timestamp,omitempty"`
}

// EntityDetail is everything known about one entity: its profile (current
// facts first, superseded ones with their valid_to), relations both ways,
// facts about it, events it took part in, and the turns that mention it.
type EntityDetail struct {
	Entity
	Profile   []StoredProfileFact `json:"profile"`
	Relations []RelationEdge      `json:"relations"`
	Facts     []Fact              `json:"facts"`
	Events    []Event             `json:"events"`
	Mentions  []Mention           `json:"mentions"`
}

// NeighbourEntity is an entity of a neighbourhood and how far it is.
type NeighbourEntity struct {
	Entity
	Hops int `json:"hops"`
}

// Neighbourhood is the entities within some hops of a centre entity over
// relations, with the relations between them.
type Neighbourhood struct {
	Center   Entity            `json:"center"`
	Entities []NeighbourEntity `json:"entities"`
	Edges    []RelationEdge    `json:"edges"`
}

// Path is one chain of relations from one entity to another.
type Path struct {
	Length   int            `json:"length"`
	Entities []Entity       `json:"entities"`
	Edges    []RelationEdge `json:"edges"`
}

// EntityQuery finds entities of one conversation (or a tenant) by name.
type EntityQuery struct {
	Tenant       string
	Conversation string // "" = every conversation of the tenant
	Text         string // "" = the most mentioned
	Type         EntityType
	Limit        int
}

// KnowledgeStore reads the knowledge graph. Every method is scoped to one
// tenant.
type KnowledgeStore interface {
	Entities(ctx context.Context, q EntityQuery) ([]Entity, error)
	Entity(ctx context.Context, tenant, id string) (EntityDetail, error)
	EntityHistory(ctx context.Context, tenant, id string, limit int) ([]MergeDecision, error)
	Neighbourhood(ctx context.Context, tenant, id string, hops, limit int) (Neighbourhood, error)
	Paths(ctx context.Context, tenant, fromID, toID string, maxHops, limit int) ([]Path, error)
}

// Coverage says how much of a set of conversations the knowledge layer
// covers: the share of turns cited by at least one fact, and what is
// stored, by kind and extractor ("facts/rules": 120).
type Coverage struct {
	Turns        int64            `json:"turns"`
	CoveredTurns int64            `json:"covered_turns"`
	Counts       map[string]int64 `json:"counts"`
}
