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
// Carlton Road?" / "isn't willowbank the one in headington": the name
// asked about and the place it is asked to be on or in, or false. A name
// typed a person or a first name, a pronoun, a choice ("… or the one in
// Leeds?"), or a place phrase with a time, an article or a pronoun in it
// is none.
func (c *turnCtx) theOneAsked(prev *prevTurn) (name, place string, ok bool) {
	sents := c.sentencesOf(prev.last)
	if len(sents) != 1 {
		return "", "", false
	}
	s := &sents[0]
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "is", "isn't", "isnt", "is n't") {
		return "", "", false
	}
	k := f + 1
	if s.Is(k, "n't", "not") {
		k++
	}
	from := k
	if s.Is(k, "the") {
		from = k + 1
	}
	one := -1
	for j := from; j < len(s.Toks) && j < from+4; j++ {
		if s.Is(j, "the") && s.Is(j+1, "one") {
			one = j
			break
		}
	}
	if one <= from || !s.Is(one+2, "on", "in") || strings.Contains(strings.ToLower(prev.last), " or ") {
		return "", "", false
	}
	for j := from; j < one; j++ {
		if !s.Toks[j].Word || pronounish[s.Norm(j)] || functionWords[s.Norm(j)] {
			return "", "", false
		}
	}
	name = prev.last[s.Toks[from].Start:s.Toks[one-1].End]
	n := ontology.NormaliseName(name)
	if one == from+1 && firstName(n) || c.disc.typedPerson(name) || c.disc.isSpeaker(name) {
		return "", "", false
	}
	end := len(s.Toks)
	for end > 0 && !s.Toks[end-1].Word {
		end--
	}
	if end <= one+3 || end > one+6 {
		return "", "", false
	}
	for j := one + 3; j < end; j++ {
		if !s.Toks[j].Word || theOneTimes[s.Norm(j)] || functionWords[s.Norm(j)] || pronounish[s.Norm(j)] {
			return "", "", false
		}
	}
	place = prev.last[s.Toks[one+3].Start:s.Toks[end-1].End]
	if !placeLikePhrase(place) {
		return "", "", false
	}
	return name, place, true
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
	c.nameThenTie(t, prev)
}

// theOneConfirmed reads "is the Heron the one on Carlton Road?" / "ya in
// sneinton, opposite the chippy": the other speaker's yes places the
// organisation asked about (LOCATED_IN), and so does a place the answer
// adds after the yes ("ya in Sneinton"). A no, a hedged yes, the asker's
// own answer, a person asked about or a visit reads nothing.
func (c *turnCtx) theOneConfirmed(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || !strings.Contains(strings.ToLower(prev.last), "the one ") ||
		!affirms(t.Text) || visitText(t.Text) {
		return // the string test first: most turns answer no "the one on" question
	}
	name, place, ok := c.theOneAsked(prev)
	if !ok {
		return
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
