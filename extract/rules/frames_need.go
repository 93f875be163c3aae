package rules

import "github.com/loci-memory/loci/ontology"

// A sentence frame is tried at every word of a sentence, and those that
// open on a slot at every name and clause start: most never match, for a
// word they need is not in the sentence. Each frame keeps the words of its
// most selective required literal, and a sentence lacking all of them
// skips the frame without reading any slot.

// withNeed returns f with need set: the words of the required literal
// token (not optional, not a skip, not a slot) with the fewest words.
func withNeed(f frame) frame {
	for _, t := range f.toks {
		if t.words == nil || t.opt {
			continue
		}
		if f.need == nil || len(t.words) < len(f.need) {
			f.need = t.words
		}
	}
	return f
}

// mayMatch reports whether the sentence holds one of the words frame f
// needs (always, when f needs none).
func (p *sentCtx) mayMatch(f frame) bool {
	if f.need == nil {
		return true
	}
	return p.hasAnyWord(f.need)
}

// hasAnyWord reports whether the sentence holds one of the words of need
// (normalised), building the sentence's word set once.
func (p *sentCtx) hasAnyWord(need map[string]bool) bool {
	if p.words == nil {
		p.words = make(map[string]bool, len(p.s.Toks))
		for k := range p.s.Toks {
			p.words[p.s.Norm(k)] = true
		}
	}
	if len(need) > len(p.words) {
		for w := range p.words {
			if need[w] {
				return true
			}
		}
		return false
	}
	for w := range need {
		if p.words[w] {
			return true
		}
	}
	return false
}

// framesMayMatch returns those of fs the sentence may match (mayMatch),
// in their order, in the turn's reused buffer: sentenceFrames reads it
// once per sentence, not at every word a slot may open on.
func (p *sentCtx) framesMayMatch(fs []frame) []*frame {
	if p.frameBuf == nil {
		p.frameBuf = make([]*frame, 0, 48) // once a turn, room for what a long sentence keeps
	}
	p.frameBuf = p.frameBuf[:0]
	for k := range fs {
		if p.mayMatch(fs[k]) {
			p.frameBuf = append(p.frameBuf, &fs[k])
		}
	}
	return p.frameBuf
}

// tryFrame matches sentence frame f at token i and records what it
// states; the caller has checked that the sentence may match f.
func (p *sentCtx) tryFrame(f frame, i int) {
	s := p.s
	if lead := f.toks[0].slot; (lead == "LIKE" || lead == "PET" || lead == "THING") && !clauseStart(s, i) {
		return // "her lemon drizzle is my favourite": the subject starts before
	}
	binds, ok := p.matchFrame(f.toks, i, len(s.Toks), nil)
	if !ok || p.frameHedged(i) {
		return
	}
	p.frameRelation(f, i, clauseEnd(s, i), ontology.EntityRef{}, binds)
}
