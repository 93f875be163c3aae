package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// "Their" standing for the organisation just named (issue 14, h14-pron24):
// "is nikhil the one at Brightwell?" / "yeah he's their head of sales now",
// "Fennel Labs is hiring" / "Theo's their first engineer". The clause's
// subject holds a job there: WORKS_AT the most recent organisation, as
// "she's a pharmacist there" reads. A group (a band, a team) is left to the
// membership readings; "their" said of people ("the Okafors next door, she's
// their cleaner"), a relative ("he's their son") or something other than a
// job ("she's their biggest fan") reads nothing.

// theirJob reads "… is their <job>" from k, the word after "their".
func (p *sentCtx) theirJob(cl clause, k int) {
	s := p.s
	occ, next, ok := "", 0, false
	if headTitles[s.Norm(k)] != "" && s.Is(k+1, "of") && s.Toks[k+2].Word && k+2 < cl.end {
		occ, next, ok = s.Norm(k)+" of "+s.Norm(k+2), k+3, true // "their head of sales"
	} else {
		occ, _, next, ok = p.occupation(k, cl.end)
	}
	if !ok || !p.phraseEnds(next, cl.end) && !s.Is(next, "now", "there", "these", "since", "lol") {
		return
	}
	for _, w := range strings.Fields(occ) {
		if theirJobVetoes[w] {
			return
		}
	}
	org, ok := p.onlyOrganisation()
	if !ok || p.peopleSinceBut(org, ontology.NormaliseName(p.self().Name)) || outingText(p.disc.texts[org.turn]) ||
		p.disc.pair != nil && p.disc.pair.index >= p.disc.index-1 || endsInGroupHead(org.ref.Name) || teamName(s, 0, org.ref.Name) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.employment(cl, &org.ref, occ, true, "")
}

// theirJobVetoes are words of an occupation that say what one is to a
// person or a fan base, not a job: "their biggest fan", "their landlord".
var theirJobVetoes = lang.Words(`fan fans landlord landlady tenant neighbour neighbor customer client patient
	favourite favorite`)
