package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// overNouns are the businesses one takes over, each with the last words
// of the names it may stand for: "took over the practice" of "Lonsdale
// Street Surgery", "has taken over the deli" of "Olive Tree Deli".
var overNouns = map[string]map[string]bool{
	"practice": lang.Words(`surgery practice clinic dental dentists vets veterinary medical health`),
	"surgery":  lang.Words(`surgery practice clinic medical health`),
	"clinic":   lang.Words(`clinic surgery practice vets dental health`),
	"deli":     lang.Words(`deli delicatessen`),
	"bakery":   lang.Words(`bakery bakehouse bakes`),
	"cafe":     lang.Words(`cafe café coffee kitchen`),
	"café":     lang.Words(`cafe café coffee kitchen`),
	"pub":      lang.Words(`arms inn tavern tap pub head heron`),
	"salon":    lang.Words(`salon hair barbers`),
}

// tookOverThe reads "since Dr Hamid took over the practice", "Rami has
// taken over the deli" of the business just named whose name ends in a
// word of the noun's kind (overNouns): LEADS. A room or a conversation
// taken over, an organisation as subject, someone unnamed ("my cousin"),
// a modal or "if", a possessive ("the practice's website"), another
// practice ("the practice in Leeds") or a business of another kind reads
// nothing.
func (p *sentCtx) tookOverThe() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !s.Is(v, "took", "taken") || !s.Is(v+1, "over") || !s.Is(v+2, "the") {
			continue
		}
		kinds, ok := overNouns[s.Norm(v+3)]
		if !ok || s.Tok(v+3).Poss || !overEnds(s, v+4) {
			continue
		}
		if s.Is(v, "taken") && !s.Is(v-1, "has", "have", "'s", "is") {
			continue
		}
		if p.reachedBy(v, "if", "would", "might", "could", "should", "used") {
			continue
		}
		who, cite, ok := p.memberSubjectBefore(v)
		if !ok || who.Type != ontology.EntityPerson || p.disc.typedAs(who.Name, ontology.EntityOrganization) {
			continue
		}
		if t := strings.Index(p.text, who.Name); t > 0 && cite == "" {
			// "Dr Hamid": keep the title the name was said with
			if f := strings.Fields(p.text[:t]); len(f) > 0 && titleWords[strings.ToLower(strings.TrimSuffix(f[len(f)-1], "."))] {
				who.Name = f[len(f)-1] + " " + who.Name
			}
		}
		org, ok := p.overOrganisation(kinds)
		if !ok || strings.EqualFold(org.ref.Name, who.Name) {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelLeads, from: who, to: org.ref, conf: confWeak, validFrom: p.ts}, cite, org.turn)
		return
	}
}

// overEnds reports whether the phrase taken over ends at k: the
// sentence's end, a comma, "and", or a time ("in May", "last year");
// "in Leeds" is another business.
func overEnds(s *sentence, k int) bool {
	switch {
	case k >= len(s.Toks) || !s.Tok(k).Word || s.Is(k, "and", "but", "last", "this", "from", "when", "after", "now"):
		return true
	case s.Is(k, "in"):
		_, month := lang.Months[s.Norm(k+1)]
		return k+1 < len(s.Toks) && (!s.Tok(k+1).Cap || month)
	}
	return false
}

// overOrganisation returns the most recent organisation, within the
// window, whose name's last word is of the kinds given, when no other
// organisation was named after it.
func (p *sentCtx) overOrganisation(kinds map[string]bool) (antecedent, bool) {
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := d.mentions[i]
		if m.ref.Type != ontology.EntityOrganization && (m.ref.Type != ontology.EntityConcept || !businessLike(m.ref.Name)) {
			continue
		}
		f := strings.Fields(strings.ToLower(m.ref.Name))
		if !kinds[f[len(f)-1]] {
			return antecedent{}, false
		}
		ref := m.ref
		ref.Type = ontology.EntityOrganization
		return antecedent{ref: ref, turn: m.turn}, true
	}
	return antecedent{}, false
}
