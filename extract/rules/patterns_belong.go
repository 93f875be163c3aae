package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Belonging and leading in everyday phrasing (issue 14, third round): a
// seat on a board, a group introduced and then named ("I'm in a book club
// here, it's called X"), "in charge of", "head up" and chairing.

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
		if !t.Word || t.Cap || functionWords[t.Norm] || npStops[t.Norm] {
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

// inCharge reads "I'm in charge of the UX team at Sonae", "she's in charge
// of Livros ao Sábado", "I'm in charge of it now": LEADS, with "in" at k.
func (p *sentCtx) inCharge(cl clause, k int) {
	if !cl.plain() || cl.was || !p.s.Seq(k, "in", "charge", "of") {
		return
	}
	p.ledThing(cl, k+3)
}

// ledThing reads what one leads at k: a unit ("the whole UX team", which
// may be followed by its employer: "at Sonae", "there"), "it" for the
// organisation last mentioned, or a named organisation.
func (p *sentCtx) ledThing(cl clause, k int) bool {
	s := p.s
	stop := cl.end
	for j := k; j < cl.end; j++ {
		if s.Is(j, "at", "there") {
			stop = j
			break
		}
	}
	if team, ok := p.teamAt(k, stop); ok {
		p.leading(cl, team)
		var employer ontology.EntityRef
		switch {
		case stop == cl.end:
			return true
		case s.Norm(stop) == "there" && p.phraseEnds(stop+1, cl.end):
			employer, ok = p.there()
		case s.Norm(stop) == "at":
			var end int
			employer, end, ok = p.namedOrg(stop + 1)
			ok = ok && (p.phraseEnds(end, cl.end) || lastingAfter(s, end) != lastingNone)
		default:
			ok = false
		}
		if ok {
			p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: employer, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
		}
		return true
	}
	if s.Norm(k) == "it" && p.phraseEnds(k+1, cl.end) || s.Seq(k, "it", "now") {
		if a, ok := p.disc.organisation(); ok {
			defer p.citeFrom(a.turn)()
			p.leading(cl, a.ref)
			return true
		}
		return false
	}
	org, end, ok := p.namedOrg(k)
	if !ok || !p.phraseEnds(end, cl.end) && lastingAfter(s, end) == lastingNone {
		return false
	}
	if sp, ok := p.typed(k); ok && !sp.confirmed && !endsInGroupHead(sp.name) {
		return false // an unknown bare name: "in charge of Tuesdays"
	}
	p.leading(cl, org)
	return true
}

// chairs reads "I'm chairing the Peckham Allotment Society", "she chairs
// X", "I head up the fraud team there": LEADS.
func (p *sentCtx) chairs(cl clause) {
	v := p.s.Norm(cl.verb)
	k := cl.verb + 1
	switch {
	case !cl.plain() || cl.was || cl.had:
	case v == "chairing" && cl.be, v == "chair" && !cl.be && !cl.have:
		p.ledThing(cl, k)
	case (v == "head" || v == "heading" && cl.be) && p.s.Norm(k) == "up" && !cl.have:
		p.ledThing(cl, k+1)
	}
}

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

// homeIs reads "home is Lisbon now" and "Lisbon is home now" / "Lisbon's
// home these days": LIVES_IN for the speaker. "Lisbon is home to 500k
// people" and questions are not read.
func (p *sentCtx) homeIs() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	k, after := -1, -1
	switch {
	case s.Seq(0, "home", "is"):
		k = 2
	default:
		if _, end, _, ok := p.place(0); ok && s.Seq(end, "is", "home") {
			k, after = 0, end+2
		}
	}
	if k < 0 {
		return
	}
	place, end, conf, ok := p.place(k)
	if !ok || conf < confStrong && !p.s.Tok(k).Cap {
		return
	}
	if after >= 0 {
		end = after
	}
	if end < len(s.Toks) && s.Toks[end].Word && !s.Is(end, "lol", "now", "haha") && lastingAfter(s, end) == lastingNone {
		return // "Lisbon is home to 500k people"
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	p.fact(p.speaker, stmt(p.speaker.Name+" lives in "+place.Name), confWeak, p.ts, nil)
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

// passiveLead are the participles of "X is run by Y".
var passiveLead = map[string]bool{"run": true, "led": true, "managed": true, "headed": true, "chaired": true}

// runBy reads "Grano Labs is run by Tom", "the Tuesday Club is now led by
// Ana": LEADS. The organisation must be named and read as one (a cue, not
// only a capital letter), and the leader a person.
func (p *sentCtx) runBy() {
	s := p.s
	for i := 1; i+3 < len(s.Toks); i++ {
		if s.Norm(i) != "is" {
			continue
		}
		j := i + 1
		for s.Is(j, "now", "still", "currently", "actually") {
			j++
		}
		if !passiveLead[s.Norm(j)] || s.Norm(j+1) != "by" || hedgedAfter(s, j) {
			continue
		}
		sp, ok := nameBefore(s, i)
		if !ok {
			continue
		}
		sp = p.known.typeName(s, sp)
		if sp.typ != ontology.EntityOrganization || !sp.confirmed {
			continue
		}
		leader, end, ok := p.person(j + 2)
		if !ok || p.isSpeaker(leader) || !p.phraseEnds(end, clauseEnd(s, end)) {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLeads, from: leader, to: org, conf: confWeak, validFrom: p.ts})
		p.fact(leader, stmt(leader.Name+" runs "+org.Name), confWeak, p.ts, nil)
	}
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

// firstDayAt reads "day one at Ocado tomorrow!", "first week at Ocado
// done", "it's my first day at Grano Labs": WORKS_AT for the speaker (a
// definite start), or ATTENDED for a school. Only the speaker's own first
// day is read: "his first day at Ocado" is not.
func (p *sentCtx) firstDayAt() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for i := 0; i+3 < len(s.Toks); i++ {
		at := -1
		switch {
		case s.Norm(i) == "first" && s.Is(i+1, "day", "week", "month", "shift") && s.Norm(i+2) == "at":
			at = i + 2
		case s.Seq(i, "day", "one", "at"), s.Seq(i, "week", "one", "at"):
			at = i + 2
		}
		if at < 0 || !onlyWords(s, 0, i, "my", "it", "is", "today", "tomorrow", "monday", "was", "so", "ok", "and") {
			continue
		}
		sp, ok := p.typed(at + 1)
		if !ok || hedgedAfter(s, at) || sp.typ != ontology.EntityOrganization && !p.disc.typedAs(sp.name, ontology.EntityOrganization) {
			return // "first day at Glastonbury" may be a festival's
		}
		org, _, ok := p.org(at + 1)
		if !ok {
			return
		}
		typ := ontology.RelWorksAt
		if p.isSchool(sp) {
			typ = ontology.RelAttended
		}
		p.relation(rel{typ: typ, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// onlyWords reports whether every token of [from, to) is one of ws
// (punctuation such as the apostrophe of "it's" aside).
func onlyWords(s *sentence, from, to int, ws ...string) bool {
	for k := from; k < to; k++ {
		if s.Toks[k].Word && !s.Is(k, ws...) {
			return false
		}
	}
	return true
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
	s := p.s
	role := ""
	group, end, ok := p.boardOf(k, cl.end)
	if ok {
		role = "board member"
	} else {
		group, end, ok = p.org(k)
		described := s.Norm(k) == "the" && memberHeads[s.Norm(k+1)] && !s.Tok(k+1).Cap
		if !ok || !described && employerLike(group.Name) {
			return false
		}
	}
	if !p.phraseEnds(end, cl.end) && !s.Is(end, "in", "after", "last", "this", "two", "three", "when") {
		return false
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, role: role, conf: confWeak, validUntil: p.ts})
	return true
}
