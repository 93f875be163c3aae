package rules

import (
	"github.com/loci-memory/loci/ontology"
)

// keyDeterminers may stand between "the keys to" and a home's noun: a home
// of the one who got the keys, or one not yet anyone's ("a flat").
var keyDeterminers = map[string]bool{"a": true, "the": true, "our": true, "my": true, "his": true, "her": true, "their": true}

// gotTheKeysIn reads "me and raf got the keys to a flat in coton hill", "we
// get the keys to our house in Bramhall on friday", "Ollie's got the keys
// to a flat in Clifton": a move into the home's place (MOVED_TO), for the
// one who got them; "me and X" gives X the move too (pairSubjects). Keys
// to a holiday let or a weekend's stay, to someone else's home ("the keys
// to Dan's flat"), to an office or a van, a hedge ("hoping to get the
// keys"), a condition or a near miss read nothing.
func (p *sentCtx) gotTheKeysIn() {
	s := p.s
	for k := 0; k+6 < len(s.Toks); k++ {
		if !s.Is(k, "got", "get", "getting", "collected", "collect") || !s.Seq(k+1, "the", "keys", "to") ||
			p.tieHedged(k) || p.reachedBy(k, "if", "almost", "nearly") {
			continue
		}
		who, cite, ok := p.homeGetter(k) // the speaker, or "Ollie's got the keys …" (homes_said.go)
		if !ok {
			continue
		}
		j := k + 4
		if !keyDeterminers[s.Norm(j)] {
			continue
		}
		place, _, ok := p.homeIn(j + 1)
		if !ok {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelMovedTo, from: who, to: place, conf: confWeak, validFrom: p.ts})
		restore()
	}
}
