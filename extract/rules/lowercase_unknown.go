package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Lower-case organisations and places no list knows, bounded by an
// English word list (issue 14, h14-lower3). In a chat typed without
// capitals, "3 yrs at tallyo and this is", "got hired by coinwell" or
// "i live in eccles" hold a name the rules cannot bound: the slot is
// clear, where the name ends is not. A word outside the tokenizer's
// vocabulary (lowercase_vocab.go) is very likely a name; a word inside it
// says nothing either way (the vocabulary holds many names), so a span
// starts on an unknown word, extends over unknown words and over the
// nouns that end organisations' names ("erste bank", "hollybank vets"),
// and stops at the first listed word that is neither. Only the slot's
// cue (a job's or a membership's words, a home's) lets the span be read;
// the patterns then read the capitalised name as they read typed ones.
//
// Chat spellings and typos are kept apart from names by the rules'
// chat-spelling tables (chatSpellings, gDropped, fillers), a short list of
// slang below, a vowel and a length of four letters, and a typo test: a
// word one edit from an everyday slot word ("wrk", "hme", "offce",
// "skool") is that word misspelled, not a name.

// lower3At capitalises an organisation's or a place's name at the
// lower-case word i (an article before it aside) when a job's, a
// membership's or a home's cue stands before it, and returns how many
// tokens from i it consumed (0: none).
func (k *known) lower3At(s *sentence, i int) int {
	from := i
	if s.Is(i, "the") {
		from = i + 1
	}
	if from >= len(s.Toks) || s.Toks[from].Cap {
		return 0
	}
	n := 0
	if from == i && unknownWord(s, i) && placeWordEnds(s, i+1) && lower3PlaceSlot(s, i) { // cheap tests first
		n = 1
	} else if from == i && lower3JobNamed(s, i) > 0 {
		n = lower3JobNamed(s, i) // "i took the brightwater job"
	} else if lower3OrgSlot(s, i, from) {
		n = lower3OrgSpan(s, from)
		if n == 0 && from > i {
			n = lower3ApposedSpan(s, from) // "starting at the lantern tap on monday, the bar on stokes croft"
		}
		if n == 1 && lower3NounTail(s, from+1) {
			n = 2 // "after my shift at lumen reach": the name's second word is listed
		}
	}
	if n == 0 {
		return 0
	}
	capitalise(s, from, from+n)
	return from - i + n
}

// lower3NounTail reports whether the lower-case word at j, right after a
// one-word name no list knows and no article, is a listed noun that ends
// the sentence (a mark or a laugh may follow) and so ends the name too
// ("my shift at lumen reach"): no function word, adverb, time word, laugh,
// particle or clause tail ("at tallyo today", "at quillfin lol", "at
// brindle mostly"), no branch's or team's noun after a place ("the ripon
// shop"), and never a noun after "the" or before more words ("at the
// bramblecode plant in arequipa": a description).
func lower3NounTail(s *sentence, j int) bool {
	if j >= len(s.Toks) || !plainWord(s, j) || s.Toks[j].Cap || s.Toks[j].Poss || s.Is(j-2, "the", "a", "an") {
		return false // "at the bramblecode plant in arequipa": a description
	}
	if k := j + 1; k < len(s.Toks) && s.Toks[k].Word && !isFiller(s.Norm(k)) && !particleAt(s, k) {
		return false // only the sentence's end, a mark or a laugh ends the name
	}
	w := s.Norm(j)
	if inGazetteer(s.Norm(j-1)) || runHeads[w] || teamHeads[w] {
		return false // "starts at the ripon shop on monday": a place's branch
	}
	if !(englishWords[w] || inVocab(w)) || functionWords[w] || adverbs[w] || commonWords[w] || timeWord(w) ||
		isFiller(w) || particleAt(s, j) || chatSlang[w] || s.Is(j, lower3Tails...) || s.Is(j, jobEndingTails...) {
		return false
	}
	return !strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "ed")
}

// lower3TookVerbs, before "the" and a name, take a job the name
// qualifies: "i took the brightwater job", "she got the quessel role".
var lower3TookVerbs = []string{"took", "take", "taken", "taking", "accepted", "accept", "accepting", "got", "start",
	"starting", "started"}

// lower3JobNamed returns the length of an employer's name typed in lower
// case between "the" and a job's noun after a verb that takes the job
// ("i took the brightwater job", "got the quessel internship"): words
// outside the word list (0: none). "took the night job", "got the bar
// job" hold listed words.
func lower3JobNamed(s *sentence, i int) int {
	if !s.Is(i-1, "the") || !s.Is(i-2, lower3TookVerbs...) || !unknownWord(s, i) {
		return 0
	}
	n := 1
	if unknownWord(s, i+1) {
		n++
	}
	if !s.Is(i+n, "job", "offer", "role", "contract", "internship", "position", "post", "apprenticeship", "placement") {
		return 0
	}
	return n
}

// unknownWord reports whether the lower-case word at i is outside the word
// list and no chat spelling, slang, typo of an everyday word, filler,
// common word, place of the gazetteer or given name: a name's word.
func unknownWord(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap {
		return false
	}
	return unknownNorm(s.Toks[i].Norm)
}

// unknownNorm reports whether the normalised word w is out of every word
// list (see unknownWord), whatever case a reader gave it since.
func unknownNorm(w string) bool {
	if len(w) < 4 || inVocab(w) || englishWords[w] || notLowerOrgName(w) || wordNames[w] || firstName(w) ||
		inGazetteer(w) || isFiller(w) || chatForm(w) || !strings.ContainsAny(w, "aeiou") {
		return false
	}
	if _, ok := chatSpellings[w]; ok {
		return false
	}
	if letterThrice(w) {
		return false // "sooo", "yesss", "ughhh"
	}
	if strings.HasSuffix(w, "s") && (inVocab(w[:len(w)-1]) || strings.HasSuffix(w, "es") && inVocab(w[:len(w)-2])) {
		return false // the plural of a listed word ("peanuts"; "vets" too, which organisation nouns read)
	}
	return !(strings.HasSuffix(w, "in") && gDropped[w+"g"]) && !strings.HasSuffix(w, "ly") // "workin", "basicly"
}

// letterThrice reports whether w holds a letter three times in a row, as
// chat stretches words ("sooo", "yesss", "ughhh") and names never do.
func letterThrice(w string) bool {
	for j := 2; j < len(w); j++ {
		if w[j] == w[j-1] && w[j] == w[j-2] {
			return true
		}
	}
	return false
}

// chatForm reports whether the lower-case word w is a chat form of a word,
// not a name: slang and short forms ("sesh", "yrs") or a typo of an
// everyday slot word ("offce"). A word without a vowel is one only where
// it opens a span (unknownWord): "tfl", "st" are names' words.
func chatForm(w string) bool { return chatSlang[w] || dailyTypo(w) }

// chatSlang are chat words for places of daily life, meals and outings the
// word list does not hold ("at the sesh", "off to maccies").
var chatSlang = lang.Words(`sesh footie brekkie brekky hols maccies mcds bevvies bevs chippy offie vacay nite
	tonite convo preggers uni's wrk hme skool skl schl mrng arvo avo sarnie butty yrs hrs mins wks mths`)

// dailySlotWords are the everyday words chats type where a job's or a
// home's name could stand ("at work", "at home", "off to school"): a word
// one edit from one of them is that word misspelled ("wrk", "hoome",
// "offce", "skool"), not a name.
var dailySlotWords = lang.Words(`home work school office college class church gym pub bar club shop store party
	lunch dinner breakfast brunch bed uni hospital clinic station airport library market mall beach park cinema
	theatre practice training rehearsal meeting meetings job shift weekend tonight tomorrow today morning evening
	night nursery daycare mums dads church mosque temple doctors dentist`)

// dailyTypos maps every everyday slot word of three letters or more, and
// every deletion of one letter from one, to true: a word that is one, or
// shares a one-letter deletion with one, is one edit away from it.
var dailyTypos = buildDailyTypos()

func buildDailyTypos() map[string]bool {
	m := map[string]bool{}
	for w := range dailySlotWords {
		if len(w) < 3 {
			continue
		}
		m[w] = true
		for j := range len(w) {
			m[w[:j]+w[j+1:]] = true
		}
	}
	return m
}

// dailyTypo reports whether w is one edit (a letter added, dropped,
// changed or two swapped) from an everyday slot word.
func dailyTypo(w string) bool {
	if dailyTypos[w] {
		return true // a letter dropped: "offce", "wrk"
	}
	var buf [64]byte
	if len(w) > len(buf) {
		return false
	}
	for j := range len(w) {
		d := append(append(buf[:0], w[:j]...), w[j+1:]...)
		if len(d) >= 3 && dailyTypos[string(d)] { // no allocation: the compiler reads the map with the bytes
			return true // a letter added, changed or swapped: "hoome", "wark", "wokr"
		}
	}
	return false
}

// orgHeads3 are nouns that end an organisation's name beside orgCues
// ("riverside physio", "hartwell heating"): read only after an unknown
// word or a listed one the slot already opened.
var orgHeads3 = lang.Words(`physio physiotherapy opticians dentists solicitors accountants architects
	associates estates lettings removals plumbing heating electrical roofing joinery builders distillery`)

// lower3OrgHead reports whether w ends an organisation's name.
func lower3OrgHead(w string) bool { return orgCues[w] || orgHeads3[w] }

// lower3OrgSpan returns the length of an organisation's name typed in
// lower case at i: a first word outside the word list (or a well-known
// organisation's, "deloitte"), then unknown words, organisation nouns, or
// "&"/"and" and a word ("brindle & moss"), up to four words; it ends at
// the first listed word that is none of these.
func lower3OrgSpan(s *sentence, i int) int {
	if o, ok := lookupOrg(s.Norm(i), s.Toks[i].Poss); ok && !o.word && o.kind == orgEmployer && plainWord(s, i) && !lower3OrgHead(s.Norm(i+1)) {
		return 1 // "i left deloitte"
	}
	if !unknownWord(s, i) {
		return 0
	}
	j := i + 1
	for j < len(s.Toks) && j-i < 4 && !s.Toks[j-1].Poss {
		switch {
		case s.Is(j, "&", "and") && plainWord(s, j+1) && !functionWords[s.Norm(j+1)] && !s.Toks[j+1].Cap &&
			(s.Is(j, "&") || lower3OrgHead(s.Norm(j+1)) || unknownWord(s, j+1)) && (j+2 >= len(s.Toks) || !s.Toks[j+2].Word || s.Is(j+2, lower3Tails...)):
			j += 2 // "brindle & moss", "hartley and sons"
			continue
		case plainWord(s, j) && !s.Toks[j].Cap && (unknownWord(s, j) || lower3OrgHead(s.Norm(j))):
			j++
			continue
		}
		break
	}
	for k := j; k < len(s.Toks) && k < j+2 && plainWord(s, k) && !s.Toks[k].Cap; k++ {
		if lower3OrgHead(s.Norm(k)) {
			return 0 // "the lindy hop society": the name goes on over a listed word, unbounded
		}
	}
	return j - i
}

// lower3Tails may follow an organisation's name in a clause: the words
// after "3 yrs at tallyo", "got hired by coinwell", "he's at drayfield".
var lower3Tails = []string{"today", "yesterday", "now", "tho", "though", "and", "but", "so", "in", "on", "for",
	"since", "last", "this", "next", "as", "doing", "after", "before", "lol", "haha", "too", "anymore", "btw",
	"again", "then", "from", "with", "where", "which", "who", "because", "cos", "until", "til", "till", "at"}

// lower3JobWords, a few words before "at" or "for" in the same clause, make
// the name after it an employer ("handed my notice in at", "3 yrs at",
// "i start at the").
var lower3JobWords = lang.Words(strings.Join(orgVerbCues, " ") + ` notice yrs years months role position
	post offer accepted temping temp freelance freelancing contracting promoted transferred transferring
	shadowing ward dept`)

// lower3BeVerbs say where someone is: "he's at drayfield doing dbt stuff".
var lower3BeVerbs = []string{"'s", "is", "'m", "am", "'re", "are", "was", "were"}

// lower3OrgSlot reports whether an organisation's slot opens at i, whose
// name starts at from (after "the" when from > i).
func lower3OrgSlot(s *sentence, i, from int) bool {
	p := i - 1
	switch {
	case s.Is(p, "for") && s.Is(p-1, "left") && from == i:
		o, ok := lookupOrg(s.Norm(i), false) // "since kai left for monzo": a well-known employer, not a town
		return ok && !o.word && o.kind == orgEmployer
	case s.Is(p, "at", "for"):
		for j := p - 1; j >= 0 && j >= p-4; j-- {
			if !s.Toks[j].Word || s.Is(j, "and", "but", "so", "because", "cos") {
				break
			}
			if lower3JobWords[s.Norm(j)] || occupations[s.Norm(j)] || onShift(s, j) {
				return !s.Is(j, "free", "fun") // "i work for free"
			}
		}
		return s.Is(p, "at") && s.Is(p-1, lower3BeVerbs...) && personalSubject(s, p-2) &&
			s.Is(from+1, "doing", "as", "working", "since", "now", "for", "in")
	case s.Is(p, "by"):
		return s.Is(p-1, lowerOrgBy...)
	case s.Is(p, "to"):
		if s.Is(p-1, "going", "moving", "switching", "heading", "off") && from == i {
			// "im going to hartwell rail in august": a name that ends in
			// an organisation's noun (a town would not)
			n := lower3OrgSpan(s, i)
			if n >= 2 && lower3OrgHead(s.Norm(i+n-1)) {
				return true
			}
		}
		return s.Is(p-1, "off") && s.Is(p-2, lower3BeVerbs...) && from == i && clauseEndsAfterName(s, from)
	case s.Is(p, "joined", "joining", "joins", "quit", "quitting", "quits"):
		return true
	case s.Is(p, "left", "leaving", "leave") && from == i:
		// "i left deloitte"; a word no list knows only beside a job's
		// word ("left quillfin, new job monday"): a team or a town is
		// left as often
		o, known := lookupOrg(s.Norm(i), false)
		if s.Is(p, "leaving") && s.Is(p-1, "after", "since", "before") {
			// "he started it after leaving siemens": a well-known
			// employer, not a shop one leaves ("after leaving tesco")
			return known && !o.word && o.kind == orgEmployer && !inGazetteer(s.Norm(i)) && clauseEndsAfterName(s, i)
		}
		return personalSubject(s, p-1) && !s.Is(i+1, "for", "to") && !inGazetteer(s.Norm(i)) && clauseEndsAfterName(s, i) &&
			(known || jobWordIn(s))
	case s.Is(p, "from") && s.Is(p-1, "coming", "comes", "joining", "joins") && from == i:
		// "oskar joins us on the 23rd, he's coming from brightwake": a
		// new starter's last employer; a town is as often come from, so
		// only beside a starter's word and never a gazetteer place
		return !inGazetteer(s.Norm(i)) && starterIn(s) && clauseEndsAfterName(s, i)
	case s.Is(p, "with", "w"):
		return s.Is(p-1, "job", "contract", "internship", "placement", "role", "offer", "position", "interview")
	case s.Is(p, "runs", "run", "owns", "own", "manages", "opened", "founded") && from == i:
		// "she runs hollybank vets": a name of two words or more that
		// ends in an organisation's noun ("runs marathons" does not)
		n := lower3OrgSpan(s, i)
		return n >= 2 && lower3OrgHead(s.Norm(i+n-1))
	}
	return false
}

// onShift reports whether the word at j is a shift one works, after "on",
// "doing" or "working" ("i'm on lates at spokesmith", "doing nights at
// corvane"): a job's words, as "shifts" is. A shift word alone may be a
// stay ("two nights at hallowmere").
func onShift(s *sentence, j int) bool {
	return shiftWords[s.Norm(j)] && s.Is(j-1, "on", "doing", "working", "do", "does")
}

// jobWordIn reports whether a job's word stands anywhere in the sentence.
func jobWordIn(s *sentence) bool {
	for j := range s.Toks {
		if lower3JobWords[s.Toks[j].Norm] {
			return true
		}
	}
	return false
}

// starterIn reports whether a starter's word (works_started.go's starterWords:
// "joins", "starter", "hired") stands in the sentence.
func starterIn(s *sentence) bool {
	for j := range s.Toks {
		if s.Is(j, starterWords...) {
			return true
		}
	}
	return false
}

// clauseEndsAfterName reports whether the one-word name at i ends its
// clause: the end, punctuation or a word that follows a clause.
func clauseEndsAfterName(s *sentence, i int) bool {
	return i+1 >= len(s.Toks) || !s.Toks[i+1].Word || s.Is(i+1, jobEndingTails...) || s.Is(i+1, lower3Tails...) ||
		isFiller(s.Norm(i+1)) // "im off to quillfin hahaha"
}

// personalSubject reports whether the token at i is a person: a personal
// pronoun or a capitalised (or recased) name.
func personalSubject(s *sentence, i int) bool {
	return s.Is(i, "i", "he", "she", "they", "we", "you", "u") || i >= 0 && i < len(s.Toks) && s.Toks[i].Cap
}

// lower3PlaceSlot reports whether a place's name may stand at i: after a
// home's cue ("i live in", "based in", "moved to", the cues of
// placeCueBefore), or after "they're in", which says where a firm or a
// household is ("they're in bydgoszcz tho"). "in" after another subject's
// "be" is no cue: "we're in tamale now" may name a bar. A word made of two
// listed words of four letters or more is an English compound there, a
// state more often than a town ("they're in lockdown").
func lower3PlaceSlot(s *sentence, i int) bool {
	if placeCueBefore(s, i) {
		return true
	}
	return s.Is(i-1, "in") && (s.Is(i-2, "'re", "are") && s.Is(i-3, "they") || s.Is(i-2, "theyre")) &&
		!listedCompound(s.Norm(i))
}

// listedCompound reports whether w is two listed words of four letters or
// more written as one ("lockdown", "homeschool").
func listedCompound(w string) bool {
	for j := 4; j <= len(w)-4; j++ {
		if inVocab(w[:j]) && inVocab(w[j:]) {
			return true
		}
	}
	return false
}

// placeWordEnds reports whether a one-word place's name may end before j:
// the end, punctuation, a function word, a time or an adverb ("in eccles
// so", "to cuenca. but", "in beeston now").
func placeWordEnds(s *sentence, j int) bool {
	return j >= len(s.Toks) || !s.Toks[j].Word || functionWords[s.Norm(j)] || commonWords[s.Norm(j)] ||
		adverbs[s.Norm(j)] || timeWord(s.Norm(j)) || isFiller(s.Norm(j))
}

// lower3Venues are what an apposition calls a workplace named with listed
// words: "the lantern tap, the bar on stokes croft".
var lower3Venues = lang.Words(`bar pub cafe café restaurant place shop bakery brewery hotel gym firm company agency
	startup studio salon clinic practice nursery garage bistro diner kitchen club charity`)

// lower3ApposedSpan returns the length of a name of one to three listed
// words after "the" in a job's slot when an apposition after it says what
// it is ("the lantern tap on monday, the bar on stokes croft", "the raven,
// a pub in town"): the comma bounds the name the word list cannot. A time
// may stand between the name and the comma.
func lower3ApposedSpan(s *sentence, i int) int {
	n := 0
	for n < 3 && i+n < len(s.Toks) && plainWord(s, i+n) && !s.Toks[i+n].Cap && !functionWords[s.Norm(i+n)] &&
		!timeWord(s.Norm(i+n)) && !s.Is(i+n, "instead", "too", "tomorrow", "today", "tonight") {
		n++
	}
	if n == 0 || s.Toks[i+n-1].Poss && n == 1 {
		return 0
	}
	j := i + n
	switch {
	case s.Is(j, "on", "in", "from", "next") && (timeWord(s.Norm(j+1)) || s.Is(j+1, "week", "month")):
		j += 2
	case s.Is(j, "tomorrow", "today", "tonight", "instead"):
		j++
	}
	if !s.Is(j, ",") || !s.Is(j+1, "the", "a", "an", "that") {
		return 0
	}
	for k := j + 2; k < len(s.Toks) && k <= j+3; k++ {
		if lower3Venues[s.Norm(k)] {
			return n
		}
	}
	return 0
}
