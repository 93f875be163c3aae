package rules

import "github.com/loci-memory/loci/ontology"

// youReportToMe reads "You'll report to me on nights", "Tomasz, you report
// to me from Monday": the one spoken to has the speaker as manager (KNOWS,
// role manager, from the addressee). The one spoken to is the other
// speaker of a two-party chat, or a name calling out to them at the
// sentence's start; in a group with no name said nothing is read. A
// question, a hedge, a modal other than "will" ("you might report to me"),
// a negation or someone else's manager ("you'll report to Dave") read
// nothing.
func (p *sentCtx) youReportToMe() {
	s := p.s
	for k := 0; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "you") {
			continue
		}
		v := k + 1
		if s.Is(v, "'ll", "will") {
			v++
		}
		if !s.Is(v, "report") || !s.Seq(v+1, "to", "me") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		if e := v + 3; e < len(s.Toks) && s.Tok(e).Word && !s.Is(e, "on", "from", "now", "for", "at", "in", "then", "as") {
			continue // "report to me and Dave"
		}
		who, ok := p.youAt(k)
		if !ok || p.isSpeaker(who) {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: who, to: p.speaker, role: "manager", conf: confWeak, validFrom: p.ts})
		return
	}
}

// youAt returns whom "you" at k speaks to: a name calling out right
// before it at the sentence's start ("Tomasz you'll …", "Tomasz, you …"),
// else the other speaker of a two-party chat.
func (p *sentCtx) youAt(k int) (ontology.EntityRef, bool) {
	s := p.s
	j := k - 1
	if s.Is(j, ",") {
		j--
	}
	if j >= 0 {
		sp, ok := nameBefore(s, j+1)
		if !ok || sp.from != s.FirstWord() {
			return ontology.EntityRef{}, false
		}
		sp = p.known.typeName(s, sp)
		if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
			return ontology.EntityRef{}, false
		}
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
	}
	you := p.disc.addressee(p.speaker.Name)
	return you, you.Name != ""
}
