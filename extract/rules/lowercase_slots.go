package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Lower-case name slots (issue 14, h14-meta): where a chat typed without
// capitals still marks a word as a name by what stands around it, not by
// a list the name must be on. The metamorphic variants of the gold set
// (graphbench/metamorph) showed the rules losing most relations when the
// dev chats are lowercased: the slots below are the general cues those
// losses had in common.

// honorifics make the lower-case word after them a person's name ("aunty
// bisi", "mr bell", "professor haugen").
var honorifics = []string{"aunty", "auntie", "aunt", "uncle", "mr", "mrs", "ms", "dr", "prof", "professor",
	"grandpa", "grandma", "granny", "nana"}

// honorificWords are the honorifics as a set.
var honorificWords = lang.Words(strings.Join(honorifics, " "))

// honorificWordName reports whether the lower-case word at i, after an
// honorific, is a given name that is also a common word ("nana rose",
// "aunt grace", "uncle frank"): a name where the clause ends after it or
// goes on as a subject's does ("nana rose is 90", "uncle frank says hi");
// not "grandma rose early". A modal ("uncle will be there", "aunty may
// come") is a name only where nothing follows it.
func honorificWordName(s *sentence, i int) bool {
	if !plainWord(s, i) || s.Toks[i].Cap || !wordNames[s.Norm(i)] {
		return false
	}
	if i+1 >= len(s.Toks) || !s.Toks[i+1].Word {
		return true
	}
	if s.Is(i, "will", "may") {
		return false
	}
	next := s.Norm(i + 1)
	return s.Toks[i].Poss || s.Is(i+1, "is", "was", "has", "had", "and", "who", "lives", "lived", "works", "worked") ||
		reportVerbs[next] || kinVerbs[next] || nameSlotVerbs[next]
}

// possessors open a possessive before a pet's species ("our cat biscuit").
var possessors = []string{"my", "our", "his", "her", "their", "your", "ur"}

// namingVerbs introduce a name: "it's called foldline", "a dog named
// pip".
var namingVerbs = []string{"called", "named", "calling", "call"}

// subjectPronouns before "called" make it a phone call ("she called
// yesterday"), not a naming.
var subjectPronouns = lang.Words(`i you he she we they it who u`)

// lowerOrgVerbs, right before an organisation (or before "the" and it),
// say the speaker or someone belongs to it, quit it or leads it ("left"
// is not one: "left bristol" leaves a place).
var lowerOrgVerbs = []string{"quit", "quitting", "chairing", "chair", "chairs", "captaining",
	"captains", "founded", "cofounded", "co-founded"}

// lowerOrgBy are the passives before "by" and an organisation: "hired by".
var lowerOrgBy = []string{"hired", "recruited", "employed", "signed", "headhunted", "poached", "sponsored"}

// lowerGroupVerbs, before "for"/"in" (and "the"), say someone plays in a
// band or a team: "plays for them", "plays in the deben strummers".
var lowerGroupVerbs = []string{"play", "plays", "played", "playing", "sing", "sings", "sang", "singing", "drums",
	"guitar", "bass", "keys"}

// lowerMemberRoles, before "of"/"in"/"for", name a place in a group:
// "the drummer of stereo miorita", "on the board of leeds refugee support".
var lowerMemberRoles = []string{"drummer", "guitarist", "bassist", "singer", "vocalist", "keyboardist", "captain",
	"member", "board", "president", "chair", "treasurer", "secretary", "founder", "ceo", "head"}

// lowerSlotAt capitalises the name that starts at the lower-case word i
// of a lower-case sentence when a slot's cue stands before it, and
// returns how many tokens from i it capitalised (0: none).
func (k *known) lowerSlotAt(s *sentence, i int) int {
	switch {
	case s.Is(i-1, honorifics...) && (lowerNameWord(s, i) || honorificWordName(s, i)):
		capitalise(s, i-1, i+1)
		return 1 + lowerSurname(s, i+1)
	case petSlot(s, i) && (lowerNameWord(s, i) || petNameWord(s, i)) && !verbBeforeVerb(s, i), petFirstSlot(s, i):
		capitalise(s, i, i+1) // lowercase_pets.go
		return 1
	case namingSlot(s, i):
		return namedSpan(s, i)
	case thisGuySlot(s, i):
		capitalise(s, i, i+1) // "my mentor is this guy rufus, very calm"
		return 1 + lowerSurname(s, i+1)
	case placeCueBefore(s, i) && lowerPlaceWord(s, i):
		n := 1 + cityTail(s, i+1) // "in quezon city"
		capitalise(s, i, i+n)
		return n
	case placeCueBefore(s, i) && lowerPlacePair(s, i):
		capitalise(s, i, i+2) // "a flat in coton hill", "her flat in selly oak"
		return 2
	}
	// One word is enough right after "quit" or "still at", as after
	// "joined": "quit monzo", "still at cabify".
	if s.Is(i-1, lowerOrgVerbs...) && !s.Is(i, "the") || s.Is(i-1, "at") && s.Is(i-2, "still", "now") && !s.Is(i-3, "not", "never") {
		n := lowerOrgSpan(s, i)
		capitalise(s, i, i+n)
		return n
	}
	if n := lowerCuedWord(s, i); n > 0 { // "i play for hexwell now", "she's still in kisumu" (lowercase_cues.go)
		capitalise(s, i, i+n)
		return n
	}
	c := i - 1
	if s.Is(c, "the") {
		c--
	}
	if s.Is(i-1, "the") && s.Is(i-2, "on", "in", "for") {
		if n := lowerUnitSpan(s, i); n > 0 { // "i'm on the didsbury dragons squad"
			capitalise(s, i, i+n)
			return n
		}
	}
	joined := s.Is(c, "joined", "joining", "joins") && c == i-2 // "joined the greenline trust", not "the climbing club"
	if joined && s.Is(i, lowerMemberRoles...) && s.Is(i+1, "of", "at", "for") {
		return 0 // "joined the board of tejo tech guild": the name comes after "of"
	}
	cue := joined || frameCueBefore(s, c+1) || s.Is(c, "by") && s.Is(c-1, lowerOrgBy...) ||
		s.Is(c, "chairing", "chair", "chairs", "captaining", "captains") ||
		s.Is(c, "for", "in") && s.Is(c-1, lowerGroupVerbs...) ||
		s.Is(c, "of", "in", "for", "at") && s.Is(c-1, lowerMemberRoles...)
	n := lowerOrgSpan(s, i)
	if joined && n > 0 && s.Is(i+n-1, "club", "team", "group", "class", "choir", "gym", "society", "squad", "crew") {
		return 0 // "joined the bowls club": a description more often than a name
	}
	if cue && !joined && n == 0 {
		n = lowerCuedOrgSpan(s, i)
	}
	// Elsewhere one word may be a common noun ("head of department", "the
	// board of directors", "plays in the garden"): the name needs two
	// words, an organisation word at its end ("peckham allotment
	// society") or an earlier mention in the conversation. An organisation
	// word alone is its kind, not a name ("temping at the bakery").
	if !cue || n == 0 || n < 2 && !k.disc.namedBefore(s.Norm(i)) || joined && runsOnLower(s, i+n) {
		return 0
	}
	capitalise(s, i, i+n)
	return n
}

// runsOnLower reports whether the lower-case words of a name read up to j
// go on at j with a word that ends no name: "joined the pt chev dawn
// dippers" reads no "Pt Chev", a name cut short ("joined the monzo app
// team"). A word that ends a clause ("joined the bramley lot last week",
// "… tho", "… and") or punctuation leaves the name whole.
func runsOnLower(s *sentence, j int) bool {
	if j >= len(s.Toks) || !plainWord(s, j) || s.Toks[j].Cap {
		return false
	}
	w := s.Norm(j)
	return !npStops[w] && !functionWords[w] && !slices.Contains(lower3Tails, w) && !isFiller(w) && !chatForm(w)
}

// frameOrgCues are the words right before an organisation's slot in the
// relation frames (data/frames.txt), as "word before|word" pairs ("charge|
// of", "board|of", "drummer|of"). In a lower-case sentence, a name right
// after them (no article between) is an organisation's: the frames' own
// phrasings say where names stand. A cue of one word ("running") is too
// loose ("running errands") and is not kept.
var frameOrgCues = buildFrameOrgCues(append(append([]frame(nil), clauseFrames...), sentenceFrames...))

// frameCueStops are cue pairs too loose for a name typed in lower case
// ("part of the plan").
var frameCueStops = map[string]bool{"part|of": true, "on|at": true, "on|by": true, "over|at": true, "up|for": true,
	"up|with": true, "been|with": true}

func buildFrameOrgCues(fs []frame) map[string]bool {
	cues := map[string]bool{}
	for _, f := range fs {
		for k, t := range f.toks {
			if !orgSlot(t) || k == 0 || f.toks[k-1].words == nil || f.toks[k-1].opt {
				continue
			}
			last := f.toks[k-1].words
			if k >= 2 && f.toks[k-2].words != nil && !f.toks[k-2].opt {
				for w2 := range f.toks[k-2].words {
					for w1 := range last {
						if !frameCueStops[w2+"|"+w1] {
							cues[w2+"|"+w1] = true
						}
					}
				}
			}
		}
	}
	return cues
}

// orgSlot reports whether a frame token is an organisation's slot.
func orgSlot(t frameTok) bool {
	for _, sl := range t.slots {
		switch sl {
		case "ORG", "GROUP", "EMPLOYER", "TEAM":
			return true
		}
	}
	return false
}

// frameCueBefore reports whether a frame's organisation cue ends right
// before i.
func frameCueBefore(s *sentence, i int) bool {
	if i < 1 || !s.Toks[i-1].Word {
		return false
	}
	return i >= 2 && frameOrgCues[s.Norm(i-2)+"|"+s.Norm(i-1)]
}

// lowerNameWord reports whether the lower-case word at i may be a name:
// a word of letters, no common word, place or everyday word.
func lowerNameWord(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap {
		return false
	}
	n := s.Toks[i].Norm
	return len(n) >= 2 && !notLowerName(n) && !englishWords[n] && !inGazetteer(n) && !adverbOfLanguage(n)
}

// lowerSurname returns 1 when the word at i is the surname of the name
// just before it: a possible name followed by the end of the clause or
// by a verb of which the person is the subject ("grace mensah, she",
// "priya raman founded it", "dele okafor, who runs", "dave milburn chairs
// the branch").
func lowerSurname(s *sentence, i int) int {
	if !lowerNameWord(s, i) || firstName(s.Toks[i].Norm) || s.Toks[i-1].Poss || surnameVetoes(s.Toks[i].Norm) {
		return 0
	}
	if _, third := thirdSingular[s.Norm(i+1)]; i+1 < len(s.Toks) && s.Toks[i+1].Word && !s.Is(i+1, "who", "is", "was", "founded", "runs", "leads",
		"works", "lives", "moved", "started", "says", "said", "set") && !nameSlotVerbs[s.Norm(i+1)] && !third {
		return 0
	}
	capitalise(s, i, i+1)
	return 1
}

// thisGuySlot reports whether the word at i is the name of "this guy",
// "this woman": a word that may be a name, no common word, that ends its
// clause or goes on with "who", "from" or a comma ("my team lead is this
// guy joris who says", "this woman ivy okafor runs it"; not "this guy
// lol", "this guy over there").
func thisGuySlot(s *sentence, i int) bool {
	if !s.Is(i-1, "guy", "girl", "woman", "bloke", "lad", "fella", "dude", "lady") || !s.Is(i-2, "this") ||
		!lowerNameWord(s, i) || commonWords[s.Norm(i)] || isFiller(s.Norm(i)) || s.Toks[i].Poss {
		return false
	}
	j := i + 1
	if lowerNameWord(s, j) && !commonWords[s.Norm(j)] && !functionWords[s.Norm(j)] {
		j++ // a surname: "this woman ivy okafor"
	}
	return j >= len(s.Toks) || !s.Toks[j].Word || s.Is(j, "who", "from", "at", "and", "runs", "is", "was", "has")
}

// namingSlot reports whether a name is introduced right before i: "it's
// called X", "a startup called X", "his name is X", "her names X", "we
// call it X", "we call X".
func namingSlot(s *sentence, i int) bool {
	switch {
	case s.Is(i-1, namingVerbs...):
		return !subjectPronouns[s.Norm(i-2)] && !s.Is(i-1, "call") || s.Is(i-2, "we", "they", "i")
	case s.Is(i-1, "it", "him", "her", "them"):
		return s.Is(i-2, namingVerbs...)
	case s.Is(i-1, "is", "'s") || s.Is(i-1, "name") && s.Tok(i-1).Poss: // "her name's dottie"
		return nameIsSlot(s, i)
	case s.Is(i-1, "names"):
		return s.Is(i-2, possessors...)
	}
	return false
}

// namedSpan capitalises the name of a naming slot at i, an article before
// it aside: up to three words, no function word, joined perhaps by "&",
// "and" or a connector ("livros ao sabado", "sugar & sage"); it returns
// the tokens consumed from i.
func namedSpan(s *sentence, i int) int {
	from := i
	if s.Is(from, "the") {
		from++
	}
	j, words := from, 0
	for j < len(s.Toks) && words < 3 {
		switch {
		case lowerNameWord(s, j) || plainWord(s, j) && !s.Toks[j].Cap && !functionWords[s.Norm(j)] && !notLowerOrgName(s.Norm(j)):
			words++
			j++
			continue
		case words > 0 && (s.Is(j, "&", "and") || nameConnectors[s.Norm(j)]) && lowerNameWord(s, j+1):
			j++
			continue
		case words > 0 && businessHeads[s.Norm(j)] && clauseEndsAt(s, j+1): // "its called vantaro books, lovely shop"
			j++
		}
		break
	}
	if words == 0 {
		return 0
	}
	capitalise(s, from, j)
	return j - i
}

// frameSubjectVerbs are the verbs that open the relation frames read of a
// clause's subject, in their past forms ("landed", "signed") and the
// third-person forms that are no plural noun ("captains", not "studies"): in a lower-case sentence, a word
// opening the clause right before one is the name of its subject ("dawit
// landed a job at faxby labs"), as before "works" or "lives".
var frameSubjectVerbs = buildFrameSubjectVerbs(clauseFrames)

func buildFrameSubjectVerbs(fs []frame) map[string]bool {
	out := map[string]bool{}
	for _, f := range fs {
		if f.head != "-" || len(f.toks) == 0 {
			continue
		}
		for w := range f.toks[0].words {
			if (strings.HasSuffix(w, "ed") || frameThirdVerbs[w] && strings.HasSuffix(w, "s")) && !functionWords[w] && !commonWords[w] {
				out[w] = true
			}
		}
	}
	return out
}

// placeCues are the word pairs after which a home, a move or an origin
// names its place: "lives in", "moved to", "grew up in", "is from". In a
// lower-case sentence one word there that no list knows is a place's
// name ("akua lives in tamale"); the gazetteer reads the known ones.
var placeCues = map[string]bool{"lives|in": true, "live|in": true, "living|in": true, "lived|in": true,
	"based|in": true, "moved|to": true, "moving|to": true, "relocated|to": true, "relocating|to": true,
	"born|in": true, "raised|in": true, "up|in": true, "is|from": true, "'s|from": true, "originally|from": true,
	"comes|from": true, "come|from": true, "headquartered|in": true, "settled|in": true, "stuck|in": true,
	"away|from": true}

// abstractEndings end nouns that name no place ("fear", no; "happiness",
// "reality", "retirement": these).
var abstractEndings = []string{"ness", "ity", "ment", "tion", "sion", "ance", "ence", "ism", "ship", "hood", "ful",
	"less", "ous", "ive"}

// livedStates are what one lives in that is no place ("lives in fear").
var livedStates = lang.Words(`fear peace denial luxury poverty debt misery sin harmony squalor comfort style
	limbo chaos silence shame hiding exile retirement spite habit`)

// placeCueBefore reports whether a place cue pair ends right before i, or
// "in" follows a home's verb a few words back in the same clause ("lives
// on my street in tamale", "living with her mum in kisumu").
func placeCueBefore(s *sentence, i int) bool {
	if i >= 2 && s.Toks[i-1].Word && placeCues[s.Norm(i-2)+"|"+s.Norm(i-1)] {
		return true
	}
	if s.Seq(i-3, "based", "out", "of") {
		return true // "they're based out of tamale"
	}
	if s.Is(i-1, "to") && s.Is(i-2, "retired") {
		return true // "he's retired to anglesey" (retired25.go); "retired from" leaves a job
	}
	if s.Is(i-1, "to", "from") {
		// "moved here from bulawayo", "moved back to cuenca", "moving over from shymkent"
		for j := i - 2; j >= 0 && j >= i-4; j-- {
			if !s.Toks[j].Word {
				return false
			}
			if moveVerbs[s.Norm(j)] {
				return j == i-2 || s.Is(j+1, "here", "back", "over", "out", "away", "down", "up", "there", "home")
			}
		}
		return false
	}
	if !s.Is(i-1, "in") {
		return false
	}
	if orgCues[s.Norm(i-2)] || s.Is(i-2, "firm", "startup", "plant", "factory", "shop", "office", "place") {
		return true // "a housing charity in bulawayo", "the ford plant in dagenham"
	}
	if roomNouns[s.Norm(i-2)] && (s.Is(i-3, "a", "my", "our", "their", "his", "her", "own", "new", "spare") || homeQualifiers[s.Norm(i-3)] || i-2 == s.FirstWord()) &&
		!homeStates[s.Norm(i)] && !letterThrice(s.Norm(i)) && !isFiller(s.Norm(i)) {
		return true // "a flat in clifton", "my spare room in hillsborough" (h14-lower28), "a council flat in pennywell"
	}
	if kinHomeAt(s, i-2) && s.Is(i-3, "my", "our", "his", "her", "their") {
		return true // "leaving my mams in southwick", "my nan's in pennywell"
	}
	if j := i - 2; j >= 1 && s.Toks[j].Cap {
		for j >= 1 && s.Toks[j].Cap && !s.Toks[j].Poss {
			j--
		}
		if s.Is(j, "at", "for") && j < i-2 {
			return true // "a physio at pyxa in cuenca", the employer read just before
		}
	}
	for j := i - 2; j >= 0 && j >= i-6; j-- {
		if !s.Toks[j].Word || s.Is(j, "and", "but", "so", "who", "that") && j < i-2 {
			return false
		}
		if homeVerbs[s.Norm(j)] || moveVerbs[s.Norm(j)] && s.Is(j+1, "in") && j+1 < i-1 {
			return true // "living with her mum in kisumu", "moving in with nurlan in bulawayo"
		}
	}
	return false
}

// roomNouns, before "in" and a word, make it the place of someone's home:
// "a flat in clifton", "my spare room in hillsborough" (patterns_my_ties.go's
// homeNouns hold "place" and "home", which "in" follows as often in
// idioms: "a place in history").
var roomNouns = lang.Words(`flat house room apartment bedsit houseshare flatshare`)

// homeStates are what a home is "in" that names no place: "my house in
// order", "a room in chaos", "a flat in town".
var homeStates = lang.Words(`order disrepair chaos question mind bits pieces darkness shambles progress town
	city centre center village country countryside suburbia uni college halls total`)

// homeWith reports whether "with" at k follows a home's verb ("lives
// with", "living with") or a move in ("moving in with"): the name after it
// is someone one lives with.
func homeWith(s *sentence, k int) bool {
	if s.Norm(k) != "with" {
		return false
	}
	return homeVerbs[s.Norm(k-1)] && !s.Is(k-1, "based", "settled") || s.Norm(k-1) == "in" && moveVerbs[s.Norm(k-2)]
}

// homeVerbs, a few words before "in", make the word after it a place
// where someone lives or is based.
var homeVerbs = lang.Words(`lives live living lived based settled`)

// moveVerbs, before "to" or "from" and perhaps an adverb ("moved back
// to"), make the word after them a place someone moves to or from.
var moveVerbs = lang.Words(`moved moving move moves relocated relocating emigrated`)

// lowerPlaceWord reports whether the lower-case word at i may name a
// place: a possible name of four letters or more, no abstract noun, and
// the end of the phrase or of the name ("in tamale now", "to kisumu in
// march", "from ibadan.").
func lowerPlaceWord(s *sentence, i int) bool {
	if !lowerNameWord(s, i) || len([]rune(s.Norm(i))) < 4 || s.Toks[i].Poss || strings.HasSuffix(s.Norm(i), "s") ||
		livedStates[s.Norm(i)] {
		return false // a plural ("moved to tears") names no place; "lagos", "paris" are in the gazetteer
	}
	for _, e := range abstractEndings {
		if strings.HasSuffix(s.Norm(i), e) {
			return false
		}
	}
	return i+1 >= len(s.Toks) || !s.Toks[i+1].Word || functionWords[s.Norm(i+1)] || commonWords[s.Norm(i+1)] ||
		adverbs[s.Norm(i+1)] || timeWord(s.Norm(i+1)) || fillers[s.Norm(i+1)]
}

// placeTails end a district's or a suburb's two-word name after a word
// of its own: "coton hill", "selly oak", "mile end", "thunder bay".
var placeTails = lang.Words(`hill hills oak oaks park end green heath bridge cross vale wood woods field fields gate
	moor marsh common village quay bay brook ford`)

// lowerPlacePair reports whether the lower-case words at i and i+1 name a
// place in a place's slot: a word lowerPlaceWord would read alone but for
// the word after it, and a place's tail word (placeTails) that ends the
// phrase ("got the keys to a flat in coton hill yesterday", "staying in
// her flat in selly oak", "i grew up in thunder bay"; not "a flat in town
// centre" nor "a room in chaos park": the first word must be no common
// word; nor "moving to derby end of jan").
func lowerPlacePair(s *sentence, i int) bool {
	j := i + 1
	if j >= len(s.Toks) || !plainWord(s, j) || s.Toks[j].Cap || s.Toks[i].Poss || !placeTails[s.Norm(j)] ||
		!lowerNameWord(s, i) || commonWords[s.Norm(i)] || englishWords[s.Norm(i)] || len([]rune(s.Norm(i))) < 4 ||
		livedStates[s.Norm(i)] || homeStates[s.Norm(i)] {
		return false
	}
	k := j + 1
	if s.Is(k, "of") {
		return false // "moving to derby end of jan"
	}
	return k >= len(s.Toks) || !s.Toks[k].Word || functionWords[s.Norm(k)] || adverbs[s.Norm(k)] || timeWord(s.Norm(k)) ||
		fillers[s.Norm(k)] || s.Is(k, "yesterday", "today", "tomorrow", "tonight")
}

// timeWord reports whether w is a month, a weekday or "now"-like word
// ("to kisumu last march", "in tamale now").
func timeWord(w string) bool {
	_, month := lang.Months[w]
	_, day := lang.Weekdays[w]
	return month || day || w == "now" || w == "last" || w == "next" || w == "since" || w == "forever"
}

// lowerCuedOrgSpan returns the length of a lower-case name of everyday
// words that ends in an organisation word, read only after a frame's cue:
// "plays drums in night bus choir", "on the board of the food bank
// collective". It needs two words: "the choir" alone is no name.
func lowerCuedOrgSpan(s *sentence, i int) int {
	for j := i; j < len(s.Toks) && j-i <= maxLowerOrgWords; j++ {
		if !plainWord(s, j) || s.Toks[j].Cap || functionWords[s.Norm(j)] || pronounish[s.Norm(j)] ||
			s.Is(j, "local", "school", "church", "work", "uni", "new", "old", "little", "same") {
			return 0
		}
		if j > i && orgCues[s.Norm(j)] {
			return j - i + 1
		}
		if s.Toks[j].Poss {
			return 0
		}
	}
	return 0
}

// lowerUnitSpan returns the length of a lower-case team's name followed by
// the kind of unit it is ("didsbury dragons squad", "bridges team"): words
// of their own, no common word, up to the bound.
func lowerUnitSpan(s *sentence, i int) int {
	for j := i; j < len(s.Toks) && j-i < maxLowerOrgWords; j++ {
		if j > i && s.Is(j, "squad", "team", "crew", "committee", "board", "club") {
			return j - i
		}
		if !plainWord(s, j) || s.Toks[j].Cap || s.Toks[j].Poss || !orgWord(s, j) && !inGazetteer(s.Norm(j)) {
			return 0
		}
	}
	return 0
}

// lowerRoleNameAt reports whether the lower-case word at i, no word of
// the lists, names a person by its place around a relationship word:
// the owner of a tie or a pet ("aigerim's bro yaw", "thanh's wife
// chiamaka", "aigerim's cat pumba"), or what a possessed role is ("our
// coach is thanh", "my boss there is yerlan", "my editor there, thanh").
func (k *known) lowerRoleNameAt(s *sentence, i int) bool {
	if !lowerNameWord(s, i) && !wordNames[s.Norm(i)] || s.Is(i-1, "the", "a", "an", "this", "that") {
		return false
	}
	if s.Toks[i].Poss {
		next := s.Norm(i + 1)
		return (isRoleWord(next) || petSpecies[next]) && !s.Is(i+1, "friends", "mates", "kids", "children") ||
			s.Is(i+1, "from") && clauseOpening(s, i) // "rafaela's from bulawayo"
	}
	switch {
	case isRoleWord(s.Norm(i-1)) && roleAdjectives[s.Norm(i-2)] && (s.Is(i-3, possessors...) || s.Tok(i-3).Poss):
		return !kinSlotVerbOrNoun(s, i) // "her old classmate nurlan", not "my new flatmate pays rent"
	case s.Is(i+1, "and", "&") && s.Is(i+2, "i") || s.Is(i-1, "and", "&") && s.Is(i-2, "me"):
		return true // "aigerim and i adopted", "me and aigerim"
	case s.Is(i+1, "still") && s.Is(i+2, "at", "in", "with") && clauseOpening(s, i):
		return true // "nurlan still at quorra hospital?"
	}
	if !s.Is(i-1, "is", "was", ",") {
		return false
	}
	r := i - 2
	if s.Is(r, "there", "now", "here") {
		r--
	}
	return r >= 1 && isRoleWord(s.Norm(r)) && s.Is(r-1, possessors...) && !roleStates[s.Norm(i)]
}

// roleStates are what a boss or a coach is that no list calls a common
// word ("my boss is away"). A set, not a list: frames_extra.go adds a hundred.
var roleStates = lang.Words(`away off out back home here there gone ok okay fine`)

// clauseOpening reports whether the word at i opens its clause: the
// sentence's first word, or after a clause opener, a chat filler or a
// comma.
func clauseOpening(s *sentence, i int) bool {
	prev := s.Norm(i - 1)
	return i == s.FirstWord() || clauseOpeners[prev] || isFiller(prev) || prev == ","
}
