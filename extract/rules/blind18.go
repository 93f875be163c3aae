package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind18's whole conversations, written blind to
// the extractor (a mother texting her grown daughter, a hospital ward's
// nurses group, a Glasgow five-a-side group): a job told as "she's taken
// a matron post at X", leading as "he coaches the X", belonging as
// "joined the women's team at X" or "turn out for the X", a neighbour as
// "Bernadette next door", a liking as "i love a pub quiz" and a
// birthplace said to a named addressee ("ferg ye were born in derry").
// Each is keyed to the words around the names; the turn-level reading of
// "ye still in partick?" / "aye still in partick" is in crossturn_pets_still_in.go.

// blind18Readings are the readings of this file, blind18_more.go and
// ties_mentoring.go, run in order on a statement (runReadings skips a
// question) from process.
var blind18Readings = []blind8Reading{
	{takePostVerbs, (*sentCtx).tookPostAt},
	{whoWord, (*sentCtx).whoVerbsFor},
	{teamLeadVerbs, (*sentCtx).leadsTheTeam},
	{joinedWord, (*sentCtx).joinedSideAt},
	{turnWords, (*sentCtx).turnOutFor},
	{yearsWord, (*sentCtx).wasAtForYears},
	{doorWord, (*sentCtx).nameNextDoor},
	{daysWord, (*sentCtx).daysAtOrg},
	{loveWord, (*sentCtx).loveA},
	{didWord, (*sentCtx).didDegreeAt},
	{bornWord, (*sentCtx).youWereBornIn},
	{bornWord, (*sentCtx).placeBornAndRaised},
	{ontoWord, (*sentCtx).gotOntoCourse},
	{usWord, (*sentCtx).usPlaceFolk},
	{mentoringWord, (*sentCtx).isMentoring},
	{theyWord, (*sentCtx).theyreTheOnesAt},
	{calledWords, (*sentCtx).petInApposition},
}

// The words one of which a sentence must hold for a reading above to be
// tried.
var (
	whoWord, joinedWord, turnWords = lang.Words(`who`), lang.Words(`joined`), lang.Words(`turn turns turned`)
	yearsWord, doorWord, daysWord  = lang.Words(`years`), lang.Words(`door`), lang.Words(`days`)
	loveWord, didWord, bornWord    = lang.Words(`love`), lang.Words(`did`), lang.Words(`born`)
	ontoWord, usWord, theyWord     = lang.Words(`onto`), lang.Words(`us`), lang.Words(`they`)
	mentoringWord, calledWords     = lang.Words(`mentoring`), lang.Words(`called named`)
)

// b18Ends are the words that may follow the organisation of a reading of
// this file: "at the Royal Exmoor on monday", "for the Dynamo every
// sunday", a comma, the sentence's end.
var b18Ends = lang.Words(`on from in this next starting and now last after today tomorrow for since every
	these , . ! lol tho though at as an`)

// b18EndsAt reports whether the organisation read ends the phrase at end.
func b18EndsAt(s *sentence, end int) bool { return end >= len(s.Toks) || b18Ends[s.Norm(end)] }

// b18SubjectSkips are the adverbs and auxiliaries between a subject and a
// verb of this file: "me n shuggie still turn out", "she's just taken".
var b18SubjectSkips = lang.Words(`still just now also finally officially already only`)

// b18I reads the subject before the verb at v, over the adverbs between
// ("me n shuggie still turn out"): where memberSubjectBefore should look
// (next), whether it is the speaker's "I" ("ive joined", "in other news i
// got onto"), and whether that I is blocked by a hedge, a negation or an
// "if" before it.
func (p *sentCtx) b18I(v int) (next int, isI, blocked bool) {
	s := p.s
	k := v - 1
	for k >= 0 && b18SubjectSkips[s.Norm(k)] {
		k--
	}
	i := k
	if s.Is(i, "have", "am") && s.Is(i-1, "i") {
		i--
	}
	if !s.Is(i, "i", "ive", "im") {
		return k + 1, false, false
	}
	blocked = p.speaker.Name == "" || p.negatedBefore(i) || hedgedBefore(s, i) || p.has(0, i, "if", "when", "unless")
	return k + 1, true, blocked
}

// b18Subject reads who the verb at v is said of: the speaker for "I",
// else a named person or he/she (memberSubjectBefore), with the turn a
// pronoun's person was named in.
func (p *sentCtx) b18Subject(v int) (ontology.EntityRef, string, bool) {
	next, isI, blocked := p.b18I(v)
	switch {
	case blocked:
		return ontology.EntityRef{}, "", false
	case isI:
		return p.speaker, "", true
	}
	return p.memberSubjectBefore(next)
}

// b18Relation emits r from the subject of the verb at v (as b18Subject
// reads it), citing a pronoun's antecedent too, and reports whether it did.
func (p *sentCtx) b18Relation(v int, r rel) bool {
	next, isI, blocked := p.b18I(v)
	switch {
	case blocked:
		return false
	case isI:
		r.from = p.speaker
		p.relation(r)
		return true
	}
	return p.subjectRelation(next, r)
}

// takePostVerbs say one took a job: "she's taken a matron post at".
var takePostVerbs = lang.Words(`taken took accepted landed got bagged`)

// postNouns are the jobs one takes: "a matron post", "a staff nurse contract".
var postNouns = lang.Words(`job post position role contract placement`)

// tookPostAt reads "she's taken a matron post at the Royal Exmoor", "Dayo
// got a staff nurse contract at Bluewater Staffing": WORKS_AT, for the
// speaker ("I've taken") or the person named or meant. An offer ("been
// offered a post at"), "the post" of a hypothetical, "almost took", a
// photo taken, a job turned down, someone unnamed ("my sister's taken")
// or a question reads nothing.
func (p *sentCtx) tookPostAt() {
	s := p.s
	for v := range wordsIn(s, takePostVerbs) {
		if !s.Is(v+1, "a", "an") {
			continue
		}
		k := v + 2
		for n := 0; n < 3 && k < len(s.Toks) && !postNouns[s.Norm(k)] && s.Tok(k).Word && !s.Is(k, "at", "with", "for", "in"); n++ {
			k++
		}
		if !postNouns[s.Norm(k)] || !s.Is(k+1, "at", "with") {
			continue
		}
		org, end, ok := p.org(k + 2)
		if ok && b18EndsAt(s, end) && !sarcastic(p.text, s) && !p.hedgedAt(v) &&
			p.b18Relation(v, rel{typ: ontology.RelWorksAt, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// teamLeadVerbs say one leads a team in the present: "he coaches the X".
var teamLeadVerbs = lang.Words(`coaches captains manages`)

// teamLeadRoles are the roles teamLeadVerbs give.
var teamLeadRoles = map[string]string{"coaches": "coach", "captains": "captain", "manages": "manager"}

// leadsTheTeam reads "he coaches the Linthouse Colts on a saturday",
// "Mairead captains the Partick Ladies now": LEADS, with the role. A
// person coached ("coaches Jimmy on his free kicks"), someone unnamed ("my
// brother coaches"), a past ("used to coach"), "if", a question or an
// organisation's possession ("manages the Dynamo's kit") reads nothing.
func (p *sentCtx) leadsTheTeam() {
	s := p.s
	for v := range wordsIn(s, teamLeadVerbs) {
		if !s.Is(v+1, "the") {
			continue // a team is "the X" here; "coaches Jimmy" is a person
		}
		group, end, ok := p.groupNamedAt(v + 1)
		if !ok || s.Tok(end-1).Poss || !b18EndsAt(s, end) || sarcastic(p.text, s) {
			continue
		}
		if p.subjectRelation(v, rel{typ: ontology.RelLeads, to: group, role: teamLeadRoles[s.Norm(v)], conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// sideQualifiers tell a sports side from a team at work: "the women's
// team", "the under 16s squad".
var sideQualifiers = lang.Words(`women womens men mens ladies girls boys youth veterans vets mixed reserve reserves
	first second third sunday saturday under junior juniors senior seniors`)

// sideNouns are the groups one joins to play: "team", "side", "squad".
var sideNouns = lang.Words(`team side squad xi`)

// joinedSideAt reads "ive joined the women's team at Knightswood Albion",
// "Cara has joined the under 16s squad at Drumoyne Athletic": MEMBER_OF.
// "joined the team at Harker Tyres" (a job), a queue joined, a plan
// ("thinking of joining"), a question or someone unnamed reads nothing.
func (p *sentCtx) joinedSideAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`joined`)) {
		if !s.Is(v+1, "the") {
			continue
		}
		k, qualified := v+2, false
		for n := 0; n < 3 && k < len(s.Toks) && !sideNouns[s.Norm(k)]; n++ {
			if !sideQualifiers[s.Norm(k)] && !strings.ContainsAny(s.Norm(k), "0123456789") {
				break
			}
			qualified, k = true, k+1
		}
		if !sideNouns[s.Norm(k)] || !qualified && s.Is(k, "team") || !s.Is(k+1, "at", "with", "of") {
			continue
		}
		group, end, ok := p.org(k + 2)
		if ok && p.playerOf(v, group, end) {
			return
		}
	}
}

// turnOutFor reads "me and shuggie still turn out for the Dynamo every
// sunday", "Kev turns out for Govan Rovers": MEMBER_OF, a player. An
// event turned out for ("loads of people turned out for"), "it turned out
// for the best", a hypothetical ("i'd turn out for"), a question or
// "nobody" reads nothing.
func (p *sentCtx) turnOutFor() {
	s := p.s
	for v := range wordsIn(s, turnWords) {
		if !s.Is(v+1, "out") || !s.Is(v+2, "for") {
			continue
		}
		group, end, ok := p.groupNamedAt(v + 3)
		if ok && !s.Tok(end-1).Poss && p.playerOf(v, group, end) {
			return
		}
	}
}

// playerOf emits MEMBER_OF, a player of group (ending at end), for the
// subject of the verb at v, unless the phrase goes on, is sarcastic or
// hedged; it reports whether it did.
func (p *sentCtx) playerOf(v int, group ontology.EntityRef, end int) bool {
	if !b18EndsAt(p.s, end) || sarcastic(p.text, p.s) || p.hedgedAt(v) {
		return false
	}
	return p.b18Relation(v, rel{typ: ontology.RelMemberOf, to: group, role: "player", conf: confWeak, validFrom: p.ts})
}

// nameNextDoor reads "Bernadette next door has a new dog", "popped round
// to see Pat next door": KNOWS, a neighbour of the speaker. "The shop next
// door", "Bernadette's next door" (where she is), "sat next door to me",
// a shop's name ("Greggs next door") or a question reads nothing.
func (p *sentCtx) nameNextDoor() {
	s := p.s
	for d := range wordsIn(s, lang.Words(`door`)) {
		if d < 2 || !s.Is(d-1, "next") || s.Is(d+1, "to") || s.Tok(d-2).Poss || p.speaker.Name == "" {
			continue
		}
		name, ok := p.neighbourNamed(d-2, true)
		if !ok || p.disc.isSpeaker(name) || p.hedgedAt(d) || p.has(0, d, "if", "imagine") {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: p.speaker, to: ontology.EntityRef{Name: name, Type: ontology.EntityPerson},
			role: "neighbour", conf: confWeak, validFrom: p.ts})
		return
	}
}

// neighbourNamed reads the person's name ending at k, before "next door":
// a name typed a person, a known first name, or a capitalised word
// opening the sentence that a he or she later in the turn takes up
// ("Bernadette next door has a new dog… She got him from"), not a shop
// ("Greggs next door has started doing pizza"); without needPronoun the
// caller's own words tell a person (one who has a dog).
func (p *sentCtx) neighbourNamed(k int, needPronoun bool) (string, bool) {
	s := p.s
	if sp, ok := p.nameEndingAt(k + 1); ok {
		first := strings.Fields(ontology.NormaliseName(sp.name))
		if sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept && len(first) > 0 && firstName(first[0]) {
			return sp.name, true
		}
		if sp.typ == ontology.EntityConcept && sp.from > 0 && s.Tok(sp.from-1).Word && !shopBefore[s.Norm(sp.from-1)] {
			return sp.name, true // "popped round to see Pat next door"
		}
		if sp.typ != ontology.EntityConcept {
			return "", false
		}
	}
	t := s.Tok(k)
	if k != afterLeads(s) || !t.Cap || !t.Word || !lettersOnly(t.Norm) || functionWords[t.Norm] || commonWords[t.Norm] {
		return "", false
	}
	if !needPronoun {
		return t.Text, true
	}
	after := strings.Fields(strings.ToLower(p.text))
	for i, w := range after {
		if i > 0 && (w == "she" || w == "he") && strings.Contains(strings.ToLower(p.text), t.Norm+" next door") {
			return t.Text, true
		}
	}
	return "", false
}

// shopBefore are the words before a shop's or a place's name rather than
// a neighbour's: "went to Greggs next door", "a pasty from Greggs".
var shopBefore = lang.Words(`the a an at to into from in of by near round past`)

// loveAEnds may follow the thing of loveA: "i love a pub quiz so count me
// in", "I do love a good crossword, me".
var loveAEnds = lang.Words(`so and me tbh honestly lol though tho , . !`)

// loveA reads "i love a pub quiz", "I do love a good crossword, me": LIKES,
// the speaker's liking of a kind of thing. "i'd love a pint" (a wish), "i
// love a man who can cook", "i don't love", "i just love a 6am shift 🙄",
// someone else's ("my da loves") or a question reads nothing.
func (p *sentCtx) loveA() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`love`)) {
		k := v - 1
		if s.Is(k, "do", "really", "absolutely", "honestly") {
			k--
		}
		if !s.Is(k, "i") || !s.Is(v+1, "a") || p.negatedBefore(k) || p.hedgedAt(v) || sarcastic(p.text, s) {
			continue
		}
		j := v + 2
		if s.Is(j, "good", "decent", "proper", "nice") {
			j++
		}
		e := j
		for e < len(s.Toks) && e-j < 3 && s.Tok(e).Word && lettersOnly(s.Norm(e)) && !loveAEnds[s.Norm(e)] && !npStops[s.Norm(e)] {
			e++
		}
		if e == j || e-j > 2 || e < len(s.Toks) && !loveAEnds[s.Norm(e)] {
			continue
		}
		var ws []string
		for i := j; i < e; i++ {
			ws = append(ws, s.Norm(i))
		}
		p.relation(rel{typ: ontology.RelLikes, from: p.speaker, to: ontology.EntityRef{Name: strings.Join(ws, " "), Type: ontology.EntityActivity},
			conf: confWeak, validFrom: p.ts})
		return
	}
}

// youWereBornIn reads "ferg ye were born in Derry", "You were born in
// Kendal, Ellie": COMES_FROM the one addressed, named before "you" or
// after the place, or the other speaker of a two-party chat. A question,
// a negation ("you weren't born"), "if", a time ("born in the 90s"),
// someone else ("my da was born") or a group chat's "you" with no name
// reads nothing.
func (p *sentCtx) youWereBornIn() {
	s := p.s
	for b := range wordsIn(s, lang.Words(`born`)) {
		if b < 2 || !s.Is(b-1, "were", "was") || !s.Is(b-2, "you", "ye", "u") || p.has(0, b, "if", "when", "not") {
			continue
		}
		k := b + 1
		if s.Is(k, "and") && s.Is(k+1, "raised", "bred") {
			k += 2
		}
		if !s.Is(k, "in") {
			continue
		}
		place, end, conf, ok := p.place(k + 1)
		if !ok || !b18EndsAt(s, end) {
			continue
		}
		who, ok := p.bornAddressee(b-2, end)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelComesFrom, from: who, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// bornAddressee is who the "you" at y is: a name opening the sentence
// right before it ("ferg ye were"), a name after a comma at end ("…
// Kendal, Ellie"), or the other speaker of a two-party chat.
func (p *sentCtx) bornAddressee(y, end int) (ontology.EntityRef, bool) {
	s := p.s
	if y >= 1 && y-1 == afterLeads(s) {
		if label, ok := p.disc.vocative(s.Tok(y - 1).Text); ok && label != p.speaker.Name {
			return ontology.EntityRef{Name: label, Type: ontology.EntityPerson}, true
		}
		if sp, ok := p.nameEndingAt(y); ok && sp.typ == ontology.EntityPerson && !p.disc.isSpeaker(sp.name) {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
		}
	}
	if s.Is(end, ",") {
		if label, ok := p.disc.vocative(s.Tok(end + 1).Text); ok && label != p.speaker.Name && p.phraseEnds(end+2, len(s.Toks)) {
			return ontology.EntityRef{Name: label, Type: ontology.EntityPerson}, true
		}
	}
	if a := p.disc.addressee(p.speaker.Name); a.Name != "" {
		return a, true
	}
	return ontology.EntityRef{}, false
}

// petKin reports whether r gives a pet kin: "Biscuit has gone to live
// with her son Neil" read "her" as the dog. A name typed as an animal in
// the conversation, and never as a person, or known as an animal from
// before, has no family nor partner.
func (c *turnCtx) petKin(r rel) bool {
	if r.typ != ontology.RelFamilyOf && r.typ != ontology.RelPartnerOf {
		return false
	}
	pet := func(e ontology.EntityRef) bool {
		if e.Type == ontology.EntityAnimal || c.known.entities[ontology.NormaliseName(e.Name)] == ontology.EntityAnimal {
			return true
		}
		return c.disc.typedAs(e.Name, ontology.EntityAnimal) && !c.disc.typedPerson(e.Name)
	}
	return pet(r.from) || pet(r.to)
}
