package rules

// lostJob reads "I lost my job at Blue Finch Logistics", "she lost her position with
// Ocado": WORKS_AT, ended at the turn's time. The organisation must read
// as one (not a person or a place).
func (p *sentCtx) lostJob(cl clause) {
	s := p.s
	if s.Norm(cl.verb) != "lost" || cl.be || p.ts == nil {
		return
	}
	k := cl.verb + 1
	if !s.Is(k, "my", "his", "her", "their", "our") || !s.Is(k+1, "job", "position", "role") || !s.Is(k+2, "at", "with") {
		return
	}
	if p.timeAt(k+3) != nil {
		return // "lost my job at Christmas"
	}
	org, end, ok := p.org(k + 3)
	if !ok || !p.phraseEnds(p.skipTimeAndAdverbs(end), cl.end) {
		return
	}
	if sp, typed := p.typed(k + 3); !typed || !p.orgConfirmed(sp) && !multiWordCap(s, sp) {
		return // an organisation by a strong cue, an earlier turn, or a name of two capitalised words ("Harbour Freight"); not "at Christmas"
	}
	p.employment(cl, &org, "", false, "")
}

// multiWordCap reports whether a name span has two or more words, each
// capitalised.
func multiWordCap(s *sentence, sp span) bool {
	words := 0
	for i := sp.from; i < sp.to; i++ {
		if s.Toks[i].Word {
			if !s.Toks[i].Cap {
				return false
			}
			words++
		}
	}
	return words >= 2
}
