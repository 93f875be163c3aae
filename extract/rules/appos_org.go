package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// An organisation named, then described by a relative clause in
// apposition, then said to be somewhere (issue 14, h14-blind5): "Crumb &
// Co, the bakery I work at, is in Stockbridge", "Hollowpine, the studio
// Mira works for, is a Tallinn outfit": WORKS_AT of the clause's subject,
// LOCATED_IN of the organisation.

// apposKinds are the nouns such an apposition gives the organisation.
var apposKinds = lang.Words(`bakery café cafe shop studio company firm agency startup restaurant bar pub salon
	clinic practice gym nursery school charity brewery bookshop office place hotel garage lab business brand
	outfit team band club`)

// placeKinds, after "a PLACE", say what an organisation is there: "a
// Tallinn outfit", "a Leeds firm".
var placeKinds = lang.Words(`outfit firm company startup business brand agency studio band`)

// orgApposition reads the phrase at the name starting a sentence.
func (p *sentCtx) orgApposition() {
	s := p.s
	if s.Question {
		return
	}
	f := s.FirstWord()
	if f < 0 {
		return
	}
	sp, ok := p.typed(f)
	if !ok || s.Toks[sp.to-1].Poss || s.Norm(sp.to) != "," || !(sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept && sp.to-sp.from >= 1) {
		return
	}
	k := sp.to + 1
	if !s.Is(k, "the", "a", "an", "this", "that") {
		return
	}
	k++
	if s.Is(k, "little", "new", "small", "tiny", "big", "local") {
		k++
	}
	if !apposKinds[s.Norm(k)] {
		return
	}
	k++
	// the relative clause: "I work at", "we work for", "Mira works for", "where I work"
	var who ontology.EntityRef
	if s.Is(k, "that", "which") {
		k++
	}
	switch {
	case s.Seq(k, "where", "i", "work") || s.Seq(k, "where", "i", "'m") && s.Norm(k+3) == "working":
		who, k = p.speaker, k+3
		if s.Norm(k) == "working" {
			k++
		}
	case s.Is(k, "i") && s.Is(k+1, "work", "worked") && s.Is(k+2, "at", "for", "in"):
		who, k = p.speaker, k+3
	default:
		// the name is read as written: after "the studio" a list may take it for the studio's
		n, ok := nameAt(s, k)
		if !ok || s.Toks[n.to-1].Poss || !s.Is(n.to, "works", "worked") || !s.Is(n.to+1, "at", "for", "in") {
			return
		}
		if t := p.known.typeName(s, n); t.typ != ontology.EntityPerson && !firstName(s.Norm(n.from)) {
			return
		}
		who, k = ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}, n.to+2
	}
	if s.Norm(k) != "," || who.Name == "" || p.hedgedAt(k) {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
	k++
	if !s.Is(k, "is", "'s") {
		return
	}
	k++
	switch {
	case s.Is(k, "in", "based") || s.Seq(k, "out", "in") || s.Seq(k, "down", "in") || s.Seq(k, "up", "in"):
		for s.Is(k, "in", "based", "out", "down", "up") {
			k++
		}
		if place, _, conf, ok := p.place(k); ok {
			p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak)})
		}
	case s.Is(k, "a", "an"):
		if place, end, conf, ok := p.place(k + 1); ok && placeKinds[s.Norm(end)] {
			p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak)})
		}
	}
}

func init() {
	// more kinds of place a name may be introduced as ("Harbour Fish is a
	// chippy in Whitby")
	for _, w := range []string{"chippy", "takeaway", "deli", "bistro", "diner", "pizzeria", "gallery", "venue",
		"market", "hostel", "inn", "museum", "theatre", "cinema", "library", "nursery", "garage", "pharmacy",
		"surgery", "practice", "florist", "barbers", "boutique", "distillery", "winery", "vineyard", "campsite",
		"marina", "bookshop", "bookstore", "tearoom", "teashop", "coffeeshop", "gastropub", "brasserie"} {
		introNouns[w] = true
	}
}

// commaIn reads "the Copper Kettle, in Hebden Bridge, does …", "we ate at
// Dune Coffee, in Leeds": LOCATED_IN of a name typed an organisation (by
// its name or a cue), set off by commas.
func (p *sentCtx) commaIn() {
	s := p.s
	for i := 0; i+3 < len(s.Toks); i++ {
		if !nameStart(s, i) {
			continue
		}
		sp, _ := nameAt(s, i)
		i = sp.to - 1
		if s.Toks[sp.to-1].Poss || !s.Seq(sp.to, ",", "in") {
			continue
		}
		if t := p.known.typeName(s, sp); t.typ != ontology.EntityOrganization {
			continue
		}
		place, end, conf, ok := p.place(sp.to + 2)
		if !ok || end < len(s.Toks) && s.Toks[end].Word || p.hedgedAt(sp.to) {
			continue // "Dune Coffee, in Leeds city centre" reads no further
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak)})
	}
}

// placeKindsIn are the kinds of place a place lies in another as.
var placeKindsIn = lang.Words(`neighbourhood neighborhood district suburb village town area borough quarter
	island region county parish city`)

// placeInPlace reads "Alfama is a neighbourhood in Lisbon", "Headingley's a
// suburb of Leeds" and, in apposition, "I went to Woodhaven, a small town
// in the Midwest", "found a room in Kralingen, it's a neighbourhood in
// east Rotterdam": LOCATED_IN, one place in the other.
func (p *sentCtx) placeInPlace() {
	s := p.s
	if s.Question {
		return
	}
	for v := 1; v+3 < len(s.Toks); v++ {
		end, appos := v, s.Is(v, ",")
		switch {
		case appos && s.Is(v+1, "it") && s.Is(v+2, "is", "'s"):
			v += 2 // ", it is a neighbourhood in"
		case appos && s.Is(v+1, "it's", "its"):
			v++ // ", it's a neighbourhood in"
		}
		if !appos && !s.Is(v, "is", "'s") || !s.Is(v+1, "a", "an") {
			continue
		}
		k := v + 2
		for n := 0; n < 2 && !placeKindsIn[s.Norm(k)] && s.Tok(k).Word && !s.Tok(k).Cap; n++ {
			k++ // "a lovely old neighbourhood"
		}
		if !placeKindsIn[s.Norm(k)] || !s.Is(k+1, "in", "of", "outside", "near") {
			continue
		}
		sp, ok := nameBefore(s, end)
		if !ok || !appos && !clauseStart(s, sp.from) {
			continue
		}
		if t := p.known.typeName(s, sp); t.typ == ontology.EntityPerson || t.typ == ontology.EntityOrganization || firstName(s.Norm(sp.from)) && t.typ != ontology.EntityPlace {
			continue
		}
		at := k + 2
		if compassWords[s.Norm(at)] && s.Tok(at+1).Word {
			at++ // "a neighbourhood in east Rotterdam"
		}
		place, _, conf, ok := p.place(at)
		if !ok || p.hedgedAt(v) || ontology.NormaliseName(place.Name) == ontology.NormaliseName(sp.name) {
			continue
		}
		p.relation(rel{typ: ontology.RelLocatedIn, from: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}, to: place, conf: min(conf, confWeak)})
	}
}
