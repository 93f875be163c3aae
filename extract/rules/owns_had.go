package rules

import "github.com/loci-memory/loci/ontology"

// hadShopFor reads a business had for a while at its address, in the
// perfect: "I've had Saltmarsh Books on Harbour St for nine years", "Rosa
// has had Crumbs in Frome since 2010": OWNS. Without an address the name
// may be anything one has ("I've had Netflix for years", "Saltmarsh Books
// on order for weeks"); a person, a hedge, a question or a subject that
// is no name reads nothing.
func (p *sentCtx) hadShopFor() {
	s := p.s
	for v := 1; v+4 < len(s.Toks); v++ {
		if !s.Is(v, "had") || !s.Is(v-1, "have", "'ve", "has", "'s") || p.tieHedged(v) || p.hedgedAt(v) {
			continue
		}
		sp, ok := p.typed(v + 1)
		if !ok || sp.from > v+2 || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
			p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) {
			continue
		}
		end, ok := p.shopAddressEnd(sp.to)
		if !ok || !runLength(s, end) {
			continue
		}
		var who ontology.EntityRef
		switch {
		case s.Is(v-2, "i") && !s.Is(v-3, "and"):
			who = p.speaker
		default:
			n, ok := p.nameEndingAt(v - 1)
			if !ok || n.typ != ontology.EntityPerson || n.from != afterLeads(s) {
				continue
			}
			who = ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}
		}
		p.relation(rel{typ: ontology.RelOwns, from: who, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization},
			conf: confWeak, validFrom: p.ts})
	}
}

// shopAddressEnd reads a business's address at k, "on Harbour St" or "in
// Frome", and returns where it ends.
func (p *sentCtx) shopAddressEnd(k int) (int, bool) {
	switch {
	case p.s.Is(k, "on"):
		if _, end, ok := p.streetAt(k + 1); ok {
			return end, true
		}
	case p.s.Is(k, "in") && p.timeAt(k+1) == nil && p.placeConfirmed(k+1):
		if _, end, _, ok := p.place(k + 1); ok {
			return end, true
		}
	}
	return 0, false
}
