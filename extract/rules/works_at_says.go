package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// sayVerbs, after "Gerald at Allestree Motors", make him a source of
// news told by his workplace.
var sayVerbs = lang.Words(`says said reckons reckoned thinks thought reckon told tells confirmed mentioned rang called
	emailed texted quoted`)

// personAtOrgSays reads a person named with their workplace as the
// source of news: "Gerald at Allestree Motors says it will be ready
// Thursday", "Sue at Harbour Lettings told me": WORKS_AT. A place ("Tom
// at Wembley said"), something unnamed ("Dave at the pub says"), a name
// no cue makes an organisation, a verb that is no saying ("Gerald at
// Allestree Motors for a quote") or the speaker read nothing; a question
// reads nothing (runReadings).
func (p *sentCtx) personAtOrgSays() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "at") {
			continue
		}
		who, ok := p.nameEndingAt(k)
		if !ok || who.to != k || s.Tok(k-1).Poss || p.disc.isSpeaker(who.name) || p.disc.typedAs(who.name, ontology.EntityOrganization) ||
			who.typ != ontology.EntityPerson && !(who.typ == ontology.EntityConcept && firstName(strings.ToLower(firstWord(who.name)))) {
			continue
		}
		org, ok := p.typed(k + 1)
		if !ok || org.from > k+2 || org.typ == ontology.EntityPerson || org.typ == ontology.EntityPlace ||
			org.typ != ontology.EntityOrganization && !p.orgConfirmed(org) && !orgHeadEnds(org.name) || s.Tok(org.to-1).Poss {
			continue
		}
		if !sayVerbs[s.Norm(org.to)] || p.hedgedAt(org.to) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson},
			to: ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization}, conf: confWeak, validFrom: p.ts})
	}
}

func init() {
	for _, w := range []string{"drive", "drives", "driving"} {
		thirdVerbs[w] = true // "my uncle Dev drives for Kedleston Coaches" (data/frames.txt)
	}
}
