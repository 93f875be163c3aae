package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// calendarNames are the weekdays and the months, in full and abbreviated,
// as readings that tell a time from a name list them.
const calendarNames = `monday tuesday wednesday thursday friday saturday sunday
	january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec`

// theOneTimes are words that make "the one on Friday" a time, not a place.
var theOneTimes = lang.Words(calendarNames + ` mon tue tues wed thu thurs fri sat sun
	tv telly telly the a an my your ur his her their our this that film show video pic photo`)

// theOneAsked reads the previous turn's question "is the Heron the one on
// Carlton Road?" / "isn't willowbank the one in headington" / "avonmere's
// the one out in southmead right?" / "Is Brindley Engineering the big
// factory in Tyseley?" / "greenlane the one on ashby road?" / "fennick
// as in the pharma lot in beeston?": the name asked about and the place it is asked to
// be on or in, or false. A name
// typed a person or a first name, a pronoun, a choice ("… or the one in
// Leeds?"), or a place phrase with a time, an article or a pronoun in it
// is none.
func (c *turnCtx) theOneAsked(prev *prevTurn) (name, place string, ok bool) {
	s, f := c.lonePrevSentence(prev)
	if s == nil {
		return "", "", false
	}
	from := f // "avonmere's the one out in southmead right?": the name opens the question
	if s.Is(f, "is", "isn't", "isnt", "is n't") {
		from = f + 1
		if s.Is(from, "n't", "not") {
			from++
		}
	}
	if s.Is(from, "the") {
		from++
	}
	one, prep := -1, -1
	for j := from; j < len(s.Toks) && j < from+4; j++ {
		if s.Is(j, "the") {
			one, prep = j, theOnePrep(s, j+1)
			break
		}
	}
	if one <= from || prep < 0 || strings.Contains(strings.ToLower(prev.last), " or ") {
		return "", "", false
	}
	last := one - 1 // the name's last token
	if from == f {
		// the name opens the question: "avonmere's the one", "Brindley is the factory"
		switch {
		case s.Tok(last).Poss:
		case s.Is(last, "is", "are", "'s", "’s") && last > from:
			last--
		case s.Is(last, "in") && s.Is(last-1, "as") && last-1 > from:
			last -= 2 // "fennick as in the pharma lot in beeston?"
		case s.Is(last, "like") && last > from:
			last-- // "pinecrest like the one in evanston?"
		case s.Toks[last].Word && (last > from || !commonWords[s.Norm(last)] && !englishWords[s.Norm(last)]):
			// "greenlane the one on ashby road?": the "is" left out
		default:
			return "", "", false
		}
	}
	for j := from; j <= last; j++ {
		if !s.Toks[j].Word || pronounish[s.Norm(j)] || functionWords[s.Norm(j)] && !(j == last && s.Tok(j).Poss) {
			return "", "", false
		}
	}
	name = strings.TrimSuffix(strings.TrimSuffix(prev.last[s.Toks[from].Start:s.Toks[last].End], "'s"), "’s")
	n := ontology.NormaliseName(name)
	if last == from && firstName(n) || c.disc.typedPerson(name) || c.disc.isSpeaker(name) {
		return "", "", false
	}
	place, ok = theOnePlace(s, prev.last, prep)
	if !ok {
		return "", "", false
	}
	return name, place, true
}

// theOnePlace returns the place phrase after the "in" or "on" at prep
// that ends the question s of text ("… on Carlton Road right?"): one to
// three words, none a time, a function word or a pronoun, that may name
// a place ("southmead" alone may name one, "town" none).
func theOnePlace(s *sentence, text string, prep int) (string, bool) {
	end := len(s.Toks)
	for end > 0 && (!s.Toks[end-1].Word || theOneTags[s.Norm(end-1)]) {
		end-- // "… right?", "… yeah?"
	}
	return placeBetween(s, text, prep, end)
}

// placeBetween returns the place phrase from after the preposition at
// prep to before end: one to three words, none a time, a function word or
// a pronoun, that may name a place.
func placeBetween(s *sentence, text string, prep, end int) (string, bool) {
	if end <= prep+1 || end > prep+4 {
		return "", false
	}
	for j := prep + 1; j < end; j++ {
		if !s.Toks[j].Word || theOneTimes[s.Norm(j)] || functionWords[s.Norm(j)] || pronounish[s.Norm(j)] {
			return "", false
		}
	}
	place := text[s.Toks[prep+1].Start:s.Toks[end-1].End]
	low := strings.ToLower(place)
	if !placeLikePhrase(place) && (end != prep+2 || commonWords[low] || englishWords[low] || inVocab(low) || notLowerName(low)) {
		return "", false
	}
	return place, true
}

// theOneTags end a question that asks for a yes ("… right?", "… yeah?",
// Nigerian English's "… abi?").
var theOneTags = lang.Words(`right yeah yea innit no abi`)

// theOneKinds are what a question may call the organisation it places,
// besides "the one": "is Brindley the big factory in Tyseley?".
var theOneKinds = lang.Words(`factory shop pub cafe café bakery restaurant garage hospital clinic surgery practice
	school college gym salon office warehouse depot hotel bar venue lot firm`)

// superlative reports whether w ranks ("best", "biggest", "oldest").
func superlative(w string) bool {
	return w == "best" || w == "worst" || w == "only" || len(w) > 4 && strings.HasSuffix(w, "est") && !commonWords[w]
}

// theOnePrep returns the index of the "in" or "on" that places "the one"
// or "the <kind>" whose first word is at k ("one on", "one out in", "big
// factory in"), else -1.
func theOnePrep(s *sentence, k int) int {
	switch {
	case s.Is(k, "one", "ones"):
	case theOneKinds[s.Norm(k)]:
	case theOneKinds[s.Norm(k+1)] && s.Toks[k].Word && !functionWords[s.Norm(k)] && !superlative(s.Norm(k)):
		k++ // "the big factory", "the new surgery"; not "the best pub in Leeds", a ranking
	default:
		return -1
	}
	k++
	if s.Is(k, "out", "up", "down", "over") {
		k++ // "the one out in southmead"
	}
	if !s.Is(k, "on", "in") {
		return -1
	}
	return k
}

// placeLikePhrase reports whether a place phrase said in lower case or
// capitalised may name a place: a capitalised name, a gazetteer place, or
// words ending in a street noun ("carlton road"). "in town" is no name.
func placeLikePhrase(place string) bool {
	f := strings.Fields(place)
	low := strings.ToLower(place)
	if inGazetteer(ontology.NormaliseName(place)) {
		return true
	}
	if len(f) > 1 && streetNouns[strings.ToLower(f[len(f)-1])] {
		return true
	}
	return place != low && !commonWords[low]
}

// blind14Turn runs h14-blind14's turn-level readings on turn t with the
// previous turn (nil at the start).
func (c *turnCtx) blind14Turn(t ontology.Turn, prev *prevTurn) {
	c.theOneConfirmed(t, prev)
	c.theKindConfirmed(t, prev)
	c.theOneSaid(t, prev)
	c.nameThenTie(t, prev)
}

// theOneConfirmed reads "is the Heron the one on Carlton Road?" / "ya in
// sneinton, opposite the chippy": the other speaker's yes places the
// organisation asked about (LOCATED_IN), and so does a place the answer
// adds after the yes ("ya in Sneinton"). A no, a hedged yes, the asker's
// own answer, a person asked about or a visit reads nothing.
func (c *turnCtx) theOneConfirmed(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || !prev.question && !strings.Contains(strings.ToLower(prev.last), "the one ") && !asksIs(prev.last) && !strings.Contains(prev.full, "?") ||
		!affirms(t.Text) || visitText(t.Text) {
		return // the string test first: most turns answer no "the one on" question
	}
	if q := questionSentence(prev.full); q != "" && q != prev.last {
		p := *prev
		p.last = q // "Bara Brew in Canton? Best flat white in the city.": the question, not the remark after it
		prev = &p
	}
	name, place, ok := c.theOneAsked(prev)
	if !ok {
		if name, place, ok = c.placedAsked(prev); !ok || laughs(t.Text) || answerAsks(t.Text) {
			return
		}
	}
	keep := func(r ontology.Relation) bool { return r.Type == ontology.RelLocatedIn }
	org := titleCase(name)
	c.readKeeping(t, org+" is based in "+titleCase(place)+".", keep, prev.turn)
	if more := answerPlace(t.Text); more != "" && !strings.EqualFold(more, place) {
		c.readKeeping(t, org+" is based in "+titleCase(more)+".", keep, prev.turn)
	}
}

// answerPlace returns the place a yes adds right after itself: "ya in
// sneinton, opposite the chippy" gives "sneinton"; one or two words that
// may name a place (placeLikePhrase, or a lower-case chat's single word
// that is no common word), else "".
func answerPlace(text string) string {
	sents := lang.SplitSentences(lang.Tokenize(text))
	if len(sents) == 0 {
		return ""
	}
	s := &sents[0]
	f := s.FirstWord()
	if f < 0 || !yesWords[s.Norm(f)] || !s.Is(f+1, "in") {
		return ""
	}
	end := f + 2
	for end < len(s.Toks) && end < f+4 && s.Toks[end].Word && !functionWords[s.Norm(end)] && !theOneTimes[s.Norm(end)] {
		end++
	}
	if end == f+2 || end < len(s.Toks) && s.Toks[end].Word {
		return ""
	}
	place := text[s.Toks[f+2].Start:s.Toks[end-1].End]
	if !placeLikePhrase(place) && (commonWords[strings.ToLower(place)] || end != f+3 || notLowerName(strings.ToLower(place))) {
		return ""
	}
	return place
}

// asksIs reports whether a sentence opens, after at most one word ("wait
// is …"), on "is" or "are": a yes/no question written without its
// question mark.
func asksIs(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	for i := 0; i < len(f) && i < 2; i++ {
		if f[i] == "is" || f[i] == "are" {
			return true
		}
	}
	return false
}

// answerAsks reports whether an answer's first sentence is itself a
// question ("yeah? who told you"): a counter-question confirms nothing.
func answerAsks(text string) bool {
	sents := lang.SplitSentences(lang.Tokenize(text))
	return len(sents) > 0 && sents[0].Question
}

// questionSentence returns the last sentence of text that ends in a
// question mark, or "".
func questionSentence(text string) string {
	if !strings.Contains(text, "?") {
		return ""
	}
	sents := lang.SplitSentences(lang.Tokenize(text))
	for i := len(sents) - 1; i >= 0; i-- {
		if sents[i].Question {
			q := text[sents[i].Start:]
			if e := strings.IndexByte(q, '?'); e >= 0 {
				q = q[:e+1]
			}
			return strings.TrimSpace(q)
		}
	}
	return ""
}
