package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of the people of one's work: a manager or lead ("under Hakim
// from X", "she'll be our new manager", "my team lead is this guy Joris"),
// a mentor or coach named after "this guy", "NAME, my line manager at
// ORG", "my manager at X said", and "Rosie from X signed up".

// bossWords name the one a person reports to.
var bossWords = lang.Words(`manager boss lead supervisor`)

// underManager reads whom the speaker works under: "yep. under Hakim from
// jan", "I'm working under Hakim now": KNOWS, manager. Not a possessive
// ("under Hakim's desk"), someone else's team, or a plan.
func (p *sentCtx) underManager() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "under") || p.tieHedged(k) {
			continue
		}
		mine := afterLeads(s) == k || s.Is(k-1, "working", "work", "'m", "am", "im") && firstPersonVerb(s, k-1)
		if !mine {
			continue
		}
		person, end, ok := p.personAfter(k + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && p.timeAt(end) == nil && !s.Is(end, "now", "from", ",") ||
			p.has(end, len(s.Toks), "would", "could", "might", "'d") { // "… from jan would be a nightmare"
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", person, confWeak)
	}
}

// bossHedges before "will be my manager" leave it open.
var bossHedges = strings.Fields(`if when unless maybe probably hopefully think hope might could would may not`)

// willBeMyBoss reads "she'll be our new manager" (she: Grace, just named),
// "Grace will be my new boss from april": KNOWS, manager, for the speaker.
// A hedge ("might be", "would be"), a question, a condition or a
// possessive after the role ("our new manager's boss") is not read.
func (p *sentCtx) willBeMyBoss() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		// "will" is itself a modal, so the hedges are named here
		if !s.Is(k, "be") || !s.Is(k-1, "'ll", "will") || !s.Is(k+1, "my", "our") || p.has(0, k, bossHedges...) {
			continue
		}
		r := k + 2
		if s.Is(r, "new", "next") {
			r++
		}
		if !bossWords[s.Norm(r)] || s.Tok(r).Poss || !p.phraseEnds(r+1, len(s.Toks)) && !s.Is(r+1, ",", ".", "from", "and", "now", "then", "starting") {
			continue
		}
		var who ontology.EntityRef
		j := k - 2
		if s.Is(k-1, "'ll") && s.Is(j, "she", "he") || s.Is(j, "she", "he") {
			a, ok := p.pronoun(j, s.Norm(j))
			if !ok {
				a, ok = p.possessorBefore()
			}
			if !ok || !p.recentTurn(a.turn, 2) {
				continue
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		} else if ref, _, ok := p.personBefore(k - 1); ok {
			who = ref
		}
		if who.Name == "" || p.isSpeaker(who) {
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", who, confWeak)
	}
}

// ownedGroups are what a manager has: "Grace's org".
var ownedGroups = lang.Words(`org team group department dept squad division unit`)

// possessorBefore finds the one person named with a possessive earlier in
// the turn ("moving under Grace's org. she'll be our new manager"), whom
// a name typed by its possessive alone leaves out of the discourse.
func (p *sentCtx) possessorBefore() (antecedent, bool) {
	s := p.s
	if len(s.Toks) == 0 {
		return antecedent{}, false
	}
	var who string
	toks := p.disc.tokensOf(p.text)
	for i, t := range toks {
		if t.Start >= s.Toks[0].Start {
			break
		}
		// "Grace's org", "Hamid's team": a person whose group it is
		if t.Poss && t.Cap && t.Word && !commonWords[t.Norm] && i+1 < len(toks) && ownedGroups[toks[i+1].Norm] {
			if who != "" && !strings.EqualFold(who, t.Text) {
				return antecedent{}, false
			}
			who = t.Text
		}
	}
	if who == "" {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: who, Type: ontology.EntityPerson}, turn: p.ids[0]}, true
}

// leadTitles are the two-word and one-word names of a manager after "my":
// "my team lead", "my line manager", "my boss".
var leadTitles = lang.Words(`lead manager boss supervisor`)

// myLeadIsThisGuy reads "my team lead is this guy Joris", "my manager is
// this woman called Ines", "my line manager is Paul": KNOWS the person,
// role manager. Someone else's ("my sister's team lead"), a past ("my old
// team lead", "was"), a description ("is off sick", "is like Joris") or a
// hedge reads nothing.
func (p *sentCtx) myLeadIsThisGuy() {
	s := p.s
	for m := 0; m+3 < len(s.Toks); m++ {
		if !s.Is(m, "my") || s.Tok(m).Poss {
			continue
		}
		k := m + 1
		if s.Is(k, "team", "line") {
			k++
		}
		if !leadTitles[s.Norm(k)] || k == m+1 || s.Tok(k).Poss || !s.Is(k+1, "is") || p.tieHedged(k) || p.hedgedAt(k) || s.Is(m-1, "if", "when") {
			continue
		}
		j := k + 2
		if s.Is(j, "this", "some") && s.Is(j+1, "guy", "man", "woman", "girl", "lady", "bloke", "dude") {
			j += 2
		}
		if s.Is(j, "called", "named") {
			j++
		}
		who, end, ok := p.person(j)
		if !ok || s.Tok(end-1).Poss || p.isSpeaker(who) || !plainEnd(s, end) && !s.Is(end, "who", "whos", "who's") {
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", who, confWeak)
	}
}

// isMyRoleCalled reads "graham is my manager rosh not my dad": the name
// before "is my <role>" holds the role, and the word after the role calls
// the other speaker (a vocative, not the role's name). A name after the
// role that is no speaker ("Tom is my manager Ana's friend") reads nothing.
func (p *sentCtx) isMyRoleCalled() {
	s := p.s
	who, end, ok := p.anyCasePerson(afterLeads(s))
	if !ok || p.isSpeaker(who) || !s.Is(end, "is") || !s.Is(end+1, "my") {
		return
	}
	k := end + 2
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Tok(k).Poss || hedgedBefore(s, k) {
		return
	}
	if _, ok := p.disc.speakerCalled(s.Tok(k + 1).Text); !ok || strings.EqualFold(s.Tok(k+1).Text, p.speaker.Name) ||
		!plainEnd(s, k+2) && !s.Is(k+2, "not") {
		return
	}
	p.relRole(p.speaker, info.kind, info.role, who, confWeak)
}

// calledSpeakers reports whether one of people is a speaker of the chat
// called by name ("rosh" for "Rosh").
func (p *sentCtx) calledSpeakers(people []ontology.EntityRef) bool {
	for _, x := range people {
		if _, ok := p.disc.speakerCalled(x.Name); ok || p.isSpeaker(x) {
			return true
		}
	}
	return false
}

// anyCasePerson reads a person's name at f, capitalised or not ("graham");
// f < 0 reads none.
func (p *sentCtx) anyCasePerson(f int) (ontology.EntityRef, int, bool) {
	if f < 0 {
		return ontology.EntityRef{}, 0, false
	}
	if who, end, ok := p.person(f); ok {
		return who, end, true
	}
	return p.lowerPerson(f)
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

// workTies are the work roles "NAME, my <role> at ORG" names: the value
// is the KNOWS role.
var workTies = map[string]string{"manager": "manager", "boss": "manager", "supervisor": "manager", "lead": "manager",
	"colleague": "colleague", "coworker": "colleague", "co-worker": "colleague"}

// myTieAtOrg reads "even Derek, my line manager at Wiltshire Council,
// turned up", "priya, my colleague at halden bank": KNOWS with the role,
// and WORKS_AT the organisation for both (a manager or a colleague "at" a
// place of work is the speaker's there). An old or former tie, someone
// else's ("my sister's manager"), a friend ("my mate at"), no named
// organisation ("at the gym"), a place ("at Leeds") or a hedge reads
// nothing.
func (p *sentCtx) myTieAtOrg() {
	s := p.s
	for m := 2; m+3 < len(s.Toks); m++ {
		if !s.Is(m, "my") || !s.Is(m-1, ",") || s.Tok(m).Poss {
			continue
		}
		k := m + 1
		if s.Is(k, "line", "team", "work") {
			k++
		}
		role, ok := workTies[s.Norm(k)]
		if !ok || s.Tok(k).Poss || !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) || s.Is(afterLeads(s), "if", "when") {
			continue
		}
		org, end, ok := p.org(k + 2)
		if !ok || ontology.NormaliseName(org.Name) == "" || inGazetteer(ontology.NormaliseName(org.Name)) || !s.Is(end, ",") && !p.phraseEnds(end, len(s.Toks)) {
			continue
		}
		who, ok := p.nameEndingAt(m - 1)
		if !ok || !personLike(who.typ) || p.disc.isSpeaker(who.name) {
			if ref, _, lok := p.lowerPerson(m - 2); lok && m-2 >= 0 {
				who, ok = span{name: ref.Name, typ: ontology.EntityPerson}, true
			} else {
				continue
			}
		}
		person := ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson}
		p.relRole(p.speaker, kindColleague, role, person, confWeak)
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		p.relation(rel{typ: ontology.RelWorksAt, from: person, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// workMates are the people of one's workplace "my X at <organisation>"
// names: "my manager at", "my colleagues at".
var workMates = lang.Words(`manager boss supervisor colleague colleagues coworker coworkers co-worker co-workers
	workmate workmates lead`)

// mateDid are what a workmate at an organisation did, said after "my
// manager at X": "said", "let me", "gave everyone friday off".
var mateDid = lang.Words(`said says told tells let lets gave gives asked asks wants wanted made makes put puts
	moved moves texted texts emailed emails called rang promoted sent sends switched changed approved signed`)

// jobLeftWords in a sentence say a job is over ("my manager at X was the
// reason i quit").
var jobLeftWords = lang.Words(`quit left leaving retired sacked fired resigned`)

// myMateAtOrg reads "my manager at Brookhaven Rec Center said", "drinks
// with my colleagues at Harrow & Vane": the speaker WORKS_AT there. An old
// or someone else's manager ("my old manager", "my sister's manager"), a
// date or a friend at a place (not a workmate), a job left in the same
// sentence, a hypothetical or a negation read nothing.
func (p *sentCtx) myMateAtOrg() {
	s := p.s
	for k := range wordsIn(s, workMates) {
		if !s.Is(k-1, "my") && !(s.Is(k-1, "line", "team", "shift") && s.Is(k-2, "my")) || !s.Is(k+1, "at") {
			continue
		}
		if p.hedgedAt(k) || p.negatedBefore(k) || p.has(0, k, hypotheticalWords...) ||
			p.has(0, len(s.Toks), "old", "former", "ex", "was", "were", "used") ||
			wordsInAny(s, jobLeftWords) || sarcastic(p.text, s) {
			return
		}
		org, end, ok := p.possOrg(k + 2)
		if !ok || s.Tok(end-1).Poss || p.placeNamed(k+2) {
			return
		}
		e := end
		for s.Is(e, "just", "literally", "finally", "actually", "already", "also") {
			e++
		}
		if !mateDid[s.Norm(e)] && !s.Is(k-2, "with") && !s.Is(k-3, "with") {
			return // "my boss at Ocado is mad" says how the boss is, not where one works
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// visitVerbs after "X from <organisation>" tell a visit: "came over",
// "popped in", "turned up".
var visitVerbs = lang.Words(`came come comes coming popped dropped stopped turned showed visited visiting
	swung called rocked`)

// clubHeads end the names of clubs, teams and choirs beside groupHeads
// (patterns_work.go): one belongs to them rather than works at them
// ("Rosie from the Clarendon Runners").
var clubHeads = lang.Words(`runners singers chorus soc players scouts`)

// personFromOrg reads "Rosie from Hartley's Deli signed up", "Priya from
// Northwind Freight said": a named person followed by "from" and an
// organisation, then a verb: that person WORKS_AT it. A place ("Rosie
// from Leicester"), a thing from a shop ("a parcel from X"), a club, a
// person back from somewhere, a possessive ("X's daughter"), "X's from"
// (X is from there) or a question read nothing.
func (p *sentCtx) personFromOrg() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`from`)) {
		who, ok := p.personEndingAt(k)
		if !ok || s.Tok(k-1).Poss {
			continue // "Rafaela's from Bulawayo": "is from", where she comes from
		}
		if commonWordOpening(s, k-1) {
			continue // "Letter from Quayline under the door": a thing sent, capitalised as the sentence opens
		}
		if p.askedLine() || p.questionAfter(k) {
			return
		}
		org, end, ok := p.possOrg(k + 1)
		if !ok || p.placeNamed(k+1) || s.Tok(end-1).Poss || end >= len(s.Toks) || !s.Toks[end].Word {
			continue
		}
		if visitVerbs[s.Norm(end)] || s.Is(end, "just") && visitVerbs[s.Norm(end+1)] {
			continue // "Hugo from X came over": a visit, which says nothing of a job
		}
		name := strings.Fields(strings.ToLower(org.Name))
		if len(name) == 0 || clubHeads[name[len(name)-1]] || groupHeads[name[len(name)-1]] {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// commonWordOpening reports whether the one word at i opens the sentence
// and is a word of the language, not a given name: capitalised only
// because the sentence opens with it ("Letter from Quayline today",
// "Email from the bank"), where "Rosie from X" or "Mark from X" names a
// person.
func commonWordOpening(s *sentence, i int) bool {
	if i < 0 || i >= len(s.Toks) || i != afterLeads(s) && i != 0 || !s.Tok(i).Word {
		return false
	}
	w := s.Norm(i)
	return inVocab(w) && !firstName(w) && !s.Tok(i).Poss
}

// possOrg reads an organisation's name at i, joining a possessive to the
// name after it ("Hartley's Deli", "Rosa's Loaves"), which the name
// reader splits at the possessive.
func (p *sentCtx) possOrg(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	org, end, ok := p.org(i)
	if !ok || !s.Tok(end-1).Poss || !nameStart(s, end) {
		return org, end, ok
	}
	sp, ok := nameAt(s, end)
	if !ok {
		return org, end, true
	}
	from := i
	if s.Is(from, "the") {
		from++
	}
	a, b := s.Toks[from].Start, s.Toks[sp.to-1].Start+len(s.Toks[sp.to-1].Text)
	if a < 0 || b > len(p.text) || a >= b {
		return org, end, true
	}
	return ontology.EntityRef{Name: p.text[a:b], Type: ontology.EntityOrganization}, sp.to, true
}
