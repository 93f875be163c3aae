package ontology

import (
	"context"
	"time"
)

// EntityType is the kind of thing an Entity is. The set is closed: only
// these names are ever used as Neo4j labels.
type EntityType string

// Entity types.
const (
	EntityPerson       EntityType = "Person"
	EntityOrganization EntityType = "Organization"
	EntityPlace        EntityType = "Place"
	// EntityConcept is any other thing or idea (an object, a cause, a pet's
	// species): the type of last resort.
	EntityConcept EntityType = "Concept"
	// EntityWork is a made thing with a title: a book, film, song, painting.
	EntityWork EntityType = "Work"
	// EntityActivity is something people do: a hobby, sport or practice.
	EntityActivity EntityType = "Activity"
	// EntityAnimal is a particular animal, usually a named pet ("Nutmeg",
	// the beagle); a species in general is a Concept.
	EntityAnimal EntityType = "Animal"
)

// EntityTypes lists every entity type, in documentation order.
var EntityTypes = []EntityType{EntityPerson, EntityOrganization, EntityPlace, EntityConcept, EntityWork, EntityActivity, EntityAnimal}

// Valid reports whether t is one of EntityTypes.
func (t EntityType) Valid() bool {
	for _, x := range EntityTypes {
		if x == t {
			return true
		}
	}
	return false
}

// EntityRef names an entity as an extractor saw it, before resolution
// against the stored graph: a surface name and a type.
type EntityRef struct {
	Name string `json:"name"`
	// Type is left out when unknown (an event participant named only).
	Type EntityType `json:"type,omitempty"`
}

// EntityMention is an entity an extractor found in a batch, with the turns
// that mention it.
type EntityMention struct {
	EntityRef
	// Aliases are other surface forms seen for it in the batch ("Mel").
	Aliases       []string `json:"aliases,omitempty"`
	SourceTurnIDs []string `json:"source_turn_ids"`
	// TypeConfidence says how strongly the text supports Type, in [0, 1]:
	// 0 is a default guess (a capitalised word typed Concept), a name
	// suffix such as "Labs" or a gazetteer hit is strong. A stored entity
	// is retyped only by a stronger cue, and the change is recorded.
	TypeConfidence float64 `json:"type_confidence,omitempty"`
	// TypeCue names the evidence for Type ("suffix:Labs", "gazetteer",
	// "verb:works at"), recorded with a retype.
	TypeCue string `json:"type_cue,omitempty"`
}

// Entity is a resolved, stored entity of one conversation.
type Entity struct {
	ID           string     `json:"id"`
	Conversation string     `json:"conversation_id"`
	Name         string     `json:"name"`
	Type         EntityType `json:"type"`
	Aliases      []string   `json:"aliases"`
	// Speaker is the speaker label when the entity is a speaker of the
	// conversation, "" otherwise.
	Speaker  string `json:"speaker,omitempty"`
	Mentions int64  `json:"mentions"`
}

// Relation is a typed, directed link between two entities, with its
// provenance. Role qualifies FAMILY_OF ("sister", "cousin") and similar.
type Relation struct {
	Type          RelationType `json:"type"`
	From          EntityRef    `json:"from"`
	To            EntityRef    `json:"to"`
	Role          string       `json:"role,omitempty"`
	Confidence    float64      `json:"confidence"`
	ValidFrom     *time.Time   `json:"valid_from,omitempty"`
	ValidTo       *time.Time   `json:"valid_to,omitempty"`
	SourceTurnIDs []string     `json:"source_turn_ids"`
	Extractor     string       `json:"extractor"`
}

// Fact is a statement about a subject, in words, tied to the turns it was
// drawn from. Facts are searchable beside turns.
type Fact struct {
	ID            string     `json:"id,omitempty"`
	Subject       EntityRef  `json:"subject"`
	Statement     string     `json:"statement"`
	Speaker       string     `json:"speaker,omitempty"`
	SourceTurnIDs []string   `json:"source_turn_ids"`
	Confidence    float64    `json:"confidence"`
	ValidFrom     *time.Time `json:"valid_from,omitempty"`
	ValidTo       *time.Time `json:"valid_to,omitempty"`
	Extractor     string     `json:"extractor"`
	// Session is set for facts without source turns (imported event
	// summaries), which are tied to their session instead.
	Session string `json:"session,omitempty"`
}

// Granularity of a resolved time expression.
const (
	GranularityDay    = "day"
	GranularityWeek   = "week"
	GranularityMonth  = "month"
	GranularitySeason = "season"
	GranularityYear   = "year"
)

// TimeSpan is a resolved time expression: the half-open interval
// [Start, End) in UTC, how coarse it is, and the words it came from.
// A single day has End = Start + 24h.
type TimeSpan struct {
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
	Granularity string    `json:"granularity"`
	Phrase      string    `json:"phrase"`
}

// Event is something that happened (or will) to its participants, with
// when it happened when the text says so.
type Event struct {
	ID            string      `json:"id,omitempty"`
	Participants  []EntityRef `json:"participants"`
	What          string      `json:"what"`
	When          *TimeSpan   `json:"when,omitempty"`
	Where         *EntityRef  `json:"where,omitempty"`
	SourceTurnIDs []string    `json:"source_turn_ids"`
	Confidence    float64     `json:"confidence"`
	Extractor     string      `json:"extractor"`
	// Session is set for events without source turns (imported event
	// summaries), which are tied to their session instead.
	Session string `json:"session,omitempty"`
}

// ProfileFact is one attribute of a person in the fixed profile taxonomy
// (see ProfileTaxonomy): topic "work", sub-topic "employer", value "Acme".
type ProfileFact struct {
	Subject       EntityRef  `json:"subject"`
	Topic         string     `json:"topic"`
	SubTopic      string     `json:"sub_topic"`
	Value         string     `json:"value"`
	Confidence    float64    `json:"confidence"`
	ValidFrom     *time.Time `json:"valid_from,omitempty"`
	ValidTo       *time.Time `json:"valid_to,omitempty"`
	SourceTurnIDs []string   `json:"source_turn_ids"`
	Extractor     string     `json:"extractor"`
}

// Extraction is what an extractor drew from one batch of turns. Every item
// cites turns of that batch (or, for imported summaries, a session).
type Extraction struct {
	Entities  []EntityMention `json:"entities"`
	Relations []Relation      `json:"relations"`
	Facts     []Fact          `json:"facts"`
	Events    []Event         `json:"events"`
	Profile   []ProfileFact   `json:"profile"`
	// ChatGroup is the group the extractor read the conversation as the
	// own chat of ("Agenda for Thursday's Ashgrove CC committee", "welcome
	// to the Pickled Page, Kit"), or nil: the store records it on the
	// conversation (ExtractRequest.ChatGroups), so that a later session's
	// "our new chair" names it though that session never names the group.
	ChatGroup *EntityRef `json:"chat_group,omitempty"`
}

// Empty reports whether the extraction holds nothing.
func (x Extraction) Empty() bool {
	return len(x.Entities) == 0 && len(x.Relations) == 0 && len(x.Facts) == 0 &&
		len(x.Events) == 0 && len(x.Profile) == 0
}

// Merge appends y's items to x.
func (x *Extraction) Merge(y Extraction) {
	x.Entities = append(x.Entities, y.Entities...)
	x.Relations = append(x.Relations, y.Relations...)
	x.Facts = append(x.Facts, y.Facts...)
	x.Events = append(x.Events, y.Events...)
	x.Profile = append(x.Profile, y.Profile...)
	if x.ChatGroup == nil {
		x.ChatGroup = y.ChatGroup
	}
}

// ExtractRequest is one batch of turns of one conversation to extract from.
type ExtractRequest struct {
	Tenant       string
	Conversation string
	Turns        []Turn
	// Speakers are the conversation's known speaker labels (including
	// this batch's); extractors use them to resolve "you" and names.
	Speakers []string
	// KnownEntities is a bounded hint of entities already stored for the
	// conversation, so extractors reuse their names.
	KnownEntities []EntityRef
	// StoredNames are the names of entities stored for the conversation
	// before the batch (BatchContext.Names): an extractor may find them
	// again in the batch's words, in any case, as mentions only.
	StoredNames []EntityRef
	// SpeakerGroups are the organisations the conversation's speakers
	// were stored as members or leaders of before the batch
	// (BatchContext.Groups), with how many speakers each: ChatGroup
	// decides from them whose own chat this is, so that "our new chair"
	// in a later session names that group.
	SpeakerGroups []GroupHold
	// ChatGroups are the groups earlier batches were read as the
	// conversation's own chat of (Extraction.ChatGroup, recorded by
	// RecordChatGroup; BatchContext.ChatGroups): OwnChatGroup prefers
	// them to SpeakerGroups.
	ChatGroups []EntityRef
	// Context holds the few turns stored just before this batch, oldest
	// first, so pronouns and definite descriptions at the start of a batch
	// can resolve to what was said before it. Extractors read them; they
	// never emit items citing them alone (an item found through an
	// antecedent in Context cites the antecedent's turn beside its own).
	Context []Turn
}

// ExtractUsage reports what an extraction cost.
type ExtractUsage struct {
	Extractor        string `json:"extractor"`
	Calls            int    `json:"calls"`
	PromptTokens     int    `json:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens"`
	Cached           bool   `json:"cached"`
	// Error says why extraction failed; the turns are stored regardless.
	Error string `json:"error,omitempty"`
}

// Extractor draws knowledge from a batch of turns. Implementations must be
// safe for concurrent use and must not store anything themselves.
type Extractor interface {
	// ID names the extractor; it is recorded on everything it produces.
	ID() string
	Extract(ctx context.Context, req ExtractRequest) (Extraction, ExtractUsage, error)
}

// Extractor ids recorded on stored knowledge.
const (
	ExtractorRules        = "rules"
	ExtractorLLM          = "llm"
	ExtractorLoCoMo       = "locomo-observation"
	ExtractorLoCoMoEvents = "locomo-event-summary"
)

// Confidence bounds of extracted knowledge.
const (
	MinConfidence = 0.5
	MaxConfidence = 1.0
)

// ClampConfidence maps c into [MinConfidence, MaxConfidence]; 0 (unset)
// becomes MinConfidence.
func ClampConfidence(c float64) float64 {
	if c < MinConfidence || c != c {
		return MinConfidence
	}
	if c > MaxConfidence {
		return MaxConfidence
	}
	return c
}
