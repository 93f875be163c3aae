package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// ownSites are the premises a trader's own business works from: "our
// studio's in Faversham", "workshop's in Leith".
var ownSites = lang.Words(`studio shop workshop unit bakery cafe café premises warehouse kitchen salon yard stall`)

// ownSiteIn reads where the speaker's own business is, said of its
// premises without its name: "i set up twine & tallow with my sister" /
// "studio's in faversham", "our shop is in Lewes": LOCATED_IN from the
// one business the speaker was read as founding, owning or running
// (noteGroup), named in the coreference window; the relation cites the
// turn that named it. No business or two, one named long ago, a past
// ("was in"), a hedge, a time ("in May"), a stay ("in Leeds for the
// week") or someone else's premises ("his shop's in Deal") read nothing.
func (p *sentCtx) ownSiteIn() {
	s := p.s
	j := afterLeads(s)
	if j < 0 || p.hedgedAt(j) {
		return
	}
	if s.Is(j, "our", "my") {
		j++
	}
	if !ownSites[s.Norm(j)] || j > 0 && s.Is(j-1, "the") {
		return
	}
	place, conf, ok := p.kindSiteIn(j)
	if !ok {
		return
	}
	own := p.disc.businesses[ontology.NormaliseName(p.speaker.Name)]
	if len(own) != 1 || !p.disc.recent(own[0].turn) {
		return
	}
	p.relationCiting(own[0].turn, rel{typ: ontology.RelLocatedIn, from: own[0].ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// weMakeVerbs say what a trader's own business makes: "we make hand poured
// soy candles and wax melts".
var weMakeVerbs = lang.Words(`make sell brew bake roast`)

// weMakeProducts reads what the speaker's own business makes, said with
// "we" while it is in focus: "i set up twine & tallow with my sister
// becca in 2021, we make hand poured soy candles and wax melts": MAKES,
// for each product. No business or two, a business named long ago, a
// hedge, a plan ("we want to make"), a vague object ("we make money",
// "we make it work") or a question reads nothing.
func (p *sentCtx) weMakeProducts() {
	s := p.s
	for v := 1; v+1 < len(s.Toks); v++ {
		if !weMakeVerbs[s.Norm(v)] || !s.Is(v-1, "we") || p.hedgedAt(v) {
			continue
		}
		own := p.disc.businesses[ontology.NormaliseName(p.speaker.Name)]
		if len(own) != 1 || !p.disc.recent(own[0].turn) {
			return
		}
		k := v + 1
		for k < len(s.Toks) {
			n := s.Norm(k)
			if makeVetoes[n] || quantifiers[n] || functionWords[n] || adverbs[n] || pronounish[n] || !s.Toks[k].Word {
				return
			}
			product, next, ok := p.phrase(k, len(s.Toks), 4)
			if !ok {
				return
			}
			p.relationCiting(own[0].turn, rel{typ: ontology.RelMakes, from: own[0].ref, to: ontology.EntityRef{Name: product, Type: ontology.EntityConcept},
				conf: confWeak, validFrom: p.ts})
			if !s.Is(next, "and", "&") {
				return
			}
			k = next + 1
		}
		return
	}
}
