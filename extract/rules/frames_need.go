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
	words := p.wordSet()
	if len(need) > len(words) {
		for w := range words {
			if need[w] {
				return true
			}
		}
		return false
	}
	for w := range need {
		if words[w] {
			return true
		}
	}
	return false
}

// slotFirstIndex indexes slotFirstFrames by the words they need.
var slotFirstIndex = newNeedIndex(frameNeeds(slotFirstFrames), true)

// frameNeeds are the needs of fs, in order.
func frameNeeds(fs []frame) []map[string]bool {
	needs := make([]map[string]bool, len(fs))
	for i := range fs {
		needs[i] = fs[i].need
	}
	return needs
}

// slotFirstMayMatch returns the slot-first frames the sentence may match
// (mayMatch), in their order, in the turn's reused buffer: sentenceFrames
// reads it once per sentence, not at every word a slot may open on.
func (p *sentCtx) slotFirstMayMatch() []*frame {
	if p.frameBuf == nil {
		p.frameBuf = make([]*frame, 0, 48) // once a turn, room for what a long sentence keeps
	}
	p.frameBuf = p.frameBuf[:0]
	if p.memo.frameMay == nil {
		p.memo.frameMay = make([]bool, len(slotFirstFrames)) // once a turn
	}
	may := p.memo.frameMay
	clear(may)
	slotFirstIndex.mark(p, may)
	for k := range slotFirstFrames {
		if may[k] {
			p.frameBuf = append(p.frameBuf, &slotFirstFrames[k])
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
