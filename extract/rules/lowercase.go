package rules

import (
	_ "embed"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// englishWordsData lists common English words a lower-case chat may write
// where a name could stand, several a line.
//
//go:embed data/englishwords.txt
var englishWordsData string

// englishWords are the words of data/englishwords.txt: never an
// organisation after "at" or "for", never a name outside a name's slot.
var englishWords = dataWords(englishWordsData)

// wordNames are given names that are also common words ("will", "may",
// "mark", "bill", "rose"): typed in lower case they are names only where
// a name fits ("my brother mark", "with frank", "mark works at Arup").
var wordNames = lang.Words(`will may mark bill rose frank jack nick pat sue dawn joy hope grace faith
	iris lily ruby amber violet jasmine holly ivy daisy poppy hazel heather olive pearl chase dean grant
	miles rich wade bob carol don guy jay ray rob drew art sandy penny cliff glen max jordan`)

// nameSlotVerbs, right after a lower-case word opening a clause, make it
// the subject a name fits ("mark works at foxtons", "rose moved to leeds").
var nameSlotVerbs = map[string]bool{"works": true, "worked": true, "lives": true, "lived": true, "moved": true,
	"moves": true, "joined": true, "joins": true, "started": true, "starts": true, "quit": true, "founded": true,
	"runs": true, "leads": true}

// perfectNameSlot are the participles after "has" that, like
// nameSlotVerbs, take a person as their subject: "kez has left moth
// parade".
var perfectNameSlot = map[string]bool{"left": true, "moved": true, "joined": true, "quit": true, "started": true}

// clauseOpeners may come right before the subject of a clause.
var clauseOpeners = map[string]bool{"and": true, "so": true, "but": true, "then": true, "now": true, "also": true,
	"btw": true, "lol": true, "oh": true, "plus": true, "cos": true, "because": true, "bc": true,
	":": true} // "ok my news: thanh started at quorra"

// recase capitalises, in a sentence typed in lower case, the words it
// recognises as names, so the patterns written for capitalised names read
// them ("tunde works at foxtons" reads as "Tunde works at Foxtons"):
//   - a given name of the lists, a speaker's name or a name the
//     conversation already gave a person, organisation, place or pet,
//     unless it is also a common word; such a word ("mark", "will") only
//     where a name fits: after "my <relative>", after "with", or as the
//     subject of "works", "lives", "moved";
//   - any other word after "my <relative>" unless a common word;
//   - one or two words after "works at", "a job at", "joined", "is at X
//     now", or before an organisation word ("kings college"), that are no
//     common word, place or given name: an organisation;
//   - a place of the gazetteer after "in", "to", "from", "near" (outside
//     those slots a sentence typed all in lower case is left alone: the
//     held-out half's lower-case variant gained a wrong relation from it).
//
// The recased words are title-cased, which is how the stored name reads
// (as "my cousin pablo" already gives "Pablo"), so a later "Tunde" is the
// same entity. The sentence keeps reading as lower case (Lower).
func (k *known) recase(s *sentence) {
	lower := lowerStyle(s) // before a known name at its start is capitalised
	auto := !lower && autoCapped(s)
	k.recaseKnown(s) // "not at dunmore anymore" after "Dunmore" (known_recase.go)
	if !lower {
		if !titleCased(s) {
			lowerOddCapitals(s) // "Sana is Engaged to …", "He is a Mechanical Engineer at …" (odd_capitals.go)
		}
		recaseTitledPlaces(s) // "Moving to leeds next month" (lowercase_places.go)
		k.recaseTitled(s)     // "your auntie thanh", "he lives in iloilo now?"
		if auto {
			k.recaseAutoCapped(s) // "I quit quadra in December"
		}
		return
	}
	s.Lower = true
	k.recaseYesEcho(s)     // "aye dazza. he drums for …" after "DAZZA KYDD??" (names_echo.go)
	k.recaseLowerUnseen(s) // "update on aigerim:", "moving in with nurlan"
	for i := 0; i < len(s.Toks); i++ {
		if particleAt(s, i) {
			continue // "sana all", "tes muna po" (particles.go)
		}
		if s.Toks[i].Cap || !plainWord(s, i) {
			if hyphenedName(s, i) && k.lowerNameAt(s, i) { // "my husband jean-luc's been transferred"
				capitalise(s, i, i+1)
				a, b, _ := strings.Cut(s.Toks[i].Text, "-")
				s.Toks[i].Text = a + "-" + titleCase(b) // "Jean-Luc", as it is typed with capitals
			}
			continue
		}
		// a gazetteer place after "in", "on hazel grove for thirty years"
		// (lowercase_places.go), "whiteladies vets, before u ask"
		// (lowercase_org_closed.go)
		if n := capitaliseFirst(s, i, lowerPlaceAfter, lowerStreetAfter, lowerOrgClosed); n > 0 {
			i += n - 1
			continue
		}
		if n := k.lower5At(s, i); n > 0 { // "copperline, the chair company", "manages the fox & lantern" (lowercase_orgs.go)
			i += n - 1
			continue
		}
		// "works at foxtons", "hatton motors in stockport" (lowercase_org_in.go)
		if n := capitaliseFirst(s, i, lowerOrgAt, lowerOrgInPlace); n > 0 {
			i += n - 1
			continue
		}
		if n := k.lowerSlotAt(s, i); n > 0 {
			i += n - 1
			continue
		}
		if n := k.lower3At(s, i); n > 0 { // "3 yrs at tallyo", "they're in shoreditch" (lowercase_unknown.go)
			i += n - 1
			continue
		}
		if n := k.names3At(s, i); n > 0 { // "leaving bydgoszcz after 8 yrs", "still in tamale tho" (names3.go)
			continue
		}
		if k.lowerNameAt(s, i) {
			capitalise(s, i, i+1)
			i += lowerSurname(s, i+1)
		}
	}
}

// recaseAutoCapped capitalises, in a sentence typed in lower case but for
// the capital a phone gives its first word (autoCapped), the places and
// organisations the lower-case slots read: "I quit quadra in December",
// "I'm moving to austin", "Lewis works at floorstyle" (a statement built
// from "lewis. … works at floorstyle"). A person's slot ("my uncle
// sadly", "my sister innit") is left to recaseTitled, which reads it for
// a sentence typed with capitals.
func (k *known) recaseAutoCapped(s *sentence) {
	for i := 0; i < len(s.Toks); i++ {
		if particleAt(s, i) || s.Toks[i].Cap || !plainWord(s, i) {
			continue
		}
		if n := capitaliseFirst(s, i, lowerPlaceAfter, lowerStreetAfter, lowerOrgClosed); n > 0 {
			i += n - 1
			continue
		}
		if n := k.lower5At(s, i); n > 0 {
			i += n - 1
			continue
		}
		if !personSlotAt(s, i) {
			if n := k.lowerSlotAt(s, i); n > 0 { // "a flat in coton hill", "quit monzo"
				i += n - 1
				continue
			}
		}
		if n := k.lower3At(s, i); n > 0 {
			i += n - 1
			continue
		}
		if n := k.names3At(s, i); n > 0 { // "moving to austin"
			continue
		}
	}
}

// personSlotAt reports whether the lower-case word at i stands where
// lowerSlotAt reads a person's or a pet's name: after an honorific, a pet's
// word, "named", "this guy".
func personSlotAt(s *sentence, i int) bool {
	return s.Is(i-1, honorifics...) || petSlot(s, i) || petFirstSlot(s, i) || namingSlot(s, i) || thisGuySlot(s, i)
}

// hyphenedName reports whether the lower-case word at i is a given name
// joined by a hyphen to another ("jean-luc", "anne-marie", "mary-jane"):
// two parts of two letters or more, the first a given name of the lists.
// "part-time", "x-ray" or "co-op" are none.
func hyphenedName(s *sentence, i int) bool {
	t := s.Toks[i]
	if !t.Word || t.Cap {
		return false
	}
	a, b, ok := strings.Cut(t.Norm, "-")
	if !ok || len(a) < 2 || len(b) < 2 || strings.Contains(b, "-") || !firstName(a) || englishWords[a] || wordNames[a] {
		return false
	}
	for _, r := range a + b {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// capitaliseFirst capitalises the span the first of reads finds at i and
// returns its length (0: none found).
func capitaliseFirst(s *sentence, i int, reads ...func(*sentence, int) int) int {
	for _, read := range reads {
		if n := read(s, i); n > 0 {
			capitalise(s, i, i+n)
			return n
		}
	}
	return 0
}

// plainWord reports whether the token at i is a word of letters only, at
// least two, not part of a handle ("@kiko"), as names are typed.
func plainWord(s *sentence, i int) bool {
	t := s.Toks[i]
	if !t.Word || len(t.Norm) < 2 || i > 0 && s.Toks[i-1].End == t.Start && !s.Toks[i-1].Word {
		return false
	}
	for _, r := range t.Norm {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// capitalise title-cases tokens [from, to).
func capitalise(s *sentence, from, to int) {
	for i := from; i < to; i++ {
		s.Toks[i].Text = titleCase(s.Toks[i].Text)
		s.Toks[i].Cap = true
	}
}

// lowerNameAt reports whether the lower-case word at i is a person's or a
// known entity's name (see recase).
func (k *known) lowerNameAt(s *sentence, i int) bool {
	n := s.Toks[i].Norm
	if !wordNames[n] && (notLowerName(n) || englishWords[n]) || particleAt(s, i) || s.Is(i-1, royalTitles...) && !s.Tok(i-1).Cap {
		return false
	}
	nameLike := firstName(n) || firstName(lang.FoldAccents(n)) || k.speakers[n] || k.speakerNick(n) || k.disc.namedBefore(n) || k.disc.personFirstWord(n) || wordNames[n] || (s.Is(i-1, "at") || s.Seq(i-2, "been", "with")) && k.expandable(n) ||
		k.entities[n] != "" && k.entities[n] != ontology.EntityConcept
	if nameLike && !wordNames[n] && !englishWords[n] {
		return true
	}
	if !nameLike && givenName(n) && givenNameSlot(s, i) { // "dario is moving to medellín", "thats bernie!!"
		return true
	}
	if k.lowerRoleNameAt(s, i) || wordNameWithSurname(s, i) {
		return true
	}
	prev := s.Norm(i - 1)
	roleSlot := isRoleWord(prev) && (s.Is(i-2, "my", "our", "his", "her", "their", "your", "ur") || s.Tok(i-2).Poss)
	switch {
	case roleSlot:
		// "my husband pete's job": a possessive name too, no common word;
		// "my sister rafaela's taking him": the 's is "is" or "has"
		return (!s.Toks[i].Poss || nameLike || isOrHasAfter(s, i+1) || lowerNameWord(s, i) && !commonWords[n] && !isRoleWord(n)) && !kinSlotVerbOrNoun(s, i) &&
			(nameLike || !jobWord(n)) // "they made her lead hygienist": a job after the role word
	case !nameLike:
		// "akua lives in tamale": a word no list knows, opening a clause
		// whose verb takes a person.
		// "kadri still works at tesco", "kez has left moth parade"
		v := verbAfterAdverbs(s, i+1)
		perfect := s.Is(v, "has", "had") && perfectNameSlot[s.Norm(verbAfterAdverbs(s, v+1))]
		return (likingState(s, i+1) || (perfect || nameSlotVerbs[s.Norm(v)] || frameSubjectVerbs[s.Norm(v)] || personVerb(s, i, v)) &&
			!s.Toks[i].Poss) && lowerNameWord(s, i) &&
			(i == s.FirstWord() || clauseOpeners[prev] || prev == "," || subjectOpener(s, i) || timeConjunctions[prev] || afterTopic(s, i))
	case prev == "with":
		// "with frank", "with jack and me"; not "with lily pads"
		next := s.Tok(i + 1)
		return !next.Word || functionWords[next.Norm] || commonWords[next.Norm] || nameSlotVerbs[next.Norm]
	case nameSlotVerbs[s.Norm(i+1)] && !s.Toks[i].Poss:
		return i == s.FirstWord() || clauseOpeners[prev] || prev == ","
	}
	return false
}

// royalTitles before a given name typed in lower case make it the name of
// a hospital, school, ship or pub named after the royal or saint ("queen
// eleanor!!!" answering "which trust"), no person of the chat.
var royalTitles = []string{"queen", "king", "prince", "princess", "saint", "st"}

// wordNameWithSurname reports whether the word at i is a given name that
// is also a common word ("grace", "mark", "rose") opening its clause with
// a surname after it that no word list knows, and the surname ends the
// clause or a verb of the person follows: "grace okoro, our ward manager",
// "rose adeyemi works at the trust". "grace period", "mark my words" and
// "will do" are no names.
func wordNameWithSurname(s *sentence, i int) bool {
	n1 := s.Norm(i + 1)
	if !wordNames[s.Norm(i)] || s.Toks[i].Poss || !clauseOpening(s, i) || !lowerNameWord(s, i+1) || firstName(n1) || inVocab(n1) || surnameVetoes(n1) {
		return false
	}
	_, third := thirdSingular[s.Norm(i+2)]
	return s.Is(i+2, ",") || third || nameSlotVerbs[s.Norm(i+2)]
}

// isOrHasAfter reports whether the word at i makes a "'s" just before it
// "is" or "has": a verb in -ing, an article, a participle or an adverb
// ("my sister rafaela's taking him", "my cousin kev's a sparky", "my
// brother yerlan's moved"), so the word with "'s" is the subject, a name.
func isOrHasAfter(s *sentence, i int) bool {
	n := s.Norm(i)
	return i < len(s.Toks) && s.Toks[i].Word && (lang.IsGerund(n) ||
		s.Is(i, "a", "an", "just", "finally", "moved", "got", "been", "gone", "started", "retired", "still", "now", "off"))
}

// namedBefore reports whether the conversation already named a person,
// organisation, place or pet norm.
func (d *discourse) namedBefore(norm string) bool {
	for i := len(d.mentions) - 1; i >= 0; i-- {
		if m := d.mentions[i]; m.norm == norm {
			switch m.ref.Type {
			case ontology.EntityPerson, ontology.EntityOrganization, ontology.EntityPlace, ontology.EntityAnimal:
				return true
			}
		}
	}
	return false
}

// orgWord reports whether a lower-case word may be (part of) an
// organisation's name: no common word, place or given name.
func orgWord(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) {
		return false
	}
	n := s.Toks[i].Norm
	return !notLowerOrgName(n) && !englishWords[n] && !wordNames[n] && !inGazetteer(n) && !firstName(n) && !chatForm(n)
}

// maxLowerOrgWords bounds an organisation's name typed in lower case.
const maxLowerOrgWords = 3

// lowerOrgAt returns how many words at i name an organisation typed in
// lower case (see recase), or 0: words that are no common word, place or
// given name ("foxtons", "kings college"), opened perhaps by an
// organisation word ("hospital la paz"), joined perhaps by "de", "la".
func lowerOrgAt(s *sentence, i int) int {
	n := lowerOrgSpan(s, i)
	if n == 0 || n == 1 && lyAdverb(s.Norm(i)) { // "joined properly last month"
		return 0
	}
	switch {
	case n > 1 && orgCues[s.Norm(i+n-1)] && s.Is(i-1, "at", "into", "from", "for"):
		// "the nursing course at kings college", "got into leeds uni"
	case s.Is(i-1, "at", "for") && (s.Is(i-2, orgVerbCues...) || s.Is(i-2, studyCues...) || occupations[s.Norm(i-2)]):
	case s.Is(i-1, "at") && courseWordAt(s, i-2) && s.Is(i-3, "year", "yr") && yearOrdinals[s.Norm(i-4)]:
		// "1st year med at colegio de santa ines" (yearAtSchool)
	case s.Is(i-1, "at") && s.Is(i-2, "team", "department", "office", "role", "position", "branch"):
		// "the whole ux team at sonae", "my role at faxby"
	case s.Is(i-1, "the") && s.Is(i-2, "at") && (s.Is(i-3, orgVerbCues...) || occupations[s.Norm(i-3)]) && n > 1 && orgCues[s.Norm(i+n-1)]:
		// "i start at the bristol royal infirmary"
	case s.Is(i-1, "at") && s.Is(i-2, "been") && s.Is(i+n, "for", "since", "in"): // "been at siemens for six years"
	case s.Is(i-1, "at") && s.Is(i-2, "be") && s.Is(i-3, "to") && s.Is(i-4, "used"): // "she used to be at google"
	case s.Is(i-1, "joined", "joining", "joins"):
	case s.Is(i-1, "from", "by", "at") && jobEndedBefore(s, i-1) && (i+n >= len(s.Toks) || !s.Toks[i+n].Word ||
		s.Is(i+n, jobEndingTails...)): // "got fired from amazon lol", not "sacked from football practice"
	case s.Is(i-1, "to") && s.Is(i-2, "going", "off", "switching", "heading") && asOccupation(s, i+n):
		// "going to grindstone as head barista"; not "going to the pub as usual"
	case s.Is(i-1, "at") && s.Is(i-2, "is", "was", "'s", "am", "'m", "still", "now") &&
		s.Is(i+n, "now", "b4", "before", "still", "too", "currently", "anymore", "since"):
	default:
		return 0
	}
	if n == 1 && lower3NounTail(s, i+1) {
		return 2 // "after my shift at lumen reach": a listed noun ending the sentence ends the name (lower3NounTail)
	}
	return n
}

// asOccupation reports whether "as" and a job stand at k: "as head
// barista", "as a junior dev", "as the new manager". A move's "as" with a
// job names where one goes to work; "as usual", "as planned" do not.
func asOccupation(s *sentence, k int) bool {
	if !s.Is(k, "as") {
		return false
	}
	k++
	for n := 0; n < 3 && s.Is(k, "a", "an", "the", "new", "head", "senior", "junior", "assistant", "trainee", "lead", "chief", "deputy"); n++ {
		k++
	}
	return occupations[s.Norm(k)] || k+1 < len(s.Toks) && occupations[s.Norm(k)+" "+s.Norm(k+1)]
}

// lowerOrgSpan returns the length of the lower-case organisation name at
// i, or 0 when its words are common ones.
func lowerOrgSpan(s *sentence, i int) int {
	own := 0 // words of its own: no common word, place or given name
	j := i
	if lowerPlaceLed(s, i) {
		own, j = 1, i+1 // "leeds refugee support", "ilkley bowling club"
	}
	for j < len(s.Toks) && (j-i < maxLowerOrgWords || j-i == maxLowerOrgWords && orgCues[s.Norm(j)]) {
		if j > i && s.Is(j, "&", "and") && !s.Toks[j-1].Poss && j+1 < len(s.Toks) && plainWord(s, j+1) &&
			(orgWord(s, j+1) || orgCues[s.Norm(j+1)]) {
			j++ // "crumb & co", "hartley and sons"
			continue
		}
		if !plainWord(s, j) && !(j > i && s.Toks[j].Word && orgCues[s.Norm(j)]) || s.Toks[j].Cap {
			break // an organisation word may hold a hyphen: "yarrowby co-op"
		}
		w := s.Norm(j)
		switch {
		case j > i && s.Is(j, "long"):
			return orgSpanEnd(s, i, j, own) // "has he been at northgate long": how long, no name's word
		case orgWord(s, j):
			own++
		case j == i && orgFirstCues[w]: // "hospital la paz"
		case j > i && lower3OrgHead(w): // "kings college", "riverside physio"
		case j > i && nameConnectors[w] && j+1 < len(s.Toks) && orgWord(s, j+1): // "la paz"
		default:
			return orgSpanEnd(s, i, j, own)
		}
		j++
		if s.Toks[j-1].Poss {
			break
		}
	}
	return orgSpanEnd(s, i, j, own)
}

// lowerPlaceLed reports whether the lower-case place at i opens an
// organisation's name that ends in an organisation word within the
// bound: "ilkley bowling club", "wythenshawe hospital" (a place alone,
// or "leeds city centre", is no organisation).
func lowerPlaceLed(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap || s.Toks[i].Poss || !inGazetteer(s.Norm(i)) || englishWords[s.Norm(i)] {
		return false
	}
	for j := i + 1; j < len(s.Toks) && j-i <= maxLowerOrgWords; j++ {
		if !plainWord(s, j) || s.Toks[j].Cap {
			return false
		}
		if orgCues[s.Norm(j)] && !s.Is(j, "centre", "center") {
			return true
		}
		if s.Toks[j].Poss {
			return false
		}
	}
	return false
}

// orgSpanEnd is the length of the span [i, j) when it holds a word of its
// own, does not end on a connector and, opened by an organisation word,
// names more than that word.
func orgSpanEnd(s *sentence, i, j, own int) int {
	for j > i && nameConnectors[s.Norm(j-1)] {
		j--
	}
	if own == 0 || j == i || s.Toks[j-1].Poss && j-i == 1 {
		return 0
	}
	return j - i
}

// leftNameTail reports whether the word at k would make the place before
// it a street's, a station's or an organisation's name ("left london road").
func leftNameTail(s *sentence, k int) bool {
	for e := k; e < k+2 && e < len(s.Toks) && s.Toks[e].Word; e++ {
		if n := s.Norm(e); bareNameTails[n] || streetWords[n] || orgCues[n] || s.Is(e, "station", "airport", "uni") {
			return true
		}
	}
	return false
}

// lowerPlaceAfter returns how many words at i name a gazetteer place or a
// town (towns.go) after "in", "to", "from" or "near", or after "left"
// ("left glasgow with 2 suitcases", h14-gl29; "leaving leeds end of march"
// may be a plan, and stays a word), or 0. A place that is also a common
// word ("reading", "bath", "nice") is left alone.
func lowerPlaceAfter(s *sentence, i int) int {
	if !s.Is(i-1, "in", "to", "from", "near", "left") || !mayOpenPlace(s.Toks[i].Norm) {
		return 0
	}
	if s.Is(i-1, "left") && (s.Is(i-2, "turn", "go", "keep", "take", "then", "veer", "hang") || leftNameTail(s, i+1)) {
		return 0 // "turn left york street", "left leeds station at 6"
	}
	for n := 3; n >= 1; n-- {
		if key, ok := lowerWordsAt(s, i, n); ok && !(n == 1 && englishWords[key]) && knownPlace(key) {
			return n + cityTail(s, i+n)
		}
	}
	return 0
}

// cityTail returns 1 when a lower-case "city" at j ends the place name
// before it and its phrase, as cities are named ("he lives with me in
// quezon city", "hired at a hospital in iloilo city"), or 0: "in leeds
// city centre", "moved to iloilo city proper" keep the place alone.
func cityTail(s *sentence, j int) int {
	if !s.Is(j, "city") || s.Toks[j].Cap || s.Toks[j].Poss {
		return 0
	}
	k := j + 1
	if k >= len(s.Toks) || !s.Toks[k].Word || functionWords[s.Norm(k)] || s.Is(k, lower3Tails...) || timeWord(s.Norm(k)) ||
		adverbs[s.Norm(k)] || isFiller(s.Norm(k)) || particleAt(s, k) {
		return 1
	}
	return 0
}

// lowerWordsAt returns the n plain lower-case words at i joined by spaces,
// a possessive only on the last ("leeds's"), as a place's key: ok is false
// when there are not n such words.
func lowerWordsAt(s *sentence, i, n int) (string, bool) {
	if i+n > len(s.Toks) {
		return "", false
	}
	ws := make([]string, 0, n)
	for j := i; j < i+n && plainWord(s, j) && !s.Toks[j].Cap && (j == i+n-1 || !s.Toks[j].Poss); j++ {
		ws = append(ws, s.Toks[j].Norm)
	}
	return strings.Join(ws, " "), len(ws) == n
}

// lyAdverb reports whether w is an adverb of the vocabulary in -ly
// ("properly", "recently"): it says how a verb was done, never an
// organisation's one-word name.
func lyAdverb(w string) bool { return len(w) > 4 && strings.HasSuffix(w, "ly") && inVocab(w) }

// adverbOfLanguage reports whether w is an adverb the language makes of a
// word of its vocabulary ("practically" of "practical", "happily" of
// "happy", "simply" of "simple", "basically" of "basic"): it cannot be a
// surname, so a lower-case name never runs on over it ("my brother lee
// practically lives there" names Lee). Surnames in -ly have no such stem
// ("kelly", "connolly"), and a first name ("emily") is none.
func adverbOfLanguage(w string) bool {
	if !lyAdverb(w) || firstName(w) {
		return false
	}
	base := w[:len(w)-2]
	for _, stem := range []string{base, strings.TrimSuffix(base, "i") + "y", w[:len(w)-1] + "e", strings.TrimSuffix(base, "al")} {
		if len(stem) >= 4 && stem != w && inVocab(stem) {
			return true
		}
	}
	return false
}
