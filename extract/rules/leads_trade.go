package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// tradeWords end the names of small businesses one runs ("Kowal
// Plumbing", "Greenleaf Catering", "Brightside Cleaning"): a name ending
// in one is a business even when nothing else in the chat says so.
var tradeWords = lang.Words(`plumbing roofing cleaning catering builders building electrical electrics heating
	joinery carpentry decorating gardening landscaping motors garage removals plumbers cleaners caterers
	bakery deli cafe café salon barbers florist florists butchers grocers tiling glazing scaffolding`)

// runsTradeName reads "I've run Kowal Plumbing from my garage 20 years",
// "Priya runs Greenleaf Catering with her sister": LEADS of a business
// named by its trade (tradeWords), which the common reading, needing the
// name known as an organisation, leaves. A thing run past, a business's
// accounts (a possessive), an event ("the X 10k"), a modal, "if" or a
// question reads nothing.
func (p *sentCtx) runsTradeName() {
	s := p.s
	for v := 1; v+2 < len(s.Toks); v++ {
		if !s.Is(v, "run", "runs", "running") {
			continue
		}
		sp, ok := p.nameStartingAt(v + 1)
		if !ok || sp.to-sp.from < 2 || !tradeWords[s.Norm(sp.to-1)] || s.Tok(sp.to-1).Poss ||
			!p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, "from", "for", "with", "since", "now", ",", "and") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		r := rel{typ: ontology.RelLeads, to: org, conf: confWeak, validFrom: p.ts}
		if s.Is(v, "run", "running") {
			if _, isI, blocked := p.iBeforeVerb(v); isI {
				if blocked || p.reachedBy(v, "would", "could", "should", "might", "if", "used") || !s.Is(v-1, "i", "have", "ive", "am", "im") && !subjectAdverbs[s.Norm(v-1)] ||
					s.Is(v, "running") && !s.Is(v-1, "am", "im") || s.Is(v, "run") && s.Is(v-1, "am", "im") {
					return
				}
				r.from = p.speaker
				p.relation(r)
				return
			}
		}
		if !s.Is(v, "runs") || p.reachedBy(v, "would", "could", "should", "might", "if", "used") {
			continue
		}
		if p.subjectRelation(v, r) {
			return
		}
	}
}
