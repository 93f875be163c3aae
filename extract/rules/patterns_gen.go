package rules

import (
	"github.com/loci-memory/loci/ontology"
)

// thereAt resolves "there" at token k to the place (or organisation)
// it stands for: the last name of that type earlier in the sentence, else
// the discourse's most recent one ("Graz! My cousin Andrei is studying
// there", "he moved out there for her", "I am working there like software
// tester"). It returns the antecedent and the turn to cite, and reports
// false when "there" is not at k, does not end its phrase ("there's",
// "there for a week" still reads: a time may follow), or has no
// antecedent of the type within the coreference window.
func (p *sentCtx) thereAt(k int, t ontology.EntityType) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Norm(k) != "there" || s.Tok(k).Poss || !p.phraseEnds(p.skipTimeAndAdverbs(k+1), len(s.Toks)) {
		return ontology.EntityRef{}, "", false
	}
	for i := len(p.names) - 1; i >= 0; i-- {
		if n := p.names[i]; n.to <= k && n.typ == t {
			return ontology.EntityRef{Name: n.name, Type: t}, p.ids[0], true
		}
	}
	a, ok := p.disc.resolve(func(m mention) bool { return m.ref.Type == t })
	if !ok {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: a.ref.Name, Type: t}, a.turn, true
}

// skipTimeAndAdverbs returns the first token from k that is neither in a
// time expression nor an adverb ("there now", "there since 2021", "there
// in 2019").
func (p *sentCtx) skipTimeAndAdverbs(k int) int {
	for k < len(p.s.Toks) {
		switch {
		case p.inTime(k):
			k++
		case adverbs[p.s.Norm(k)] || p.s.Is(k, "too", "as", "well", "for", "her", "him", "them", "now"):
			k++
		default:
			return k
		}
	}
	return k
}
