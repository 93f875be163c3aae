package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// successorKin are the kin a business passes to when its runner retires.
var successorKin = lang.Words(`son daughter nephew niece brother sister wife husband grandson granddaughter`)

// successorRunsIt reads "Kev from Wheelhouse has retired apparently, his
// son Dean runs it now": LEADS of the one organisation the sentence names,
// by the kin said to run it after its runner retired. A likeness ("runs it
// like a circus"), a race or a wreck run ("into the ground", "every
// sunday"), a modal, no retirement, two organisations, or a question reads
// nothing.
func (p *sentCtx) successorRunsIt() {
	s := p.s
	for v := 4; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "runs") || !s.Is(v+1, "it") {
			continue
		}
		if k := v + 2; k < len(s.Toks) && s.Tok(k).Word && !(s.Is(k, "now") && p.phraseEnds(k+1, len(s.Toks))) {
			continue
		}
		var name *span
		for i := range p.names {
			if p.names[i].to == v {
				name = &p.names[i]
			}
		}
		if name == nil || !successorKin[s.Norm(name.from-1)] || !s.Is(name.from-2, "his", "her") ||
			!p.has(0, name.from-2, "retired", "retiring", "stood", "stepped", "sold") || p.reachedBy(v, "might", "would", "will", "if", "could") {
			continue
		}
		org, ok := p.orgThisSentence(name.from - 2)
		if !ok {
			org, ok = p.retiredFrom(name.from - 2)
		}
		if !ok || p.disc.typedPerson(org.ref.Name) || firstName(ontology.NormaliseName(org.ref.Name)) ||
			strings.Contains(p.text, org.ref.Name+"'s") || strings.Contains(p.text, org.ref.Name+"’s") {
			continue
		}
		who := ontology.EntityRef{Name: name.name, Type: ontology.EntityPerson}
		p.relation(rel{typ: ontology.RelLeads, from: who, to: org.ref, conf: confWeak, validFrom: p.ts})
		return
	}
}

// retiredFrom returns the one business named after "from" or "at" before
// token v ("Kev from Wheelhouse has retired"), neither a person nor a
// place.
func (p *sentCtx) retiredFrom(v int) (antecedent, bool) {
	var named []string
	for _, n := range p.names {
		if n.to <= v && p.s.Is(n.from-1, "from", "at") && p.businessSpan(n) {
			named = append(named, n.name)
		}
	}
	if len(named) != 1 {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: named[0], Type: ontology.EntityOrganization}}, true
}

// businessSpan reports whether the name n may be a business: neither a
// person, a speaker, a first name, a place nor a possessive.
func (p *sentCtx) businessSpan(n span) bool {
	switch {
	case personLike(n.typ) && n.typ != ontology.EntityConcept, n.typ == ontology.EntityPlace:
		return false
	case p.disc.typedPerson(n.name), p.disc.isSpeaker(n.name), firstName(ontology.NormaliseName(n.name)):
		return false
	}
	return !p.s.Tok(n.to-1).Poss && !p.s.Tok(n.to).Poss
}
