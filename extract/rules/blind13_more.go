package rules

import (
	"strings"

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

// beenAtLong reads years at a named employer said of the other speaker
// or someone named: "sunil you've been at Northvale Building Society so
// long", "you've been at Halden for years" (in a chat of two), "he's been
// at Copperline since 2016": WORKS_AT. A short while ("for an hour"), a
// question, a place, a possessive ("at Tom's"), a "you" nobody is called
// by in a group chat and a hedge read nothing.
func (p *sentCtx) beenAtLong() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "been") || !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) || !s.Toks[k+2].Cap && !s.Lower {
			continue
		}
		who, cite, ok := p.beenSubject(k - 1)
		if !ok {
			continue
		}
		org, end, ok := p.orgAnyCase(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss || !longSince(s, end) && !s.Seq(end, "so", "long") && !s.Is(end, "forever") {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
		restore()
		return
	}
}

// beenSubject returns whom "'ve been" or "'s been" ending at h is said
// of: the other speaker for "you've" (called by name first in a group
// chat: "sunil you've been"), the person "he's" or "she's" means, or a
// name ("Ferg has been"). "I've" is read elsewhere.
func (p *sentCtx) beenSubject(h int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch {
	case s.Is(h, "'ve", "have") && s.Is(h-1, "you", "u"):
		if v := h - 2; v >= 0 && s.Toks[v].Word {
			if name, ok := p.disc.speakerCalled(s.Toks[v].Text); ok && v == afterLeads(s) {
				return ontology.EntityRef{Name: name, Type: ontology.EntityPerson}, "", true
			}
			return ontology.EntityRef{}, "", false
		}
		if a := p.disc.addressee(p.speaker.Name); a.Name != "" && h-1 == afterLeads(s) {
			return a, "", true
		}
	case s.Is(h, "youve", "uve") && h == afterLeads(s):
		if a := p.disc.addressee(p.speaker.Name); a.Name != "" {
			return a, "", true
		}
	case s.Is(h, "'s", "has") && s.Is(h-1, "he", "she") && h-1 == afterLeads(s):
		return p.pronounPerson(h - 1)
	case s.Is(h, "has"):
		for f := h - 1; f >= 0 && f >= h-2; f-- {
			if who, end, ok := p.person(f); ok && end == h && f == afterLeads(s) && !p.isSpeaker(who) {
				return who, "", true
			}
		}
	}
	return ontology.EntityRef{}, "", false
}

// orgAnyCase reads an organisation's name at k, capitalised or, in a
// lower-case sentence, words no list knows ("northvale" of "northvale
// building society", the end after the words of its kind).
func (p *sentCtx) orgAnyCase(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Toks[k].Cap || !s.Lower {
		return p.namedOrg(k)
	}
	n := lowerOrgSpan(s, k)
	if n == 0 {
		return ontology.EntityRef{}, 0, false
	}
	name := p.text[s.Toks[k].Start:s.Toks[k+n-1].End]
	end := k + n
	for end < len(s.Toks) && end < k+n+2 && (orgCues[s.Norm(end)] || s.Is(end, "building")) {
		end++
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, end, true
}

// unnamedAfter reports whether a whole turn after turn, the one that
// named a pronoun's person, spoke of someone by a relationship word alone
// whom the pronoun may mean instead ("Ferg starts monday" / "my dad came
// over for tea" / "he's been at Copperline since 2016": the dad). Turns
// without a possessive before a relationship word are skipped before any
// tokenising.
func (d *discourse) unnamedAfter(turn string, want byte) bool {
	for _, t := range d.turnsSince(turn) {
		if !possessiveRoleText(t) {
			continue
		}
		for _, s := range d.sentencesOf(t) {
			if unnamedPersonBefore(&s, len(s.Toks), want) {
				return true
			}
		}
	}
	return false
}

// possessiveRoleText reports, by its words alone, whether text holds a
// possessive before a relationship word ("my dad", "her brother").
func possessiveRoleText(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "my", "our", "your", "ur", "his", "her", "their":
			if isRoleWord(strings.Trim(words[i+1], ".,!?;:'\"")) {
				return true
			}
		}
	}
	return false
}

// rivalWords name where someone leaves an employer for without naming it:
// "for the enemy", "for a rival".
var rivalWords = lang.Words(`enemy rival rivals competitor competition`)

// leavingOrgFor reads someone leaving an employer for another: "i'm
// leaving oatlands for the enemy", "i'm leaving Halden for Brightwell",
// "Marta is leaving Copperline after 9 years": WORKS_AT ended, and WORKS_AT
// the one named after "for". Leaving a shop ("leaving Tesco now", "for
// the night"), a place or a person, a hedge, a negation and a past read
// nothing.
func (p *sentCtx) leavingOrgFor() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "leaving" || k < 2 || k+3 >= len(s.Toks) || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		who, cite, ok := p.leaverBefore(k)
		if !ok {
			continue
		}
		org, end, ok := p.orgAnyCase(k + 1)
		if !ok || p.disc.typedPerson(org.Name) || firstName(ontology.NormaliseName(org.Name)) || s.Tok(end-1).Poss {
			continue
		}
		var next ontology.EntityRef
		switch {
		case s.Is(end, "for") && s.Is(end+1, "the", "a") && rivalWords[s.Norm(end+2)]:
		case s.Is(end, "for") && end+1 < len(s.Toks) && s.Toks[end+1].Cap:
			n, nend, ok := p.namedOrg(end + 1)
			if !ok || p.disc.typedPerson(n.Name) || firstName(ontology.NormaliseName(n.Name)) || !plainEnd(s, nend) && !s.Is(nend, "next", "in", "from") {
				continue
			}
			next = n
		case s.Is(end, "after") && longSince(s, end+1) || s.Is(end, "after") && s.Is(end+1, "years", "ages"):
		default:
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
		if next.Name != "" {
			p.relation(rel{typ: ontology.RelWorksAt, from: who, to: next, conf: confWeak, validFrom: p.ts})
		}
		restore()
		return
	}
}

// leaverBefore returns who is "leaving" at k: the speaker for "i'm" or a
// name before "is" ("Marta is leaving"); a pronoun is not resolved.
func (p *sentCtx) leaverBefore(k int) (ontology.EntityRef, string, bool) {
	s := p.s
	if imBefore(s, k) {
		return p.speaker, "", true
	}
	if s.Tok(k-1).Poss && s.Tok(k-1).Cap {
		return p.managerBefore(k) // "so Jem's leaving Oatlands for the enemy": the "'s" is "is"
	}
	if !s.Is(k-1, "is") || s.Is(k-2, "she", "he") {
		return ontology.EntityRef{}, "", false // "she's leaving" may mean a pet or anyone named turns back
	}
	return p.managerBefore(k - 1)
}

// yearClassAt reads a teacher's class at a named school: "I've got a year
// 4 class at St Aldric's Primary", "i have a reception class at X",
// "teaching year 6 at X": WORKS_AT. A child's class ("my son's class"), a
// class one takes ("a yoga class at X") and a hedge read nothing.
func (p *sentCtx) yearClassAt() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "class" || k < 3 || k+2 >= len(s.Toks) || !s.Is(k+1, "at") || p.hedgedAt(k) {
			continue
		}
		j := k - 1
		switch {
		case s.Is(j, "reception", "nursery"):
		case isDigits(s.Norm(j)) && s.Is(j-1, "year"):
			j--
		default:
			continue
		}
		got := s.Is(j-2, "got") && (s.Is(j-3, "'ve", "have") && s.Is(j-4, "i") || s.Is(j-3, "ive"))
		if !s.Is(j-1, "a") || !got && !s.Seq(j-3, "i", "have") && !s.Is(j-2, "teach", "teaching") {
			continue
		}
		org, end, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) {
			continue
		}
		if s.Tok(end - 1).Poss { // "St Aldric's Primary": the name goes on after the possessive
			sp, ok := p.typed(end)
			if !ok || end >= len(s.Toks) || !s.Toks[end].Cap {
				continue
			}
			org.Name += "'s " + sp.name
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}
