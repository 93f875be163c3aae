package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// maxNameTokens bounds a capitalised name span.
const maxNameTokens = 5

// functionWords never continue a name ("Caroline And Mel" is two names).
var functionWords = lang.NameStopWords

// weekdayAbbrevs are never names on their own.
var weekdayAbbrevs = lang.Words(`mon tue tues wed thu thur thurs fri sat sun`)

// nameConnectors may join the words of a name when a capitalised word
// follows ("University of Michigan", "Rio de Janeiro").
var nameConnectors = lang.Words(`of de da dos das del la le van von ao`)

// known holds what the request says about names: the conversation's
// speakers and the entities already stored.
type known struct {
	speakers  map[string]bool                // normalised speaker names and first names
	entities  map[string]ontology.EntityType // normalised name → type
	disc      *discourse                     // what the conversation mentioned so far
	asked     *askedTurn                     // the previous turn's where/who question, which the next turn may answer
	prev      *prevTurn                      // the previous turn, which the next may continue (crossturn.go)
	lastBy    map[string]prevTurn            // each speaker's last turn (crossturn.go)
	replied   map[string]prevTurn            // turn id → another speaker's turn right before it (leads_stepping.go)
	guess     *guessTurn                     // a "guess who …" waiting for its name (crossturn.go)
	owns22    owns22State                    // pets said got or said "my X", waiting for their name or a pet word (pets_turns.go)
	cands     *[]Candidate                   // where sentences go for a later stage; nil: not collected
	names     knownNames                     // the names given so far, which a turn may repeat in any case (known_mentions.go)
	answering string                         // the question word ("where", "who", "?") of another speaker's question the turn follows (names_caps.go)
	answers   bool                           // the turn read answers another's question about a third person (names_gen.go)
	echoOf    string                         // another speaker's turn right before the one read, whose names a "yep tom." may echo (names_echo.go)
}

// newKnown indexes the request's speakers (and the batch's) and entities.
func newKnown(req ontology.ExtractRequest) *known {
	k := &known{speakers: map[string]bool{}, entities: map[string]ontology.EntityType{}}
	addSpeaker := func(name string) {
		n := ontology.NormaliseName(name)
		if n == "" {
			return
		}
		k.speakers[n] = true
		if f := strings.Fields(n); len(f) > 1 {
			k.speakers[f[0]] = true
		}
	}
	for _, sp := range req.Speakers {
		addSpeaker(sp)
	}
	for _, t := range req.Turns {
		addSpeaker(t.Speaker)
	}
	k.names.speakers = k.speakers
	for _, e := range req.KnownEntities {
		if n := ontology.NormaliseName(e.Name); n != "" && e.Type.Valid() {
			if _, dup := k.entities[n]; !dup {
				k.entities[n] = e.Type
			}
		}
	}
	for _, t := range req.Context {
		addSpeaker(t.Speaker)
	}
	k.names.addRequest(req)
	k.disc = newDiscourse(req, k)
	return k
}

// span is a range of tokens [from, to) of a sentence naming something,
// with its text and type.
type span struct {
	from, to  int
	name      string
	typ       ontology.EntityType
	confirmed bool    // typed from evidence (a list, a cue, the request), not by default
	tconf     float64 // how strongly the cue supports typ (EntityMention.TypeConfidence)
	cue       string  // the cue (EntityMention.TypeCue)
	head      string  // the description class it was introduced with ("company" for "a startup called X")
}

// nameStart reports whether the token at i may begin a name: a
// capitalised word that is not a common word, month, weekday, number word
// or the pronoun I.
func nameStart(s *sentence, i int) bool {
	if i < 0 || i >= len(s.Toks) {
		return false
	}
	if _, ok := handleAt(s, i); ok {
		return true
	}
	t := s.Toks[i]
	if !t.Word || !t.Cap || !isLetterWord(t.Text) || len(t.Norm) < 2 {
		return false
	}
	n := t.Norm
	if weekdayAbbrevs[n] || commonWords[n] || functionWords[n] || greetingWords[n] || lang.NumberWords[n] > 0 ||
		demonyms[n] && (i+1 >= len(s.Toks) || !nameContinues(s, i+1)) {
		return false
	}
	if _, ok := lang.Months[n]; ok {
		return false
	}
	if _, ok := lang.Weekdays[n]; ok {
		return weekdayOpensName(s, i)
	}
	if pluralWeekday(n) {
		return weekdayOpensName(s, i) // "on Fridays": a day that comes back, no one's name
	}
	if _, ok := roleWords[n]; ok {
		return false
	}
	if teamNumeral(s, i) {
		return false // "the first XI", "our 2nd XV": a side of a club, no name
	}
	return !titleWords[n] && !(openingVerb(s, i) && nameStart(s, i+1)) // "Left Lagos on Thursday" (names_caps.go)
}

// teamNumeral reports whether the token at i is a Roman numeral in
// capitals after an ordinal ("the first XI", "2nd XV"): a club's side.
func teamNumeral(s *sentence, i int) bool {
	t := s.Toks[i].Text
	return len(t) >= 2 && strings.Trim(t, "IVX") == "" &&
		s.Is(i-1, "first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th")
}

// maxHandleTokens bounds the tokens of a handle ("@", "marcus", "_", "t").
const maxHandleTokens = 9

// handleAt reads a chat handle at token i, "@" and the words, "_", "."
// and "-" written right after it ("@marcus_t", "@kiko.r"), as a name: in
// group chats people are named by their handles, which are the speakers'
// labels. A final "." ends the sentence, not the handle.
func handleAt(s *sentence, i int) (span, bool) {
	if i < 0 || i+1 >= len(s.Toks) || s.Toks[i].Norm != "@" || !s.Toks[i+1].Word || s.Toks[i].End != s.Toks[i+1].Start {
		return span{}, false
	}
	j := i + 2
	for j < len(s.Toks) && j-i < maxHandleTokens && s.Toks[j].Start == s.Toks[j-1].End && !s.Toks[j-1].Poss {
		t := s.Toks[j]
		if t.Word || (t.Norm == "_" || t.Norm == "." || t.Norm == "-") && j+1 < len(s.Toks) && s.Toks[j+1].Word && s.Toks[j+1].Start == t.End {
			j++
			continue
		}
		break
	}
	var b strings.Builder
	for k := i; k < j; k++ {
		b.WriteString(s.Toks[k].Text)
	}
	return span{from: i, to: j, name: b.String()}, true
}

// nameContinues reports whether the token at i may continue a name.
func nameContinues(s *sentence, i int) bool {
	t := s.Toks[i]
	if !t.Word || !t.Cap || !isLetterWord(t.Text) || functionWords[t.Norm] || greetingWords[t.Norm] || shouted(s, i) || shoutedVerb(s, i) {
		return false
	}
	_, month := lang.Months[t.Norm]
	_, day := lang.Weekdays[t.Norm]
	return !month && !day
}

// isLetterWord reports whether w starts with a letter (names do not start
// with digits).
func isLetterWord(w string) bool {
	for _, r := range w {
		return r > '9' || r < '0'
	}
	return false
}

// nameAt reads the name starting at token i, or reports false. A name ends
// at a possessive ("Caroline's") or after maxNameTokens words; "of" and
// similar words join it when a capitalised word follows.
func nameAt(s *sentence, i int) (span, bool) {
	if sp, ok := handleAt(s, i); ok {
		return sp, true
	}
	if !nameStart(s, i) {
		return span{}, false
	}
	j := i + 1
	for j < len(s.Toks) && j-i < maxNameTokens && (!s.Toks[j-1].Poss || possInName(s, j)) {
		if s.Is(j, "dr", "mr", "mrs", "ms", "prof") && j+1 < len(s.Toks) && nameContinues(s, j+1) {
			break // "the Hartwell Cognition Lab Dr Okafor runs it": a title starts the next name
		}
		if nameContinues(s, j) && !placeThenGivenName(s, i, j) {
			j++
			continue
		}
		if (nameConnectors[s.Toks[j].Norm] || s.Toks[j].Norm == "&" ||
			s.Toks[j].Norm == "and" && orgCues[s.Norm(j+1)]) && j+1 < len(s.Toks) && nameContinues(s, j+1) { // "Hartley and Sons"
			j += 2
			continue
		}
		if s.Toks[j].Norm == "of" && s.Norm(j+1) == "the" && j+2 < len(s.Toks) && nameContinues(s, j+2) {
			j += 3
			continue
		}
		break
	}
	return span{from: i, to: j, name: joinText(s, i, j)}, true
}

// placeThenGivenName reports whether the capitalised words [i, j) are a
// known place and the word at j a given name ending the run, typed
// without the comma that would part them: "I was born in Monterrey Daniel
// I know", "we're in Leeds Sarah". A place that is a given name too
// ("Austin Butler", "Chelsea Grant") or a known name of both words ("Aston
// Martin", "Port Elizabeth") stays one name.
func placeThenGivenName(s *sentence, i, j int) bool {
	if j-i > 3 || s.Toks[j].Poss || !firstName(s.Norm(j)) || knownPlace(s.Norm(j)) || j+1 < len(s.Toks) && nameContinues(s, j+1) {
		return false
	}
	head := strings.ToLower(joinText(s, i, j))
	if !knownPlace(head) || firstName(s.Norm(i)) || s.Toks[j-1].Poss {
		return false
	}
	both := strings.ToLower(joinText(s, i, j+1))
	_, org := lookupOrg(both, false)
	return !org && !knownPlace(both)
}

// possInName reports whether a possessive before token j belongs to an
// organisation's name ("King's College Hospital", "St John's Church"): the
// capitalised words after it end in an organisation word.
func possInName(s *sentence, j int) bool {
	cue := false // "King's College London": an organisation word among them
	for k := j; k < len(s.Toks) && k < j+3 && nameContinues(s, k); k++ {
		cue = cue || orgCues[s.Norm(k)]
	}
	return cue
}

// nameBefore reads a name that ends just before token end (exclusive),
// walking backwards, or reports false.
func nameBefore(s *sentence, end int) (span, bool) {
	// "@marcus_t": walk back over the handle's adjacent tokens to its "@".
	for i := end - 1; i >= 0 && end-i <= maxHandleTokens; i-- {
		if s.Toks[i].Norm == "@" {
			if sp, ok := handleAt(s, i); ok && sp.to == end {
				return sp, true
			}
			break
		}
		if i > 0 && s.Toks[i-1].End != s.Toks[i].Start {
			break
		}
	}
	i := end - 1
	if i < 0 || !s.Toks[i].Word || !s.Toks[i].Cap {
		return span{}, false
	}
	for i > 0 && end-i < maxNameTokens && nameContinues(s, i-1) && !s.Toks[i-1].Poss {
		i--
	}
	for i < end && !nameStart(s, i) {
		i++
	}
	if i == end {
		return span{}, false
	}
	sp, ok := nameAt(s, i)
	if !ok || sp.to != end {
		return span{}, false
	}
	if s.Is(i-1, "&") && i >= 2 && s.Toks[i-2].Cap {
		// "Hall & Pryor is based in Taunton": the whole firm's name, which
		// nameAt joins over the "&", not its last part
		for j := i - 2; j >= 0 && j >= i-4 && s.Toks[j].Word && s.Toks[j].Cap; j-- {
			if whole, ok := nameAt(s, j); ok && whole.to == end {
				return whole, true
			}
		}
	}
	return sp, true
}

// joinText joins the texts of tokens [from, to) with single spaces, as a
// name is written.
func joinText(s *sentence, from, to int) string {
	if to-from == 1 {
		return s.Toks[from].Text
	}
	var b strings.Builder
	for i := from; i < to; i++ {
		if i > from {
			b.WriteByte(' ')
		}
		b.WriteString(s.Toks[i].Text)
		if s.Toks[i].Poss && i < to-1 {
			b.WriteString("'s") // "King's College Hospital"
		}
	}
	return b.String()
}

// lowerKey is a span's lower-case name, as the word lists hold it.
func lowerKey(s *sentence, sp span) string {
	if sp.to-sp.from == 1 {
		return s.Toks[sp.from].Norm
	}
	var b strings.Builder
	for i := sp.from; i < sp.to; i++ {
		if i > sp.from {
			b.WriteByte(' ')
		}
		b.WriteString(s.Toks[i].Norm)
	}
	return b.String()
}

// typeName decides what a name is from its own words, its context and
// the request: a title or relationship word before it, a speaker or known
// person, an organisation cue, the place gazetteer, the first-name list, a
// work cue. Untyped names are Concepts, unconfirmed.
func (k *known) typeName(s *sentence, sp span) span {
	sp.typ, sp.confirmed = ontology.EntityConcept, true
	prev := s.Norm(sp.from - 1)
	if prev == "." && titleWords[s.Norm(sp.from-2)] {
		prev = s.Norm(sp.from - 2) // "Dr. Patel"
	}
	key := lowerKey(s, sp)
	norm := ontology.NormaliseName(sp.name)
	first := s.Toks[sp.from].Norm
	last := s.Toks[sp.to-1].Norm
	intro := prev // the noun a name is introduced by: "a startup called X", "the band X"
	if prev == "called" || prev == "named" {
		intro = s.Norm(sp.from - 2)
		// "she opened her café, it's called Grano": the noun a few words back.
		for j := sp.from - 2; j >= 0 && j >= sp.from-7 && !introNouns[intro]; j-- {
			if introNouns[s.Norm(j)] {
				intro = s.Norm(j)
			}
		}
		// "taking her dog out in the mornings, he's called Dexter": a pet a
		// few words back, with "he/she/it's called" right before the name.
		if !introNouns[intro] && s.Is(sp.from-2, "is", "'s") && s.Is(sp.from-3, "he", "she", "it") {
			for j := sp.from - 4; j >= 0 && j >= sp.from-11; j-- {
				if petSpecies[s.Norm(j)] {
					intro = s.Norm(j)
					break
				}
			}
		}
	}
	set := func(t ontology.EntityType, conf float64, cue string) {
		sp.typ, sp.tconf, sp.cue = t, conf, cue
	}
	switch {
	case titleWords[prev]:
		set(ontology.EntityPerson, confName, "title:"+prev)
	case isRoleWord(prev) || prev == "," && isRoleWord(s.Norm(sp.from-2)):
		role := prev
		if prev == "," {
			role = s.Norm(sp.from - 2)
		}
		set(ontology.EntityPerson, confName, "role:"+role)
		if k.disc != nil {
			k.disc.setGender(sp.name, roleGender[roleWords[role].role])
		}
	case petSpecies[prev] || (prev == "named" || prev == "called") && petSpecies[intro]:
		set(ontology.EntityAnimal, confName, "pet:"+intro)
	case k.speakers[norm] || k.speakers[first] && sp.to-sp.from == 2:
		set(ontology.EntityPerson, 1, "speaker")
	case k.entities[norm] != "":
		sp.typ = k.entities[norm]
	case sp.to-sp.from > 1 && (orgCues[last] || orgCues[first] && s.Norm(sp.from+1) == "of"):
		cue := last
		if !orgCues[last] {
			cue = first
		}
		set(ontology.EntityOrganization, confName, "suffix:"+cue)
		sp.head = descriptionClass[last]
	case wellKnownOrg(s, sp, key):
		set(ontology.EntityOrganization, confName, "known-org")
	case inGazetteer(key):
		set(ontology.EntityPlace, confName, "gazetteer")
	case introNouns[intro] && (intro != prev || s.Is(sp.from-2, "a", "an", "the", "my", "our", "his", "her", "their")):
		set(ontology.EntityOrganization, confName, "noun:"+intro)
		sp.head = descriptionClass[intro]
	case sp.to-sp.from > 1 && orgFirstCues[first]:
		set(ontology.EntityOrganization, confName, "prefix:"+first)
		sp.head = descriptionClass[first]
	case workCues[prev] || workVerbs[prev] || (prev == "the" && workCues[s.Norm(sp.from-2)]):
		set(ontology.EntityWork, confCue, "cue:"+prev)
	case sp.to-sp.from == 1 && k.disc != nil && k.expandable(s.Toks[sp.from].Text):
		ref, _ := k.disc.expand(s.Toks[sp.from].Text)
		sp.name = ref.Name
		set(ref.Type, confCue, "short-form")
	case fromOriginally(s, sp): // "he's from Gary originally" (homes_said.go)
		set(ontology.EntityPlace, confCue, "from … originally")
	case k.disc != nil && namedAgainBare(s, sp) && k.disc.typedAs(sp.name, ontology.EntityOrganization):
		// "I got head of music at Downsview" … "Downsview is in Lewes": a
		// name the conversation typed an organisation keeps that type
		set(ontology.EntityOrganization, confCue, "named-before")
	case firstName(first):
		set(ontology.EntityPerson, confFirst, "first-name")
	case knownTown(key): // "Kidlington", "West Bridgford" (towns.go)
		set(ontology.EntityPlace, confName, "towns")
	case orgs22Kind(s, sp) != "": // "Nettle & Pan, theyre a catering company" (orgs_described.go)
		set(ontology.EntityOrganization, confName, "described:"+orgs22Kind(s, sp))
	case k.names3Typed(s, &sp): // "leaving Bydgoszcz after 8 yrs", "a flat in Shymkent" (names3.go)
	case (prev == "at" || prev == "for") && (s.Is(sp.from-2, orgVerbCues...) || occupations[s.Norm(sp.from-2)]),
		prev == "at" && s.Is(sp.from-2, studyCues...),
		prev == "from" && s.Is(sp.from-2, "offer", "recruiter", "recruiters"),
		prev == "by" && s.Is(sp.from-2, "hired", "recruited", "employed", "headhunted"):
		// "works at Cabify", "an interview at Ocado", "an offer from Klarna",
		// said also of plans and questions: the name is an employer
		set(ontology.EntityOrganization, confFirst, "prep:"+s.Norm(sp.from-2)+" "+prev) // a weak cue: a stronger one wins
	case prev == "to" && s.Is(sp.from-2, placeVerbCues...) || prev == "from" && s.Is(sp.from-2, "originally", "is", "am", "are", "'m", "'s", "came", "comes", "come"):
		// "moving to Harrogate", "she's from Kumasi": a place
		set(ontology.EntityPlace, confFirst, "prep:"+s.Norm(sp.from-2)+" "+prev)
	case prev == "for" && s.Is(sp.from-2, "play", "plays", "playing", "played", "signed", "scouted"):
		// "plays for Dulwich Hamlet", "wants to play for Arsenal": a club
		set(ontology.EntityOrganization, confCue, "verb:play for")
	case prev == "into" && s.Is(sp.from-2, "moved", "moving", "move", "moves") && !firstName(first):
		// "Grandpa moved into Oak Lodge": a home, a building
		set(ontology.EntityPlace, confCue, "verb:moved into")
	case k.cueTyped(s, sp): // "engaged to X", "moving in with X", "moved back here from X"
		t, cue := k.cueType(s, sp)
		set(t, confFirst, cue)
	case ampersandFirm(s, sp) || prev == "in" && ampersandName(s, sp):
		// "I'm after starting in Halloran & Duff", "Hall & Pryor did our
		// kitchen": two names joined by "&" name a firm ("Marks &
		// Spencer"), not the place "in" would make it nor two people
		set(ontology.EntityOrganization, confCue, "ampersand")
	case (prev == "in" || prev == "near") && sp.from >= 2 && !sentenceStartAt(s, sp.from-1) && !workUnit(key):
		// "her house in Croydon": a place, weakly; a stronger cue wins.
		set(ontology.EntityPlace, confFirst, "prep:"+prev)
		sp.confirmed = false
	case sp.to-sp.from == 1 && s.Lower && givenName(key):
		// a name of the large list that lowerNameAt capitalised in a
		// person's slot ("dario is moving to medellín")
		set(ontology.EntityPerson, confFirst, "given-name")
	default:
		sp.confirmed = false
	}
	return sp
}

// placeVerbCues, before "to" and a name, make it a place.
var placeVerbCues = []string{"moved", "moving", "move", "moves", "relocated", "relocating", "relocate", "flew",
	"flying", "fly", "drove", "driving", "trip", "travelled", "traveled", "travelling", "traveling", "emigrated", "retired"}

// expandable reports whether a one-word name is the short form of a
// longer name mentioned before.
func (k *known) expandable(word string) bool {
	_, ok := k.disc.expand(word)
	return ok
}

// isRoleWord reports whether w is a relationship word ("sister", "friend").
func isRoleWord(w string) bool {
	_, ok := roleWords[w]
	return ok
}

// sentenceStartAt reports whether token i opens the sentence or a quoted
// or introduced part of it, where every word is capitalised anyway.
func sentenceStartAt(s *sentence, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch s.Toks[k].Norm {
		case `"`, ":", "(", "-", "'", "*":
			return true
		}
		if s.Toks[k].Word {
			return false
		}
	}
	return true
}

// sentenceNames returns the names of a sentence that are safe to emit:
// capitalised spans in mid-sentence and, at the start of a sentence, only
// those confirmed by a list or the request. Names addressed to someone
// and words of a title-cased sentence are skipped. Quoted titles after a
// work cue are Works.
func (k *known) sentenceNames(s *sentence) []span {
	quoted := quotedWorks(s)
	var out []span
	shouting := titleCased(s)
	for i := 0; i < len(s.Toks); {
		if q := spanAt(quoted, i); q != nil {
			i = q.to
			continue
		}
		sp, ok := nameAt(s, i)
		if !ok {
			i++
			continue
		}
		i = sp.to
		sp = k.typeName(s, sp)
		bare := k.bareName(s, sp) // "Rotterdam!", "Kumasi, yes" (names_caps.go)
		if bare && k.answering != "" {
			sp = k.answerType(s, sp) // "where are u based" / "Kumasi"
		}
		if vocative(s, sp.from, sp.to) && !k.namedAlone(s, sp) && !k.yesName(s, sp) && !bare && !k.apposedEnd(s, sp) {
			continue
		}
		if (shouting || sentenceStartAt(s, sp.from)) && !sp.confirmed {
			// A capital at the start says nothing, but what follows may:
			// "Wiremu and I", "Ngozika's birthday", "Tidewater's CEO".
			t, cue, ok := contextType(s, sp)
			if !shouting && (!ok || !afterNameCue(cue)) {
				t, cue, ok = k.openingPerson(s, sp)
			}
			if !shouting && !ok && (bare || openingStatement(s, sp) || ampersandName(s, sp)) {
				out = append(out, sp) // "Rotterdam!", "Brightside Cleaning is officially a thing" (names_caps.go)
				continue
			}
			if shouting || !ok {
				continue
			}
			sp.typ, sp.tconf, sp.cue = t, confContext, cue
		}
		out = append(out, sp)
	}
	return append(out, quoted...)
}

// spanAt returns the span of spans that covers token i, or nil.
func spanAt(spans []span, i int) *span {
	for k := range spans {
		if i >= spans[k].from && i < spans[k].to {
			return &spans[k]
		}
	}
	return nil
}

// namedAgainBare reports whether the name at sp stands as a name of its
// own, where an organisation's may: not after an indefinite word ("a
// second Larder in Sinfin": one more of its kind), nor as a modifier
// between "the" and a noun ("the Big factory"), nor in a place's slot
// ("I live in Kisumu" after "the Kisumu branch").
func namedAgainBare(s *sentence, sp span) bool {
	if indefinite[s.Norm(sp.from-1)] || indefinite[s.Norm(sp.from-2)] || s.Is(sp.from-1, "in", "to", "from", "near") {
		return false // "I live in Kisumu" after "the Kisumu branch": a place's slot
	}
	next := s.Tok(sp.to)
	return !(s.Is(sp.from-1, "the") && next.Word && !next.Cap)
}
