package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Where a business just named is, said with a pronoun (issue 14,
// h14-located23): "Grandpa moved into Oak Lodge" / "it's the care home in
// Harrogate", "we've booked Hollins Barn" / "its just outside Hebden
// Bridge", "Kestrel are still going, they've just opened a second shop in
// Leeds"; and an organisation with its town as an address writes it
// ("Indus School of Management, Bangalore") or as a clause's subject ("the
// Copper Kettle in Hebden Bridge does …"). The pronoun stands for the
// organisation named in this turn or the one before; the place must end
// its phrase.

// located23Readings are the readings of this file that run from process.
var located23Readings = []sentenceReading{
	{lang.Words(`they theyve`), (*sentCtx).theyOpenedSite},
	{lang.Words(`,`), (*sentCtx).orgCommaPlace},
}

// itKinds, after "it's the" or "it's a", say what kind of business "it"
// is before "in" or "on" and its place: "it's the care home in
// Harrogate", "it's a little café on Stokes Croft". apposKinds holds the
// common ones; these are the others a venue is called.
var itKinds = lang.Words(`home vets surgery centre center hospital library theatre cinema museum gallery venue
	hall pharmacy deli takeaway chippy warehouse factory plant`)

// itIsIn reads "it's in Buckie", "its just outside Hebden Bridge", "it's
// near Ripon" and "it's the care home in Harrogate" said right after an
// organisation was named ("leif starts at Selkie Boatworks on monday" /
// "it's in Buckie, 20 min drive"): LOCATED_IN, citing the turn that named
// it. A question, a stay ("in Leeds this week"), a home spoken of since
// the organisation ("we got a flat near Acme, it's in Leeds") or a thing
// the organisation only made or sold ("a Vespa from Rossi Motors") reads
// nothing.
func (p *sentCtx) itIsIn() {
	s := p.s
	f := s.FirstWord()
	if s.Question || f < 0 {
		return
	}
	var k int
	switch {
	case s.Is(f, "it") && s.Is(f+1, "'s", "is"):
		k = f + 2
	case s.Is(f, "its"):
		k = f + 1 // a chat's "its just outside Hebden Bridge"
	default:
		return
	}
	k = optional(s, k, "just", "out", "over", "down", "up", "right")
	if s.Is(k, "on") {
		p.itIsOnStreet(k)
		return
	}
	kind := false
	switch {
	case s.Is(k, "in", "outside", "near"):
	case s.Is(k, "the", "a", "an"):
		kind = true
		k = p.itKindIn(k + 1)
		if k < 0 {
			return
		}
	default:
		return
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || p.timeAt(k+1) != nil || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",") || notNowAfter[s.Norm(end)] {
		return
	}
	org, ok := p.itVenue(kind)
	if !ok || org.ref.Name == place.Name || !p.namedLately(org.ref.Name) || p.homeSince(org) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// itIsOnStreet reads itIsIn's "it's on Admiralty Way in Lekki", "its just
// on Mill Road": the organisation just named is on the street, and in the
// town after it. A street that goes on ("on Mill Road this week", "on
// Mill Road's corner"), a hedge or no organisation named lately reads
// nothing; "on my road", "on the way" are no streets (streetAt).
func (p *sentCtx) itIsOnStreet(on int) {
	s := p.s
	street, se, ok := p.streetAt(on + 1)
	if !ok || p.hedgedAt(on) || se < len(s.Toks) && !s.Is(se, "in", ",", ".", "!", "and", "so", "now") || notNowAfter[s.Norm(se)] {
		return
	}
	town, hasTown := p.streetTown(se)
	if !hasTown && s.Is(se, "in") && s.Tok(se+1).Cap && !s.Lower && p.timeAt(se+1) == nil {
		t, end, _, ok := p.place(se + 1) // "on Admiralty Way in Lekki": a street's "in" names its town
		hasTown = ok && !s.Tok(end-1).Poss && (end == len(s.Toks) || !s.Toks[end].Word)
		town = t
	}
	org, ok := p.itVenue(false)
	if !ok || org.ref.Name == street.Name || !p.namedLately(org.ref.Name) || p.homeSince(org) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: street, conf: confWeak, validFrom: p.ts})
	if hasTown {
		p.relation(rel{typ: ontology.RelLocatedIn, from: street, to: town, conf: confWeak, validFrom: p.ts})
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: town, conf: confWeak, validFrom: p.ts})
	}
}

// itVenue resolves the "it" of itIsIn: the latest organisation, or the
// latest name nothing typed ("we've booked Hollins Barn") or a place no
// gazetteer knows ("moved into Oak Lodge"), which the sentence then says
// is somewhere; a business when kind says so ("the care home"). Unless
// kind says "it" is a business, an untyped name after a noun's
// preposition ("a Vespa from Rossi Motors") is not what "it" means.
func (p *sentCtx) itVenue(kind bool) (antecedent, bool) {
	a, ok := p.disc.resolve(func(m mention) bool {
		switch m.ref.Type {
		case ontology.EntityOrganization, ontology.EntityConcept:
			return true
		case ontology.EntityPlace:
			return !inGazetteer(m.norm)
		}
		return false
	})
	if !ok { // "opened my own salon!!! Glow by Morenike": the organisation among untyped names in its turn
		a, ok = p.disc.resolve(func(m mention) bool { return m.ref.Type == ontology.EntityOrganization })
	}
	if !ok || a.ref.Type == ontology.EntityConcept && (firstName(strings.ToLower(a.ref.Name)) || !kind && p.disc.modifier(a)) {
		return antecedent{}, false
	}
	if a.ref.Type == ontology.EntityConcept || kind {
		a.ref.Type = ontology.EntityOrganization
	}
	return a, true
}

// itKindIn returns the index of "in" or "on" after a business's kind at
// k, past up to two lower-case words before it ("little", "care"), or
// -1: "the care home in", "a tiny bakery on".
func (p *sentCtx) itKindIn(k int) int {
	s := p.s
	for n := 0; n < 3; n++ {
		t := s.Tok(k + n)
		if !t.Word || t.Cap {
			return -1
		}
		if (apposKinds[t.Norm] || itKinds[t.Norm]) && s.Is(k+n+1, "in", "on") {
			return k + n + 1
		}
		if s.Is(k+n, "one", "kind", "sort", "type", "bit", "best", "worst", "only") {
			return -1 // "it's the one in Leeds" asks nothing, but "one" may be anything
		}
	}
	return -1
}

// homeSince reports whether a home was spoken of in the turn that named
// the organisation org or since ("we got a flat round the corner from
// Acme"), so that "it" may be the home.
func (p *sentCtx) homeSince(org antecedent) bool {
	d := p.disc
	for _, t := range append([]string{d.texts[org.turn]}, d.turnsSince(org.turn)...) {
		if wordIn(t, livedInNouns) {
			return true
		}
	}
	return false
}

// theyOpenedSite reads "they've just opened a second shop in Leeds",
// "they opened a cafe in Hove", "theyve got a studio in Leith"
// said of the organisation just named (lastOrganisation): LOCATED_IN. A
// plan ("they're opening", "they might open"), a negation, a hedge, a
// visit or people spoken of since the organisation read nothing.
func (p *sentCtx) theyOpenedSite() {
	s := p.s
	f := theyClause(s)
	if f < 0 {
		return
	}
	k := f + 1
	switch {
	case s.Is(f, "theyve"):
	case s.Is(f, "they") && s.Is(k, "'ve", "have", "ve"):
		k++
	case s.Is(f, "they"):
	default:
		return
	}
	k = optional(s, k, "just", "recently", "finally", "also", "now", "only")
	switch {
	case s.Is(k, "opened"):
	case s.Is(k, "got") && k > f+1: // "they have an office in X" is hasSiteIn's
	default:
		return
	}
	k = p.sitePhraseIn(k + 1)
	if k < 0 || p.hedgedAt(f) {
		return
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || p.timeAt(k+1) != nil || notNowAfter[s.Norm(end)] && !s.Is(end, "for", "on") ||
		!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "now", "too", "as", "and", "but", "so") ||
		p.has(0, len(s.Toks), visitWords...) {
		return
	}
	org, ok := p.sentenceOrgBefore(f)
	if !ok {
		if org, ok = p.lastOrganisation(); !ok || p.orgStale(org) {
			return
		}
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// sentenceOrgBefore returns the organisation named in the sentence before
// token f when it is the only name before f that a "they" may mean
// ("Haldane Marine is in Aberdeen but they've got a yard in Buckie").
func (p *sentCtx) sentenceOrgBefore(f int) (antecedent, bool) {
	var org *span
	for i := range p.names {
		n := p.known.typeName(p.s, p.names[i])
		switch {
		case n.to > f || n.typ == ontology.EntityPlace:
		case orgNamed(n) && org == nil:
			org = &n
		default:
			return antecedent{}, false
		}
	}
	if org == nil {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization}, turn: p.ids[0]}, true
}

// theyClause returns the index of the first "they" or "theyve" that opens
// a clause of s ("Haldane Marine is in Aberdeen but they've got a yard in
// Buckie"), or -1.
func theyClause(s *sentence) int {
	for k := range s.Toks {
		if s.Is(k, "they", "theyve") && (k == afterLeads(s) || s.Is(k-1, "but", "and", ",", "though", "tho")) {
			return k
		}
	}
	return -1
}

// sitePhraseIn returns the index of "in" after a site's phrase at k ("a
// second shop in", "an office in", "their new studio in"), or -1.
func (p *sentCtx) sitePhraseIn(k int) int {
	s := p.s
	if !s.Is(k, "a", "an", "their", "another") {
		return -1
	}
	k = optional(s, k+1, "new", "second", "third", "fourth", "little", "small", "big", "massive", "huge", "main")
	k = optional(s, k, "new")
	if !premisesNouns[s.Norm(k)] && !s.Is(k, "restaurant", "cafe", "café", "clinic", "unit", "outlet", "yard", "boatyard") || !s.Is(k+1, "in") {
		return -1
	}
	return k + 1
}

// orgCommaPlace reads an organisation followed by its town as an address
// writes it: "second semester at Indus School of Management, Bangalore",
// "she's a nurse at St Mary's Hospital, Leeds now": LOCATED_IN. The name
// must be an organisation's (orgNamed) and the town known to the gazetteer; a
// list ("Acme, Leeds and York", "Boots, Tesco, Leeds"), a town that
// opens a clause of its own ("I left Acme, London was too much") or a
// hedge reads nothing.
func (p *sentCtx) orgCommaPlace() {
	s := p.s
	for _, n := range p.names {
		if !s.Is(n.to, ",") || s.Is(n.from-1, ",", "and", "&", "or") || s.Is(n.from-2, ",") {
			continue
		}
		sp := p.known.typeName(s, n)
		if !orgNamed(sp) || s.Toks[sp.to-1].Poss {
			continue
		}
		place, end, conf, ok := p.place(sp.to + 1)
		if !ok || conf < confStrong || !inGazetteer(ontology.NormaliseName(place.Name)) || p.timeAt(sp.to+1) != nil ||
			s.Is(end, ",", "and", "&", "or", "-") || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, "now", "only", "too", "lol") ||
			p.hedgedAt(sp.from) {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// orgNamed reports whether sp names an organisation: typed so, or untyped
// with a name that ends in an organisation's word or says it teaches
// ("Indus School of Management", "Harlow Foods").
func orgNamed(sp span) bool {
	if sp.typ == ontology.EntityOrganization {
		return true
	}
	words := strings.Fields(strings.ToLower(sp.name))
	return sp.typ == ontology.EntityConcept && len(words) > 1 && (schoolName(sp.name) || orgCues[words[len(words)-1]] || familyFirm(words))
}

// familyFirmTails end a family business's name after "&": "Pryce & Son",
// "Hollis & Sons", "Dodd & Daughters".
var familyFirmTails = lang.Words(`son sons daughter daughters bros brothers`)

// familyFirm reports whether the lower-case words of a name end in "&"
// and a family firm's tail ("Pryce & Son"): a business, where "Tom &
// Jess" are people.
func familyFirm(words []string) bool {
	n := len(words)
	return n > 2 && words[n-2] == "&" && familyFirmTails[words[n-1]]
}

// theVenueName reports whether the untyped name n, after a "the" that
// opens a clause, is a venue's rather than a family's: several words, the
// last no plural ("the Copper Kettle in Hebden Bridge does the best
// scones", not "the Smiths in Leeds"). A name after a verb ("we saw the
// Lion King in London") may be a show.
func theVenueName(s *sentence, n span) bool {
	words := strings.Fields(n.name)
	last := strings.ToLower(words[len(words)-1])
	return s.Is(n.from-1, "the") && clauseStart(s, n.from-1) && len(words) > 1 && !strings.HasSuffix(last, "s") && !firstName(last)
}
