package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// styles4Sentence reads the acquaintance phrasings of h14-blind4's probes
// that no clause pattern reads: "Ahmed from accounts", "Sunita introduced
// me to her cousin Dev", "Imogen sits next to me at work", "Yusuf's an old
// colleague of mine from Aviva", "Theo and I were on the same course at
// Goldsmiths", "that's Marco, we work together at Ocado". A question, a
// hedge, a modal or a negation near the phrase draws nothing.
func (p *sentCtx) styles4Sentence() {
	if p.s.Question || p.self().Name == "" {
		return
	}
	p.fromDepartment()
	p.introducedMe()
	p.sitsNextToMe()
	p.tieOfMine()
	p.sameCourse()
	p.workTogether()
	p.teamTies()
	p.roleInApposition()
	p.whoIWorkWith()
	p.teamLead()
}

// departments are the parts of a workplace "X from <department>" names: the
// speaker's colleague ("Ahmed from accounts"). "from school", "from
// sixth form" are left out: one fetches a child from there.
var departments = lang.Words(`accounts hr finance marketing sales legal payroll procurement compliance
	reception ops operations admin comms`)

// personBefore reads the person named just before token e (not a
// possessive, not a speaker), and where the name starts.
func (p *sentCtx) personBefore(e int) (ontology.EntityRef, int, bool) {
	sp, ok := nameBefore(p.s, e)
	ref, ok := p.personSpan(sp, ok)
	return ref, sp.from, ok
}

// personAfter reads the person named at k (not a possessive, not a
// speaker), and where the name ends.
func (p *sentCtx) personAfter(k int) (ontology.EntityRef, int, bool) {
	sp, ok := nameAt(p.s, k)
	ref, ok := p.personSpan(sp, ok)
	return ref, sp.to, ok
}

// personSpan types a name read as a person's: not a possessive, not a
// speaker, typed as a person or untyped.
func (p *sentCtx) personSpan(sp span, found bool) (ontology.EntityRef, bool) {
	if !found || p.s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, false
	}
	sp = p.known.typeName(p.s, sp)
	ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	if !personLike(sp.typ) || p.isSpeaker(ref) {
		return ontology.EntityRef{}, false
	}
	return ref, true
}

// fromDepartment reads "Ahmed from accounts", "Jo from HR", "Amy in HR":
// KNOWS, role colleague.
func (p *sentCtx) fromDepartment() {
	s := p.s
	for f := 1; f+1 < len(s.Toks); f++ {
		if s.Is(f, "from", "in") && departments[s.Norm(f+1)] && !p.tieHedged(f) {
			p.colleagueBefore(f)
		}
	}
}

// colleagueBefore ties the speaker to the person named just before token i
// as a colleague (KNOWS, weak): the reading of "X from accounts" and "X
// sits next to me at work".
func (p *sentCtx) colleagueBefore(i int) {
	if person, _, ok := p.personBefore(i); ok {
		p.relation(rel{typ: ontology.RelKnows, from: p.self(), to: person, role: "colleague", conf: confWeak, validFrom: p.ts})
	}
}

// introducedMe reads "Sunita introduced me to her cousin Dev": the speaker
// knows both, and a kin word after "his/her" ties the introducer to the
// other.
func (p *sentCtx) introducedMe() {
	s := p.s
	me := p.self()
	for i := 1; i+2 < len(s.Toks); i++ {
		if !s.Is(i, "introduced") || !s.Seq(i+1, "me", "to") || p.tieHedged(i) {
			continue
		}
		by, from, ok := p.personBefore(i)
		if !ok && s.Is(i-1, "he", "she") {
			// "he introduced me to his brother Raj": the one "he" stands for
			a, found := p.pronoun(i-1, s.Norm(i-1))
			by, from, ok = a.ref, -1, found && a.ref.Name != ""
		}
		if !ok {
			continue
		}
		if from >= 0 && !isRoleWord(s.Norm(from-1)) && !s.Is(from-1, "my", "our") {
			p.relation(rel{typ: ontology.RelKnows, from: me, to: by, conf: confWeak, validFrom: p.ts})
		}
		k := i + 3
		role := ""
		if s.Is(k, "his", "her", "their") && isRoleWord(s.Norm(k+1)) {
			role, k = s.Norm(k+1), k+2
		} else if s.Is(k, "my", "our") {
			continue // "introduced me to my wife Ana": the speaker's own tie is read by "my wife Ana"
		}
		other, _, ok := p.personAfter(k)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: me, to: other, conf: confWeak, validFrom: p.ts})
		if info, ok := roleWords[role]; ok && !info.plural {
			p.relRole(by, info.kind, info.role, other, confWeak)
		}
	}
}

// appositionCloses reports whether an apposition ends at k: at the
// sentence's end or a stop, or before "from", "at", "since" or "who".
func appositionCloses(s *sentence, k int) bool {
	return k >= len(s.Toks) || !s.Toks[k].Word || s.Is(k, "from", "at", "since", "who", "and")
}

// sitsNextToMe reads "Imogen sits next to me at work": KNOWS, role colleague.
func (p *sentCtx) sitsNextToMe() {
	s := p.s
	for i := 1; i+4 < len(s.Toks); i++ {
		if !s.Is(i, "sits", "sat") || p.tieHedged(i) {
			continue
		}
		k := i + 1
		switch {
		case s.Seq(k, "next", "to", "me"):
			k += 3
		case s.Is(k, "opposite", "beside", "behind") && s.Norm(k+1) == "me":
			k += 2
		default:
			continue
		}
		if s.Seq(k, "at", "work") || s.Seq(k, "in", "the", "office") || s.Seq(k, "in", "work") {
			p.colleagueBefore(i)
		}
	}
}

// tieOfMine reads "Yusuf's an old colleague of mine from Aviva", "Ana is a
// friend of mine", "Ben's a mate from uni": the tie the role word says. An "old" or "ex" colleague,
// neighbour or flatmate is a past one (an old friend is a friend still);
// "from X" after a colleague is where the other worked.
func (p *sentCtx) tieOfMine() {
	s := p.s
	me := p.self()
	for j := 3; j+1 < len(s.Toks); j++ {
		ofMine := s.Norm(j) == "of" && s.Is(j+1, "mine", "ours")
		fromWhere := s.Norm(j) == "from" && tieSources[s.Norm(j+1)] != "" // "Ben's a mate from uni"
		if !ofMine && !fromWhere || p.tieHedged(j) {
			continue
		}
		info, ok := roleWords[s.Norm(j-1)]
		if !ok || info.plural {
			continue
		}
		k, past := j-2, false
		for ; k > 0 && (roleAdjectives[s.Norm(k)] || roleVetoes[s.Norm(k)]); k-- {
			if roleVetoes[s.Norm(k)] || s.Norm(k) == "old" && info.kind != kindFriend && info.kind != kindFamily {
				past = true
			}
		}
		if !s.Is(k, "a", "an") {
			continue
		}
		var person ontology.EntityRef
		switch {
		case s.Is(k-1, "is", "was") && !s.Tok(k-1).Poss:
			person, _, ok = p.personBefore(k - 1)
			past = past || s.Norm(k-1) == "was"
		case s.Is(k-1, ",") && ofMine && appositionCloses(s, j+2):
			// "Their MD is Clive Haddon, an old friend of mine from the
			// rugby club" (h14-b34): the phrase closes on its own, so it
			// says who the name is ("Tom, a friend of mine needs a lift"
			// speaks to Tom)
			person, _, ok = p.personBefore(k - 1)
		default:
			person, _, ok = p.possAsIs(k)
		}
		if !ok {
			continue
		}
		saved := p.roleEnded
		p.roleEnded = past
		p.relRole(me, info.kind, info.role, person, confWeak)
		p.roleEnded = saved
		if !ofMine || info.kind != kindColleague || !s.Is(j+2, "from", "at") {
			continue
		}
		if org, _, ok := p.org(j + 3); ok && org.Type == ontology.EntityOrganization {
			r := rel{typ: ontology.RelWorksAt, from: person, to: org, conf: confWeak, validFrom: p.ts}
			if past {
				r.validFrom, r.validUntil = nil, p.ts
			}
			p.relation(r)
		}
	}
}

// possAsIs reads a name whose "'s" stands for "is" just before k
// ("Yusuf's an old colleague"): the tokenizer reads it as a possessive.
func (p *sentCtx) possAsIs(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	sp, ok := nameBefore(s, k)
	if !ok || !s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, 0, false
	}
	sp = p.known.typeName(s, sp)
	ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	if !personLike(sp.typ) || p.isSpeaker(ref) || !p.subjectPosition(sp) {
		return ontology.EntityRef{}, 0, false
	}
	return ref, sp.from, true
}

// sameKinds say what sharing a course, class or team makes two people.
var sameKinds = map[string]string{"course": "classmate", "class": "classmate", "year": "classmate",
	"cohort": "classmate", "programme": "classmate", "program": "classmate",
	"team": "colleague", "shift": "colleague", "department": "colleague", "ward": "colleague"}

// sameCourse reads "Theo and I were on the same course at Goldsmiths", "me
// and Priya are in the same team at Arup": the other is the speaker's
// classmate or colleague, and both attended or work at the place named.
func (p *sentCtx) sameCourse() {
	s := p.s
	me := p.speaker
	for i := 4; i+1 < len(s.Toks); i++ {
		role, ok := sameKinds[s.Norm(i+1)]
		if s.Norm(i) != "same" || !ok || !s.Is(i-1, "the") || !s.Is(i-2, "on", "in") || !s.Is(i-3, "are", "were", "re") || p.tieHedged(i) {
			continue
		}
		past := s.Norm(i-3) == "were"
		var other ontology.EntityRef
		switch {
		case s.Seq(i-5, "and", "i"):
			other, _, ok = p.personBefore(i - 5)
		case s.Norm(i-5) == "and" && s.Is(i-6, "me", "i") && i-6 == 0:
			other, _, ok = p.personAfter(i - 4)
		default:
			ok = false
		}
		if !ok || me.Name == "" {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: me, to: other, role: role, conf: confWeak, validFrom: p.ts})
		if !s.Is(i+2, "at", "in") {
			continue
		}
		org, _, ok := p.org(i + 3)
		if !ok || org.Type != ontology.EntityOrganization {
			continue
		}
		typ := ontology.RelAttended
		if role == "colleague" {
			typ = ontology.RelWorksAt
		}
		for _, who := range []ontology.EntityRef{me, other} {
			r := rel{typ: typ, from: who, to: org, conf: confWeak, validFrom: p.ts}
			if past && typ == ontology.RelWorksAt {
				r.validFrom, r.validUntil = nil, p.ts
			}
			p.relation(r)
		}
	}
}

// workTogether reads "that's Marco, we work together at Ocado": the one
// other person the sentence names is the speaker's colleague, and both
// work at the place named.
func (p *sentCtx) workTogether() {
	s := p.s
	me := p.speaker
	for i := 0; i+3 < len(s.Toks); i++ {
		if s.Norm(i) != "we" {
			continue
		}
		k := i + 1
		if s.Norm(k) == "both" {
			k++
		}
		if !s.Is(k, "work") || s.Norm(k+1) != "together" || p.tieHedged(k) || me.Name == "" {
			continue
		}
		var other ontology.EntityRef
		n := 0
		for _, sp := range p.names {
			ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
			if sp.from < i && personLike(sp.typ) && !p.isSpeaker(ref) && !s.Toks[sp.to-1].Poss {
				other, n = ref, n+1
			}
		}
		if n != 1 {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: me, to: other, role: "colleague", conf: confWeak, validFrom: p.ts})
		if s.Is(k+2, "at", "for") {
			if org, _, ok := p.org(k + 3); ok && org.Type == ontology.EntityOrganization {
				p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validFrom: p.ts})
				p.relation(rel{typ: ontology.RelWorksAt, from: other, to: org, conf: confWeak, validFrom: p.ts})
			}
		}
	}
}

// tieHedged reports whether the phrase at i is tentative, negated or
// wished (frameHedged's test with its own words): "old" and "left" pass,
// as "an old colleague of mine" states a past tie.
func (p *sentCtx) tieHedged(i int) bool { return p.hedgedWith(i, tieUnsaid, 8) }

// tieUnsaid, shortly before a tie, make it no statement of one.
var tieUnsaid = lang.Words(`not never would want wants wanted hope hopes hoping planning plan thinking
	considering didn't didnt never`)

// teamTies reads the speaker's colleagues by their team: "Dan joined our
// team last week", "Priya's on my team now" (KNOWS, colleague) and "Hannah
// manages our team" (KNOWS, manager); "X and I work together" (colleague).
func (p *sentCtx) teamTies() {
	s := p.s
	me := p.speaker
	if me.Name == "" {
		return
	}
	for k := 1; k+1 < len(s.Toks); k++ {
		role, at, ended := "", -1, false
		switch {
		case s.Is(k, "joined", "joins") && s.Is(k+1, "our", "my") && s.Norm(k+2) == "team":
			role, at = "colleague", k
		case s.Is(k, "manages", "runs", "leads", "heads") && s.Is(k+1, "our", "my") && s.Norm(k+2) == "team":
			role, at = "manager", k
		case s.Is(k, "on", "in") && s.Is(k+1, "our", "my") && s.Norm(k+2) == "team" && s.Tok(k-1).Poss:
			role, at = "teammate", k // "Priya's on my team": the "'s" is "is"
		case s.Seq(k, "work", "together") && s.Seq(k-2, "and", "i"):
			role, at = "colleague", k-2
		case s.Is(k, "worked") && s.Norm(k+1) == "together" && s.Seq(k-2, "and", "i"),
			s.Seq(k, "to", "work", "together") && s.Seq(k-3, "and", "i", "used"):
			role, at, ended = "colleague", k-2, true // "Amy and I used to work together"
			if s.Norm(k) == "to" {
				at = k - 3
			}
		case s.Is(k, "were", "went") && s.Seq(k-2, "and", "i") && schoolTogether(s, k+1):
			role, at, ended = "classmate", k-2, true // "Amy and I were at school together"
		}
		if role == "" || p.tieHedged(k) {
			continue
		}
		var person ontology.EntityRef
		var ok bool
		switch {
		case s.Seq(at, "and", "i"):
			person, _, ok = p.personBefore(at)
		case s.Tok(k - 1).Poss:
			person, _, ok = p.possAsIs(k)
		default:
			var from int
			person, from, ok = p.personBefore(k)
			ok = ok && !isRoleWord(s.Norm(from-1)) // "my sister Ana joined our team": her tie is read as kin
		}
		if !ok {
			continue
		}
		r := rel{typ: ontology.RelKnows, from: me, to: person, role: role, conf: confWeak, validFrom: p.ts}
		if ended {
			r.validFrom, r.validUntil = nil, p.ts
		}
		p.relation(r)
	}
}

// schoolTogether reports whether "(at|to) school|uni|college together"
// stands at k.
func schoolTogether(s *sentence, k int) bool {
	return s.Is(k, "at", "to") && s.Is(k+1, "school", "uni", "university", "college", "sixth-form") && s.Norm(k+2) == "together"
}

// roleInApposition reads a tie said after the name: "Steve, our landlord,
// is useless", "Amy my colleague says hi". The role must close its
// apposition (a comma after it when one opened it, else a verb): "Amy, my
// boss wants …" speaks to Amy of someone else, "Amy, my sister and I" lists.
func (p *sentCtx) roleInApposition() {
	s := p.s
	for i := 0; i < len(s.Toks); i++ {
		n, found := nameAt(s, i)
		if !found {
			continue
		}
		i = n.to - 1
		n = p.known.typeName(s, n)
		k := n.to
		comma := s.Norm(k) == ","
		if comma {
			k++
		}
		if !s.Is(k, "my", "our") || s.Toks[n.to-1].Poss || !personLike(n.typ) {
			continue
		}
		j := k + 1
		for j < len(s.Toks) && roleAdjectives[s.Norm(j)] {
			j++
		}
		info, ok := roleWords[s.Norm(j)]
		if !ok || info.plural || p.tieHedged(n.from) {
			continue
		}
		after := j + 1
		if comma {
			if s.Norm(after) != "," {
				continue
			}
			after++
		}
		if !appositionVerb(s, after) {
			continue // "Tom, my brother, you're the best" speaks to Tom
		}
		person := ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}
		if p.isSpeaker(person) {
			continue
		}
		p.relRole(p.speaker, info.kind, info.role, person, confWeak)
	}
}

// whoIWorkWith reads "Amy, who I work with, says hi": KNOWS, colleague.
func (p *sentCtx) whoIWorkWith() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		if !s.Seq(k, "who", "i", "work", "with") || p.tieHedged(k) {
			continue
		}
		e := k
		if s.Norm(e-1) == "," {
			e--
		}
		if person, _, ok := p.personBefore(e); ok {
			p.relation(rel{typ: ontology.RelKnows, from: p.speaker, to: person, role: "colleague", conf: confWeak, validFrom: p.ts})
		}
	}
}

// teamLead reads "Amy is my team lead", "our team leader Amy": KNOWS,
// manager.
func (p *sentCtx) teamLead() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "my", "our") || s.Norm(k+1) != "team" || !s.Is(k+2, "lead", "leader") || p.tieHedged(k) {
			continue
		}
		var person ontology.EntityRef
		var ok bool
		switch {
		case s.Is(k-1, "is", "'s") && s.Toks[k-1].Word:
			person, _, ok = p.personBefore(k - 1)
		case s.Tok(k - 1).Poss:
			person, _, ok = p.possAsIs(k)
		default:
			person, _, ok = p.personAfter(k + 3)
		}
		if ok {
			p.relation(rel{typ: ontology.RelKnows, from: p.speaker, to: person, role: "manager", conf: confWeak, validFrom: p.ts})
		}
	}
}

// appositionVerb reports whether the word at k is a verb that can follow a
// subject and its apposition ("Steve, our landlord, is useless", "Amy my
// colleague says hi"), not a new subject or a list going on.
func appositionVerb(s *sentence, k int) bool {
	if s.Is(k, "is", "was", "has", "had", "just", "will", "can", "texted", "called", "rang", "told", "said", "got") {
		return true
	}
	_, third := thirdSingular[s.Norm(k)]
	return third || lang.IsPastEd(s, k)
}
