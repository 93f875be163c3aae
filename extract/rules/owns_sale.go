package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of a business changing hands said from the buyer's or the
// seller's side while it happens: "Rosa's bought Marlow Music", "Bernard
// is retiring and selling Marlow Music". soldTheBusiness (owns_places.go)
// reads the sale once done; these read the purchase and the sale under
// way, with the same guards.

// boughtObjectStops after "bought" or "selling" say no business changes
// hands: "bought me a drink", "selling it", "selling up", "bought a van".
var boughtObjectStops = lang.Words(`me him her them us you it my his our their your a an some out off up into in
	tickets shares stuff`)

// boughtOrSellingBusiness reads "Rosa's bought Marlow Music", "she bought
// the Rowan Tree off Benny" (OWNS from now of the buyer) and "Bernard is
// retiring and selling Marlow Music", "dimitra is selling Kettle & Crumb"
// (OWNS of the seller, who still owns it). The business must be an
// organisation named by more than one word or typed one by a cue in the
// sentence or the conversation (isBusiness); a thing bought ("bought
// Marlow Music a piano", "bought Taylor Swift tickets"), "selling up", a
// plan or a hedge ("thinking of buying", "might be selling"), a negation
// ("isn't selling", "never bought"), a question or the speaker's "we"
// reads nothing.
func (p *sentCtx) boughtOrSellingBusiness() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`bought selling`)) {
		if boughtObjectStops[s.Norm(v+1)] || soldNegated(s, v) || p.hedgedAt(v) || p.tieHedged(v) {
			continue
		}
		if s.Is(v, "selling") && !s.Is(v-1, "is", "'s", "are", "'re", "and", "now", "finally", "actually") {
			continue // "selling Marlow Music would be mad", "he hates selling"
		}
		org, end, ok := p.groupNamedAt(v + 1)
		if !ok || !p.isBusiness(org, v+1) || p.wellKnownOrgAt(v+1) || !saleObjectEnds(s, end) {
			continue
		}
		if !p.businessByName(org) {
			continue
		}
		who, cite, ok := p.verbSubject(sellingVerbAt(s, v))
		if !ok || who.Type != ontology.EntityPerson && who.Type != "" || s.Is(v, "bought") && p.isSpeaker(who) {
			continue // "i just bought Krispy Kreme": a purchase, not a business
		}
		r := rel{typ: ontology.RelOwns, from: who, to: org, conf: confWeak}
		if s.Is(v, "bought") {
			r.validFrom = p.ts
		}
		p.relationCitingAll(r, cite)
		return
	}
}

// sellingVerbAt returns where the verb phrase of "bought" or "selling" at v
// starts, for its subject before it: "is" in "Bernard is selling", the
// first verb's "is" in "Bernard is retiring and selling".
func sellingVerbAt(s *sentence, v int) int {
	j := v
	if s.Is(j, "selling") && s.Is(j-1, "and") && s.Tok(j-2).Word && s.Norm(j-2) != "" && strings.HasSuffix(s.Norm(j-2), "ing") {
		j -= 2 // "retiring and selling"
	}
	if s.Is(j-1, "is", "'s", "are", "'re") {
		j--
	}
	return j
}

// saleObjectEnds reports whether the business's name read up to end ends
// the thing bought or sold: the phrase ends, a mark or an emoji follows,
// or the seller, the buyer or the time does ("off Benny", "to his sous
// chef", "last month"); "Marlow Music vouchers" or "Harry Potter and the
// Cursed Child" go on to something else.
func saleObjectEnds(s *sentence, end int) bool {
	if end >= len(s.Toks) || orgPhraseEndsAt(s, end) || s.Is(end, "off", "from", "to", "last", "this") {
		return true
	}
	return !s.Toks[end].Word && s.Toks[end].Norm != "&" && s.Toks[end].Norm != "@"
}

// wellKnownOrgAt reports whether the name at k (after an optional "the")
// is a chain, a brand or a club the lists know: what one buys from or
// supports ("just bought Krispy Kreme", "Tom bought Manchester United"),
// not a business someone in the chat owns.
func (p *sentCtx) wellKnownOrgAt(k int) bool {
	if p.s.Is(k, "the") {
		k++
	}
	sp, ok := p.nameStartingAt(k)
	if !ok {
		return false
	}
	_, known := knownOrgKind(p.s, sp)
	return known
}

// businessByName reports whether org is a business by more than its
// capitals: an earlier turn named it as an organisation or a thing
// untyped ("our sponsor Marlow Music", "Bernard is selling Marlow
// Music"), or its last word is a firm's ("Pennington Motors",
// "Rise Bakery", "the Kettle Cafe"); a brand or a title bought ("Krispy
// Kreme", "Harry Potter") is none.
func (p *sentCtx) businessByName(org ontology.EntityRef) bool {
	f := strings.Fields(strings.ToLower(org.Name))
	last := f[len(f)-1]
	if businessHeads[last] || orgTails17[last] || ownBizNouns[last] || venueNouns[last] {
		return true
	}
	n := ontology.NormaliseName(org.Name)
	for _, m := range p.disc.mentions {
		if m.norm == n && m.turn != p.ids[0] && (m.ref.Type == ontology.EntityOrganization || m.ref.Type == ontology.EntityConcept) {
			return true
		}
	}
	for _, k := range p.known.names.list {
		if k.ref.Type == ontology.EntityOrganization && ontology.NormaliseName(k.ref.Name) == n {
			return true // stored before the batch
		}
	}
	return false
}
