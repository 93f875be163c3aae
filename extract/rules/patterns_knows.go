package rules

import "github.com/loci-memory/loci/ontology"

// Social ties and origins in everyday words (issue 14, h14-blind5):
// "Dana and I are colleagues", "we're neighbours with Dana", "Dana lives
// next door", "Dana is in my class", "Dana, who I work with", "Dana and I
// work together", "Dana manages me"; "Dana comes from Leeds", "hails
// from", "originally from Leeds", "Leeds born and bred".

// tieStates are the ties "A and B are …" and "be … with X" state, with the
// kind and role kept.
var tieStates = map[string]struct {
	kind relKind
	role string
}{
	"colleagues": {kindColleague, "colleague"}, "coworkers": {kindColleague, "colleague"},
	"teammates": {kindColleague, "teammate"}, "workmates": {kindColleague, "colleague"},
	"neighbours": {kindKnows, "neighbour"}, "neighbors": {kindKnows, "neighbour"},
	"flatmates": {kindKnows, "flatmate"}, "roommates": {kindKnows, "roommate"}, "housemates": {kindKnows, "housemate"},
	"classmates": {kindKnows, "classmate"}, "coursemates": {kindKnows, "classmate"},
}

func init() {
	for w, t := range tieStates {
		pairStates[w], pairRoles[w] = t.kind, t.role // "Dana and I are colleagues"
	}
	for _, w := range []string{"downstairs", "upstairs", "next-door"} {
		roleAdjectives[w] = true // "my downstairs neighbour Dana"
	}
	for _, w := range []string{"doing", "studying", "comes", "hails"} {
		possIsBe[w] = true // "Dana's doing her PhD at Leeds Uni"
	}
	for _, w := range []string{"comes", "come", "hails", "hail"} {
		thirdVerbs[w] = true
	}
}

// tieWith reads "we're neighbours with Dana", "I'm colleagues with Jo":
// KNOWS, of the clause's subject ("we" is the speaker's).
func (p *sentCtx) tieWith(cl clause) {
	s := p.s
	if !cl.be || !cl.plain() {
		return
	}
	k := cl.verb
	for n := 0; n < 3 && pairAdverbs[s.Norm(k)]; n++ {
		k++
	}
	t, ok := tieStates[s.Norm(k)]
	if !ok || s.Norm(k+1) != "with" {
		return
	}
	people, _ := p.personList(k + 2)
	for _, x := range people {
		p.relRole(p.self(), t.kind, t.role, x, confWeak)
	}
}

// classWords are what someone is in with the speaker ("in my class").
var classWords = map[string]string{"class": "classmate", "year": "classmate", "course": "classmate", "cohort": "classmate",
	"form": "classmate", "seminar": "classmate", "tutor group": "classmate"}

// inMyClass reads "Dana is in my class", "Jo's in my year at uni": KNOWS,
// role classmate, of the speaker.
func (p *sentCtx) inMyClass(cl clause) {
	s := p.s
	if !cl.third || !cl.be || !cl.plain() || s.Norm(cl.verb) != "in" || s.Norm(cl.verb+1) != "my" {
		return
	}
	role, ok := classWords[s.Norm(cl.verb+2)]
	if !ok || s.Tok(cl.verb+3).Word && !s.Is(cl.verb+3, "at", "now", "too", "this", "and", "lol") {
		return
	}
	p.relRole(p.speaker, kindKnows, role, p.self(), confWeak)
}

// livesNextDoor reads "Dana lives next door", "Jo moved in next door to
// us": KNOWS, role neighbour, of the speaker.
func (p *sentCtx) livesNextDoor(cl clause) {
	s := p.s
	if !cl.third || !cl.plain() || !s.Is(cl.verb, "live", "lives", "living", "moved") {
		return
	}
	k := cl.verb + 1
	if s.Norm(k) == "in" {
		k++
	}
	if !s.Seq(k, "next", "door") {
		return
	}
	if s.Norm(k+2) == "to" && !s.Is(k+3, "me", "us") {
		return // "next door to his mum"
	}
	p.relRole(p.speaker, kindKnows, "neighbour", p.self(), confWeak)
}

// comesFrom reads "Dana comes from Leeds", "I come from Cork", "he hails
// from Kumasi": COMES_FROM. The present only: "I came from Leeds" is as
// often a trip.
func (p *sentCtx) comesFrom(cl clause) {
	s := p.s
	if !cl.plain() || cl.be || cl.was || cl.have || !s.Is(cl.verb, "come", "comes", "hail", "hails") {
		return
	}
	k := cl.verb + 1
	if s.Is(k, "originally", "actually") {
		k++
	}
	if s.Norm(k) != "from" {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || s.Tok(end).Word && !s.Is(end, "originally", "but", "and", "though", "tho", "actually", "in") {
		return // "comes from Leeds Uni" is read no further
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.self(), to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// pairWorkTogether reads "Dana and I work together", and "we work
// together" after "how do you know Dana?": KNOWS, role colleague ("worked
// together" is pastTogether's, closed); "… together at Halcyon" also
// gives WORKS_AT of both.
func (p *sentCtx) pairWorkTogether() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for v := 1; v+1 < len(s.Toks); v++ {
		if s.Norm(v) != "work" || s.Norm(v+1) != "together" || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		others := p.togetherOthers(v)
		for _, o := range others {
			p.relRole(p.speaker, kindColleague, "colleague", o, confWeak)
		}
		if len(others) == 0 || !s.Is(v+2, "at", "for") {
			continue
		}
		// "we work together at Halcyon": where, for both
		if org, _, ok := p.org(v + 3); ok {
			for _, who := range append([]ontology.EntityRef{p.speaker}, others...) {
				p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
			}
		}
	}
}

// managesMe reads "Dana manages me", "Jo is managing me now": KNOWS, role
// manager, of the speaker.
func (p *sentCtx) managesMe(cl clause) {
	s := p.s
	if !cl.third || !cl.plain() || !s.Is(cl.verb, "manage", "manages", "managing", "supervises", "supervise", "supervising") || s.Norm(cl.verb+1) != "me" {
		return
	}
	p.relRole(p.speaker, kindColleague, "manager", p.self(), confWeak)
}

// originally reads a sentence that drops its "I": "originally from
// Leeds", "originally from Cork but live in Dublin now": COMES_FROM of the
// speaker.
func (p *sentCtx) originally() {
	s := p.s
	if s.Question || p.speaker.Name == "" || p.answerHolds() {
		return
	}
	f := s.FirstWord()
	for f >= 0 && f < len(s.Toks) && (implicitLead[s.Norm(f)] || greetingWords[s.Norm(f)]) {
		f++
	}
	if f < 0 || !s.Seq(f, "originally", "from") {
		return
	}
	place, _, conf, ok := p.place(f + 2)
	if !ok {
		return
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// bornAndBred reads "Dana is Leeds born and bred", "I'm Glasgow born and
// raised": COMES_FROM.
func (p *sentCtx) bornAndBred(cl clause) {
	s := p.s
	if !cl.be || !cl.plain() {
		return
	}
	place, end, conf, ok := p.place(cl.verb)
	if !ok || !s.Seq(end, "born", "and") || !s.Is(end+2, "bred", "raised", "reared") {
		return
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.self(), to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

func init() {
	for _, w := range []string{"personal", "phd", "uni", "gym", "running", "climbing", "piano", "driving"} {
		roleAdjectives[w] = true // "my personal trainer Dana", "my uni mate Dana", "my gym buddy Dana"
	}
	for _, w := range []string{"tutor", "instructor"} {
		roleWords[w] = roleInfo{role: w, kind: kindKnows} // "my tutor Dana"
	}
}

// tieOfMineClause reads "Dana is one of my colleagues": the role word's
// relation, of the speaker ("a colleague of mine" and "a mate from uni"
// are tieOfMine's).
func (p *sentCtx) tieOfMineClause(cl clause) {
	s := p.s
	if !cl.third || !cl.be || !cl.plain() || !s.Seq(cl.verb, "one", "of", "my") {
		return
	}
	j := p.skipAdjectives(cl.verb + 3)
	info, ok := roleWords[s.Norm(j)]
	if j < 0 || !ok || !info.plural || s.Is(cl.verb+3, "old", "ex", "former") {
		return
	}
	if !p.phraseEnds(chatTail(s, j+1), cl.end) {
		return
	}
	p.relRole(p.speaker, info.kind, info.role, p.self(), confWeak)
}

// workUnder reads "I work under Dana", "Jo works under Dana": KNOWS, role
// manager.
func (p *sentCtx) workUnder(cl clause) {
	s := p.s
	if !cl.plain() || !s.Is(cl.verb, "work", "works", "working", "worked") || s.Norm(cl.verb+1) != "under" {
		return
	}
	if boss, end, ok := p.person(cl.verb + 2); ok && p.phraseEnds(chatTail(s, end), cl.end) {
		p.relRole(p.self(), kindColleague, "manager", boss, confWeak)
	}
}
