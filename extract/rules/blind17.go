package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind17's whole conversations, written blind to
// the extractor (a college friends' voice-to-text group chat, an
// Indian-English family group, a small-business owners' chat): work told
// by a workmate at an organisation ("my manager at X said"), a person
// introduced by their workplace ("Rosie from X signed up"), an
// organisation's town said with a particle ("they're out in Coalville",
// "based out of Cicero") and a school by the year one is in ("2nd year at
// X College"). Each is keyed to the words around the names.

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
		if p.hedgedAt(k) || p.negatedBefore(k) || p.has(0, k, hedgeWords17...) ||
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

// wordsInAny reports whether a token of s is one of set.
func wordsInAny(s *sentence, set map[string]bool) bool {
	for range wordsIn(s, set) {
		return true
	}
	return false
}

// placeNamed reports whether the name at i is typed a place.
func (p *sentCtx) placeNamed(i int) bool {
	sp, ok := p.typed(i)
	return ok && sp.typ == ontology.EntityPlace
}

// visitVerbs17 after "X from <organisation>" tell a visit: "came over",
// "popped in", "turned up".
var visitVerbs17 = lang.Words(`came come comes coming popped dropped stopped turned showed visited visiting
	swung called rocked`)

// clubHeads17 end the names of clubs, teams and choirs beside groupHeads
// (patterns_work.go): one belongs to them rather than works at them
// ("Rosie from the Clarendon Runners").
var clubHeads17 = lang.Words(`runners singers chorus soc players scouts`)

// personFromOrg reads "Rosie from Hartley's Deli signed up", "Priya from
// Northwind Freight said": a named person followed by "from" and an
// organisation, then a verb: that person WORKS_AT it. A place ("Rosie
// from Leicester"), a thing from a shop ("a parcel from X"), a club, a
// person back from somewhere, a possessive ("X's daughter") or a question
// read nothing.
func (p *sentCtx) personFromOrg() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`from`)) {
		who, ok := p.personEndingAt(k)
		if !ok {
			continue
		}
		if strings.HasSuffix(p.text, "?") || strings.Contains(p.text, "?") && p.questionAfter(k) {
			return
		}
		org, end, ok := p.possOrg(k + 1)
		if !ok || p.placeNamed(k+1) || s.Tok(end-1).Poss || end >= len(s.Toks) || !s.Toks[end].Word {
			continue
		}
		if visitVerbs17[s.Norm(end)] || s.Is(end, "just") && visitVerbs17[s.Norm(end+1)] {
			continue // "Hugo from X came over": a visit, which says nothing of a job
		}
		name := strings.Fields(strings.ToLower(org.Name))
		if len(name) == 0 || clubHeads17[name[len(name)-1]] || groupHeads[name[len(name)-1]] {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
	}
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

// questionAfter reports whether a question mark follows token k before
// the sentence ends ("Rosie from X? no idea who that is").
func (p *sentCtx) questionAfter(k int) bool {
	for j := k + 1; j < len(p.s.Toks); j++ {
		if p.s.Norm(j) == "?" {
			return true
		}
	}
	return false
}

// personEndingAt returns the person whose name ends right before k and
// opens its clause (the sentence's start after the chat leads, or after
// "and", a comma, "with"): "and Rosie from", not "a quote from X for Kev".
func (p *sentCtx) personEndingAt(k int) (ontology.EntityRef, bool) {
	s := p.s
	for i := max(0, k-3); i < k; i++ {
		ref, end, ok := p.person(i)
		if !ok || end != k {
			continue
		}
		if i > 0 && i != afterLeads(s) && !s.Is(i-1, ",", "with", "that", "said") {
			return ontology.EntityRef{}, false
		}
		return ref, true
	}
	return ontology.EntityRef{}, false
}

// outParticles17 may stand between "they're" and "in" when saying where an
// organisation is: "out in", "over in", "up in", "down in", "based in".
var outParticles17 = lang.Words(`out over up down based`)

// outClauseStarts may follow the place of theyAreOutIn in a run-on
// message: "based out of cicero the kitchen is over there".
var outClauseStarts = lang.Words(`, . ! and but so the which decent`)

// theyAreOutIn reads "Cartwell Packaging, they're out in Coalville",
// "theyre based out of cicero" and "yeah they're over in Hinckley" said of
// the organisation just named: LOCATED_IN. A visit or a time ("out in
// Coalville tonight", "on holiday"), no place name ("out in the garden"),
// people named after the organisation, a hypothetical, a question or a
// stale antecedent read nothing.
func (p *sentCtx) theyAreOutIn() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`they theyre`)) {
		j := k + 1
		if s.Is(k, "they") {
			if !s.Is(j, "'re", "are", "re") {
				continue
			}
			j++
		}
		if s.Is(j, "all", "still") {
			j++
		}
		if !outParticles17[s.Norm(j)] {
			continue
		}
		switch {
		case s.Is(j+1, "in"):
			j += 2
		case s.Is(j, "based", "out") && s.Is(j+1, "out") && s.Is(j+2, "of"):
			j += 3
		case s.Is(j, "based") && s.Is(j+1, "out", "outta") && s.Is(j+2, "of", "in"):
			j += 3
		default:
			continue
		}
		if p.hedgedAt(k) || p.negatedBefore(k) || p.has(0, len(s.Toks), visitWords...) {
			return
		}
		place, end, conf, ok := p.place(j)
		if !ok || p.timeAt(j) != nil || end < len(s.Toks) && !outClauseStarts[s.Norm(end)] {
			return
		}
		org, ok := p.orgBefore(k)
		if !ok {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// orgBefore resolves the "they" at k to an organisation: one the sentence
// names just before it with no person before it ("Cartwell Packaging,
// they're"), or, when "they" opens the sentence, the organisation the
// recent turns named with no person after it.
func (p *sentCtx) orgBefore(k int) (antecedent, bool) {
	for i := len(p.names) - 1; i >= 0; i-- {
		n := p.names[i]
		if n.to > k {
			continue
		}
		if (p.orgNamed(n) || n.typ == ontology.EntityConcept) && k-n.to <= 2 && peopleIn(p.names[:i]) == 0 {
			return antecedent{ref: ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}}, true
		}
		return antecedent{}, false
	}
	if k != afterLeads(p.s) {
		return antecedent{}, false
	}
	org, ok := p.lastOrganisation()
	if !ok {
		org, ok = p.lastNamedThing()
	}
	if !ok || p.orgStale(org) {
		return antecedent{}, false
	}
	return org, true
}

// lastNamedThing is lastOrganisation for a name typed by no cue (a
// concept: "the whole Taco Comet thing blew up"), in this turn or the one
// before, with no person named after it; read as an organisation.
func (p *sentCtx) lastNamedThing() (antecedent, bool) {
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= 1; i-- {
		m := d.mentions[i]
		if d.speakers[m.norm] || m.ref.Type == ontology.EntityPlace {
			continue
		}
		if m.ref.Type != ontology.EntityConcept {
			return antecedent{}, false
		}
		ref := ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityOrganization}
		return antecedent{ref: ref, turn: m.turn}, true
	}
	return antecedent{}, false
}

// hedgeWords17 before a statement make it a hypothetical ("if I get in,
// second year at X would be").
var hedgeWords17 = []string{"if", "unless", "would", "might", "maybe", "hopefully", "imagine"}

// yearWords are the parts of a course one is in: "2nd year", "second
// semester".
var yearWords = lang.Words(`year yr semester sem term`)

// yearOrdinals say which year or term: "2nd year", "final year".
var yearOrdinals = lang.Words(`first 1st second 2nd third 3rd fourth 4th final last`)

// schoolHeads17 end the names of schools, colleges and universities.
var schoolHeads17 = lang.Words(`college university uni school academy institute polytechnic conservatoire
	management`)

// yearAtSchool reads "2nd year at Sarojini Women's College", "second
// semester at Indus School of Management", "my final year at Castlegate
// University starts monday" said of the speaker (opening a clause, or
// after "my" or "I'm in"): ATTENDED. A workplace ("2nd year at
// Deloitte"), someone else's year ("her first year", "my sister's"), a
// hypothetical, a question or a negation read nothing.
func (p *sentCtx) yearAtSchool() {
	s := p.s
	for y := range wordsIn(s, yearWords) {
		o := y - 1
		if !yearOrdinals[s.Norm(o)] || !s.Is(y+1, "at") {
			continue
		}
		mine := s.Is(o-1, "my") && (o-1 == afterLeads(s) || s.Is(o-2, ",", "in", "and", "into")) ||
			o == afterLeads(s) || s.Is(o-1, ",")
		if !mine || p.hedgedAt(o) || p.negatedBefore(o) || p.has(0, y, hedgeWords17...) || sarcastic(p.text, s) {
			continue
		}
		sp, ok := p.typed(y + 2)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
			continue
		}
		name := strings.Fields(strings.ToLower(sp.name))
		if len(name) == 0 || !schoolHeads17[name[len(name)-1]] && !schoolHeads17[name[0]] {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// blind17Readings are the readings sentence.go runs on a statement, in order
// (runReadings skips a question).
var blind17Readings = []blind8Reading{
	{lang.Words(`my`), (*sentCtx).myMateAtOrg},
	{lang.Words(`from`), (*sentCtx).personFromOrg},
	{lang.Words(`they theyre`), (*sentCtx).theyAreOutIn},
	{yearWords, (*sentCtx).yearAtSchool},
	{branchTriggers, (*sentCtx).branchRunBy},
	{lang.Words(`there`), (*sentCtx).theJobThere},
	{lang.Words(`their`), (*sentCtx).theirPerson},
	{lang.Words(`shift shifts`), (*sentCtx).shiftAt},
	{lang.Words(`their`), (*sentCtx).theirPlaceBranch},
	{lang.Words(`there`), (*sentCtx).orgIsThere},
	{foundVerbs17, (*sentCtx).foundedIt},
	{lang.Words(`co-founder cofounder`), (*sentCtx).coFounderIs},
}
