package ontology

import (
	"context"
	"sort"
	"time"
)

// Limits of the graph endpoints.
const (
	MaxHops          = 3 // neighbourhood
	MaxPathHops      = 4 // paths
	DefaultPathHops  = 4
	MaxEntityResults = 100
	MaxNeighbourhood = 200
	// MaxNeighbourhoodEdges bounds the edges a neighbourhood returns
	// (typed first, then the most frequent co-mentions): a dense
	// co-mention layer links nearly every pair of its entities.
	MaxNeighbourhoodEdges = 1000
	MaxPaths              = 10
	DefaultEntityLimit    = 20
	MaxEntityMentions     = 50
	MaxEntityCoMentions   = 50
	DefaultHistoryLimit   = 100
)

// Edge kinds: a typed relation of the vocabulary, or a co-mention
// (MENTIONED_WITH, the weaker layer: two entities named together, in a
// turn, a message burst or a question and its answer).
const (
	EdgeTyped     = "typed"
	EdgeCoMention = "co_mention"
)

// RelationEdge is one stored relation as seen from an entity, or between
// two entities of a path or neighbourhood. Kind tells typed relations from
// co-mentions; a co-mention's Type is MENTIONED_WITH and it carries Count,
// FirstSeen and LastSeen instead of a role and validity.
type RelationEdge struct {
	Kind       string       `json:"kind"`
	Type       RelationType `json:"type"`
	FromID     string       `json:"from_id"`
	ToID       string       `json:"to_id"`
	FromName   string       `json:"from_name,omitempty"`
	ToName     string       `json:"to_name,omitempty"`
	Role       string       `json:"role,omitempty"`
	Confidence float64      `json:"confidence"`
	ValidFrom  *time.Time   `json:"valid_from,omitempty"`
	ValidTo    *time.Time   `json:"valid_to,omitempty"`
	// State is "past" when the relation had ended (valid_to) by the time
	// the read looks from (as_of, or now), else "current".
	State         string     `json:"state"`
	Count         int64      `json:"count,omitempty"`
	FirstSeen     *time.Time `json:"first_seen,omitempty"`
	LastSeen      *time.Time `json:"last_seen,omitempty"`
	SourceTurnIDs []string   `json:"source_turn_ids"`
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
	// CoMentions are the entities most often named together with this
	// one (MENTIONED_WITH), kept apart from the typed relations.
	CoMentions []RelationEdge `json:"co_mentions"`
	Facts      []Fact         `json:"facts"`
	Events     []Event        `json:"events"`
	Mentions   []Mention      `json:"mentions"`
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

// Path is one chain of relations from one entity to another. Kind is
// "typed" when every edge is a typed relation, "co_mention" when at least
// one is a co-mention.
type Path struct {
	Kind     string         `json:"kind"`
	Length   int            `json:"length"`
	Entities []Entity       `json:"entities"`
	Edges    []RelationEdge `json:"edges"`
}

// EntityQuery finds entities of one conversation (or a tenant) by name.
// With a TimeView it lists only the entities mentioned in a turn said by
// AsOf and stored by KnownAt, and counts their mentions then.
type EntityQuery struct {
	Tenant       string
	Conversation string // "" = every conversation of the tenant
	Text         string // "" = the most mentioned
	Type         EntityType
	Limit        int
	TimeView
}

// Edge kinds a graph read follows (GraphQuery.Kinds).
const (
	KindsAll   = "all"   // typed relations and co-mentions
	KindsTyped = "typed" // typed relations only
)

// GraphQuery asks for the neighbourhood of From (To empty) or the paths
// from From to To, both entity ids of Tenant.
type GraphQuery struct {
	Tenant string
	From   string
	To     string
	// Hops bounds the neighbourhood (1..MaxHops), or the paths
	// (1..MaxPathHops).
	Hops  int
	Limit int
	// Kinds is KindsAll (default when empty) or KindsTyped.
	Kinds string
	TimeView
}

// ValidKinds checks a kinds value ("" means all).
func ValidKinds(kinds string) error {
	switch kinds {
	case "", KindsAll, KindsTyped:
		return nil
	}
	return Errorf(EValidation, "kinds must be %q or %q, got %q", KindsAll, KindsTyped, Truncate(kinds, 40))
}

// KnowledgeStore reads the knowledge graph. Every method is scoped to one
// tenant and reads from view's point in time (the zero view: now).
type KnowledgeStore interface {
	Entities(ctx context.Context, q EntityQuery) ([]Entity, error)
	EntityAt(ctx context.Context, tenant, id string, view TimeView) (EntityDetail, error)
	EntityHistoryAt(ctx context.Context, tenant, id string, limit int, view TimeView) ([]MergeDecision, error)
	// GraphNeighbourhood reads the entities within q.Hops of q.From.
	GraphNeighbourhood(ctx context.Context, q GraphQuery) (Neighbourhood, error)
	// GraphPaths reads the paths from q.From to q.To, typed ones first.
	GraphPaths(ctx context.Context, q GraphQuery) ([]Path, error)
}

// Coverage says how much of a set of conversations the knowledge layer
// covers: the share of turns cited by at least one fact, and what is
// stored, by kind and extractor ("facts/rules": 120).
type Coverage struct {
	Turns        int64            `json:"turns"`
	CoveredTurns int64            `json:"covered_turns"`
	Counts       map[string]int64 `json:"counts"`
}

// PathKind is "co_mention" when any edge is a co-mention, else "typed".
func PathKind(edges []RelationEdge) string {
	if coMentions(edges) > 0 {
		return EdgeCoMention
	}
	return EdgeTyped
}

func coMentions(edges []RelationEdge) int {
	n := 0
	for _, e := range edges {
		if e.Kind == EdgeCoMention {
			n++
		}
	}
	return n
}

// RankPaths orders paths best first: typed paths before paths through
// co-mentions, then shorter before longer, then fewer co-mention steps;
// ties keep their order. It sets each path's Kind and Length.
func RankPaths(ps []Path) {
	for i := range ps {
		ps[i].Kind, ps[i].Length = PathKind(ps[i].Edges), len(ps[i].Edges)
	}
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if (a.Kind == EdgeTyped) != (b.Kind == EdgeTyped) {
			return a.Kind == EdgeTyped
		}
		if a.Length != b.Length {
			return a.Length < b.Length
		}
		return coMentions(a.Edges) < coMentions(b.Edges)
	})
}
