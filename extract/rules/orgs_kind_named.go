package rules

import (
	"github.com/loci-memory/loci/ontology"
)

// h14-works23's reading of an organisation named after a description of
// its kind, where a job, a membership or a visit reads an organisation
// (p.org): the description comes first and the name after it, joined by
// "called", set beside it, or after a comma that may follow a short tail
// saying where it is.

// orgDeterminers open a description of an organisation's kind.
var orgDeterminers = map[string]bool{"the": true, "a": true, "an": true, "his": true, "her": true, "their": true,
	"my": true, "our": true}

// describedOrgNamed reads the organisation named at i after a described
// kind: "a tiny studio called Pebblewire", "the campus bookstore Gilded
// Spine", "a startup there, Fernweh Labs", "his uncle's roofing firm,
// Hartley and Sons", "the clinic on gloucester road, Whiteladies Vets".
// The kind must be an organisation word (introNouns); up to two plain
// words may qualify it. The name must read as an organisation or an
// untyped name: "at a bar, Tom said" names a person, and is not read.
func (p *sentCtx) describedOrgNamed(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	if !orgDeterminers[s.Norm(i)] {
		return ontology.EntityRef{}, 0, false
	}
	n := i + 1
	if t := s.Tok(n); t.Word && t.Poss && !t.Cap && isRoleWord(t.Norm) {
		n++ // "his uncle's roofing firm"
	}
	for q := 0; q < 3 && n < len(s.Toks) && !introNouns[s.Norm(n)]; q++ {
		t := s.Toks[n]
		if q == 2 || !t.Word || t.Cap || t.Poss || functionWords[t.Norm] || npStops[t.Norm] {
			return ontology.EntityRef{}, 0, false
		}
		n++
	}
	if !introNouns[s.Norm(n)] {
		return ontology.EntityRef{}, 0, false
	}
	k := n + 1
	comma := false
	switch {
	case s.Is(k, "called", "named"):
		k++
	case nameStart(s, k):
	default:
		k, comma = kindTail(s, k), true
		if k < 0 {
			return ontology.EntityRef{}, 0, false
		}
	}
	sp, ok := nameAt(s, k)
	if !ok || s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, 0, false
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, 0, false
	}
	if comma && !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, ",") {
		return ontology.EntityRef{}, 0, false // "at a cafe, Blue Door does the best brunch"
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
}

// kindTail returns where a name stands after a comma that follows an
// organisation's kind at k, with a short tail saying where it is between
// them ("there,", "on gloucester road,", "in town,"), or -1.
func kindTail(s *sentence, k int) int {
	switch {
	case s.Is(k, "there", "here"):
		k++
	case s.Is(k, "in", "on", "near", "by", "off"):
		k++
		for q := 0; q < 3 && s.Tok(k).Word && !s.Is(k, ","); q++ {
			if functionWords[s.Norm(k)] && !s.Is(k, "the") {
				return -1
			}
			k++
		}
	}
	if !s.Is(k, ",") {
		return -1
	}
	return k + 1
}
