package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Lower-case chats name bands, teams, choirs and small firms with words no
// list knows ("i play for hexwell now", "the drummer of kinetiq", "joinin
// a choir, the zentro, every tuesday"). One such word is a name only where
// the words around it leave no other reading: a band's or a team's slot
// the clause ends on, or an apposition right after the noun of a group.

// lowerCuedWord returns how many lower-case words at i the cues of this
// file make a name, or 0.
func lowerCuedWord(s *sentence, i int) int {
	return max(lowerGroupOne(s, i), lowerApposedOrg(s, i), lowerAskedName(s, i), lowerOriginPlace(s, i),
		lowerBeInPlace(s, i), lowerPossFrom(s, i), lowerHomePlace(s, i), lowerTalkedTo(s, i))
}

// lowerPlayRoles, before "of", "in" or "for", are places in a band or a
// team that take its name (not "member of staff", "head of department").
var lowerPlayRoles = []string{"drummer", "guitarist", "bassist", "singer", "vocalist", "keyboardist", "captain",
	"frontman", "frontwoman", "goalie", "keeper", "striker", "pianist", "violinist", "saxophonist", "trumpeter"}

// groupSlotStops are words where a band's or team's name could stand that
// say where or how one plays ("plays in goal", "sings in the shower").
var groupSlotStops = lang.Words(`goal defence defense midfield attack net nets shower rain snow sun mud dark
	background street streets garden yard backyard playground road kitchen bath bathroom house pub bar church
	park sea pool orchestra band choir league cup final finals team squad side reserves fun keeps pride charity
	money free cash kicks laughs practice training tonight today tomorrow weekend weekends summer winter spring
	autumn town gigs gig`)

// apposGroups are the nouns of a group an apposition names ("a choir,
// the zentro", "his uncle's roofin firm, veltrix").
var apposGroups = lang.Words(`band choir club team firm company startup business charity orchestra group
	squad crew label agency studio`)

// lowerGroupOne returns 1 when the lower-case word at i, alone, names a
// band or a team by its slot: after "plays for|in (the)" or "the drummer
// of", with the clause ending right after it ("i play for hexwell now",
// "he was the drummer of kinetiq"). The word is no common word, place,
// given name or plural, and no word of groupSlotStops.
func lowerGroupOne(s *sentence, i int) int {
	n := s.Norm(i)
	if !orgWord(s, i) || !oneWordGroup(n) || s.Toks[i].Poss || orgCues[n] || !clauseEndsAt(s, i+1) {
		return 0
	}
	c := i - 1
	if s.Is(c, "the") {
		c--
	}
	if s.Is(c, "for", "in") && s.Is(c-1, lowerGroupVerbs...) || s.Is(c, "of", "in", "for") && s.Is(c-1, lowerPlayRoles...) {
		return 1
	}
	return 0
}

// oneWordGroup reports whether a word alone may name a group: four
// letters or more, no plural, no adverb in -ly ("slowly") and no word of
// groupSlotStops.
func oneWordGroup(n string) bool {
	return len([]rune(n)) >= 4 && !strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ly") && !groupSlotStops[n]
}

// clauseEndsAt reports whether the name before j ends its clause: the
// sentence ends, punctuation or an emoji follows, or "now", a filler.
func clauseEndsAt(s *sentence, j int) bool {
	return j >= len(s.Toks) || !s.Toks[j].Word || s.Is(j, "now", "atm", "nowadays", "these") || fillers[s.Norm(j)]
}

// lowerApposedOrg returns how many lower-case words at i name the group
// whose noun and a comma stand right before them ("a choir, the zentro,
// every tuesday", "the bowls club at last, tessaly club, he's", "a fado
// band now, pyxa."), or 0. The name ends its clause and holds a word of
// its own (lowerOrgSpan).
func lowerApposedOrg(s *sentence, i int) int {
	c := i - 1
	if s.Is(c, "the") {
		c--
	}
	if !s.Is(c, ",") {
		return 0
	}
	g := c - 1
	switch {
	case s.Is(g, "now"):
		g--
	case s.Is(g, "last") && s.Is(g-1, "at"):
		g -= 2
	}
	if g < 1 || !apposGroups[s.Norm(g)] || s.Toks[g].Cap {
		return 0
	}
	n := lowerOrgSpan(s, i)
	if n == 0 || n == 1 && !oneWordGroup(s.Norm(i)) || !clauseEndsAt(s, i+n) {
		return 0
	}
	return n
}

// clauseOpensAt reports whether a turn written out up to here (done)
// stands at the start of a sentence: nothing yet, or a full stop, "!",
// "?" or ":" last.
func clauseOpensAt(done string) bool {
	t := strings.TrimRight(done, " ")
	return t == "" || strings.ContainsRune(".!?:", rune(t[len(t)-1]))
}

// nOpensWith reports whether a sentence's first "n" before the word next
// is "and": before a subject ("n i", "n shes", "n me n kai"), a possessive,
// a number ("n two years at fernlight") or a name ("n gethin now sings");
// before a common word ("n stuff") it may be a tag.
func nOpensWith(next string) bool {
	if subjectPronouns[next] || possessorWords[next] || next == "me" {
		return true
	}
	if full, ok := chatSpellings[next]; ok {
		pron, _, _ := strings.Cut(full, "'")
		return subjectPronouns[pron]
	}
	_, number := lang.NumberValue(next)
	return number || !englishWords[next] && !inVocab(next) || firstName(next)
}

// openerWords may stand before a sentence's first verb when its subject
// is dropped or spelled "were": "so were movin to Cardiff".
var openerWords = lang.Words(`so and but also now then well btw`)

// opensAfterOpener reports whether done, a turn written out up to here,
// ends on an opener word that itself opens a sentence ("so ").
func opensAfterOpener(done string) bool {
	t := strings.TrimRight(done, " ")
	i := strings.LastIndexAny(t, " .!?:") + 1
	return i < len(t) && openerWords[strings.ToLower(t[i:])] && clauseOpensAt(t[:i])
}

// openingSpelling writes out the chat spellings that only a sentence's
// first word has: "were in tamale now!!!" and "were called pyxa" are
// "we're" (no subject before the verb; "were you there?" keeps it),
// "n i am joinin a choir" opens with "and" (nOpensWith).
func openingSpelling(lw string, rs []rune, j int) (string, bool) {
	next := nextWord(rs, j)
	switch {
	case lw == "were" && next != "" && !subjectPronouns[next] && !wereSubjects[next]:
		return "we're", true
	case lw == "n" && next != "" && rs[j] == ' ' && nOpensWith(next):
		return "and", true
	}
	return "", false
}

// wereSubjects may follow "were" asking a question ("were the kids ok?",
// "were ur parents there?").
var wereSubjects = lang.Words(`ya yall ye there the those these that this your ur his her their my our any both
	people`)

// possessorWords are the possessives as a set: a sentence-opening "n"
// before one is "and" ("n my little sis has a new bf").
var possessorWords = lang.Words(strings.Join(possessors, " "))

// lowerAskedName returns 1 when the lower-case word at i is the subject
// of a yes-no question that a personal pronoun then refers to: "does
// radu still have his band in cluj?", "is aroha still with her bf?". A
// common word, a role or a place there stays a word ("does work still
// have its perks?").
func lowerAskedName(s *sentence, i int) int {
	if !s.Question || !s.Is(i-1, questionAux...) && !s.Is(i-1, "has") || i-1 != s.FirstWord() && !clauseOpeners[s.Norm(i-2)] &&
		!s.Is(i-2, ",", "way") || !lowerNameWord(s, i) || s.Toks[i].Poss || orgCues[s.Norm(i)] {
		return 0
	}
	for j := i + 1; j < len(s.Toks) && j <= i+4; j++ {
		if s.Is(j, "his", "her", "him", "he", "she", "himself", "herself") {
			return 1
		}
		if !s.Toks[j].Word {
			return 0
		}
	}
	return 0
}

// originNouns, after a place's name and before "originally", say where
// someone comes from: "yerlan's a kisumu girl originally".
var originNouns = lang.Words(`girl boy lad lass guy gal kid man woman`)

// originStops are words that stand there and are no place: "a farm girl",
// "a city boy", "a party girl".
var originStops = lang.Words(`farm city country town village valley beach island mountain party army navy
	church choir poster golden cover paper delivery`)

// lowerOriginPlace returns 1 when the lower-case word at i is the place
// in "a <place> girl|boy|lad originally".
func lowerOriginPlace(s *sentence, i int) int {
	if !s.Is(i-1, "a") || !originNouns[s.Norm(i+1)] || !s.Is(i+2, "originally", "born") || originStops[s.Norm(i)] ||
		!lowerPlaceWord(s, i) && !(inGazetteer(s.Norm(i)) && !englishWords[s.Norm(i)]) {
		return 0
	}
	if j := i - 2; j == s.FirstWord() && s.Toks[j].Poss && lowerNameWord(s, j) {
		capitalise(s, j, j+1) // "yerlan's a kisumu girl originally": the one who is
	}
	return 1
}

// inStates are what a person is in that is no place: "still in shock",
// "in rehab now", "in charge now" (livedStates and the abstract endings
// of lowerPlaceWord cover more).
var inStates = lang.Words(`shock touch pain trouble recovery rehab therapy lockdown quarantine labour labor
	surgery charge town traffic care prison jail contact treatment remission hell agony bed tears uniform
	costume hospital school college uni work class office theatre theater court detention custody hiding
	pyjamas pajamas love bits pieces hysterics stitches debt credit form season bloom flames ruins tatters
	control command power finance research admin reception payroll legal dispatch design sixth`)

// lowerBeInPlace returns 1 when the lower-case word at i is the place a
// person is still in: "she's still in kisumu", "is thanh still in
// kisumu?". The subject is a personal pronoun or a name (not "it": "it's
// still in beta"); a state ("still in shock") or a department ("still in
// radiology") stays a word. "we're in tamale now" is left alone: of a name
// no list knows it may be a bar, as patterns_chat.go's stillIn holds.
func lowerBeInPlace(s *sentence, i int) int {
	if !lowerPlaceWord(s, i) || !beInSlot(s, i) {
		return 0
	}
	return 1
}

// beInSlot reports whether the word at i stands where lowerBeInPlace
// reads a place: after "still in", with a personal subject, and no
// state's word.
func beInSlot(s *sentence, i int) bool {
	n := s.Norm(i)
	if !s.Is(i-1, "in") || inStates[n] || livedStates[n] || strings.HasSuffix(n, "ology") {
		return false
	}
	if !s.Is(i-2, "still") {
		return false
	}
	k := i - 3
	personal := func(j int) bool {
		return s.Is(j, "i", "he", "she", "we", "they", "you") || s.Tok(j).Cap && !s.Tok(j).Poss
	}
	return s.Is(k, "is", "are", "am", "was", "were") && personal(k-1) || // "she's still in kisumu"
		s.Is(k-1, "is", "was") && (personal(k) || lowerNameWord(s, k)) && k-1 == s.FirstWord() // "is thanh still in kisumu?"
}

// businessHeads end a small business's name as plural nouns, which a
// name in lower case otherwise stops before: "its called vantaro books",
// "a firm called hartley motors".
var businessHeads = lang.Words(`books cakes bakes bakery designs motors foods studios records crafts goods
	supplies builders roofing plumbing electrics landscapes interiors events media labs works`)

// timeConjunctions open a clause whose subject follows: "since nurlan
// left for hexwell in april".
var timeConjunctions = lang.Words(`since when after before until till`)

// leftFor reports whether the verb at v is "left for" or "left to": who
// leaves for a job or a place is a person ("since nurlan left for
// hexwell"); "turn left for the station" is a direction.
func leftFor(s *sentence, v int) bool {
	return s.Is(v, "left") && s.Is(v+1, "for", "to") && !s.Is(v-1, "turn", "go", "keep", "bear", "veer", "head", "hang",
		"swing", "take", "turned", "went", "kept")
}

// afterTopic reports whether "speaking|talking of <word>" stands right
// before i, a topic a chat runs into the clause it opens: "speakin of
// jobs rafaela finally quit pyxa".
func afterTopic(s *sentence, i int) bool {
	return s.Is(i-2, "of") && s.Is(i-3, "speaking", "speakin", "talking", "talkin") && s.Tok(i-1).Word
}

// lowerPossFrom returns 1 when the lower-case word at i is the place in
// "<name>'s from <place>" ("rafaela's from bulawayo isnt she"), where
// the tokenizer kept "'s" on the name; that name, opening the sentence
// and no common word or role, is capitalised too.
func lowerPossFrom(s *sentence, i int) int {
	if !s.Is(i-1, "from") || !s.Tok(i-2).Poss || !lowerPlaceWord(s, i) {
		return 0
	}
	if j := i - 2; j == s.FirstWord() && lowerNameWord(s, j) {
		capitalise(s, j, j+1)
	}
	return 1
}

// lowerHomePlace returns 1 when the lower-case word at i opens the
// sentence before "is home|my home": "tamale is home now".
func lowerHomePlace(s *sentence, i int) int {
	if i != s.FirstWord() || !s.Is(i+1, "is") || !(s.Is(i+2, "home") || s.Seq(i+2, "my", "home")) ||
		!lowerPlaceWord(s, i) || inStates[s.Norm(i)] {
		return 0
	}
	return 1
}

// feelsAbout reports whether the verb at v is a feeling about something
// named next ("nurlan loves it, she says", "temitope misses her"): only
// someone loves, hates or misses a thing or a person.
func feelsAbout(s *sentence, v int) bool {
	return s.Is(v, "loves", "hates", "misses", "adores", "loved", "hated", "missed") &&
		s.Is(v+1, "it", "her", "him", "them", "this", "that", "the", "his", "their", "my", "your", "ur")
}

// talkVerbs, before "to", make the word after it someone one talks to.
var talkVerbs = lang.Words(`talk talks talking talked speak speaks speaking spoke chat chats chatting chatted`)

// talkStops are who one talks to that is no one's name: "talk to
// management", "spoke to reception".
var talkStops = lang.Words(`management reception security support admin police council landlord landlady
	customer service staff someone anyone everyone nobody strangers myself yourself himself herself
	themselves ourselves each death god boss manager doctor teacher tech product sales marketing engineering
	insurance claims billing recruitment`)

// lowerTalkedTo returns 1 when the lower-case word at i is someone the
// speaker talks to, ending the phrase: "do u still talk to nurlan from
// our year?". Roles, services and plurals stay words.
func lowerTalkedTo(s *sentence, i int) int {
	n := s.Norm(i)
	if !s.Is(i-1, "to") || !talkVerbs[s.Norm(i-2)] || !lowerNameWord(s, i) || s.Toks[i].Poss || talkStops[n] ||
		isRoleWord(n) || occupations[n] || len([]rune(n)) < 3 || strings.HasSuffix(n, "s") || inStates[n] {
		return 0
	}
	for _, e := range abstractEndings {
		if strings.HasSuffix(n, e) {
			return 0
		}
	}
	if !clauseEndsAt(s, i+1) && !s.Is(i+1, "from", "about", "at", "on", "yesterday", "today", "tonight", "again", "later") {
		return 0
	}
	return 1
}

// personVerb reports whether the verb at v, after the lower-case word at
// i, is one only a person is the subject of: a person's verb ("says",
// "texted"), "left for", a feeling about something, "set it up", "is
// moving in with". A kin
// word there ("mam says", "nan loves it") is no name.
func personVerb(s *sentence, i, v int) bool {
	if possessedByPeople[s.Norm(i)] {
		return false
	}
	return personVerbsAfter[s.Norm(v)] || leftFor(s, v) || feelsAbout(s, v) || s.Is(v, "set") && s.Is(v+1, "it", "up") ||
		movingIn(s, v)
}

// movingIn reports "is/are moving in with" or "are moving in together" at
// v: only people move in with someone ("mum n gav r moving in together").
func movingIn(s *sentence, v int) bool {
	return s.Is(v, "is", "are", "r", "'s", "'re") && s.Is(v+1, "moving") && s.Is(v+2, "in") && s.Is(v+3, "with", "together")
}
