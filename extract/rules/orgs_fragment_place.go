package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// inPlaceFragment reads a place added as a sentence of its own after the
// organisation the speaker just named: "ive been offered a job at coquet
// valley hospice. in morpeth", "Got taken on at Saltys. In Cleethorpes!":
// LOCATED_IN. The fragment holds "in", the place and at most a chat
// particle; the sentence before must end on the organisation's name. A
// time ("In an hour"), a sentence that goes on ("In Leeds we had …"), a
// person or a place before, and the turn's first sentence read nothing.
func (p *sentCtx) inPlaceFragment() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "in") || s.Start == 0 {
		return
	}
	place, end, conf, ok := p.place(f + 1)
	if !ok || conf < confStrong || !coupleEnds(s, end) || p.timeAt(f+1) != nil {
		return
	}
	before := p.sentenceBefore()
	org, ok := p.lastOrganisation()
	if before == nil || !ok || org.turn != p.ids[0] || !endsOnName(p.text[before.Start:before.End], org.ref.Name) {
		return
	}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// endsOnName reports whether text, less its closing punctuation and
// emoji, ends on name (case folded).
func endsOnName(text, name string) bool {
	t := strings.ToLower(strings.TrimRightFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 0x7f && r < 0x2000)
	}))
	n := strings.ToLower(name)
	return n != "" && strings.HasSuffix(t, n) && (len(t) == len(n) || t[len(t)-len(n)-1] == ' ')
}
