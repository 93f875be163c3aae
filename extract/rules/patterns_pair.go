package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// pairStates are what "A and B are …" says of the two: partners or
// friends. The value is the role kept.
var pairStates = map[string]relKind{
	"married": kindPartner, "engaged": kindPartner, "dating": kindPartner, "together": kindPartner,
	"friends": kindFriend, "mates": kindFriend, "besties": kindFriend, "bffs": kindFriend,
}

// pairRoles name the role a pair state keeps.
var pairRoles = map[string]string{"married": "spouse", "engaged": "fiance", "dating": "dating", "together": "",
	"friends": "friend", "mates": "friend", "besties": "friend", "bffs": "friend"}

// pairAdverbs may stand between the verb and the state ("are finally
// engaged", "are still together", "are best friends").
var pairAdverbs = lang.Words(`still finally now officially just also both really actually best good close old
	great`)

// pairs reads statements about two people at once: "Ana and Luis got
// married", "Tom and Lily are engaged", "Priya and I are best friends",
// "me and Jo are mates", and "I'm friends with Priya": PARTNER_OF or
// FRIEND_OF between the two. Questions, negations and modal or hedged
// statements say nothing.
func (p *sentCtx) pairs() {
	s := p.s
	if s.Question {
		return
	}
	for i := 0; i < len(s.Toks); i++ {
		a, b, v, ok := p.pairAt(i)
		if !ok {
			continue
		}
		k := v
		if s.Seq(k, "tied", "the", "knot") {
			p.relRole(a, kindPartner, "spouse", b, confStrong) // "Tom and Priya tied the knot"
			continue
		}
		if s.Norm(k) == "dated" && (p.pairEnds(k+1) || s.Norm(k+1) == "for" && p.stretchAt(k+2)) {
			p.endedRelRole(a, kindPartner, "dating", b) // "Dana and I dated for two years"
			continue
		}
		if pairParted(s, k) && p.ts != nil && p.pairEnds(pairPartedEnd(s, k)) {
			// "Leo and I broke up", "Wiktor and Agnieszka split up": PARTNER_OF, ended by the turn's time
			p.relation(rel{typ: ontology.RelPartnerOf, from: a, to: b, conf: confWeak, validUntil: p.ts})
			continue
		}
		got := s.Norm(k) == "got"
		if s.Is(k, "have", "has") {
			k++ // "Femi and I have been together since uni"
		}
		k++
		for n := 0; n < 3 && pairAdverbs[s.Norm(k)]; n++ {
			k++
		}
		state := s.Norm(k)
		if state == "getting" && s.Norm(k+1) == "married" && !got {
			state, k = "engaged", k+1 // "Dana and I are getting married in June"
		}
		kind, ok := pairStates[state]
		if s.Norm(v) == "were" {
			// "Dana and I were flatmates in Leeds": a tie that is over
			if ok && (p.pairEnds(k+1) || kind != kindPartner && s.Is(k+1, "at", "in")) {
				p.endedRelRole(a, kind, pairRoles[state], b)
			}
			continue
		}
		if !ok || got && state != "married" && state != "engaged" || !p.pairEnds(k+1) {
			continue
		}
		role := pairRoles[state]
		p.relRole(a, kind, role, b, confStrong)
	}
}

// pairAt reads two people joined by "and" from token i, before "are",
// "'re" or "got" ("Ana and Luis", "Priya and I", "me and Jo"), and
// returns them and where the verb stands.
func (p *sentCtx) pairAt(i int) (ontology.EntityRef, ontology.EntityRef, int, bool) {
	s := p.s
	none := func() (ontology.EntityRef, ontology.EntityRef, int, bool) {
		return ontology.EntityRef{}, ontology.EntityRef{}, 0, false
	}
	if !p.pairOpens(i) {
		return none()
	}
	a, k, ok := p.pairMember(i)
	if !ok || s.Norm(k) != "and" {
		return none()
	}
	b, k, ok := p.pairMember(k + 1)
	if !ok {
		return none()
	}
	if !s.Is(k, "are", "got", "broke", "tied", "were", "dated") && !pairParted(s, k) && !s.Is(k+1, "been") || p.isSpeaker(a) && p.isSpeaker(b) {
		return none()
	}
	if s.Norm(k+1) == "not" || s.Norm(k+1) == "never" || hedgedBefore(s, i) || hedgedAfter(s, k) {
		return none()
	}
	if p.isSpeaker(b) {
		a, b = b, a
	}
	return a, b, k, true
}

// pairOpens reports whether a pair subject may start at i: at the
// sentence's start, after a clause breaker, punctuation, a greeting or a
// chat's lead ("meanwhile chloe and i broke up"), or after "tell you"
// ("i should tell you me and declan have split up"), over "my" or "our"
// and a relationship word before the first name ("our kev and stacey have
// split up", "my brother theo and harriet got engaged").
func (p *sentCtx) pairOpens(i int) bool {
	s := p.s
	j := i - 1
	switch {
	case s.Is(j, "my", "our"):
		j--
	case humanRole(s.Norm(j)) && s.Is(j-1, "my", "our"):
		j -= 2
	}
	if j < 0 {
		return true
	}
	n := s.Norm(j)
	return clauseBreakers[n] || !s.Toks[j].Word || greetingWords[n] || implicitLead[n] || chatLeads[n] ||
		n == "you" && s.Is(j-1, "tell", "told")
}

// pairEnds reports whether the state of a pair ends its clause at k:
// the sentence ends, punctuation or a new clause follows, or a time
// ("married in May", "together for 3 years") or a particle ("now",
// "too"). "married to other people", "together at the bar" and
// "friends with my mum" say something else.
func (p *sentCtx) pairEnds(k int) bool {
	s := p.s
	if s.Is(k, "now", "too", "lol", "haha", "again", "officially", "already") {
		k++
	}
	if s.Is(k, "since", "for", "in", "last", "this") && (p.inTime(k) || p.inTime(k+1)) || p.inTime(k) || p.sinceLong(k) || s.Norm(k) == "for" && p.stretchAt(k+1) {
		return true
	}
	return k >= len(s.Toks) || !s.Toks[k].Word || startsClause(s, k) && !s.Is(k, "with", "to")
}

// friendsWith reads "I'm friends with Priya", "she's good friends with
// Ana": FRIEND_OF, with "friends" at the clause's verb.
func (p *sentCtx) friendsWith(cl clause) {
	s := p.s
	if !cl.be || !cl.plain() || cl.we {
		return
	}
	k := cl.verb
	for n := 0; n < 3 && pairAdverbs[s.Norm(k)]; n++ {
		k++
	}
	if !s.Is(k, "friends", "mates") || s.Norm(k+1) != "with" {
		return
	}
	people, _ := p.personList(k + 2)
	for _, x := range people {
		p.relRole(p.self(), kindFriend, "friend", x, confStrong)
	}
}

// pairMember reads one side of a pair at token i: "I"/"me" (the speaker)
// or a person's name, not a possessive ("Ana's"). It returns the person
// and the token after them.
func (p *sentCtx) pairMember(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Is(i, "me", "i") && p.speaker.Name != "" {
		return p.speaker, i + 1, true
	}
	ref, end, ok := p.person(i)
	if !ok {
		ref, end, ok = p.lowerPerson(i)
	}
	if !ok || s.Toks[end-1].Poss {
		return ontology.EntityRef{}, 0, false
	}
	return ref, end, true
}
