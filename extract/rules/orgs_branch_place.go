package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// theirPlaceBranch reads "Bittu has joined Maple Ridge Logistics, their
// Gurgaon office", "started at Corner Cuts in May, their Derby branch": an
// organisation the sentence names, then "their <town> office" in
// apposition: LOCATED_IN. A trip ("their Gurgaon trip"), an office still
// to open, people named after the organisation ("with Raj and Simran,
// their Gurgaon flat"), two organisations or a question read nothing.
func (p *sentCtx) theirPlaceBranch() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`their`)) {
		if !s.Is(k-1, ",", "-", "at", "in") {
			continue
		}
		place, end, conf, ok := p.place(k + 1)
		if !ok || !branchParts17[s.Norm(end)] && !s.Is(end, "office", "offices", "hq", "headquarters", "base") {
			continue
		}
		if p.hedgedAt(k) || p.negatedBefore(k) || p.has(0, len(s.Toks), "open", "opening", "opens", "closing", "closed") {
			return
		}
		var org *span
		for i := range p.names {
			n := &p.names[i]
			if n.to > k {
				break
			}
			switch {
			case p.timeAt(n.from) != nil || p.timeAt(n.from-1) != nil || months17[s.Norm(n.from)]:
				continue // "in May"
			case p.orgNamed(*n) || p.orgLike17(*n) && n.to < k:
				if org != nil && ontology.NormaliseName(org.name) != ontology.NormaliseName(n.name) {
					return // two organisations: either's office
				}
				org = n
			case org != nil && personLike(n.typ):
				return // "their" may be the people named after it
			}
		}
		if org == nil {
			return
		}
		ref := ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// orgIsThere reads "went to Surat …, our supplier Jhaveri Mills is there",
// "drove up to Coalville, Cartwell Packaging are based there": an
// organisation "is (based) there" right after the sentence names a town,
// the only one: LOCATED_IN. A time ("there tomorrow"), the past ("was
// there"), "there for us", a person or a question read nothing.
func (p *sentCtx) orgIsThere() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`there`)) {
		if k+1 < len(s.Toks) && !s.Is(k+1, ",", ".", "!", "now", "too", "as", "and") || s.Is(k+1, "now") && k+2 < len(s.Toks) {
			continue
		}
		b := k - 1
		if s.Is(b, "based") {
			b--
		}
		if !s.Is(b, "is", "are", "'s", "'re") || p.hedgedAt(b) || p.negatedBefore(b) || p.timeAt(k+1) != nil {
			continue
		}
		var org, place *span
		for i := range p.names {
			n := &p.names[i]
			if n.to > b {
				break
			}
			switch {
			case n.to == b && (p.orgNamed(*n) || p.orgLike17(*n) && (orgTails17[s.Norm(n.to-1)] || orgIntro17[s.Norm(n.from-1)])):
				org = n
			case n.typ == ontology.EntityPlace || n.typ == ontology.EntityConcept && s.Is(n.from-1, "to", "in") && !orgTails17[s.Norm(n.to-1)]:
				if place != nil && ontology.NormaliseName(place.name) != ontology.NormaliseName(n.name) {
					return // two towns: which is "there"
				}
				place = n
			}
		}
		if org == nil || place == nil || place.to > org.from {
			return
		}
		from := ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization}
		to := ontology.EntityRef{Name: place.name, Type: ontology.EntityPlace}
		p.relation(rel{typ: ontology.RelLocatedIn, from: from, to: to, conf: confWeak, validFrom: p.ts})
		return
	}
}

// orgLike17 reports whether a name no cue typed may be an organisation:
// not a first name ("Leon started at Corner Cuts": Leon is a person).
func (p *sentCtx) orgLike17(n span) bool {
	if n.typ != ontology.EntityConcept && n.typ != ontology.EntityOrganization {
		return false
	}
	return !firstName(p.s.Norm(n.from)) || n.to-n.from > 1 && orgTails17[p.s.Norm(n.to-1)]
}

// orgTails17 end the names of firms: "Jhaveri Mills", "Cartwell Packaging".
var orgTails17 = lang.Words(`mills packaging logistics ltd limited motors consulting software foods textiles printers
	print studios group holdings supplies traders sarees deli bakery vets dental garage builders plumbing`)

// orgIntro17 introduce a firm by its role: "our supplier Jhaveri Mills".
var orgIntro17 = lang.Words(`supplier suppliers wholesaler distributor printer printers landlord agency firm company`)

// months17 are month names, which name no organisation or person here.
var months17 = lang.Words(`january february march april may june july august september october november december
	jan feb mar apr jun jul aug sep sept oct nov dec`)
