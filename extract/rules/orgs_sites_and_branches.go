package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
	"iter"
)

// Readings of an organisation's premises: "X has a bristol office",
// "Halden are transferring me to their Manchester office", "my firm X has
// an office there", a branch opened ("they've just opened a second shop in
// Leeds"), a head office said to be somewhere, and "their mill's in
// skipton".

// hasPlaceOffice reads "Pettigrew & Kane has a bristol office", "Halden
// Group has a Leeds office now": LOCATED_IN. "had", "have" (a wish, a
// question, "used to have"), "no" office and an office party are not read.
func (p *sentCtx) hasPlaceOffice() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "has") || !s.Is(k+1, "a", "an") || p.tieHedged(k) {
			continue
		}
		sp, ok := nameBefore(s, k)
		if !ok {
			continue
		}
		if s.Norm(sp.from-1) == "&" { // "Pettigrew & Kane"
			if j := sp.from - 2; j >= 0 && s.Toks[j].Cap {
				sp = span{from: j, to: sp.to, name: s.Toks[j].Text + " & " + sp.name}
			}
		}
		if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		place, end, conf, ok := p.place(k + 2)
		if !ok || conf < confStrong || !s.Is(end, "office", "hq", "site", "studio") {
			continue
		}
		if e := end + 1; !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", ".", "so", "now", "too", "as", "and", "lol", "tho") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// branchNouns name a place of work an organisation has somewhere: "their
// Manchester office", "a second shop in Leeds".
var branchNouns = lang.Words(`office offices branch site shop store studio clinic base hq warehouse factory lab cafe`)

// transfersMe reads "Halden are transferring me to their Manchester
// office", "Arvo is moving me to the Leeds branch in May": the speaker
// works at the organisation (WORKS_AT) and it has a site in the place
// (LOCATED_IN). Someone else transferred, another organisation's office
// ("to Kestrel's office"), or a hedge ("might be moving me") read nothing.
func (p *sentCtx) transfersMe() {
	s := p.s
	org, k, ok := p.orgOpening()
	if !ok {
		return
	}
	if !s.Is(k, "are", "is", "have", "has") {
		return
	}
	k++
	if s.Is(k, "just", "finally", "officially") {
		k++
	}
	if s.Is(k, "been") {
		k++
	}
	if !s.Is(k, "transferring", "transferred", "relocating", "moving", "sending", "posting") || p.tieHedged(k) || p.hedgedAt(k) ||
		!s.Is(k+1, "me") || !s.Is(k+2, "to") || !s.Is(k+3, "their", "its", "the") {
		return
	}
	place, pend, _, ok := p.place(k + 4)
	if !ok || !branchNouns[s.Norm(pend)] {
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
}

// myFirm reads "my firm Pell & Grange has an office there", "my company,
// Halden, is hiring": the speaker works at the organisation named right
// after "my firm", "my company" or "my employer" (WORKS_AT). Someone
// else's ("my dad's company X"), a qualified one ("my cleaning company
// X", "my old firm X") or a hedge is not read.
func (p *sentCtx) myFirm() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "firm", "company", "employer") || !s.Is(k-1, "my") || s.Tok(k).Poss || p.tieHedged(k) {
			continue
		}
		j := k + 1
		comma := s.Is(j, ",")
		if comma {
			j++
		}
		if !s.Toks[j].Cap && !s.Lower {
			continue
		}
		org, end, ok := p.namedOrg(j)
		if !ok || p.disc.typedPerson(org.Name) || comma && !s.Is(end, ",") {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// orgOpening reads the organisation named at the opening of the sentence
// ("Halden are…", "ok Kestrel have…") with the index after its name; a
// name known or listed as a person's is none.
func (p *sentCtx) orgOpening() (ontology.EntityRef, int, bool) {
	f := afterLeads(p.s)
	if f < 0 {
		return ontology.EntityRef{}, 0, false
	}
	org, end, ok := p.namedOrg(f)
	if !ok || p.disc.typedPerson(org.Name) || firstName(ontology.NormaliseName(org.Name)) {
		return ontology.EntityRef{}, 0, false
	}
	return org, end, true
}

// openedBranch reads "they've just opened a second shop in Leeds" said of
// the organisation just named, and "Kestrel have opened a new office in
// Leeds": LOCATED_IN. People who opened something ("my parents opened a
// cafe in Leeds"), a stale antecedent, a plan or a question read nothing.
func (p *sentCtx) openedBranch() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	var org antecedent
	k := f
	if s.Is(f, "they") {
		o, ok := p.lastOrganisation()
		if !ok || p.orgStale(o) {
			return
		}
		org, k = o, f+1
	} else {
		ref, end, ok := p.orgOpening()
		if !ok {
			return
		}
		org, k = antecedent{ref: ref}, end
	}
	if s.Is(k, "have", "has") {
		k++
	}
	if s.Is(k, "just", "finally", "recently", "now", "also") {
		k++
	}
	if !s.Is(k, "opened") || p.tieHedged(k) || p.hedgedAt(k) || !s.Is(k+1, "a", "an", "their", "its") {
		return
	}
	j := k + 2
	if s.Is(j, "second", "third", "new", "another", "first", "fourth", "bigger") {
		j++
	}
	if !branchNouns[s.Norm(j)] || !s.Is(j+1, "in") {
		return
	}
	place, end, _, ok := p.place(j + 2)
	if !ok || !plainEnd(s, end) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// headOfficeAdverbs may stand between "is" and "in" of a head office:
// "their head office is over in Macclesfield".
var headOfficeAdverbs = lang.Words(`over down up out still now actually just based`)

// orgOfficeIn reads where the organisation named last has an office:
// "their head office is over in Macclesfield", "its HQ is in Leeds",
// "HQ's in Derby", "Head office is in Holborn" (opening the sentence), and "he starts in sept at their
// bristol office": LOCATED_IN. Another owner ("my head office", "Tom's
// HQ"), a past ("was in"), a time ("in May"), a hedge, an office party or
// manager, and an organisation no longer in focus read nothing.
func (p *sentCtx) orgOfficeIn() {
	s := p.s
	for j := 0; j < len(s.Toks); j++ {
		if !s.Is(j, "hq", "headquarters") && !orgSiteNouns[s.Norm(j)] || p.hedgedAt(j) {
			continue
		}
		place, ok := p.headOfficeIn(j)
		if !ok {
			place, ok = p.cityOffice(j)
		}
		if !ok {
			continue
		}
		if org, named := p.orgNamedBefore(j); named {
			// "Harlan Engineering are transferring me to their Toronto
			// office": the owner the sentence named, not one named before
			if org.Name != "" {
				p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
			}
		} else if org, ok := p.officeOwner(); ok {
			p.relationCiting(org.turn, rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// officeOwner resolves "their" of an office to the organisation named
// last, by name or typed so, within the window: a person named after it
// is no owner of an office ("Olu got the grad scheme at Holloway" / "OLU.
// from our year??" / "their london office"), but a group of people, a
// visit or another workplace spoken of since ("my dads company
// Brightwater") makes it stale. The chat's own club has no offices: "their
// Manchester office" in the Gritstone Goblins' chat is a member's employer's.
func (p *sentCtx) officeOwner() (antecedent, bool) {
	org, ok := p.lastOrgByName()
	if !ok && !p.namesOwnerFirst() {
		org, ok = p.disc.organisation()
	}
	if !ok || p.orgStale(org) || p.otherWorkSince(org) || p.isChatGroup(org.ref) {
		return antecedent{}, false
	}
	return org, true
}

// headOfficeIn reads "their head office is (over) in X" or an opening
// "HQ's in X" around the office word at j.
func (p *sentCtx) headOfficeIn(j int) (ontology.EntityRef, bool) {
	s := p.s
	k0 := j
	switch {
	case s.Is(j, "office"):
		if !s.Is(j-1, "head") {
			return ontology.EntityRef{}, false
		}
		k0 = j - 1
	case s.Is(j, "offices", "hq", "headquarters"):
	case !s.Is(j-1, "the", "their", "its"): // "the showroom's on the A6 in Stockport"
		return ontology.EntityRef{}, false
	}
	owned := s.Is(k0-1, "their", "its") || s.Is(k0-1, "the") && !s.Is(j, "office", "offices", "hq", "headquarters")
	if !owned && (k0 != afterLeads(s) || !s.Is(j, "hq", "headquarters", "office")) || hedgedBefore(s, k0) { // "Head office is in Holborn"
		return ontology.EntityRef{}, false
	}
	m := j + 1
	if !s.Tok(j).Poss {
		if !s.Is(m, "is", "'s") {
			return ontology.EntityRef{}, false
		}
		m++
	}
	if headOfficeAdverbs[s.Norm(m)] {
		m++
	}
	if s.Is(m, "on") { // "on the A6 in Stockport", "on Mill Road in Leeds"
		for e := m + 1; e < len(s.Toks) && e <= m+4 && s.Toks[e].Word; e++ {
			if s.Is(e, "in") {
				m = e
				break
			}
		}
	}
	if !s.Is(m, "in") || p.timeAt(m+1) != nil {
		return ontology.EntityRef{}, false
	}
	place, end, _, ok := p.place(m + 1)
	if !ok || s.Is(end, "for", "until", "till", "til", "this", "next") {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// orgSiteNouns name a site of an organisation a place comes before: "their
// bristol office", "the Bradford branch", "its Leeds store".
var orgSiteNouns = lang.Words(`office offices branch store shop site depot showroom warehouse`)

// cityOffice reads "their bristol office", "its Leeds branch", "the
// Bradford branch" ending at the site word j: the place before it, owned
// by "their" or "its" ("the" for a branch, a store or a site; "the
// dublin office" is officeOf's). A site of another organisation ("the
// Leeds branch of Tesco"), an office party and a hedge read nothing.
func (p *sentCtx) cityOffice(j int) (ontology.EntityRef, bool) {
	s := p.s
	if !orgSiteNouns[s.Norm(j)] || s.Tok(j).Poss || !p.officeHead(j) || s.Is(j+1, "of", "party", "manager", "do") {
		return ontology.EntityRef{}, false
	}
	for k := j - 1; k >= 1 && k >= j-3; k-- {
		if !s.Is(k-1, "their", "its") && (!s.Is(k-1, "the") || s.Is(j, "office", "offices")) {
			continue
		}
		place, end, conf, ok := p.place(k)
		if ok && end == j && conf >= confStrong && !p.tieHedged(k-1) { // not "Nadia might run the Loughborough shop"
			return place, true
		}
	}
	return ontology.EntityRef{}, false
}

// premisesNouns are the premises an organisation has somewhere: "their
// office", "their mill", "their main shop".
var premisesNouns = lang.Words(`office offices hq headquarters mill factory warehouse shop store studio studios bakery
	lab workshop plant depot yard base site branch kitchen brewery`)

// notNowAfter, right after a place, make a stay or a plan of it: "in
// Leeds this week", "till friday", "for the summer".
var notNowAfter = lang.Words(`for this next today tonight tomorrow until till til on at again with from`)

// theirSiteIsIn reads "their office is in kazimierz", "their mill's in
// skipton", "their main studio is in Leeds now", "their office is on
// Kelham Island", and, of an office only, "the office is also in
// Favoriten", "Head office is in Holborn", said of the organisation
// just named (lastOrganisation): LOCATED_IN. A past ("was in"), a plan
// ("will be in"), a hedge ("i think their office is in"), a stay ("in
// Leeds this week"), a visit, people named since the organisation ("my
// parents … their house is in") or a place no gazetteer or capital letter
// vouches for ("in chaos", "in kazimierz") read nothing.
func (p *sentCtx) theirSiteIsIn() {
	s := p.s
	for k := range p.siteOwnerWords() {
		j := optional(s, k+1, "main", "head")
		if !premisesNouns[s.Norm(j)] || !s.Is(k, "their") && !officeNouns[s.Norm(j)] {
			continue // "the shop is in Leeds" may be any shop; "the office", the organisation's
		}
		in := j + 1 // "mill's in": the 's is the verb
		if !s.Tok(j).Poss {
			if !s.Is(in, "is", "are") {
				continue
			}
			in++
		}
		in = optional(s, in, "also", "still", "actually", "all") // "the office is also in Favoriten"
		if !s.Is(in, "in", "on") {                               // "their office is on Kelham Island"
			continue
		}
		place, end, _, ok := p.place(in + 1)
		if !ok || p.timeAt(in+1) != nil || notNowAfter[s.Norm(end)] ||
			!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "so", "now", "but", "and") ||
			p.has(0, len(s.Toks), visitWords...) {
			continue
		}
		if owner, ok := p.ownerFirst(); ok { // "Some architects called Fenwick & Hale, their office is on Kelham Island"
			p.relation(rel{typ: ontology.RelLocatedIn, from: ontology.EntityRef{Name: owner.name, Type: ontology.EntityOrganization}, to: place, conf: confWeak, validFrom: p.ts})
			return
		}
		org, ok := p.lastOrganisation()
		if !ok || p.orgStale(org) || p.otherWorkSince(org) {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// officeNouns are the premises "the" or "its" leave the organisation's
// own ("the office is in Favoriten", "head office is in Holborn"): an
// organisation has one office or head office, where "the shop" may be any
// shop.
var officeNouns = lang.Words(`office hq headquarters`)

// siteOwnerWords yields where theirSiteIsIn's premises phrase opens, among
// the sentence's first words: "their", "the", "its", or, opening the
// sentence, "head" ("Head office is in Holborn").
func (p *sentCtx) siteOwnerWords() iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := range phraseAt(p.s, 0, 3, "their") {
			if p.plainAt(k, "their") && !yield(k) {
				return
			}
		}
		for _, w := range []string{"the", "its"} {
			for k := range phraseAt(p.s, 0, 3, w) {
				if k <= afterLeads(p.s) && p.plainAt(k, w) && !yield(k) {
					return
				}
			}
		}
		if f := afterLeads(p.s); f >= 0 && p.s.Is(f, "head") && p.plainAt(f, "head") {
			yield(f - 1) // no determiner: the phrase opens on "head"
		}
	}
}

// orgNamedBefore reports whether the sentence names, before token j, a
// name that is no person's or place's, which a "their" after it means;
// it returns that name when it is the only one and typed an organisation
// ("" when it is untyped or another stands beside it).
func (p *sentCtx) orgNamedBefore(j int) (ontology.EntityRef, bool) {
	var org ontology.EntityRef
	named := false
	for k := 0; k < j; k++ {
		sp, ok := nameAt(p.s, k)
		if !ok || sp.to > j {
			continue
		}
		switch p.known.typeName(p.s, sp).typ {
		case ontology.EntityOrganization:
			if named {
				return ontology.EntityRef{}, true // "left Cartwell Packaging and joined Maple Ridge, their Gurgaon office": either's
			}
			org, named = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
		case ontology.EntityConcept:
			if k != p.s.FirstWord() || sp.to-sp.from > 1 { // an opening "Congrats" names nothing
				org, named = ontology.EntityRef{}, true
			}
		}
		k = sp.to - 1
	}
	return org, named
}
