package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// memberKinds are the kinds of organisation a group holds several of:
// "one of nine chapels in the Derwent and Dove Circuit", "one of six
// schools in the Oakfield Trust".
var memberKinds = lang.Words(`chapels churches parishes schools academies branches shops stores companies firms brands
	clubs teams practices surgeries hospitals pubs restaurants cafes cafés sites offices charities colleges
	labels studios agencies banks hotels gyms nurseries libraries museums`)

// oneOfKindIn reads an organisation said to be one of several of its kind
// in a group: "Bethany Road is one of nine chapels in the Derwent and Dove
// Circuit", "Oakfield Primary is one of six schools in the Aspire Trust":
// PART_OF. A person ("Tom is one of six children in the Smith family": no
// kind of organisation), a place, a ranking ("one of the best pubs in
// Leeds": the group is a place), a past ("was one of"), a hedge and a
// question read nothing.
func (p *sentCtx) oneOfKindIn() {
	s := p.s
	for v := 1; v+5 < len(s.Toks); v++ {
		if !s.Is(v, "is", "'s") || !s.Seq(v+1, "one", "of") || p.hedgedAt(v) {
			continue
		}
		k := v + 3
		if s.Is(k, "the") {
			k++
		}
		if n := s.Norm(k); countWords[n] || isDigits(n) || s.Is(k, "several", "many", "a", "few") {
			k++
			if s.Is(k, "few") {
				k++
			}
		}
		if !memberKinds[s.Norm(k)] || !s.Is(k+1, "in", "of", "within") || !s.Is(k+2, "the") {
			continue
		}
		sub, ok := p.nameEndingAt(v)
		if !ok || sub.to != v || sub.typ == ontology.EntityPlace || s.Tok(sub.to-1).Poss || p.disc.typedPerson(sub.name) && !streetNamed(sub.name) {
			continue
		}
		group, ok := p.capitalGroupAt(k + 3)
		if !ok || p.placeConfirmed(k+3) {
			continue
		}
		p.relation(rel{typ: ontology.RelPartOf, from: ontology.EntityRef{Name: sub.name, Type: ontology.EntityOrganization},
			to: group, conf: confWeak, validFrom: p.ts})
	}
}

// capitalGroupAt reads a group's capitalised name at k, whose words "and",
// "&" or "of" may join ("Derwent and Dove Circuit", "Diocese of Derby").
func (p *sentCtx) capitalGroupAt(k int) (ontology.EntityRef, bool) {
	s := p.s
	e := k
	for e < len(s.Toks) && s.Toks[e].Word && s.Toks[e].Cap && !s.Tok(e).Poss {
		e++
		if s.Is(e, "and", "&", "of") && e+1 < len(s.Toks) && s.Toks[e+1].Cap && s.Toks[e+1].Word {
			e++
		}
	}
	if e == k || s.Lower {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: joinText(s, k, e), Type: ontology.EntityOrganization}, true
}

// streetNamed reports whether a name of several words ends in a street
// word: a chapel, a school or a surgery named after its street ("Bethany
// Road"), which a given name at its start may have typed a person.
func streetNamed(name string) bool {
	return strings.Contains(name, " ") && streetWords[strings.ToLower(lastWord(name))]
}
