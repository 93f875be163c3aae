// Package plan decides how one batch's knowledge joins the stored graph:
// which entity each reference names (a speaker, a stored entity or a new
// one), which stored entities a stronger typing cue retypes, how profile
// facts merge, which relations are new, restated or ended, and which
// co-mention edges the batch adds. It is pure (ontology and the standard
// library only) and tested without Neo4j: graph reads a Snapshot inside
// the write transaction, calls Plan and executes the WritePlan with one
// UNWIND statement per kind.
package plan

import (
	"cmp"
	"slices"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Snapshot is the part of the stored graph a batch's plan depends on, read
// inside the write transaction (see SnapshotQuery for what to read).
type Snapshot struct {
	// Entities are the conversation's speaker entities and every entity a
	// reference of the batch may resolve to.
	Entities []StoredEntity
	// Profiles are the current (valid_to unset) profile values of those
	// entities in the sub-topics the batch's profile facts concern.
	Profiles []StoredProfile
	// Relations are the stored relations between those entities, of the
	// types the batch's relations may match or end.
	Relations []StoredRelation
	// Turns are the turns the batch cites that were stored before it
	// (antecedents reached through coreference, or turns of a resent
	// batch); cited ids found neither here nor in the batch are dropped.
	Turns []StoredTurn
}

// StoredEntity is an entity as stored.
type StoredEntity struct {
	UID  string
	Name string
	Type ontology.EntityType
	// TypeConfidence and TypeCue are the strength and evidence of Type
	// (0 and "" for entities stored before cues were recorded).
	TypeConfidence float64
	TypeCue        string
	AliasKeys      []string
	Aliases        []string
	Speaker        string // the speaker label for a speaker's entity
	Mentions       int64
}

// StoredProfile is one current profile value of a stored entity.
type StoredProfile struct {
	UID        string
	SubjectUID string
	Fact       ontology.ProfileFact
}

// StoredRelation is one stored relation; ID is the store's identity of the
// relationship, opaque to the planner and valid within the transaction.
type StoredRelation struct {
	ID        string
	Type      ontology.RelationType
	FromUID   string
	ToUID     string
	Role      string
	ValidFrom *time.Time
	ValidTo   *time.Time
}

// StoredTurn is a turn stored before the batch that the batch cites.
type StoredTurn struct {
	ID   string
	Time *time.Time
}

// Batch is what one write adds: the turns it created (only these make an
// item new, so a resent batch adds nothing twice), their speakers, the
// sanitised knowledge drawn from them and the LLM's rulings on profile
// conflicts.
type Batch struct {
	Tenant       string
	Conversation string
	// Turns are the turns this batch created (not those already stored).
	Turns []ontology.Turn
	// Speakers are the speakers of Turns; each gets its entity.
	Speakers  []string
	Knowledge ontology.Extraction
	// Rulings are an LLM's decisions on profile conflicts the rules find
	// ambiguous; one applies when the same conflict is still there.
	Rulings []ontology.MergeDecision
	// Now is the record time of the write.
	Now time.Time
}

// MaxCoMentionTurns bounds the source turns a MENTIONED_WITH edge keeps
// (the latest ones); its count keeps counting past it.
const MaxCoMentionTurns = 50

// WritePlan is everything a batch writes, in the order graph executes it:
// retypes, entities, relations, relation updates, facts, events, profile
// ends, restated profile values, new profile values with the decisions,
// co-mention edges.
type WritePlan struct {
	// Retypes are stored entities whose type a stronger cue changes: their
	// type labels are removed before Entities sets the new one.
	Retypes  []Retype
	Entities []EntityWrite
	// Relations are new relationships (created, never merged).
	Relations []RelationWrite
	// RelationUpdates restate or end stored relationships.
	RelationUpdates []RelationUpdate
	Facts           []FactWrite
	Events          []EventWrite
	ProfileEnds     []ProfileEnd
	ProfileSeen     []ProfileSeen
	ProfileNew      []ProfileWrite
	// Decisions are the profile merge decisions and the retypes, recorded
	// as MergeDecision nodes about their subject.
	Decisions  []DecisionWrite
	CoMentions []CoMention
	// Report counts what the plan writes (Extractors is left to the caller).
	Report ontology.KnowledgeReport
}

// Retype changes a stored entity's type.
type Retype struct {
	UID  string
	From ontology.EntityType
	To   ontology.EntityType
}

// EntityWrite upserts one entity the batch mentions or creates: its
// state after the batch (Mentions aside: the store counts them).
type EntityWrite struct {
	StoredEntity
	// TurnIDs are the batch's turns that mention it (MENTIONED_IN).
	TurnIDs []string
	New     bool
}

// RelationWrite creates one relationship.
type RelationWrite struct {
	Type          ontology.RelationType
	FromUID       string
	ToUID         string
	Role          string
	Confidence    float64
	ValidFrom     *time.Time
	ValidTo       *time.Time
	SourceTurnIDs []string
	Extractors    []string
}

// RelationUpdate restates a stored relationship (more sources, a higher
// confidence) or ends it (ValidTo set).
type RelationUpdate struct {
	ID            string
	SourceTurnIDs []string
	Extractors    []string
	Confidence    float64
	// ValidFrom fills a stored relation's missing start.
	ValidFrom *time.Time
	// ValidTo, when set, closes the relation.
	ValidTo *time.Time
}

// FactWrite upserts one fact. Index is its position in the batch's
// Knowledge.Facts (for its vector).
type FactWrite struct {
	UID         string
	Index       int
	Fact        ontology.Fact
	SubjectUID  string
	SubjectName string
	// TurnIDs are the cited turns that exist (FROM); Session is set for a
	// fact tied to a session instead.
	TurnIDs []string
	Session string
}

// EventWrite upserts one event. Index is its position in the batch's
// Knowledge.Events (for its vector).
type EventWrite struct {
	UID              string
	Index            int
	Event            ontology.Event
	ParticipantUIDs  []string
	ParticipantNames []string
	WhereUID         string
	TurnIDs          []string
	Session          string
}

// ProfileEnd closes a stored profile value superseded by an update.
type ProfileEnd struct {
	UID     string
	ValidTo time.Time
	By      string
}

// ProfileSeen adds the sources of a restated profile value (skip).
type ProfileSeen struct {
	UID           string
	SourceTurnIDs []string
	TurnIDs       []string
}

// ProfileWrite creates one profile value (insert, update or append).
type ProfileWrite struct {
	UID          string
	SubjectUID   string
	SubjectName  string
	Fact         ontology.ProfileFact // Confidence is the decision's
	ValidTo      *time.Time           // set when superseded within the batch
	SupersededBy string
	TurnIDs      []string
}

// DecisionWrite records one merge decision about SubjectUID.
type DecisionWrite struct {
	UID            string
	SubjectUID     string
	Decision       ontology.MergeDecision
	ProfileFactUID string
}

// CoMention adds to the MENTIONED_WITH edge of an unordered pair of
// entities (FromUID < ToUID): Count new turns cited by the units (a turn,
// a message burst, a question with its answer) naming both, seen between
// FirstSeen and LastSeen, the latest of them in SourceTurnIDs.
type CoMention struct {
	FromUID       string
	ToUID         string
	Count         int
	FirstSeen     time.Time
	LastSeen      time.Time
	SourceTurnIDs []string
}

// Plan decides the write of batch against stored.
func Plan(stored Snapshot, batch Batch) WritePlan {
	p := newPlanner(stored.canonical(), batch)
	p.entities()
	p.relations()
	p.facts()
	p.events()
	p.profiles()
	p.coMentions()
	p.finish()
	return p.out
}

// canonical returns a copy of s in one fixed order: entities by name,
// type and uid, profiles by subject, sub-topic, value and uid, relations by
// type and their ends' names (turns are only looked up by id). A store returns collected rows
// in whatever order its plan produces, and several decisions take the
// first of equally good candidates (two stored persons a first name fits
// equally well), so without it the same stored graph and batch could plan
// different writes. Names come before uids because a uid is drawn from the
// tenant: the same chat stored for two tenants is planned alike.
func (s Snapshot) canonical() Snapshot {
	out := Snapshot{Entities: slices.Clone(s.Entities), Profiles: slices.Clone(s.Profiles),
		Relations: slices.Clone(s.Relations), Turns: s.Turns}
	slices.SortStableFunc(out.Entities, func(a, b StoredEntity) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Type, b.Type), cmp.Compare(a.Speaker, b.Speaker), cmp.Compare(a.UID, b.UID))
	})
	name := make(map[string]string, len(out.Entities))
	for _, e := range out.Entities {
		name[e.UID] = e.Name
	}
	slices.SortStableFunc(out.Profiles, func(a, b StoredProfile) int {
		return cmp.Or(cmp.Compare(name[a.SubjectUID], name[b.SubjectUID]), cmp.Compare(a.SubjectUID, b.SubjectUID),
			cmp.Compare(a.Fact.Topic, b.Fact.Topic), cmp.Compare(a.Fact.SubTopic, b.Fact.SubTopic),
			cmp.Compare(a.Fact.Value, b.Fact.Value), compareTimes(a.Fact.ValidFrom, b.Fact.ValidFrom), cmp.Compare(a.UID, b.UID))
	})
	slices.SortStableFunc(out.Relations, func(a, b StoredRelation) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(name[a.FromUID], name[b.FromUID]), cmp.Compare(name[a.ToUID], name[b.ToUID]),
			cmp.Compare(a.FromUID, b.FromUID), cmp.Compare(a.ToUID, b.ToUID), cmp.Compare(a.Role, b.Role),
			compareTimes(a.ValidFrom, b.ValidFrom), compareTimes(a.ValidTo, b.ValidTo), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// compareTimes orders nil before any time.
func compareTimes(a, b *time.Time) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return a.Compare(*b)
}
