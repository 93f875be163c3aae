package rules

import "github.com/loci-memory/loci/ontology"

// noteOpeningPair offers the first of two people opening a sentence
// ("Robin and Kim dropped by", "Jan and Pieter were at the match") to the
// next sentences' pronouns, untyped, when no list takes it for a name (it
// is also a word or a month) but the second is a first name, or a name no
// list knows ("Aroha and Keoni came over"), and a verb follows the pair. It emits no mention: the pronoun only meets one more
// candidate, so "she" after "Robin and Kim" is ambiguous, and "he" after
// "Robin and Sarah" is Robin.
func (c *turnCtx) noteOpeningPair(s *sentence, names []span) {
	if len(s.Toks) < 4 || titleCased(s) || !pairJoins[s.Norm(1)] {
		return
	}
	t := s.Toks[0]
	if !t.Word || !t.Cap || !isLetterWord(t.Text) || len(t.Norm) < 2 || t.Poss || functionWords[t.Norm] ||
		greetingWords[t.Norm] || pronounGender[t.Norm] != genderUnknown || t.Norm == "i" || isRoleWord(t.Norm) {
		return
	}
	var second *span
	for k := range names {
		switch names[k].from {
		case 0:
			return // a name already
		case 2:
			second = &names[k]
		}
	}
	if second == nil || second.to != 3 || s.Tok(2).Poss || !firstName(s.Norm(2)) && !unseenSecond(*second) {
		return
	}
	if v := verbAfterAdverbs(s, 3); !pairVerbAt(s, v) && !openingVerbs[s.Norm(v)] { // "rudo and emma finally came round"
		return
	}
	c.pending = append(c.pending, pendingMention{ref: ontology.EntityRef{Name: t.Text, Type: ontology.EntityConcept}})
}

// listAfter reports whether the comma at k after a name opening a sentence
// goes on with a list of names ("Ana, Tom and Luis were all there"): the
// first name is one of the list, not someone spoken to.
func listAfter(s *sentence, k int) bool {
	first, ok := nameAt(s, k+1)
	if !ok || !s.Is(first.to, "and", "&", ",") {
		return false
	}
	_, ok = nameAt(s, first.to+1)
	return ok
}
