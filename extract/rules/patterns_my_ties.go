package rules

// The "my" statements that tie the speaker to a job, a home, a band or a
// team (myPatterns calls them).

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// jobEnders before "my job at X" say the job is over or not had: "I quit
// my job at Ocado", "lost my job at", "applied for my dream job at".
var jobEnders = lang.Words(`quit quitting left leaving leave lost losing applied applying apply
	want wanted wish miss missed for if unless when`)

// myJob reads "my (new) job at Nomad Labs", "my first day at Nomad Labs"
// after "my" at m: WORKS_AT for the speaker (or the person a possessive
// is about), from now. It reports whether it read one. A verb that ends
// or only seeks the job before it ("quit my job at", "applied for my
// dream job at") and questions and hedges say nothing here.
func (p *sentCtx) myJob(m int) bool {
	s := p.s
	k := m + 1
	for s.Is(k, "new", "first", "dream", "full-time", "part-time", "current", "day", "summer") && !s.Seq(k, "first", "day") {
		k++
	}
	switch {
	case s.Is(k, "job", "position", "role", "internship") && s.Is(k+1, "at", "with"):
	case s.Seq(k, "first", "day") && s.Is(k+2, "at"):
		k++
	default:
		return false
	}
	if s.Question || hedgedBefore(s, m) || hedgedAfter(s, k) {
		return true
	}
	for j := max(0, m-3); j < m; j++ {
		if jobEnders[s.Norm(j)] || modalWords[s.Norm(j)] {
			return true
		}
	}
	org, end, ok := p.org(k + 2)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, "is", "was", "starts", "tomorrow", "today", "next", "on", "this") {
		return true
	}
	me := p.self()
	if !s.Is(k, "day") && overNow(s, end) { // "my job at X is over" (an internship's end: shiftOrInternshipAt)
		if !s.Is(k, "internship") {
			p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validUntil: p.ts})
		}
		return true
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validFrom: p.ts})
	p.fact(me, stmt(me.Name+" works at "+org.Name), confWeak, p.ts, nil)
	return true
}

// homeNouns are where one lives ("my flat in Hackney").
var homeNouns = lang.Words(`flat apartment place house home houseshare flatshare`)

// myHome reads "my flat in Hackney", "our place in Whitby" after "my" or
// "our" at m: LIVES_IN for the speaker (or the person a possessive is
// about). An old, former or new home ("my old flat in Leeds", "our new
// place in Whitby", which a move states) and hedged statements say nothing.
func (p *sentCtx) myHome(m int) {
	s := p.s
	k := m + 1
	if s.Is(k, "little", "tiny", "current", "shared") {
		k++
	}
	if !homeNouns[s.Norm(k)] || s.Norm(k+1) != "in" || hedgedBefore(s, m) || hedgedAfter(s, k) {
		return
	}
	place, _, conf, ok := p.place(k + 2)
	if !ok {
		return
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelLivesIn, from: me, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// myBand reads "my band Velvet Static", "my band's called Velvet Static",
// "our band, Velvet Static" after "my" or "our" at m: MEMBER_OF for the
// speaker.
func (p *sentCtx) myBand(m int) {
	s := p.s
	k := groupHeadAt(s, m+1) // "our band", "our five-a-side team", "my book club"
	if k < 0 {
		return
	}
	j := k + 1
	switch {
	case s.Tok(k).Poss && s.Is(j, "called", "named"):
		j++
	case s.Seq(j, "is", "called"), s.Seq(j, "is", "named"):
		j += 2
	case s.Norm(j) == ",":
		j++
	}
	if s.Norm(j) == "the" && s.Tok(j+1).Cap {
		j++ // "our team is called the Badgers"
	}
	sp, ok := nameAt(s, j)
	if !ok || s.Tok(sp.to-1).Poss && !s.Is(sp.to, "gig", "show", "album", "first", "new") {
		return
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return
	}
	group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, conf: confWeak, validFrom: p.ts})
}

// ourPlayer reads "our drummer Kit", "our singer, Mo," with the band role
// at k: MEMBER_OF the band the conversation named last (within the
// coreference window), citing the turn that named it.
func (p *sentCtx) ourPlayer(k int) {
	s := p.s
	role := s.Norm(k)
	if !bandRoles[role] {
		return
	}
	j := k + 1
	if s.Norm(j) == "," {
		j++
	}
	person, _, ok := p.person(j)
	if !ok {
		if person, _, ok = p.lowerPerson(j); !ok {
			return
		}
	}
	a, ok := p.disc.described("band")
	if !ok {
		return
	}
	saved := p.cite
	if a.turn != p.ids[0] {
		p.cite = union(p.cite, []string{a.turn})
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: person, to: a.ref, role: role, conf: confWeak, validFrom: p.ts})
	p.cite = saved
}

// onMyTeam reads "Ana is on my team", "Ana just joined my team", with
// "my" at m: KNOWS, colleague.
func (p *sentCtx) onMyTeam(m int) {
	s := p.s
	if !s.Is(m+1, "team", "squad") || !p.phraseEnds(chatTail(s, m+2), len(s.Toks)) || s.Question || p.hedgedAt(m) {
		return
	}
	k := m - 1
	switch {
	case s.Is(k, "on", "in") && s.Is(k-1, "is", "'s"):
		k -= 2
	case s.Is(k, "joined"):
		k--
	default:
		return
	}
	for k >= 0 && adverbs[s.Norm(k)] {
		k--
	}
	people := p.namesBefore(k+1, false)
	if len(people) == 0 || p.isSpeaker(people[0]) {
		return
	}
	p.relRole(p.self(), kindColleague, "colleague", people[0], confWeak)
}
