package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Belonging in everyday phrasing (issue 14, third round): a seat on a
// board, a group introduced and then named ("I'm in a book club here, it's
// called X"), a squad, a band's player named by role, leaving a group.

// boardOf reads "the board of X" (also "the board of trustees of X") or
// "X's board" at k: the organisation, which must be named.
func (p *sentCtx) boardOf(k, end int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Seq(k, "the", "board") {
		j := k + 2
		if s.Seq(j, "of", "trustees") || s.Seq(j, "of", "directors") || s.Seq(j, "of", "governors") {
			j += 2
		}
		if s.Is(j, "of", "at") {
			if org, next, ok := p.namedOrg(j + 1); ok {
				return org, next, true
			}
		}
		return ontology.EntityRef{}, 0, false
	}
	sp, ok := p.typed(k)
	if !ok || !s.Tok(sp.to-1).Poss || s.Norm(sp.to) != "board" || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to + 1, true
}

// namedOrg reads an organisation's name at k: a capitalised name (not a
// description resolved by coreference, which "the board of the company"
// may well not mean).
func (p *sentCtx) namedOrg(k int) (ontology.EntityRef, int, bool) {
	if _, ok := p.typed(k); !ok {
		return ontology.EntityRef{}, 0, false
	}
	return p.org(k)
}

// onBoard reads "I'm on the board of X", "she sits on the board of X",
// "I sit on X's board", "I joined the board of X": MEMBER_OF, board member.
// k is the word after the verb ("on" after "be" or "sit"; the object
// after "joined").
func (p *sentCtx) onBoard(cl clause, k int) bool {
	if !cl.plain() || cl.was {
		return false
	}
	if p.s.Norm(k) == "on" {
		k++
	}
	org, end, ok := p.boardOf(k, cl.end)
	if !ok || !p.phraseEnds(end, cl.end) && lastingAfter(p.s, end) == lastingNone && !p.s.Is(end, "since", "as", "for") {
		return false
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.relation(rel{typ: ontology.RelMemberOf, from: me, to: org, role: "board member", conf: confStrong, validFrom: vf})
	p.fact(me, stmt(me.Name+" is on the board of "+org.Name), confStrong, vf, nil)
	return true
}

// inGroup reads "I'm in a book club called X", "I'm in a book club here,
// it's called X", "I'm in a choir, the Slow Readers" and "I'm in Headingley
// Community Choir": MEMBER_OF a named group, with the "in" at k.
func (p *sentCtx) inGroup(cl clause, k int) {
	s := p.s
	if !cl.plain() || cl.was {
		return
	}
	if s.Is(k+1, "a", "an") {
		if group, ok := p.aGroupCalled(k + 1); ok {
			p.membership(cl, group, confStrong, " is in ")
		}
		return
	}
	j := k + 1
	if s.Norm(j) == "the" && memberHeads[s.Norm(j+1)] && s.Tok(j+2).Cap {
		j += 2 // "Kit is in the band Mud"
	}
	sp, ok := p.typed(j)
	if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || j == k+1 && !endsInGroupHead(sp.name) {
		return
	}
	if !p.phraseEnds(sp.to, cl.end) && lastingAfter(s, sp.to) == lastingNone && !s.Is(sp.to, "too", "as", "since") {
		return
	}
	p.membership(cl, ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, confStrong, " is in ")
}

// aGroupCalled reads "a book club (here, it's) called X" at k: the group's
// name.
func (p *sentCtx) aGroupCalled(k int) (ontology.EntityRef, bool) {
	if !p.s.Is(k, "a", "an") {
		return ontology.EntityRef{}, false
	}
	j := groupHeadAt(p.s, k+1)
	if j < 0 {
		return ontology.EntityRef{}, false
	}
	return p.calledAfter(j+1, len(p.s.Toks))
}

// groupHeadAt returns where a group word ends the description at k ("book
// club", "local running club", "five-a-side team"): up to three lower-case
// words before it; -1 when there is none.
func groupHeadAt(s *sentence, k int) int {
	for j := k; j < k+4 && j < len(s.Toks); j++ {
		t := s.Toks[j]
		if memberHeads[t.Norm] {
			return j
		}
		if !t.Word || t.Cap || functionWords[t.Norm] || npStops[t.Norm] || faveWords[t.Norm] { // "my favourite band" is a fan's
			return -1
		}
	}
	return -1
}

// endsInGroupHead reports whether a name ends in a group word ("Headingley
// Community Choir", "the Seattle Chess Club").
func endsInGroupHead(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) > 1 && groupHeads[f[len(f)-1]]
}

// calledAfter reads the name a group is given after its head noun, from k:
// "called X" / "named X" at once or after a few filler words ("here, it's
// called X"), or an apposition ", X" of a name ending in a group word.
func (p *sentCtx) calledAfter(k, end int) (ontology.EntityRef, bool) {
	s := p.s
	if s.Norm(k) == "," {
		if sp, ok := p.typed(k + 1); ok && endsInGroupHead(sp.name) && p.phraseEnds(sp.to, end) {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
		}
	}
	for j := k; j < end && j <= k+6; j++ {
		switch n := s.Norm(j); {
		case n == "called" || n == "named":
			org, _, ok := p.namedOrg(j + 1)
			return org, ok
		case !s.Toks[j].Word && n != "," && n != "'", s.Toks[j].Word && !fillerBeforeCalled[n]:
			return ontology.EntityRef{}, false
		}
	}
	return ontology.EntityRef{}, false
}

// fillerBeforeCalled may stand between a group's head noun and "called"
// ("a book club here, it's called X", "a choir now, it is called X").
var fillerBeforeCalled = map[string]bool{"here": true, "there": true, "now": true, "it": true, "is": true,
	"its": true, "which": true, "locally": true, "too": true, "lol": true, "actually": true}

// weAreCalled reads "We're called Real Ale Madrid" in a turn that spoke of
// "our … team" (or band, club, choir): MEMBER_OF for the speaker, as "we"
// is annotated.
func (p *sentCtx) weAreCalled(cl clause) {
	if !cl.plain() || cl.was || p.s.Question {
		return
	}
	group, end, ok := p.namedOrg(cl.verb + 1)
	if !ok || !p.phraseEnds(end, cl.end) {
		return
	}
	p.membership(cl, group, confStrong, " is in ")
}

// onTeam reads "Tom is on the Leeds Rhinos squad", "I'm on the Hackney
// Wick team": MEMBER_OF the named group, with "on" at k. The group word
// must follow a capitalised name.
func (p *sentCtx) onTeam(cl clause, k int) {
	s := p.s
	if !cl.plain() || cl.was || s.Norm(k+1) != "the" {
		return
	}
	sp, ok := p.typed(k + 1)
	if !ok || sp.to-sp.from < 1 || !s.Is(sp.to, "team", "squad", "crew", "committee", "board") || s.Tok(sp.to-1).Poss {
		return
	}
	if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || !p.phraseEnds(sp.to+1, cl.end) && lastingAfter(s, sp.to+1) == lastingNone {
		return
	}
	p.membership(cl, ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, confStrong, " is on the team of ")
}

// groupRoleIs reads "Mud's new drummer is Kit", "the drummer of Mud is
// Kit": MEMBER_OF with the part as role. The group must be read as an
// organisation.
func (p *sentCtx) groupRoleIs() {
	s := p.s
	for i := 0; i+3 < len(s.Toks); i++ {
		k := i
		if s.Norm(k) == "new" {
			k++
		}
		if !bandRoles[s.Norm(k)] {
			continue
		}
		var sp span
		var ok bool
		next := k + 1
		switch {
		case s.Norm(k+1) == "of" && s.Norm(i-1) == "the":
			sp, ok = p.typed(k + 2)
			next = sp.to
		case i > 0 && s.Toks[i-1].Poss:
			sp, ok = nameBefore(s, i)
			sp = p.known.typeName(s, sp)
		}
		if !ok || s.Norm(next) != "is" || sp.typ != ontology.EntityOrganization && !p.disc.typedAs(sp.name, ontology.EntityOrganization) {
			continue
		}
		member, end, ok := p.person(next + 1)
		if !ok || !p.phraseEnds(end, clauseEnd(s, end)) || hedgedAfter(s, next) {
			continue
		}
		if p.isSpeaker(member) {
			continue
		}
		group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelMemberOf, from: member, to: group, role: s.Norm(k), conf: confWeak, validFrom: p.ts})
	}
}

// theirPlayer reads "he's their bassist", "I'm our drummer now": MEMBER_OF
// the band the conversation named last (within the coreference window),
// with the part as role, citing the turn that named it.
func (p *sentCtx) theirPlayer(cl clause, role string) {
	if !cl.plain() || cl.was {
		return
	}
	a, ok := p.disc.described("band")
	if !ok {
		return
	}
	defer p.citeFrom(a.turn)()
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: a.ref, role: role, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
}

// leftGroup reads "i quit the board at Leeds Refugee Support", "I left the
// Bach Choir last year", "I left the band in May" with the object at k:
// MEMBER_OF ended at the turn's time (a group is left, not an employer).
// It reports whether it read the clause.
func (p *sentCtx) leftGroup(cl clause, k int) bool {
	group, role, ok := p.groupLeft(k, cl.end)
	if !ok {
		return false
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, role: role, conf: confWeak, validUntil: p.ts})
	return true
}

// groupLeft reads the group one leaves or is let go from at k, up to the
// phrase's end: a board ("the board at X", role board member), a group
// by its name ("the Bach Choir"; an employer-like name is a job's), or
// one described ("the band", "my band") that the conversation named.
func (p *sentCtx) groupLeft(k, end int) (ontology.EntityRef, string, bool) {
	s := p.s
	role := ""
	group, to, ok := p.boardOf(k, end)
	if ok {
		role = "board member"
	} else {
		mine := s.Is(k, "my", "our") && memberHeads[s.Norm(k+1)]
		if mine {
			group, to, ok = p.describedGroup(k) // "my band": the band the conversation named
		} else {
			group, to, ok = p.org(k)
		}
		described := mine || s.Norm(k) == "the" && memberHeads[s.Norm(k+1)] && !s.Tok(k+1).Cap
		if !ok || !described && employerLike(group.Name) {
			return ontology.EntityRef{}, "", false
		}
	}
	if !p.phraseEnds(to, end) && !s.Is(to, "in", "after", "last", "this", "two", "three", "when") {
		return ontology.EntityRef{}, "", false
	}
	return group, role, true
}

// onTeamAt reads "I'm on the data team at Brightwater" (WORKS_AT, the
// employer named after the unit) and "Kit is on drums", "I'm on bass now"
// (MEMBER_OF the band the conversation named last, the instrument's part
// as role), with "on" at k. It reports whether it read the clause.
func (p *sentCtx) onTeamAt(cl clause, k int) bool {
	s := p.s
	if !cl.plain() || cl.was {
		return false
	}
	if r, ok := instruments[s.Norm(k+1)]; ok && (p.phraseEnds(k+2, cl.end) || lastingAfter(s, k+2) != lastingNone) {
		p.theirPlayer(cl, r)
		return true
	}
	at := -1
	for j := k + 2; j < cl.end && j <= k+6; j++ {
		if s.Norm(j) == "at" {
			at = j
			break
		}
	}
	if at < 0 {
		return false
	}
	if _, ok := p.teamAt(k+1, at); !ok {
		return false
	}
	employer, end, ok := p.namedOrg(at + 1)
	if !ok || !p.phraseEnds(end, cl.end) && lastingAfter(s, end) == lastingNone {
		return false
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: employer, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
	return true
}
