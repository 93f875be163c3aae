package rules

import "iter"

// phraseAt yields, in order, each k from first on with k+room < len(s.Toks)
// at which the tokens read ws. It is the opening of the many readings that
// find a word or a short phrase ("in charge", ", the") and then read what
// follows it; room keeps the tokens they read after it inside the sentence.
func phraseAt(s *sentence, first, room int, ws ...string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := first; k+room < len(s.Toks); k++ {
			if s.Seq(k, ws...) && !yield(k) {
				return
			}
		}
	}
}

// wordsIn yields, in order, each k at which the token's word is one of
// set: the opening of the readings keyed to a verb of a list ("sing",
// "playing", "love", "enjoy").
func wordsIn(s *sentence, set map[string]bool) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k, t := range s.Toks {
			if set[t.Norm] && !yield(k) {
				return
			}
		}
	}
}

// plainWordAt is phraseAt for one word said plainly (plainAt): no hedge
// before it and no hedged tie, as a reading of a stated fact wants.
func (p *sentCtx) plainWordAt(first, room int, w string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := range phraseAt(p.s, first, room, w) {
			if p.plainAt(k, w) && !yield(k) {
				return
			}
		}
	}
}

// optional steps over one optional word at j ("the new landlord", "their
// main studio", "is officially in"): j+1 when the token at j is one of ws,
// else j.
func optional(s *sentence, j int, ws ...string) int {
	if s.Is(j, ws...) {
		return j + 1
	}
	return j
}
