package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// workInVerbs say where one works when "in" follows them in non-native
// English: "I am working in Siemens since 2019".
var workInVerbs = map[string]bool{"working": true, "work": true, "works": true}

// workingIn reads "working in X" of an employer: WORKS_AT only when X is
// an organisation by a strong cue (an organisation word in its name, an
// earlier turn's "works at X"); "working in Leeds" is a place and
// "working in marketing" a field, and the preposition alone types neither.
func (p *sentCtx) workingIn(cl clause) {
	s := p.s
	if !workInVerbs[s.Norm(cl.verb)] || s.Norm(cl.verb+1) != "in" {
		return
	}
	sp, ok := p.typed(cl.verb + 2)
	if !ok || !s.Tok(cl.verb+2).Cap {
		return
	}
	if !p.orgConfirmed(sp) {
		return
	}
	end := yearsAfter(s, sp.to) // "for two years"
	if !p.phraseEnds(p.skipTimeAndAdverbs(end), cl.end) && s.Norm(sp.to) != "since" {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.employment(cl, &org, "", true, "")
}

// describedGroup reads "my band" or "our choir" at k as the group of that
// kind the conversation named last ("I'm in a band called Mud" … "I got
// let go from my band").
func (p *sentCtx) describedGroup(k int) (ontology.EntityRef, int, bool) {
	a, ok := p.disc.described(p.s.Norm(k + 1))
	if !ok || a.ref.Type != ontology.EntityOrganization {
		return ontology.EntityRef{}, 0, false
	}
	if a.turn != p.ids[0] {
		p.cite = union(p.cite, []string{a.turn})
	}
	return a.ref, k + 2, true
}

// ousting verbs, with "me out of" after them, end the speaker's place in
// a group: "they kicked me out of the band", "got chucked out of my choir".
var oustingVerbs = lang.Words(`kicked threw chucked booted turfed`)

// oustedMe reads the speaker put out of a group: MEMBER_OF, ended at the
// turn's time. A hedge, modal or negation before the verb makes it
// unsaid; a place left ("kicked me out of the pub") is no group.
func (p *sentCtx) oustedMe() {
	s := p.s
	if s.Question || p.ts == nil {
		return
	}
	for v := 0; v < len(s.Toks); v++ {
		if !oustingVerbs[s.Norm(v)] || !s.Is(v+1, "me") || !s.Is(v+2, "out") || !s.Is(v+3, "of") {
			continue
		}
		if firingBlocked(s, v) {
			return
		}
		if group, role, ok := p.groupLeft(v+4, len(s.Toks)); ok {
			p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, role: role, conf: confWeak, validUntil: p.ts})
		}
		return
	}
}
