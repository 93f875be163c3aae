package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Relationship talk beyond "dating" and "married" (issue 14, h14-blind5):
// "been seeing Marco for 3 months", "Sanjay is seeing Marisol".

func init() {
	thirdVerbs["seeing"] = true    // "Sanjay from work is seeing Marisol"
	implicitVerbs["seeing"] = true // "been seeing Marco for 3 months"
}

// seeing reads "I've been seeing Marco for 3 months", "she's seeing
// Marisol now": PARTNER_OF, role dating. "Seeing" is as often a meeting
// ("seeing Tom tomorrow", "seeing Mia for lunch"), so the partner's name
// must end the clause, or be followed by a stretch of time ("for 3
// months", "for a while", "since may") or "now", and no other time may
// stand in the clause.
func (p *sentCtx) seeing(cl clause) {
	s := p.s
	if !cl.plain() || !cl.be && !cl.been || s.Norm(cl.verb) != "seeing" {
		return
	}
	partner, end, ok := p.person(cl.verb + 1)
	if !ok {
		if partner, end, ok = p.lowerPerson(cl.verb + 1); !ok {
			return
		}
	}
	if p.isSpeaker(partner) || s.Toks[end-1].Poss {
		return
	}
	k := end
	for s.Is(k, "now", "again", "lol", "btw", "tbh", "ngl", "rn", "apparently", "properly", "officially") {
		k++
	}
	switch {
	case s.Norm(k) == "for":
		if !p.stretchAt(k + 1) {
			return
		}
	case s.Norm(k) == "since":
	case k < len(s.Toks) && s.Toks[k].Word && !startsClause(s, k):
		return // "seeing Ade at the gig", "seeing Tom tomorrow"
	default:
		for _, h := range p.times {
			if h.From > cl.verb && h.From < cl.end {
				return // "I'm seeing Tom, then Jo, tomorrow"
			}
		}
	}
	p.relation(rel{typ: ontology.RelPartnerOf, from: p.self(), to: partner, role: "dating", conf: confWeak, validFrom: p.ts})
}

// stretchAt reports whether a stretch of time starts at k: "3 months",
// "a few weeks", "a while", "ages", "two years".
func (p *sentCtx) stretchAt(k int) bool {
	s := p.s
	for j := k; j < k+3 && j < len(s.Toks); j++ {
		if stretchWords[s.Norm(j)] {
			return true
		}
		if !s.Toks[j].Word {
			return false
		}
	}
	return false
}

var stretchWords = lang.Words(`months month years year weeks week while ages yrs mos`)

// fromQualifier returns the last token of a "from work" phrase right
// after a name ending at k ("Sanjay from work", "Ewa from my old team",
// "Malik from our year"), so the clause after it is the name's; -1 if
// none.
func fromQualifier(s *sentence, k int) int {
	if s.Norm(k) != "from" {
		return -1
	}
	j := k + 1
	if s.Is(j, "my", "our") {
		j++
		if s.Is(j, "old", "new") {
			j++
		}
	}
	if _, ok := tieSources[s.Norm(j)]; !ok {
		return -1
	}
	if s.Norm(j) != "work" && !s.Is(k+1, "my", "our") {
		return -1 // "Sanjay from school" may be where he came from today
	}
	return j
}
