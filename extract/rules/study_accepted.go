package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// schoolAcceptedMe reads a school that took the speaker in, as its name
// opens the clause: "Harbourside School of Drama accepted me!!!", "leeds
// uni has accepted me", "Glasgow School of Art offered me a place":
// ATTENDED (the guideline's "was accepted into"). A school that accepted
// something else ("accepted my application"), someone else ("accepted
// Tom"), a negation, a hedge, a condition, a workplace ("Tesco accepted
// me") or a place in a hospital's name read nothing.
func (p *sentCtx) schoolAcceptedMe() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.speaker.Name == "" {
		return
	}
	for v := f + 1; v+1 < len(s.Toks) && v <= f+7; v++ {
		place := s.Is(v, "offered") && s.Seq(v+1, "me", "a", "place")
		if !s.Is(v, "accepted") || !s.Is(v+1, "me") {
			if !place {
				continue
			}
		}
		if end := v + 2; !place && end < len(s.Toks) && s.Toks[end].Word && !chatTailWords[s.Norm(end)] && !s.Is(end, "onto", "into", "on", "for", "to") {
			return // "accepted me as a volunteer", "accepted me and Tom"
		}
		end := v
		for s.Is(end-1, "has", "have", "'ve", "'s", "just", "finally", "actually", "officially") {
			end--
		}
		if s.Is(end-1, "not", "n't", "never") || p.tieHedged(v) || p.hedgedAt(v) || p.reachedBy(v, "if", "unless") {
			return
		}
		school, ok := p.schoolOpening(f, end)
		if !ok {
			return
		}
		p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: school, conf: confWeak, validFrom: p.ts})
		return
	}
}

// schoolOpening returns the school whose name runs from f to end: a name
// read there, or words in lower case that end in a school's word ("leeds
// uni", "harbourside school of drama").
func (p *sentCtx) schoolOpening(f, end int) (ontology.EntityRef, bool) {
	s := p.s
	if sp, ok := p.nameEndingAt(end); ok && sp.from <= f+1 && sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityPlace {
		if schoolName(sp.name) {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
		}
		return ontology.EntityRef{}, false
	}
	if s.Is(f, "the") {
		f++
	}
	if end-f < 2 || end-f > 5 {
		return ontology.EntityRef{}, false
	}
	var words []string
	for k := f; k < end; k++ {
		if !plainWord(s, k) || s.Toks[k].Poss || functionWords[s.Norm(k)] && !s.Is(k, "of") {
			return ontology.EntityRef{}, false
		}
		words = append(words, s.Toks[k].Text)
	}
	name := titleCase(strings.Join(words, " "))
	if !schoolWords[s.Norm(end-1)] && !(s.Is(f+1, "school", "college", "academy") && s.Is(f+2, "of")) || !orgWord(s, f) && !inGazetteer(s.Norm(f)) {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: strings.ReplaceAll(name, " Of ", " of "), Type: ontology.EntityOrganization}, !servesHead(name)
}
