package rules

import "github.com/loci-memory/loci/ontology"

// degreeMates reads the subject of the study verb at v when it holds the
// speaker: "I", "we", "me and Tom", "Tom and I", "me n tom". It returns
// the others it names, and for "we" the one a he or she before the verb
// in the sentence means ("got her. shes lovely, we did our degree
// together"), with the turn that person was named in.
func (p *sentCtx) degreeMates(v int) ([]antecedent, bool) {
	s := p.s
	switch {
	case s.Is(v-1, "i") && pairJoins[s.Norm(v-2)]:
		if who, _, ok := p.personBefore(v - 2); ok && !p.isSpeaker(who) {
			return []antecedent{{ref: who}}, true
		}
		return nil, false
	case s.Is(v-1, "i"):
		return nil, true
	case s.Is(v-1, "we"):
		for k := v - 2; k >= 0; k-- {
			n := s.Norm(k)
			if n == "shes" || n == "hes" {
				n = n[:len(n)-1]
			}
			if pronounGender[n] == 0 {
				continue
			}
			if a, ok := p.pronoun(k, n); ok && !p.disc.isSpeaker(a.ref.Name) {
				return []antecedent{a}, true
			}
			return nil, true
		}
		return nil, true
	case pairJoins[s.Norm(v-2)] && s.Is(v-3, "me"):
		if who, from, ok := p.personBefore(v); ok && from == v-1 && !p.isSpeaker(who) {
			return []antecedent{{ref: ontology.EntityRef{Name: who.Name, Type: ontology.EntityPerson}}}, true
		}
		if who, _, ok := p.lowerPersonBefore(v); ok && !p.isSpeaker(who) {
			return []antecedent{{ref: who}}, true
		}
	}
	return nil, false
}
