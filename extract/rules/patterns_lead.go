package rules

import "github.com/loci-memory/loci/ontology"

// Leading, home and a first day at work in everyday phrasing (issue 14,
// third round): "in charge of", "head up", chairing, "X is run by Y",
// "Lisbon is home now", "first week at Ocado done".

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
		if a, ok := p.disc.ranOrganisation(); ok {
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
	if !ok || conf < confStrong && (!p.s.Tok(k).Cap || after >= 0 && capsWords(s, after-2, after)) {
		return // "UPDATE TOFFEE IS HOME": shouted, the capitals name nothing
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

// firstDayAt reads "day one at Ocado tomorrow!", "first week at Ocado
// done", "also first week at Arup done!!", "it's my first day at Grano
// Labs": WORKS_AT for the speaker (a
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
		case s.Norm(i) == "first" && s.Is(i+1, "proper", "full", "official", "real") && s.Is(i+2, "day", "week", "month", "shift") && s.Is(i+3, "at"):
			at = i + 3 // "first proper week at Arup done"
		}
		if at < 0 || !onlyWords(s, 0, i, "my", "it", "is", "today", "tomorrow", "monday", "was", "so", "ok", "and") && i != afterLeads(s) {
			continue
		}
		sp, ok := p.typed(at + 1)
		if !ok || hedgedAfter(s, at) || sp.typ != ontology.EntityOrganization && !p.disc.typedAs(sp.name, ontology.EntityOrganization) {
			return // "first day at Glastonbury" may be a festival's
		}
		if i == 0 && s.Is(sp.to, "is", "will") {
			return // "first day at Tidewater is 1 jul", after news of a hire: a date announced, maybe someone else's
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

// hiredMe reads "Brightwater Analytics hired me last year", "Ocado just
// recruited Tom": WORKS_AT, the employer a name read as an organisation.
func (p *sentCtx) hiredMe() {
	s := p.s
	for i := 1; i+1 < len(s.Toks); i++ {
		if !s.Is(i, "hired", "recruited", "poached", "headhunted") {
			continue
		}
		j := i - 1
		if s.Is(j, "just", "finally", "officially") {
			j--
		}
		sp, ok := nameBefore(s, j+1)
		if !ok || hedgedAfter(s, i) || hedgedBefore(s, sp.from) {
			continue
		}
		if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityOrganization && !p.disc.typedAs(sp.name, ontology.EntityOrganization) {
			continue
		}
		var who ontology.EntityRef
		end := i + 2
		if s.Norm(i+1) == "me" {
			who = p.speaker
		} else if ref, e, ok := p.person(i + 1); ok && !p.isSpeaker(ref) {
			who, end = ref, e
		}
		if who.Name == "" || !p.phraseEnds(end, clauseEnd(s, end)) && p.timeAt(end) == nil {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// headOfUnitAt reads "head of data at Brightwater", "director of
// engineering at Ocado" with the title at k: WORKS_AT the employer named
// after "at", the title as role (the unit led has no name to link).
func (p *sentCtx) headOfUnitAt(cl clause, k int) bool {
	s := p.s
	if s.Norm(k+1) != "of" {
		return false
	}
	at := -1
	for j := k + 2; j < cl.end && j <= k+4; j++ {
		t := s.Toks[j]
		if t.Norm == "at" && j > k+2 {
			at = j
			break
		}
		if !t.Word || t.Cap || functionWords[t.Norm] {
			return false
		}
	}
	if at < 0 {
		return false
	}
	employer, end, ok := p.namedOrg(at + 1)
	if !ok || !p.phraseEnds(end, cl.end) && lastingAfter(s, end) == lastingNone {
		return false
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: employer, role: joinText(s, k, at), conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
	return true
}
