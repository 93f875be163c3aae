package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// placedAsked reads the previous turn's question that places a name
// without calling it "the one": "is Riverside Physio in Norwich",
// "Copperleaf's in Kemptown isn't it?", "haldane in reddish?", "rileys on
// division st?", "Bluewater are in Swindon yeah?", "is Kestrel still on
// Queen Square?": the name asked about and the place it is asked to be
// in or on, or false. The name must open the question (after "is" or
// "are" when it asks); a name that is a pronoun, a common word in lower
// case, a first name, a kin title, a place, a person or a speaker is
// none, and so is a choice ("… or did they move") or a place phrase
// with a time, an article or a pronoun in it.
func (c *turnCtx) placedAsked(prev *prevTurn) (name, place string, ok bool) {
	if strings.Contains(strings.ToLower(prev.last), " or ") {
		return "", "", false
	}
	s, f := c.lonePrevSentence(prev)
	if s == nil {
		return "", "", false
	}
	from, asks := f, s.Is(f, "is", "are")
	if asks {
		from++
	}
	if s.Is(from, "the") {
		from++
	}
	prep := -1
	for j := from + 1; j < len(s.Toks) && j <= from+5; j++ {
		if s.Is(j, "in", "on") {
			prep = j
			break
		}
	}
	if prep < 0 {
		return "", "", false
	}
	last := prep - 1
	if s.Is(last, "still") {
		last--
	}
	end := len(s.Toks)
	for end > prep+1 && (!s.Toks[end-1].Word || theOneTags[s.Norm(end-1)] || s.Is(end-1, "aye")) {
		end--
	}
	if s.Is(end-1, "it") && (s.Is(end-2, "n't", "not") && s.Is(end-3, "is") || s.Is(end-2, "isn't", "isnt")) {
		end -= 2 // "… isn't it?"
		if s.Is(end-1, "is") {
			end--
		}
	}
	if !asks {
		tagged := end < len(s.Toks) && s.Toks[end].Word
		if !s.Question && !tagged {
			return "", "", false // a statement, not a question
		}
		if s.Is(last, "is", "are", "'s", "’s") && last > from {
			last--
		}
	}
	if last < from || last > from+3 || s.Is(last, "is", "are") {
		return "", "", false
	}
	for j := from; j <= last; j++ {
		w := s.Norm(j)
		if !s.Toks[j].Word || pronounish[w] || dialectYou[w] || functionWords[w] || kinTitles[w] != "" ||
			!s.Toks[j].Cap && (commonWords[w] || englishWords[w]) || s.Toks[j].Poss && j < last {
			return "", "", false
		}
	}
	name = strings.TrimSuffix(strings.TrimSuffix(prev.last[s.Toks[from].Start:s.Toks[last].End], "'s"), "’s")
	n := ontology.NormaliseName(name)
	if firstName(s.Norm(from)) || inGazetteer(n) || c.disc.typedPerson(name) || c.disc.isSpeaker(name) {
		return "", "", false
	}
	place, ok = placeBetween(s, prev.last, prep, end)
	if !ok {
		return "", "", false
	}
	return name, place, true
}

// dialectYou are chat and dialect spellings of "you" that may follow a
// vocative: "ferg ye still in partick?" asks Ferg, it places no "Ferg Ye".
var dialectYou = lang.Words(`ye yous youse ya yer thee`)

// lonePrevSentence returns the previous turn's sentence when it is its
// only one, with the index of its first word after chat leads ("ok so",
// "wait"), or nil: the questions read back across a turn ("is X in Y?",
// "X the one in Y?") are one sentence long.
func (c *turnCtx) lonePrevSentence(prev *prevTurn) (*sentence, int) {
	sents := c.sentencesOf(prev.last)
	if len(sents) != 1 {
		return nil, -1
	}
	s := &sents[0]
	f := afterLeads(s)
	if f < 0 {
		return nil, -1
	}
	return s, f
}
