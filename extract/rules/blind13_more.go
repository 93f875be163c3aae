package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind13's readings: years of a trade done for a named
// employer ("i've been fitting boilers for Pennant Heating for 11
// years") and "my mentor is this guy Rufus".

// notTradeVerbs are -ing verbs after "been" whose "for X" is no employer:
// waiting for a bus, saving for a trip, rooting for a team, playing for
// a club (a membership, read elsewhere).
var notTradeVerbs = lang.Words(`waiting saving rooting cheering looking searching shopping queuing queueing paying voting
	praying hoping asking begging fighting running gunning supporting playing going coming staying living dating
	seeing training studying revising preparing trying applying interviewing campaigning`)

// yearsForOrg reads a trade done for a named employer for years: "i've
// been fitting boilers for Pennant Heating for 11 years", "been driving
// for Fastline since 2019": WORKS_AT. A wait, a saving, a team one roots
// or plays for, hours or days ("for an hour"), someone else and a hedge
// read nothing.
func (p *sentCtx) yearsForOrg() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "for") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		b := k - 1
		for b > 0 && b >= k-3 && !s.Is(b, "been") {
			b--
		}
		if !s.Is(b, "been") || !s.Is(b-1, "'ve", "ive", "have") || !s.Is(b-2, "i") && !s.Is(b-1, "ive") {
			continue
		}
		v := s.Norm(b + 1)
		if len(v) < 5 || v[len(v)-3:] != "ing" || notTradeVerbs[v] || b+1 == k-1 && !s.Is(k-1, "driving", "working", "cleaning", "cooking", "coding", "writing", "teaching", "delivering") {
			continue
		}
		if k+1 >= len(s.Toks) || !s.Toks[k+1].Cap {
			continue
		}
		org, end, ok := p.namedOrg(k + 1)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss || !longSince(s, end) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// longSince reports whether the words at k say a span of years or a
// start long ago: "for 11 years", "for ages", "since 2019" (not "for an
// hour").
func longSince(s *sentence, k int) bool {
	if s.Is(k, "since") {
		return isDigits(s.Norm(k+1)) && len(s.Norm(k+1)) == 4
	}
	return yearsAfter(s, k) > k
}

// thisGuyRoles are the ties "my <role> is this guy X" names, with the
// role stored: a mentor, a coach, a tutor.
var thisGuyRoles = lang.Words(`mentor coach tutor supervisor`)

// myMentorIsThisGuy reads "my mentor is this guy Rufus", "my coach is
// this woman called Ines": KNOWS, role mentor or coach. Someone else's
// ("my sister's mentor"), a past ("was"), a likeness ("is like this guy
// Rufus") and a hedge read nothing.
func (p *sentCtx) myMentorIsThisGuy() {
	s := p.s
	for k := 1; k+4 < len(s.Toks); k++ {
		if !thisGuyRoles[s.Norm(k)] || !s.Is(k-1, "my") || s.Tok(k).Poss || !s.Is(k+1, "is") || p.hedgedAt(k) ||
			!s.Is(k+2, "this", "some") || !s.Is(k+3, "guy", "man", "woman", "girl", "lady", "bloke", "dude", "fella") {
			continue
		}
		j := k + 4
		if s.Is(j, "called", "named") {
			j++
		}
		who, end, ok := p.person(j)
		if !ok || p.isSpeaker(who) || s.Tok(end-1).Poss || !plainEnd(s, end) && !s.Is(end, "who", "whos", "who's") {
			continue
		}
		info, ok := roleWords[s.Norm(k)]
		if !ok {
			continue
		}
		p.relRole(p.speaker, info.kind, info.role, who, confWeak)
	}
}
