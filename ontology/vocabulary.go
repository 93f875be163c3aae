package ontology

import "fmt"

// RelationType is a relationship type of the closed vocabulary below.
// Relationship types (and labels) cannot be Cypher parameters, so these
// names are the only ones ever placed into Cypher text, via CypherName.
type RelationType string

// The relation vocabulary. From and To name the usual entity types at each
// end; extractors may use others, RELATED_TO is the fallback.
const (
	RelWorksAt   RelationType = "WORKS_AT"   // Person → Organization
	RelLivesIn   RelationType = "LIVES_IN"   // Person → Place
	RelMovedFrom RelationType = "MOVED_FROM" // Person → Place
	RelMovedTo   RelationType = "MOVED_TO"   // Person → Place
	RelFamilyOf  RelationType = "FAMILY_OF"  // Person → Person; role: what To is to From ("sister")
	RelFriendOf  RelationType = "FRIEND_OF"  // Person → Person
	RelPartnerOf RelationType = "PARTNER_OF" // Person → Person
	RelMemberOf  RelationType = "MEMBER_OF"  // Person → Organization
	RelLikes     RelationType = "LIKES"      // Person → any
	RelOwns      RelationType = "OWNS"       // Person → Concept (pets, things)
	RelAttended  RelationType = "ATTENDED"   // Person → Organization/Place/Concept (school, event)
	RelCreated   RelationType = "CREATED"    // Person → Work/Organization (wrote, painted, founded)
	RelPartOf    RelationType = "PART_OF"    // any → any
	RelLocatedIn RelationType = "LOCATED_IN" // Organization/Place → Place
	RelMakes     RelationType = "MAKES"      // Organization/Person → Concept (products)
	RelKnows     RelationType = "KNOWS"      // Person → Person; role: what To is to From ("colleague", "manager")
	RelLeads     RelationType = "LEADS"      // Person → Organization (runs, leads, heads)
	RelComesFrom RelationType = "COMES_FROM" // Person → Place (is from, grew up in, was born in)
	RelRelatedTo RelationType = "RELATED_TO" // fallback
)

// RelMentionedWith links two entities mentioned together (in a turn, a
// message burst, or a question and its answer; see plan). It is a
// weaker layer kept apart from the typed vocabulary above (it is not in
// Relations and CypherName does not pass it): the store writes it with a
// fixed statement, once per unordered pair, carrying the count, the first
// and last time seen and the source turns.
const RelMentionedWith = "MENTIONED_WITH"

// RelationSpec documents one relation type.
type RelationSpec struct {
	Type RelationType `json:"type"`
	From []EntityType `json:"from"`
	To   []EntityType `json:"to"`
	Doc  string       `json:"doc"`
	// Symmetric relations hold both ways (FRIEND_OF); they are stored once
	// and traversed without direction.
	Symmetric bool `json:"symmetric,omitempty"`
}

// Relations is the relation vocabulary as data.
var Relations = []RelationSpec{
	{RelWorksAt, []EntityType{EntityPerson}, []EntityType{EntityOrganization}, "works or worked at (valid_to set when they left)", false},
	{RelLivesIn, []EntityType{EntityPerson}, []EntityType{EntityPlace}, "lives or lived in", false},
	{RelMovedFrom, []EntityType{EntityPerson}, []EntityType{EntityPlace}, "moved away from", false},
	{RelMovedTo, []EntityType{EntityPerson}, []EntityType{EntityPlace}, "moved to", false},
	{RelFamilyOf, []EntityType{EntityPerson}, []EntityType{EntityPerson}, "To is family of From; role says how (sister, cousin, mother)", false},
	{RelFriendOf, []EntityType{EntityPerson}, []EntityType{EntityPerson}, "friends", true},
	{RelPartnerOf, []EntityType{EntityPerson}, []EntityType{EntityPerson}, "partner, spouse, girlfriend or boyfriend", true},
	{RelMemberOf, []EntityType{EntityPerson}, []EntityType{EntityOrganization}, "member of a group, team, club or community", false},
	{RelLikes, []EntityType{EntityPerson}, nil, "likes or loves", false},
	{RelOwns, []EntityType{EntityPerson}, nil, "owns or has (a pet, a thing)", false},
	{RelAttended, []EntityType{EntityPerson}, nil, "attended or attends (a school, an event, a group)", false},
	{RelCreated, []EntityType{EntityPerson, EntityOrganization}, nil, "created, wrote, painted, built or founded", false},
	{RelPartOf, nil, nil, "is part of", false},
	{RelLocatedIn, []EntityType{EntityOrganization, EntityPlace}, []EntityType{EntityPlace}, "is located in", false},
	{RelMakes, []EntityType{EntityOrganization, EntityPerson}, nil, "makes or sells (products)", false},
	{RelKnows, []EntityType{EntityPerson}, []EntityType{EntityPerson}, "a social tie other than family, friend or partner; role says what To is to From (colleague, roommate, neighbour, classmate, manager, mentor, teammate)", false},
	{RelLeads, []EntityType{EntityPerson}, []EntityType{EntityOrganization}, "runs, leads or heads (an organisation, a team, a band)", false},
	{RelComesFrom, []EntityType{EntityPerson}, []EntityType{EntityPlace}, "is from, grew up in or was born in", false},
	{RelRelatedTo, nil, nil, "any other link (fallback)", false},
}

// Spec returns the specification of r and whether r is in the vocabulary.
func (r RelationType) Spec() (RelationSpec, bool) {
	for _, s := range Relations {
		if s.Type == r {
			return s, true
		}
	}
	return RelationSpec{}, false
}

// Valid reports whether r is in the vocabulary.
func (r RelationType) Valid() bool { _, ok := r.Spec(); return ok }

// RelationTypes lists the vocabulary's type names.
func RelationTypes() []RelationType {
	out := make([]RelationType, len(Relations))
	for i, s := range Relations {
		out[i] = s.Type
	}
	return out
}

// CypherName returns name for use as a label or relationship type inside
// Cypher text. It is the single gate: only entity types and relation types
// of the vocabulary pass, so no other text ever reaches a Cypher statement
// unparameterised.
func CypherName(name string) (string, error) {
	if EntityType(name).Valid() || RelationType(name).Valid() {
		return "`" + name + "`", nil
	}
	return "", fmt.Errorf("ontology: %q is not in the label or relation vocabulary", name)
}

// relationWords are the words by which questions ask about each relation
// ("Where does she work?" → WORKS_AT), used to favour graph paths through
// relations a question mentions.
var relationWords = map[RelationType][]string{
	RelWorksAt:   {"work", "works", "worked", "working", "job", "employer", "company", "employed", "boss"},
	RelLivesIn:   {"live", "lives", "lived", "living", "home", "city", "country", "where"},
	RelMovedFrom: {"move", "moved", "from", "left", "origin", "came"},
	RelMovedTo:   {"move", "moved", "relocate", "relocated"},
	RelFamilyOf:  {"family", "relative", "relatives"},
	RelFriendOf:  {"friend", "friends", "buddy", "pal"},
	RelPartnerOf: {"partner", "husband", "wife", "boyfriend", "girlfriend", "spouse", "married", "dating"},
	RelMemberOf:  {"member", "joined", "join", "group", "club", "team", "community"},
	RelLikes:     {"like", "likes", "love", "loves", "enjoy", "enjoys", "favorite", "favourite", "fan"},
	RelOwns:      {"own", "owns", "have", "has", "pet", "pets", "dog", "cat"},
	RelAttended:  {"attend", "attended", "went", "go", "school", "university", "college", "class"},
	RelCreated:   {"create", "created", "founded", "found", "start", "started", "wrote", "write", "built", "made", "painted", "company", "business"},
	RelPartOf:    {"part"},
	RelLocatedIn: {"where", "located", "based"},
	RelMakes:     {"make", "makes", "made", "sell", "sells", "produce", "produces", "product", "products"},
	RelKnows:     {"colleague", "colleagues", "coworker", "coworkers", "roommate", "neighbour", "neighbor", "classmate", "manager", "boss", "mentor", "teammate", "know", "knows"},
	RelLeads:     {"run", "runs", "lead", "leads", "head", "heads", "ceo", "founder", "boss"},
	RelComesFrom: {"from", "grew", "grow", "born", "hometown", "originally"},
}

// QuestionWords returns the words by which a question may ask about r.
func (r RelationType) QuestionWords() []string { return relationWords[r] }
