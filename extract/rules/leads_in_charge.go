package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// iAmInCharge reads "So I'm in charge from February!" of the organisation
// just named (ledOrganisation): LEADS; inChargeNow reads another's. What
// one is in charge of ("of snacks", "of the kids"), "if", a modal, a
// question or a stale antecedent reads nothing.
func (p *sentCtx) iAmInCharge() {
	s := p.s
	for k := 2; k < len(s.Toks); k++ {
		if !s.Is(k, "charge") || !s.Is(k-1, "in") {
			continue
		}
		e := k + 1
		if !(e >= len(s.Toks) || !s.Tok(e).Word || s.Is(e, "now", "from", "since", "again", "there", "these")) {
			continue // "in charge of snacks"
		}
		b := k - 2
		for b >= 0 && subjectAdverbs[s.Norm(b)] {
			b--
		}
		if !s.Is(b, "am", "'m", "im") || p.reachedBy(k, "if", "would", "could", "should", "might", "nobody", "noone", "no") {
			continue
		}
		if !s.Is(b, "im") && !s.Is(b-1, "i") || p.speaker.Name == "" || hedgedBefore(s, b) {
			continue
		}
		who := []antecedent{{ref: p.speaker}}
		org, ok := p.ledOrganisation(who)
		if !ok || cutShort(p.disc.texts[org.turn], org.ref.Name) || p.orgStale(org) || p.topicSince(org) || p.otherWorkSince(org) {
			return
		}
		p.relationCitingAll(rel{typ: ontology.RelLeads, from: who[0].ref, to: org.ref, conf: confWeak, validFrom: p.ts}, who[0].turn, org.turn)
		return
	}
}

// cutShort reports whether name is said in text only as the start of a
// longer one ("St Cuthbert's book group" read as "St Cuthbert"): leading
// the shortened name would be a wrong relation.
func cutShort(text, name string) bool {
	low, n := strings.ToLower(text), strings.ToLower(name)
	for at := strings.Index(low, n); at >= 0; {
		rest := low[at+len(n):]
		if !strings.HasPrefix(rest, "'s") && !strings.HasPrefix(rest, "’s") {
			return false
		}
		next := strings.Index(rest, n)
		if next < 0 {
			return true
		}
		low = rest
		at = next
	}
	return false
}
