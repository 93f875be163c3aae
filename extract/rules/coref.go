package rules

import (
	"unicode"

	"strings"

	"github.com/loci-memory/loci/ontology"
)

// corefWindow is how many turns back a pronoun or a definite description
// ("the company") may find its antecedent.
const corefWindow = 4

// maxMentions bounds the mentions a discourse keeps.
const maxMentions = 64

// Genders an antecedent may carry, known from a relationship word ("my
// sister Ana") or a pronoun that resolved to it, else from its given name
// (coref_gender.go), the weakest evidence.
const (
	genderUnknown = 0
	genderFemale  = 'f'
	genderMale    = 'm'
	// genderConflict marks a name whose given name and relationship word
	// or pronoun disagree: unknown, and the given name no longer counts.
	genderConflict = 0x80
)

// mention is one entity mentioned in a turn of the conversation.
type mention struct {
	ref    ontology.EntityRef
	norm   string // ref.Name normalised
	turn   string // the id of the turn that mentions it
	index  int    // that turn's place in the discourse (context turns first)
	head   string // the class of its head noun for definite descriptions ("company", "clinic"), or ""
	gender byte
	object bool // an untyped name after a preposition ("at Siemens"): not a person a pronoun may mean
}

// discourse is what the conversation has mentioned so far, in order: the
// context turns stored before the batch, then the batch's turns. It
// resolves pronouns, definite descriptions and short names to entities
// and says which turn introduced them. One discourse serves one Extract
// call and is never shared.
type discourse struct {
	mentions   []mention
	index      int             // the current turn's place
	speakers   map[string]bool // normalised speaker names and first names
	names      []string        // the conversation's distinct speaker names, as given
	genders    map[string]byte // normalised name → gender, once known
	heads      map[string]string
	shortForm  map[string]ontology.EntityRef // first word → the multi-word name it abbreviates ("" Name: ambiguous)
	unnamed    *notedPet                     // an unnamed pet or thing the previous turn left, which its speaker's next turn may name
	unnamedAt  int                           // the index of that turn
	waiting    *waiting                      // what the previous turn left for its speaker's next turn (burst.go)
	partner    *waitingPartner               // a partner just announced without a name ("Beth has a new boyfriend")
	pair       *namedPair                    // the last pair subject of two named people (pairs.go)
	lineupFor  *waitingLineup                // a line-up read before its band was named (groups_band.go)
	speakerOf  map[string]string             // turn id → its speaker, for "here" (places_here.go)
	texts      map[string]string             // turn id → text, for what surrounds an antecedent
	order      []string                      // turn ids in the order read, for what was said since an antecedent (guards_stale.go)
	groups     map[string][]antecedent       // speaker (normalised) → groups read as theirs, with the turn (patterns_ourgroup.go)
	employers  map[string][]antecedent       // speaker (normalised) → employers read as theirs now, with the turn (orgs_named_again.go)
	businesses map[string][]antecedent       // speaker (normalised) → businesses read as founded, owned or run by them now (orgs_own_site.go)
	chat       *chatGroupState               // the group whose own chat this is, once named so (chatgroup.go)
	storedChat ontology.EntityRef            // the chat's own group as earlier batches recorded it or its speakers hold it (ontology.OwnChatGroup), or none
	batch      []string                      // the batch's turn texts, for a group a greeting names before it is named (chatgroup.go)
	kin        map[string]bool               // people a family title named ("Aunty Thanh"), normalised (coref_kin.go)
	kinTies    map[string][]kinTie           // holder (normalised) → people tied to them by a relationship word (coref_kinref.go)
	lowerUses  map[string]lowerUse           // lower-case words in a person's slots so far (lowercase_reuse.go)
	tokens     tokenCache                    // the texts read last, tokenised once (turntokens.go)
	speaking   string                        // the current turn's speaker (coref_participant.go)
}

// newDiscourse starts the discourse of a request: its speakers and the
// full names of its known entities (for short forms).
func newDiscourse(req ontology.ExtractRequest, k *known) *discourse {
	d := &discourse{speakers: k.speakers, genders: map[string]byte{}, heads: map[string]string{},
		shortForm: map[string]ontology.EntityRef{}, texts: map[string]string{}}
	seen := map[string]bool{}
	add := func(name string) {
		n := ontology.NormaliseName(name)
		if n != "" && !seen[n] {
			seen[n] = true
			d.names = append(d.names, strings.TrimSpace(name))
		}
	}
	for _, s := range req.Speakers {
		add(s)
	}
	for _, t := range req.Context {
		add(t.Speaker)
	}
	for _, t := range req.Turns {
		add(t.Speaker)
		d.batch = append(d.batch, t.Text)
	}
	for _, e := range req.KnownEntities {
		d.noteShortForm(e)
	}
	d.storedChat, _ = ontology.OwnChatGroup(req.ChatGroups, req.SpeakerGroups)
	return d
}

// addressee is the other speaker of a two-party conversation, the one
// "you" and "your" name; "" when there are not exactly two speakers.
func (d *discourse) addressee(speaker string) ontology.EntityRef {
	if len(d.names) != 2 || speaker == "" {
		return ontology.EntityRef{}
	}
	n := ontology.NormaliseName(speaker)
	for i, name := range d.names {
		if ontology.NormaliseName(name) == n {
			return ontology.EntityRef{Name: d.names[1-i], Type: ontology.EntityPerson}
		}
	}
	return ontology.EntityRef{}
}

// nextTurn moves the discourse on to the next turn.
func (d *discourse) nextTurn() { d.index++ }

// note records a mention of ref in turn (with the class of its head noun
// for descriptions, "" when none is known).
func (d *discourse) note(ref ontology.EntityRef, turn, head string, object bool) {
	if ref.Name == "" {
		return
	}
	n := ontology.NormaliseName(ref.Name)
	if head == "" {
		head = d.heads[n]
		if head == "" && (ref.Type == ontology.EntityOrganization || ref.Type == ontology.EntityPlace) {
			head = nameHead(ref.Name)
		}
	}
	if head != "" {
		d.heads[n] = head
	}
	if k := len(d.mentions) - 1; k >= 0 && d.mentions[k].turn == turn && d.mentions[k].norm == n &&
		d.mentions[k].ref.Type == ref.Type {
		return
	}
	d.mentions = append(d.mentions, mention{ref: ref, norm: n, turn: turn, index: d.index, head: head, gender: d.mentionGender(ref, n),
		object: object && ref.Type == ontology.EntityConcept})
	if len(d.mentions) > maxMentions {
		d.mentions = d.mentions[len(d.mentions)-maxMentions:]
	}
	d.noteShortForm(ref)
}

// setGender records that the person named name has gender g, which a
// relationship word, a title or a resolved pronoun said. It wins over a
// given name that says nothing; when the given name says the other gender
// ("my sister Tom", most likely a role read onto the wrong name) the
// gender is unknown.
func (d *discourse) setGender(name string, g byte) {
	if g == genderUnknown {
		return
	}
	n := ontology.NormaliseName(name)
	if d.genders[n] == g || d.genders[n] == genderConflict {
		return
	}
	if ng := nameGender(name); ng != genderUnknown && ng != g {
		g = genderConflict
	}
	d.genders[n] = g
	for i := range d.mentions {
		if d.mentions[i].norm == n {
			d.mentions[i].gender = g &^ genderConflict
		}
	}
}

// noteShortForm lets the first word of a multi-word organisation or place
// name stand for it ("Brightwater" for "Brightwater Analytics"); a first
// word shared by two names stands for neither.
func (d *discourse) noteShortForm(ref ontology.EntityRef) {
	if ref.Type != ontology.EntityOrganization && ref.Type != ontology.EntityPlace {
		return
	}
	f := strings.Fields(ref.Name)
	if len(f) < 2 {
		return
	}
	first := strings.ToLower(f[0])
	if commonWords[first] || functionWords[first] || len(first) < 3 {
		return
	}
	if old, ok := d.shortForm[first]; ok && ontology.NormaliseName(old.Name) != ontology.NormaliseName(ref.Name) {
		d.shortForm[first] = ontology.EntityRef{}
		return
	}
	d.shortForm[first] = ref
}

// expand returns the full name a one-word name abbreviates, if exactly one
// is known.
func (d *discourse) expand(word string) (ontology.EntityRef, bool) {
	ref, ok := d.shortForm[strings.ToLower(word)]
	return ref, ok && ref.Name != ""
}

// antecedent is what a pronoun or description resolved to and the turn
// that mentioned it.
type antecedent struct {
	ref  ontology.EntityRef
	turn string
}

// resolve returns the most recent mention, within the window, that match
// accepts. When the most recent turn holding such mentions holds two
// different ones, the reference is ambiguous and nothing is returned.
func (d *discourse) resolve(match func(m mention) bool) (antecedent, bool) {
	return d.resolveWithin(corefWindow, match)
}

// resolveWithin is resolve over the turns at most window back.
func (d *discourse) resolveWithin(window int, match func(m mention) bool) (antecedent, bool) {
	var found *mention
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := &d.mentions[i]
		if d.index-m.index > window {
			break
		}
		if !match(*m) {
			continue
		}
		if found == nil {
			found = m
			continue
		}
		if m.index != found.index {
			break
		}
		if m.norm != found.norm {
			return antecedent{}, false
		}
	}
	if found == nil {
		return antecedent{}, false
	}
	return antecedent{ref: found.ref, turn: found.turn}, true
}

// person resolves he/she/him/her/his to the most recent compatible person
// who is not a speaker of the conversation, or to a participant another
// speaker named more recently (coref_participant.go).
func (d *discourse) person(pronoun string) (antecedent, bool) {
	want := pronounGender[pronoun]
	fits := func(m mention) bool {
		return personLike(m.ref.Type) && !m.object &&
			(want == genderUnknown || m.gender == genderUnknown || m.gender == want) &&
			!d.typedThing(m) && (!commonNoun(m) || d.askedAbout(m)) && !d.namedPet(m)
	}
	a, ok := d.resolve(func(m mention) bool { return fits(m) && !d.speakers[m.norm] })
	if p, named := d.participant(fits, a, ok); named {
		a, ok = p, true
	}
	if !ok || d.personLikePlaceBeside(a, want) || d.unnamedAfter(a.turn, want) {
		return antecedent{}, false
	}
	return a, true
}

// namedPet reports whether m names a pet the window has typed so ("Our
// Pudding is not impressed. She sat on the fence" / "Oh and her grandson
// Rhys": Bernadette's), a name no list gives a person.
func (d *discourse) namedPet(m mention) bool {
	return !firstName(m.norm) && d.typedAs(m.ref.Name, ontology.EntityAnimal)
}

// commonNoun reports whether m, an untyped name, is a word that names no
// one: an occasion ("the Christmas plan"), a day or a month ("he did
// Saturdays for me"), a job or a common word shouted in capitals ("a
// CHEF"), an acronym ("the PTA"). A pronoun whose person has a name no list knows
// would otherwise land on it.
func commonNoun(m mention) bool {
	if m.ref.Type != ontology.EntityConcept || strings.Contains(m.norm, " ") {
		return false
	}
	_, job := occupations[m.norm]
	return occasions[m.norm] || job || englishWords[m.norm] || (notNameWord(m.norm) || frameTimeWord(m.norm) || shoutedName(m.ref.Name) || initialism(m.ref.Name)) && !firstName(m.norm)
}

// initialism reports whether name is two capitals and no more ("QE",
// "ID"): a hospital's or a badge's letters as often as a person's
// initials, which a pronoun needs more than to land on ("new ID badges" /
// "and he already got hired at …"). The initials people go by ("AJ",
// "TJ", "JP") are left.
func initialism(name string) bool {
	rs := []rune(name)
	return len(rs) == 2 && unicode.IsUpper(rs[0]) && unicode.IsUpper(rs[1]) && rs[1] != 'J' && name != "JP"
}

// commonSpan is commonNoun for a name read in the sentence.
func commonSpan(sp span) bool {
	return commonNoun(mention{ref: ontology.EntityRef{Name: sp.name, Type: sp.typ}, norm: ontology.NormaliseName(sp.name)})
}

// typedThing reports whether m, an untyped name, was typed an organisation
// or a place elsewhere in the window ("the Ford plant", untyped, then
// "Ford" typed from "work at Ford"): no person a pronoun may mean.
func (d *discourse) typedThing(m mention) bool {
	if m.ref.Type != ontology.EntityConcept {
		return false
	}
	for i := len(d.mentions) - 1; i >= 0; i-- {
		o := d.mentions[i]
		if d.index-o.index > corefWindow {
			break
		}
		if o.norm == m.norm && (o.ref.Type == ontology.EntityOrganization || o.ref.Type == ontology.EntityPlace) {
			return true
		}
	}
	return false
}

// namedPerson resolves like person but only to an entity typed Person
// ("your wife", said without a name, needs a person for certain).
func (d *discourse) namedPerson(pronoun string) (antecedent, bool) {
	return d.namedPersonWithin(corefWindow, pronoun)
}

// namedPersonWithin is namedPerson over the turns at most window back.
func (d *discourse) namedPersonWithin(window int, pronoun string) (antecedent, bool) {
	want := pronounGender[pronoun]
	return d.resolveWithin(window, func(m mention) bool {
		return m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm] &&
			(want == genderUnknown || m.gender == genderUnknown || m.gender == want)
	})
}

// typedPerson reports whether name was mentioned as a Person (not only as
// an untyped name, which may be a pet: "Toby").
func (d *discourse) typedPerson(name string) bool { return d.typedAs(name, ontology.EntityPerson) }

// typedAs reports whether name was mentioned with type t ("Mud", named as
// a band earlier, is an organisation when "Mud's new drummer" follows).
func (d *discourse) typedAs(name string, t ontology.EntityType) bool {
	n := ontology.NormaliseName(name)
	for i := len(d.mentions) - 1; i >= 0; i-- {
		if d.mentions[i].norm == n && d.mentions[i].ref.Type == t {
			return true
		}
	}
	return false
}

// personLike reports whether an entity of type t may be a person: a
// Person, or a name nothing has typed yet ("Malik").
func personLike(t ontology.EntityType) bool {
	return t == ontology.EntityPerson || t == ontology.EntityConcept
}

// organisation resolves "it"/"they" as the subject of an organisation's
// statement ("it's based in Porto") to the most recent organisation.
func (d *discourse) organisation() (antecedent, bool) {
	return d.resolve(func(m mention) bool { return m.ref.Type == ontology.EntityOrganization })
}

// ranOrganisation resolves "it" as the object of "run" ("Femi runs it") to
// the most recent organisation, unless another one the window names may
// be meant (otherOrgCandidate), or unless that organisation was named only as
// where or whence something else was ("a Vespa from Rossi Motors", "the
// Harvest Fair at Dunmore Park"): "it" is then that thing.
func (d *discourse) ranOrganisation() (antecedent, bool) {
	a, ok := d.organisation()
	if !ok || d.modifier(a) || d.otherOrgCandidate(a) || d.untypedBusinessSince(a) {
		return antecedent{}, false // another business the window names may be "it" (proform.go)
	}
	return a, true
}

// untypedBusinessSince reports whether, since the organisation a was last
// named, the chat named a business nothing typed, by the word its name
// ends on ("who's dave mercer again" / "mercer haulage. the wigan lot. he
// runs it with his missus"): "it" is that one rather than a.
func (d *discourse) untypedBusinessSince(a antecedent) bool {
	after := false
	for _, m := range d.mentions {
		if m.turn == a.turn && m.norm == ontology.NormaliseName(a.ref.Name) {
			after = true
			continue
		}
		if !after || m.ref.Type != ontology.EntityConcept {
			continue
		}
		f := strings.Fields(m.norm)
		if len(f) >= 2 && (closedOrgHeads[f[len(f)-1]] || proFormCues[f[len(f)-1]] || orgCues[f[len(f)-1]]) {
			return true
		}
	}
	if cur := d.current(); cur != a.turn {
		for _, n := range lowerBusinessNames(d.texts[cur]) {
			f := strings.Fields(strings.ToLower(n.name))
			if last := f[len(f)-1]; (proFormCues[last] || closedOrgHeads[last]) && !sameOrgName(n.name, a.ref.Name) {
				return true // the turn itself names it in lower case, by a trade's word ("mercer haulage")
			}
		}
	}
	return false
}

// modifier reports whether a's name follows, in the turn that names it, a
// preposition of place or source that itself follows a noun rather than a
// verb or a job ("a Vespa from X", not "works at X" or "a research
// assistant at X", which name a workplace).
func (d *discourse) modifier(a antecedent) bool {
	words := strings.Fields(strings.ToLower(d.texts[a.turn]))
	name := strings.Fields(strings.ToLower(a.ref.Name))
	if len(name) == 0 {
		return false
	}
	for i := 2; i+len(name) <= len(words); i++ {
		if strings.Trim(words[i], ".,!?") != strings.Trim(name[0], ".,") {
			continue
		}
		j := i - 1
		if words[j] == "the" && j > 1 {
			j--
		}
		if !modifierPreps[words[j]] {
			continue
		}
		if w := strings.Trim(words[j-1], ".,!?"); !verbLike(w) && !jobTitles[w] {
			return true
		}
	}
	return false
}

// modifierPreps introduce where or whence something is.
var modifierPreps = map[string]bool{"at": true, "from": true, "near": true, "outside": true, "by": true}

// verbLike reports whether w, before a preposition, reads as a verb ("works
// at", "bought from", "is at").
func verbLike(w string) bool {
	switch w {
	case "work", "works", "is", "was", "are", "were", "be", "been", "am", "im", "i'm", "go", "goes", "went",
		"she's", "he's", "they're", "we're", "you're", "now", "still", "job":
		return true
	}
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")
}

// described resolves a definite description ("the company", "the clinic")
// to the most recent organisation or place whose head noun is of the
// description's class.
func (d *discourse) described(noun string) (antecedent, bool) {
	class := descriptionClass[noun]
	if class == "" {
		return antecedent{}, false
	}
	return d.resolve(func(m mention) bool {
		if m.ref.Type != ontology.EntityOrganization && m.ref.Type != ontology.EntityPlace {
			return false
		}
		return m.head == class || descriptionClass[m.head] == class
	})
}

// describedKind is described, and else, for a description of a known
// class, the one organisation the window names when its kind was never
// said ("Crumb and Copper took me on" / "the bakery's in Harrogate"). Two
// organisations, one of a known kind ("Brightwater Analytics" / "the
// restaurant", "the University of Galway" / "the lab"), or an untyped
// name of more than one word beside it, which may be the one meant,
// resolve nothing; so does an organisation another speaker named: with
// no kind said, only the speaker who named it is known to mean it again
// ("i might apply at ouse valley housing" / another's "i've quit the
// bank").
func (d *discourse) describedKind(noun, speaker string) (antecedent, bool) {
	if a, ok := d.described(noun); ok || descriptionClass[noun] == "" {
		return a, ok
	}
	var found *mention
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := &d.mentions[i]
		if m.ref.Type == ontology.EntityConcept && strings.Contains(m.norm, " ") {
			return antecedent{}, false // "Harbour and Vine", untyped, may be the restaurant
		}
		if m.ref.Type != ontology.EntityOrganization {
			continue
		}
		if found != nil && found.norm != m.norm || descriptionClass[m.head] != "" || kindInName(m.norm) ||
			d.speakerOf[m.turn] != speaker {
			return antecedent{}, false
		}
		found = m
	}
	if found == nil {
		return antecedent{}, false
	}
	return antecedent{ref: found.ref, turn: found.turn}, true
}

// pronounGender is the gender a personal pronoun asks of its antecedent.
var pronounGender = map[string]byte{"he": genderMale, "him": genderMale, "his": genderMale, "she": genderFemale,
	"her": genderFemale, "hers": genderFemale}

// roleGender is the gender a relationship word gives the person it names.
// "fiance" is left out: chats write it of women too, and the patterns give
// it as the role of every engagement ("Marcus and Chloe got engaged").
var roleGender = map[string]byte{
	"sister": genderFemale, "mom": genderFemale, "mother": genderFemale, "aunt": genderFemale, "grandma": genderFemale,
	"grandmother": genderFemale, "niece": genderFemale, "daughter": genderFemale, "wife": genderFemale,
	"girlfriend": genderFemale, "stepmom": genderFemale, "stepmother": genderFemale, "stepsister": genderFemale,
	"half-sister": genderFemale, "sister-in-law": genderFemale, "mother-in-law": genderFemale,
	"granddaughter": genderFemale, "fiancee": genderFemale,
	"brother": genderMale, "dad": genderMale, "father": genderMale, "uncle": genderMale, "grandpa": genderMale,
	"grandfather": genderMale, "nephew": genderMale, "son": genderMale, "husband": genderMale,
	"boyfriend": genderMale, "stepdad": genderMale, "stepfather": genderMale, "stepbrother": genderMale,
	"half-brother": genderMale, "brother-in-law": genderMale, "father-in-law": genderMale, "grandson": genderMale,
}

// descriptionClass maps the head noun of a description or of a name
// ("Norvik Shipping" → "shipping") to the class a description resolves
// by: "the company" finds "Brightwater Analytics" and "the startup
// Brightwater"; "the band" finds "the Tidewater Quartet".
var descriptionClass = map[string]string{
	"company": "company", "startup": "company", "firm": "company", "business": "company", "employer": "company",
	"agency": "company", "inc": "company", "corp": "company", "corporation": "company", "llc": "company",
	"ltd": "company", "labs": "company", "lab": "company", "analytics": "company", "shipping": "company",
	"biotech": "company", "technologies": "company", "systems": "company", "solutions": "company",
	"software": "company", "logistics": "company", "consulting": "company", "media": "company",
	"studios": "company", "studio": "company", "partners": "company", "group": "company", "co": "company",
	"bank": "company", "enterprises": "company", "industries": "company", "robotics": "company",
	"pharma": "company", "pharmaceuticals": "company", "games": "company", "foods": "company",
	"clinic": "clinic", "hospital": "clinic", "practice": "clinic",
	"school": "school", "university": "school", "college": "school", "academy": "school", "institute": "school",
	"band": "band", "quartet": "band", "trio": "band", "quintet": "band", "orchestra": "band",
	"philharmonic": "band", "choir": "band", "ensemble": "band",
	"club": "club", "team": "team", "league": "club", "society": "club",
	"café": "cafe", "cafe": "cafe", "restaurant": "restaurant", "bakery": "bakery", "bar": "bar",
	"shop": "shop", "store": "shop", "gym": "gym", "museum": "museum", "library": "library",
	"church": "church", "charity": "charity", "nonprofit": "charity", "foundation": "charity",
	"city": "city", "town": "city", "village": "city",
}

// nameHead is the lower-case last word of a name ("Norvik Shipping" →
// "shipping").
func nameHead(name string) string {
	f := strings.Fields(name)
	if len(f) < 2 {
		return ""
	}
	return strings.Trim(strings.ToLower(f[len(f)-1]), ".,")
}
