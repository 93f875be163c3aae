package rules

import "github.com/loci-memory/loci/ontology"

// kindInFragment reads a sentence that only says what kind of business
// the organisation just named is and where: "doing shifts at the Crooked
// Compass all summer" / "the pub in Headingley, not the one in town",
// "we got our cake from Crumbs" / "the little bakery on Fennel Street":
// LOCATED_IN. The fragment opens on "the", the kind (appositive kinds, as
// "it's the care home in" takes) at most two words on, then "in" or "on"
// and a place ending the sentence or before a comma; the organisation is
// the one named in the turn before, with no one named after it
// (lastOrganisation); in its own turn, "I saw Tom at Brightwell. the
// bakery in Leeds" may speak of another. A question, a hedge, "the one in …" (a person as
// well as a place), a time or a place that goes on reads nothing.
func (p *sentCtx) kindInFragment() {
	s := p.s
	f := afterLeads(s)
	if s.Question || f < 0 || !s.Is(f, "the") || p.hedgedAt(f) {
		return
	}
	k := p.itKindIn(f + 1)
	if k < 0 {
		return
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || p.timeAt(k+1) != nil || notNowAfter[s.Norm(end)] || end < len(s.Toks) && s.Toks[end].Word {
		return
	}
	if end < len(s.Toks) && !s.Is(end, ",", ".", "!", "?") && !p.phraseEnds(end, len(s.Toks)) {
		return
	}
	org, ok := p.lastOrganisation()
	if !ok || org.ref.Name == place.Name || org.turn != p.disc.turnBefore(p.ids[0]) || p.orgStale(org) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}
