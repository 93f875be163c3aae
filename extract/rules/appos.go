package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// possAppositions reads a name followed by an apposition that says whose
// relative or tie it is: "Tiago, Rui's brother, lives in Faro", "Hollie,
// Mark's wife, she runs a bakery". The sentence is read again in the order
// the possessive patterns know, "Rui's brother Tiago lives in Faro", from
// the name on.
func (c *turnCtx) possAppositions(t ontology.Turn) {
	for _, s := range c.statements(t) {
		for k := 1; k+3 < len(s.Toks); k++ {
			if s.Norm(k) != "," {
				continue
			}
			sp, pp, ok := c.possApposAt(s, k)
			if !ok {
				continue
			}
			r := pp.to
			if !isRoleWord(s.Norm(r)) || r+1 < len(s.Toks) && s.Toks[r+1].Word {
				continue // "Tiago, Rui's brother Leo and I": a list, not an apposition
			}
			text := t.Text[s.Toks[pp.from].Start:s.Toks[r].End] + " " + sp.name
			if r+2 < len(s.Toks) && s.Norm(r+1) == "," {
				text += " " + t.Text[s.Toks[r+2].Start:s.End]
			}
			c.readAs(t, strings.TrimSpace(text)+".")
		}
	}
}

// possApposAt reads the two people of a possessive apposition opened at
// k: the name before it ("Tiago") and the possessor after it ("Rui's").
func (c *turnCtx) possApposAt(s *sentence, k int) (span, span, bool) {
	sp, ok := nameBefore(s, k)
	if !ok || s.Toks[sp.to-1].Poss || !personLike(c.known.typeName(s, sp).typ) {
		return span{}, span{}, false
	}
	pp, ok := nameAt(s, k+1)
	if !ok || !s.Toks[pp.to-1].Poss || !personLike(c.known.typeName(s, pp).typ) {
		return span{}, span{}, false
	}
	return sp, pp, true
}
