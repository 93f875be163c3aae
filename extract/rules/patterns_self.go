package rules

import (
	"strconv"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// selfPatterns reads one first-person clause. Clauses with "we", in
// questions, or under "if"/"maybe" yield at most an event; negated and
// modal clauses yield only what their negation states ("I don't work at X
// anymore").
func (p *sentCtx) selfPatterns(cl clause) {
	if !cl.third && !cl.implicit && relativeSubject(p.s, cl.subj, p.inTime) {
		p.weCallIt(cl) // "a tiny fiat we call Gelado"
		return
	}
	saved := p.cite // a description resolved in this clause cites its antecedent for this clause only
	defer func() { p.cite = saved }()
	if !cl.hedged {
		defer p.clauseFrames(cl) // data/frames.txt, after the patterns of their own
	}
	if cl.we {
		if !cl.hedged && !p.s.Question {
			p.owns(cl)
			p.petNamedVerb(cl)
			p.weCallIt(cl)
			switch v := p.s.Norm(cl.verb); v {
			case "moved", "relocated", "retired", "moving":
				p.moveVerb(cl, v) // "we retired to Devon in 2019", "we're moving to Whitby next month"
			case "left":
				p.left(cl) // "we left London in May"
			case "live", "living":
				p.live(cl, v)
			case "grew":
				p.grewUp(cl) // "we grew up in Sligo": the speaker did
			case "work", "working":
				p.work(cl, v, "work", "working", "worked") // "we both work at Ocado": the speaker does
			case "love", "enjoy", "adore":
				p.likes(cl) // "we" is annotated for the speaker
			case "called":
				if cl.be && p.ourGroup {
					p.weAreCalled(cl) // "anyone want to join our five-a-side team? We're called Real Ale Madrid"
				}
			case "in", "stuck", "back":
				if cl.be {
					p.stillIn(cl, p.has(cl.subj+1, cl.verb, "still", "now", "currently")) // "we're in porto now"
				}
				if cl.be && v == "in" {
					p.inGroup(cl, cl.verb) // "we're in a band called Mud"
				}
			}
		}
		p.blind5Clause(cl)
		p.event(cl)
		return
	}
	if cl.hedged || p.s.Question {
		return
	}
	if cl.be && !cl.neg && !cl.modal && !cl.usedTo {
		p.beStatement(cl)
	}
	if (cl.was && !cl.been || cl.usedTo && p.s.Is(cl.verb, "be")) && !cl.neg && !cl.modal && !cl.have && !cl.had {
		p.pastJobAs(cl) // "I was a nurse at X", "I used to be (a) mechanic at X" (works_ex.go)
	}
	if (cl.be || cl.been) && !cl.neg && !cl.modal && !cl.usedTo {
		p.stillAt(cl)
	}
	if cl.be && cl.neg {
		p.notAtAnymore(cl) // "I'm not at Dunmore Logistics anymore" (works_phrasing.go)
	}
	if cl.been && !cl.be && p.s.Norm(cl.verb) == "in" {
		p.inGroup(cl, cl.verb) // "I've been in Headingley Community Choir for years"
	}
	p.partnerEnded(cl)
	p.friendsWith(cl)
	p.usedToBeAt(cl)
	p.wasAtBefore(cl)
	p.tookJob(cl)
	p.reportTo(cl)
	switch v := p.s.Norm(cl.verb); v {
	case "moved", "relocated", "retired", "moving", "moves":
		p.moveVerb(cl, v) // "Terry's retired to Anglesey"
	case "live", "living", "lived":
		p.live(cl, v)
	case "grew":
		p.grewUp(cl)
	case "born":
		p.born(cl)
	case "work", "working", "worked":
		p.work(cl, v, "work", "working", "worked")
	case "teach", "teaching", "taught":
		p.work(cl, v, "teach", "teaching", "taught")
	case "intern", "interning", "interned":
		p.work(cl, v, "intern", "interning", "interned")
	case "started", "began", "start", "took", "picked":
		p.start(cl, v)
	case "learning":
		p.learning(cl)
	case "turned":
		p.turned(cl)
	case "joined", "rejoined", "join": // "join" is a third person's "joins" (othersPatterns): "Jide joins Ashby Kerr today as a senior architect" (h14-b34)
		if !p.onBoard(cl, cl.verb+1) {
			p.join(cl)
		}
	case "sit", "sitting":
		p.onBoard(cl, cl.verb+1)
	case "got", "landed":
		if p.s.Is(cl.verb+1, "hired", "recruited", "poached", "headhunted") {
			gc := cl
			gc.verb, gc.was = cl.verb+1, true
			p.hiredBy(gc) // "Sam got poached by Ocado"
		}
		p.gotJob(cl)
		p.gotMarried(cl)
		p.gotInto(cl)
	case "accepted", "admitted", "hired", "recruited":
		p.gotInto(cl)
		p.hiredBy(cl)
	case "play", "playing", "drum", "drumming":
		p.playsIn(cl)
	case "sing", "singing", "sang":
		p.singsIn(cl)
	case "dating", "marrying":
		p.dating(cl)
	case "married":
		p.married(cl)
	case "went", "go", "attend", "attended", "attending", "graduated", "studied", "study", "studying":
		p.attend(cl, v)
	}
	p.blind5Clause(cl)
	p.likes(cl)
	p.fondness(cl)
	p.petNamedVerb(cl)
	p.weCallIt(cl)
	p.owns(cl)
	p.found(cl)
	p.leads(cl)
	p.chairs(cl)
	p.left(cl)
	p.goneToWork(cl) // "Josh has gone to work for Hartley and Sons" (works_phrasing.go)
	p.startingAt(cl)
	p.genClause(cl)
	if !cl.third && !cl.implicit {
		p.event(cl)
	}
}

// plain reports whether the clause is a plain affirmative statement.
func (cl clause) plain() bool { return !cl.neg && !cl.modal && !cl.usedTo && !cl.hedged }

// timeAt returns the time expression starting at token k, or nil.
func (p *sentCtx) timeAt(k int) *timeHit {
	for i := range p.times {
		if p.times[i].From == k {
			return &p.times[i]
		}
	}
	return nil
}

// turned reads "I just turned 30".
func (p *sentCtx) turned(cl clause) {
	if !cl.plain() || cl.be {
		return
	}
	n, ok := ageAt(p.s, cl.verb+1)
	if !ok {
		return
	}
	after := p.s.Norm(cl.verb + 2)
	if p.s.Tok(cl.verb+2).Word &&
		after != "years" && after != "today" && after != "this" && after != "last" && after != "yesterday" &&
		after != "on" && after != "in" && after != "recently" && after != "and" {
		return
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	age := strconv.Itoa(n)
	p.profile(me, "basic_info", "age", age, confStrong, vf)
	p.fact(me, stmt(me.Name+" turned "+age, p.when(cl.subj, cl.end)), confStrong, vf, nil)
}

// ageAt reads an age (1 to 120) in digits or words at k.
func ageAt(s *sentence, k int) (int, bool) {
	n, ok := lang.NumberValue(s.Norm(k))
	return n, ok && n > 0 && n <= 120
}

// gotMarried reads "I got married (to X)".
func (p *sentCtx) gotMarried(cl clause) {
	if cl.plain() && !cl.be && p.s.Norm(cl.verb+1) == "married" {
		p.marriage(cl, cl.verb+2, " got married", true)
	}
	if cl.plain() && !cl.be && p.s.Seq(cl.verb+1, "engaged", "to") {
		p.engaged(cl, cl.verb+2) // "I got engaged to Luis!!!"
	}
}

// married reads "I married X".
func (p *sentCtx) married(cl clause) {
	if cl.plain() && !cl.be && !cl.was && !cl.have {
		if _, _, ok := p.person(cl.verb + 1); ok {
			p.marriage(cl, cl.verb+1, " married", true)
		}
	}
}

// marriage records a marriage and, when a name follows at k (after an
// optional "to"), PARTNER_OF that person.
func (p *sentCtx) marriage(cl clause, k int, phrase string, event bool) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	if p.s.Norm(k) == "to" {
		k++
	}
	text := me.Name + phrase
	if partner, ok := p.partnerAt(k); ok {
		p.relation(rel{typ: ontology.RelPartnerOf, from: me, to: partner, role: "spouse", conf: confStrong, validFrom: vf})
		p.profile(me, "relationships", "partner", partner.Name, confStrong, vf)
		if phrase == " got married" || phrase == " is married" {
			text += " to"
		}
		text += " " + partner.Name
	}
	p.profile(me, "demographics", "marital_status", "married", confStrong, vf)
	if event {
		text += p.when(cl.subj, cl.end)
	}
	p.fact(me, stmt(text), confStrong, vf, nil)
}

// moveVerb reads a verb of moving home the same way whoever the subject
// is, "we" or one person: "moved"/"relocated" to or from a place,
// "retired" to one, and the plan or the present of "moving".
func (p *sentCtx) moveVerb(cl clause, v string) {
	switch v {
	case "moved", "relocated":
		p.move(cl)
	case "retired":
		p.retiredTo(cl)
	case "moving":
		p.moving(cl)
	case "moves":
		p.movesScheduled(cl)
	}
}

// movesScheduled reads the present "moves" of one person as a move
// planned, like "is moving": "she leaves Bari in June and moves to
// Nottingham for good", "Ana moves to Leeds next month". A habit ("moves
// to Spain every winter"), a condition ("if she moves to Leeds"), a
// negation or a modal reads nothing.
func (p *sentCtx) movesScheduled(cl clause) {
	if cl.be || cl.neg || cl.modal || cl.have || cl.had || cl.we ||
		p.has(cl.subj, cl.end, "every", "each", "whenever", "usually", "always", "sometimes", "often", "never", "around", "between") ||
		p.reachedBy(cl.verb, "if", "when", "unless", "once", "until", "till", "before", "after", "whether") {
		return
	}
	planned := cl
	planned.be = true
	p.moving(planned)
}
