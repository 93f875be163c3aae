package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

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

// noteOpeningPossessive offers a name that opens its sentence in the
// possessive before a noun ("Ken's do was lovely Bernie", "Ken's
// retirement do is Saturday") to the next sentences' pronouns, untyped,
// when nothing typed it: whoever owns the occasion is the person most
// recently spoken of, so "he cried" after it means Ken, not someone named a
// turn before, and a person named in the same turn makes the pronoun
// ambiguous. A word of the language, a month or a day, a place, a family
// word, or an "'s" that is "is" or "has" ("Tesco's closing") read nothing.
func (c *turnCtx) noteOpeningPossessive(s *sentence, names []span) {
	if len(s.Toks) < 3 || titleCased(s) || len(names) > 0 && names[0].from == 0 {
		return
	}
	t, next := s.Toks[0], s.Tok(1)
	if !t.Word || !t.Cap || !t.Poss || !isLetterWord(t.Text) || len(t.Norm) < 2 || notNameWord(t.Norm) ||
		englishWords[t.Norm] || inGazetteer(t.Norm) || isRoleWord(t.Norm) || occasions[t.Norm] {
		return
	}
	if !next.Word || next.Cap || !isLetterWord(next.Text) || possIsBe[next.Norm] || isOrHasAfter(s, 1) ||
		notNameWord(next.Norm) && !commonWords[next.Norm] || strings.HasSuffix(next.Norm, "ed") {
		return
	}
	sp, ok := nameAt(s, 0)
	if !ok || sp.to != 1 {
		return
	}
	if sp = c.known.typeName(s, sp); sp.typ != ontology.EntityConcept && sp.typ != ontology.EntityPerson {
		return
	}
	c.pending = append(c.pending, pendingMention{ref: ontology.EntityRef{Name: t.Text, Type: ontology.EntityConcept}})
}
