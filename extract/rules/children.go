package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Children and their schools (issue 14, h14-blind5): "Our youngest,
// Ishaan, starts at Meadowbank Primary in September".

// childSchoolWords end the names of schools for young children.
var childSchoolWords = lang.Words(`primary nursery infants kindergarten preschool pre-school montessori`)

// childSchool reports whether starting at org is a pupil's start: the
// school is one for young children, no job title is given, and the one
// starting is someone other than the speaker (a speaker who starts at a
// primary school is as often its new teacher).
func (p *sentCtx) childSchool(who, org ontology.EntityRef, title string) bool {
	if title != "" || p.isSpeaker(who) {
		return false
	}
	f := strings.Fields(strings.ToLower(org.Name))
	return len(f) >= 2 && childSchoolWords[f[len(f)-1]]
}

// birthOrder are the words a parent names a child by ("our youngest").
var birthOrder = lang.Words(`youngest eldest oldest middle`)

// ourYoungest reads "our youngest, Ishaan, starts…", "my eldest Kemi is
// 12": FAMILY_OF, the speaker's child.
func (p *sentCtx) ourYoungest() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "our", "my") || !birthOrder[s.Norm(k+1)] {
			continue
		}
		j := k + 2
		if s.Is(j, "one", "son", "daughter", "boy", "girl") {
			continue // "my eldest son Kemi" is read as a kin phrase
		}
		if s.Norm(j) == "," {
			j++
		}
		sp, ok := nameAt(s, j)
		if !ok || s.Toks[sp.to-1].Poss && s.Norm(j-1) == "," {
			continue
		}
		if t := p.known.typeName(s, sp); !personLike(t.typ) {
			continue
		}
		p.relRole(p.speaker, kindChild, "child", ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, confWeak)
	}
}
