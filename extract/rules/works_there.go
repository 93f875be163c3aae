package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of work found by h14-blind17's chats: a job "there" after a
// firm ("Kev's the head mechanic there"), a firm's person by role ("their
// rep Sian"), and shifts ("got a shift at the Rusty Anchor").

// jobNouns17 are the jobs "X's the <job> there" and "their <job> X" name.
var jobNouns17 = lang.Words(`mechanic manager chef cook barista receptionist nurse vet doctor dentist hygienist
	supervisor teacher trainer rep accountant bookkeeper pharmacist baker butcher cleaner driver bartender
	barman barmaid waiter waitress stylist hairdresser barber technician engineer designer developer buyer
	cashier solicitor agent administrator admin coordinator director editor tutor`)

// jobRanks may stand before the job: "the head mechanic", "the new rep".
var jobRanks = lang.Words(`head senior junior assistant lead chief deputy new main sales area floor duty`)

// theJobThere reads "Kev's the head mechanic there", "Layla is the head nurse
// there" after a firm the recent turns name, the only one: WORKS_AT. A
// job not said to be "there", the past ("was"), "the best X there is", a
// question or two firms to choose from read nothing.
func (p *sentCtx) theJobThere() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`there`)) {
		if s.Is(k+1, "is", "are", "was", "were", "'s") {
			continue // "the best mechanic there is"
		}
		j := k - 1
		if !jobNouns17[s.Norm(j)] {
			continue
		}
		role := s.Norm(j)
		for jobRanks[s.Norm(j-1)] {
			j--
		}
		if !s.Is(j-1, "the") {
			continue
		}
		b := j - 2 // "is" or the name's 's
		var who ontology.EntityRef
		found := false
		for i := max(0, b-3); i <= b; i++ {
			ref, end, ok := p.person(i)
			if !ok {
				continue
			}
			if end == b+1 && s.Tok(b).Poss || end == b && s.Is(b, "is", "'s") {
				who, found = ref, true
				break
			}
		}
		if !found || p.hedgedAt(b) || p.negatedBefore(b) || sarcastic(p.text, s) {
			continue
		}
		org, ok := p.onlyOrganisation()
		if !ok {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org.ref, role: role, conf: confWeak, validFrom: p.ts})
		return
	}
}

// theirPerson reads "their rep Sian is a star" after a firm the recent
// turns name, the only one, with no person named in the sentence before
// it: WORKS_AT. An old rep, one who left, "their" of people ("Tom and
// Ana … their solicitor Sian") or a question read nothing.
func (p *sentCtx) theirPerson() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`their`)) {
		j := k + 1
		for jobRanks[s.Norm(j)] {
			j++
		}
		if !jobNouns17[s.Norm(j)] {
			continue
		}
		who, _, ok := p.person(j + 1)
		if !ok || p.hedgedAt(k) || p.negatedBefore(k) || wordsInAny(s, jobLeftWords) ||
			p.has(0, len(s.Toks), "old", "former", "ex", "was", "used") || sarcastic(p.text, s) {
			continue
		}
		for _, n := range p.names {
			if n.to <= k && personLike(n.typ) && n.typ != ontology.EntityConcept {
				return
			}
		}
		org, ok := p.onlyOrganisation()
		if !ok || p.peopleSince(org) {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org.ref, role: s.Norm(j), conf: confWeak, validFrom: p.ts})
		return
	}
}

// peopleSince reports whether a person other than a speaker was named
// after the organisation org, so that "their" may be those people's.
func (p *sentCtx) peopleSince(org antecedent) bool { return p.peopleSinceBut(org, "") }

// peopleSinceBut is peopleSince leaving out the person normalised but, the
// one the sentence speaks of ("Fennel Labs is hiring" / "Theo!" / "he's
// their first engineer").
func (p *sentCtx) peopleSinceBut(org antecedent, but string) bool {
	d := p.disc
	seen := false
	for _, m := range d.mentions {
		if m.turn == org.turn && m.norm == ontology.NormaliseName(org.ref.Name) {
			seen = true
			continue
		}
		if seen && m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm] && m.norm != but {
			return true
		}
	}
	return false
}

// shiftVerbs take shifts: "got a shift at", "doing extra shifts at".
var shiftVerbs = lang.Words(`got get have had doing do working work picked pick covering cover`)

// shiftAt reads "i got a shift at the Rusty Anchor till 11", "doing extra
// shifts at Bramble Kitchen all week" said by the speaker (opening the
// sentence, after "I", or after "but i"): WORKS_AT. Someone else's shift,
// a hypothetical, a question or a last shift read nothing.
func (p *sentCtx) shiftAt() {
	s := p.s
	for k := range wordsIn(s, shiftNouns) {
		if !s.Is(k+1, "at") || s.Is(k-1, "last", "final", "first") || s.Is(k-2, "last", "final", "first") ||
			!s.Is(k, "shift", "shifts") && !s.Is(k-1, "a", "another", "extra", "more") {
			continue // "got a double at Chainring", not "got late at work"
		}
		v := k - 1
		for s.Is(v, "a", "an", "another", "extra", "some", "more", "few", "the", "night", "day", "late", "early",
			"double", "weekend", "morning", "evening") {
			v--
		}
		if !shiftVerbs[s.Norm(v)] {
			continue
		}
		subj := v - 1
		if s.Is(subj, "'ve", "have", "'m", "am") {
			subj--
		}
		cs := clauseStart17(s, v)
		if !(s.Is(subj, "i", "im") || v == afterLeads(s) || v == cs && excuseOpening(s)) || hedgedAfter(s, v) || p.has(cs, v, "not", "never", "'ll", "will") ||
			p.has(cs, v, hypotheticalWords...) || sarcastic(p.text, s) {
			continue
		}
		org, end, ok := p.possOrg(k + 2)
		if !ok || s.Tok(end-1).Poss || p.placeNamed(k+2) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// shiftNouns name a shift one works: "a shift", "a double", "a late".
var shiftNouns = lang.Words(`shift shifts double late early`)

// excuseOpening reports whether a sentence opens on the speaker's excuse
// without "I", so that a clause after its comma is theirs too: "cant
// rehearse thurs btw, got a double at Chainring", "sorry, got a shift at
// the Anchor".
func excuseOpening(s *sentence) bool {
	f := afterLeads(s)
	return s.Is(f, "cant", "cannot", "wont", "sorry", "busy") || s.Is(f, "can", "will") && s.Is(f+1, "not")
}

// clauseStart17 is where the clause of token v begins: after the last
// "but", "so" or comma before it ("i would but i got a shift": the
// "would" is the other clause's).
func clauseStart17(s *sentence, v int) int {
	for j := v - 1; j > 0; j-- {
		if s.Is(j, "but", "so", ",") {
			return j + 1
		}
	}
	return 0
}
