package rules

// hasBeenMy reads "mick's been my best mate since school", "Mick has been
// my best friend for years": a named subject's tie told in the perfect, as
// "Mick is my best mate" is (isMyAt; "she's been my mate" is read in
// myPatterns). "Mick has been my best mate's dad", a role no list knows
// ("my rock"), "had been" and a question read nothing.
func (p *sentCtx) hasBeenMy() {
	s := p.s
	for m := 0; m+3 < len(s.Toks); m++ {
		if !s.Is(m+1, "been") || !s.Is(m+2, "my", "our") {
			continue
		}
		switch {
		case s.Toks[m].Poss && s.Toks[m].Cap:
			p.isMyAt(m+1, m+2, false) // "Mick's been my …": the name ends before "been"
		case s.Is(m, "has") && m > 0 && s.Toks[m-1].Cap:
			p.isMyAt(m, m+2, false) // "Mick has been my …"
		}
	}
}
