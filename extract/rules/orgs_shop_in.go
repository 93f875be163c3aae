package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// shopIsIn reads "Kestrel is the gear shop in Broomhill", "kestrel = the
// gear shop in broomhill right", and a fragment after a name asked about
// ("…works at Brightwell? the packaging place in loughborough"): the
// organisation is in the place (LOCATED_IN). A person or a place as the
// subject ("Sam is the best barista in Leeds", "Leeds is the best city
// in England"), a likeness, a negation, a past or a question reads nothing.
func (p *sentCtx) shopIsIn() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	var org ontology.EntityRef
	k := f
	if s.Is(f, "the") {
		ref, ok := p.orgJustAsked()
		if !ok {
			return
		}
		org = ref
	} else {
		sp, ok := p.nameStartingAt(f)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || firstName(ontology.NormaliseName(sp.name)) ||
			p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) || s.Tok(sp.to-1).Poss {
			return
		}
		org = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		k = sp.to
		if !s.Is(k, "is", "=") || s.Is(k+1, "not", "like", "basically", "literally") {
			return
		}
		k++
	}
	if !s.Is(k, "the", "a", "an") {
		return
	}
	h := -1
	for j := k + 1; j <= k+4 && j < len(s.Toks); j++ {
		if !s.Toks[j].Word || s.Toks[j].Cap && !s.Lower {
			break
		}
		if orgClasses[descriptionClass[s.Norm(j)]] || orgClasses[s.Norm(j)] || s.Is(j, "place") && j > k+1 {
			h = j
		}
	}
	if h < 0 || !s.Is(h+1, "in") {
		return
	}
	place, end, conf, ok := p.place(h + 2)
	if !ok || conf < confStrong || !plainEnd(s, end) && !s.Is(end, "right", "innit", "yeah") {
		return
	}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
}

// orgJustAsked returns the organisation that ends the question before
// this sentence in the same turn ("…works at Brightwell? the packaging
// place in …"): a name typed an organisation, or an untyped one after
// "at".
func (p *sentCtx) orgJustAsked() (ontology.EntityRef, bool) {
	raw := strings.TrimRight(p.text[:p.s.Start], " ")
	if !strings.HasSuffix(raw, "?") {
		return ontology.EntityRef{}, false // "I saw Tom at Brightwell. the bakery in Leeds…"
	}
	before := strings.TrimRight(raw, " ?!.,")
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := d.mentions[i]
		if m.turn != p.ids[0] {
			break
		}
		if !strings.HasSuffix(strings.ToLower(before), strings.ToLower(m.ref.Name)) {
			return ontology.EntityRef{}, false
		}
		at := strings.HasSuffix(strings.ToLower(strings.TrimSpace(before[:len(before)-len(m.ref.Name)])), " at")
		if m.ref.Type != ontology.EntityOrganization && !(m.ref.Type == ontology.EntityConcept && at) {
			return ontology.EntityRef{}, false
		}
		return ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityOrganization}, true
	}
	return ontology.EntityRef{}, false
}
