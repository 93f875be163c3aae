package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// myPatterns reads statements built on "my" ("my sister Dana", "my dog
// Max", "my name is …", "my favourite book is …"), on "X is my …", and
// "call me X". Appositions ("my sister Dana") hold even in questions;
// the rest are skipped there.
func (p *sentCtx) myPatterns() {
	s := p.s
	for m := 0; m < len(s.Toks); m++ {
		switch s.Toks[m].Norm {
		case "my":
			p.myPhrase(m)
			p.onMyTeam(m)
		case "our":
			p.ourGroup = p.ourGroup || groupHeadAt(s, m+1) >= 0
			if k := breedHead(s, p.skipAdjectives(m+1)); petSpecies[s.Norm(k)] {
				p.myPet(k, confWeak)
			} else if info, ok := roleWords[s.Norm(k)]; ok && k > 0 && info.kind != kindPartner {
				// "our coach is Petra Novak", "our brother Sam", "our flatmate Jo":
				// "our" is annotated for the speaker
				p.myRole(m+1, k, info)
			} else if k > 0 && !s.Question {
				p.myHome(m)
				p.myBand(m)
				p.ourPlayer(k)
			}
		case "call":
			if s.Norm(m+1) == "me" && !s.Question {
				p.nickname(m + 2)
			}
		case ",", "(":
			if s.Norm(m+1) == "my" {
				p.nameCommaMy(m)
			}
			p.petApposition(m) // "Rex, my dog, is 3", "meet Rex, our new puppy"
		case "is", "are":
			if s.Norm(m+1) == "our" && !s.Question {
				p.isMyAt(m, m+1, s.Norm(m) == "are") // "Ana is our new manager"
			}
			if s.Norm(m+1) == "my" && !s.Question {
				p.isMy(m)
				p.myHobbies(m)
			}
			if s.Norm(m) == "is" && s.Norm(m+1) == "the" && !s.Question {
				p.bestTieEver(m+1, m) // "ayla is the best boss i've ever had"
			}
			if literalTieAdverbs[s.Norm(m+1)] && s.Is(m+2, "my", "our") && !s.Question {
				p.isMyAt(m, m+2, s.Norm(m) == "are") // "Mike is technically my boss"
			}
			if !s.Question {
				p.favouriteOf(m)
			}
			if s.Seq(m+1, "been", "my") && !s.Question && s.Is(m-1, "he", "she") {
				s.Toks[m+1].Norm = "is" // "she's been my mate since sixth form": read as "is my"
				p.isMy(m + 1)
				s.Toks[m+1].Norm = "been"
			}
		case "love":
			if s.Is(m+1, "of", "for") && s.Is(m-1, "my", "a") && !s.Question {
				p.loveOf(m)
			}
		default:
			if s.Toks[m].Poss && s.Is(m+1, "my", "our") && !s.Question {
				p.isMyAt(m+1, m+1, false) // "Tom's my brother", "Hal's our new flatmate"
				p.possMyFave(m)           // "Green's my fave"
			}
			if s.Toks[m].Poss && s.Norm(m+1) == "the" && !s.Question {
				p.bestTieEver(m+1, m+1) // "Ayla's the best boss I've ever had"
			}
			if s.Toks[m].Poss && literalTieAdverbs[s.Norm(m+1)] && s.Is(m+2, "my", "our") && !s.Question {
				p.isMyAt(m+1, m+2, false) // "mike's technically my boss"
			}
		}
		switch s.Toks[m].Norm {
		case "passion":
			p.passionFor(m)
		case "her", "his", "its":
			p.petNamed(m)
			p.kidNamed(m)
		case "been":
			if !s.Question {
				p.favouriteOf(m)
			}
		}
	}
}

// skipAdjectives skips up to three relationship adjectives from k ("my
// older sister"); it returns -1 at a veto ("my late husband", "my ex").
func (p *sentCtx) skipAdjectives(k int) int {
	for n := 0; n < 3; n++ {
		w := p.s.Norm(k)
		if roleVetoes[w] {
			return -1
		}
		if !roleAdjectives[w] {
			break
		}
		if next := p.s.Norm(k + 1); isRoleWord(w) && !roleAdjectives[next] && !isRoleWord(next) {
			break // "my twin Anouk": the word is the role
		}
		k++
	}
	return k
}

// bestBefore reports whether "best" stands among the adjectives in
// [from, k).
func (p *sentCtx) bestBefore(from, k int) bool {
	for i := from; i < k; i++ {
		if p.s.Norm(i) == "best" {
			return true
		}
	}
	return false
}

// myPhrase reads what follows "my" at m.
func (p *sentCtx) myPhrase(m int) {
	s := p.s
	switch {
	case s.Is(m+1, "favorite", "favourite", "fav", "fave") && !s.Question:
		if p.favourite(m + 2) {
			return
		}
	case s.Norm(m+1) == "name" && !s.Question:
		p.myName(m + 2)
		return
	case (s.Norm(m+1) == "hometown" || s.Seq(m+1, "home", "town")) && !s.Question:
		k := m + 2
		if s.Norm(m+1) == "home" {
			k++
		}
		if s.Norm(k) == "is" {
			p.hometown(k+1, func(name, place string) string { return possessive(name) + " hometown is " + place })
		} else {
			p.homeApposition(k, "hometown")
		}
		return
	case (s.Seq(m+1, "home", "country") || s.Norm(m+1) == "homeland") && !s.Question:
		k := m + 3
		if s.Norm(m+1) == "homeland" {
			k = m + 2
		}
		if s.Norm(k) == "is" {
			p.hometown(k+1, func(name, place string) string { return possessive(name) + " home country is " + place })
		} else {
			p.homeApposition(k, "home country")
		}
		return
	}
	if p.myJob(m) || p.myEndedRole(m) {
		return
	}
	k := p.skipAdjectives(m + 1)
	if k < 0 {
		return
	}
	if info, ok := roleWords[s.Norm(k)]; ok {
		p.myRole(m+1, k, info)
		return
	}
	if s.Is(k, "lad") && k == m+1 {
		p.myRole(m+1, k, roleWords["son"]) // British "my lad alfie's made the team": a son
		return
	}
	if k := breedHead(s, k); petSpecies[s.Norm(k)] {
		p.myPet(k, confStrong)
		return
	}
	if !s.Question {
		p.myHome(m)
		p.myBand(m)
	}
}

// myRole reads the names after "my [adjectives] <role>" at k: "my sister
// Dana", "my sister, Dana", "my kids Tim and Ana", "my sister is named
// Dana", "my sister's name is Dana", and (weaker) "my sister is Dana".
func (p *sentCtx) myRole(adjFrom, k int, info roleInfo) {
	s := p.s
	role := roleName(info, p.bestBefore(adjFrom, k))
	conf := confStrong
	j := k + 1
	var workplace *ontology.EntityRef // where a colleague works: "my boss there", "my editor at Atlas Press"
	if s.Is(j, "there", "here", "now") && s.Is(j+1, "is", ",") {
		j++ // "my boss there is Grace", "my editor there, Jonas Keller"
	} else if s.Norm(j) == "at" && info.kind == kindColleague && !info.plural {
		if org, end, ok := p.org(j + 1); ok && s.Is(end, "is", ",") {
			workplace, j = &org, end // "my manager at Brightwater, Keisha"
		}
	}
	if s.Norm(j) == "is" && s.Is(j+1, "a", "an") && s.Is(j+2, "guy", "man", "woman", "girl", "lady", "bloke", "person") &&
		s.Is(j+3, "called", "named") {
		j += 3 // "his manager is a guy called Henrik"
	}
	switch next, ok := possNamed(s, k, j); {
	case !ok:
		return
	case s.Toks[k].Poss:
		j = next
	case s.Norm(j) == ",":
		j++
	case s.Is(j, "named", "called"):
		j++
	case s.Norm(j) == "is" && s.Is(j+1, "named", "called"):
		j += 2
	case s.Norm(j) == "is" && !info.plural && !s.Question:
		j++
		conf = confWeak
	}
	var people []ontology.EntityRef
	if s.Is(j, "mr", "mrs", "ms", "dr", "prof", "professor") && s.Tok(j).Cap {
		j++ // "her mentor there is Professor Haugen": the name after the title
		if s.Norm(j) == "." {
			j++
		}
	}
	if info.kind == kindPartner && s.Is(k-1, "work", "office") {
		return // "my work wife Jess": a close colleague, no partner
	}
	if s.Lower && j == k+1 && kinSlotVerbOrNoun(s, j) {
		return // "my aunt quit her job": a verb, whichever lower-case reading capitalised it (kin_slot.go)
	}
	end := j
	if info.plural && !p.lowerWordAt(j) {
		people, end = p.personList(j)
	} else if info.plural {
		// "her parents live in bergen": a word the message wrote in lower case
	} else if ref, e, ok := p.person(j); ok {
		people, end = []ontology.EntityRef{ref}, e
	} else if ref, e, ok := p.lowerPerson(j); ok {
		people, end = []ontology.EntityRef{ref}, e
	}
	if len(people) == 1 && end == j+1 {
		people[0].Name = droppedApostropheS(s, j, people[0].Name, p.possessiveBefore(j+1))
	}
	if len(people) == 0 && s.Norm(adjFrom-1) == "your" && info.kind != kindFamily && !info.plural && !s.Question && !p.has(0, adjFrom-1, "or") {
		if who, ok := p.isYourSubject(adjFrom - 1); ok {
			// "Priya is your manager", "toby's your line manager", "he's
			// your line manager now": the one the sentence names
			p.relRole(p.self(), info.kind, role, who, confStrong)
			return
		}
		// ("Rowan the dog or Rowan your bf 😂" asks which: no statement)
		// "Your wife is a legend", said after Kemi was named: Kemi.
		pron := "they"
		switch roleGender[role] {
		case genderFemale:
			pron = "she"
		case genderMale:
			pron = "he"
		}
		resolve := p.disc.namedPersonWithin
		if info.kind == kindPartner {
			resolve = p.disc.partnerWithin
		}
		if a, ok := resolve(yourRoleWindow, pron); ok && !p.isSpeaker(a.ref) {
			if a.turn != p.ids[0] {
				p.cite = union(p.cite, []string{a.turn})
			}
			p.relRole(p.self(), info.kind, role, ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, confWeak)
		}
		return
	}
	if len(people) == 0 || conf == confWeak && !p.phraseEnds(end, len(s.Toks)) {
		return
	}
	if s.Is(adjFrom-2, "is", "was", "not") && (p.calledSpeakers(people) || s.Question && s.Is(end, "or")) {
		return // "graham is my manager rosh": rosh is spoken to; "is my lead Joris or Pim?" asks (works_mates.go)
	}
	if s.Norm(k+1) == "," && !info.plural && (s.Is(end, "and", "or") || s.Seq(end, ",", "and") || s.Seq(end, ",", "or")) {
		return // "my girlfriend, Toby and I": a list, not an apposition
	}
	if s.Norm(k+1) == "," && end >= len(s.Toks) && p.spokenTo(people) {
		return // "Sorry to hear about your friend, Deb.": Deb is spoken to
	}
	if len(people) == 1 && wordless(s, end) && requestClause(s, adjFrom-1) && p.calledSpeakers(people) {
		return // "so be kind to my son Ffion.": Ffion, one of the chat, is asked
	}
	for _, person := range people {
		p.relRole(p.self(), info.kind, role, person, conf)
	}
	if info.kind != kindColleague || info.plural || len(people) != 1 {
		return
	}
	// A colleague named with the workplace works there: "My boss there is
	// Grace Mensah", "Her mentor there is Professor Haugen", "my editor at
	// Atlas Press, Jonas Keller".
	saved := p.cite
	if s.Norm(k+1) == "there" {
		if org, ok := p.there(); ok {
			workplace = &org
		}
	}
	if workplace != nil {
		p.relation(rel{typ: ontology.RelWorksAt, from: people[0], to: *workplace, conf: confWeak, validFrom: p.ts})
	}
	p.cite = saved
}

// requestVerbs open a clause that asks something of whom it speaks to:
// "be kind to my son", "say hi to my mum", "tell my sister".
var requestVerbs = lang.Words(`be say tell give send look go keep treat ask let make mind watch take bring`)

// requestClause reports whether the clause holding token k opens on a
// verb that asks ("so be kind to my son Ffion."): a name of the chat
// ending it is then the one asked, no kin of the speaker's ("proud of
// my son Kofi!" names him).
func requestClause(s *sentence, k int) bool {
	c := clauseFrom(s, k)
	for c < k && s.Is(c, "please", "pls", "plz", "just", "now", "then", "oh", "and") {
		c++
	}
	return c < k && requestVerbs[s.Norm(c)] && !s.Tok(c).Poss && (c == 0 || !s.Tok(c-1).Word || clauseBreakers[s.Norm(c-1)])
}

// possessiveBefore reports whether a relationship word, after at most
// three adjectives, stands at k: a name just before it is its possessor.
func (p *sentCtx) possessiveBefore(k int) bool {
	r := p.skipAdjectives(k)
	return r >= 0 && isRoleWord(p.s.Norm(r))
}

// roleName is the role a relationship word names ("best friend" when
// "best" qualifies "friend").
func roleName(info roleInfo, best bool) string {
	if best && info.kind == kindFriend {
		return "best friend"
	}
	return info.role
}

// relRole records that person is from's role (sister, son, wife, friend,
// colleague): the relation, the profile entry and a statement.
func (p *sentCtx) relRole(from ontology.EntityRef, kind relKind, role string, person ontology.EntityRef, conf float64) {
	person.Type = ontology.EntityPerson
	if ontology.NormaliseName(person.Name) == ontology.NormaliseName(from.Name) || p.notPersonEnd(from) || p.notPersonEnd(person) {
		return
	}
	typ, sub, value := ontology.RelFamilyOf, "family", role+": "+person.Name
	switch kind {
	case kindChild:
		sub = "children"
	case kindPartner:
		typ, sub, value = ontology.RelPartnerOf, "partner", person.Name
	case kindFriend:
		typ, sub, value = ontology.RelFriendOf, "friends", person.Name
	case kindColleague:
		typ, sub, value = ontology.RelKnows, "colleagues", role+": "+person.Name
	case kindKnows:
		typ, sub, value = ontology.RelKnows, "friends", role+": "+person.Name
	}
	p.disc.setGender(person.Name, roleGender[role])
	if p.roleEnded {
		p.relation(rel{typ: typ, from: from, to: person, role: role, conf: conf, validUntil: p.ts})
		p.fact(from, stmt(person.Name+" was "+possessive(from.Name)+" "+role), conf, nil, p.ts)
		return
	}
	p.relation(rel{typ: typ, from: from, to: person, role: role, conf: conf, validFrom: p.ts})
	p.profile(from, "relationships", sub, value, conf, p.ts)
	p.fact(from, stmt(person.Name+" is "+possessive(from.Name)+" "+role), conf, p.ts, nil)
}

// myName reads "my name is X" / "my name's X" after "my name" at k.
func (p *sentCtx) myName(k int) {
	s := p.s
	if !s.Toks[k-1].Poss {
		if s.Norm(k) != "is" {
			return
		}
		k++
	}
	sp, ok := nameAt(s, k)
	if !ok || !p.phraseEnds(sp.to, len(s.Toks)) {
		return
	}
	me := p.self()
	p.profile(me, "basic_info", "name", sp.name, confStrong, p.ts)
	p.fact(me, stmt(possessive(me.Name)+" name is "+sp.name), confStrong, p.ts, nil)
}

// nickname reads "call me X" at k.
func (p *sentCtx) nickname(k int) {
	sp, ok := nameAt(p.s, k)
	if !ok || !p.phraseEnds(sp.to, len(p.s.Toks)) || p.s.Toks[sp.to-1].Poss {
		return
	}
	me := p.self()
	p.profile(me, "basic_info", "nickname", sp.name, confWeak, p.ts)
	p.fact(me, stmt(me.Name+" goes by "+sp.name), confWeak, p.ts, nil)
}

// literalTieAdverbs may stand between "is" and "my" of a tie that still
// holds as said: "Mike's technically my boss", "Ana is actually my cousin",
// "Jo is officially my flatmate". "basically", "practically" and "like" make
// a likeness ("he's basically my brother") and are not among them.
var literalTieAdverbs = lang.Words(`technically actually officially legally`)

// isMy reads "X is my sister", "X and Y are my kids", "Max is my dog",
// with "is"/"are" at m.
func (p *sentCtx) isMy(m int) { p.isMyAt(m, m+1, p.s.Norm(m) == "are") }

// isMyAt reads "X is my sister" with the names ending before end and "my"
// at my; plural says "are" joined them.
func (p *sentCtx) isMyAt(end, my int, plural bool) {
	s := p.s
	m := end
	k := p.skipAdjectives(my + 1)
	if k < 0 || !p.phraseEnds(chatTail(s, k+1), len(s.Toks)) || s.Tok(k).Poss || auxiliaryQuestion(s, k+1) {
		return
	}
	people := p.namesBefore(end, plural)
	pi := m - 1
	if s.Is(pi, "is", "has") { // "she's been my mate"
		pi--
	}
	if len(people) == 0 && s.Is(pi, "he", "she") && !relativeSubject(s, pi, p.inTime) {
		// "she's my best friend", with "she" resolved to someone typed a person
		// or left untyped when the role says a person ("ofc he's my husband", of
		// a Ruben no list knows); "he's my baby" may be a dog
		if a, ok := p.pronoun(pi, s.Norm(pi)); ok && (p.disc.typedPerson(a.ref.Name) || humanRole(s.Norm(k))) {
			if a.turn != p.ids[0] {
				p.cite = union(p.cite, []string{a.turn})
				defer func() { p.cite = nil }()
			}
			people = []ontology.EntityRef{a.ref}
		}
	}
	if len(people) == 0 {
		return
	}
	if petSpecies[s.Norm(k)] {
		for _, x := range people {
			p.pet(singularSpecies(s.Norm(k)), ontology.EntityRef{Name: x.Name, Type: ontology.EntityAnimal}, " has ", confStrong)
		}
		return
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural != plural {
		return
	}
	role := roleName(info, p.bestBefore(my+1, k))
	for _, x := range people {
		p.relRole(p.self(), info.kind, role, x, confStrong)
	}
}

// bestTieSuperlatives open "the best boss I've ever had".
var bestTieSuperlatives = lang.Words(`best greatest nicest coolest kindest`)

// bestTieEver reads "X is the best boss I've ever had", "Ayla's the best
// manager I've worked for", "he's the best boss ive had": the speaker's
// tie of that role with the one named before end (or "he"/"she" resolved),
// "the" at the. A tie at work or a friend's only: "the best boyfriend I've
// ever had" may be an ex, "the best teacher I've ever seen" no tie.
// Negated, modal and asked ("would be", "isn't", "is she the best boss
// you've had?") read nothing, as "is" must stand right before "the".
func (p *sentCtx) bestTieEver(the, end int) {
	s := p.s
	if !bestTieSuperlatives[s.Norm(the+1)] {
		return
	}
	k := the + 2
	if s.Is(k, "line") {
		k++ // "the best line manager"
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || info.kind != kindColleague && info.kind != kindFriend && info.kind != kindKnows {
		return
	}
	j := k + 1
	switch {
	case s.Is(j, "i") && s.Is(j+1, "'ve", "have"):
		j += 2
	case s.Is(j, "ive"):
		j++
	default:
		return
	}
	if s.Is(j, "ever") {
		j++
	}
	if !s.Is(j, "had") && !(s.Is(j, "worked") && s.Is(j+1, "for", "with", "under")) {
		return
	}
	var who ontology.EntityRef
	if people := p.namesBefore(end, false); len(people) == 1 {
		who = people[0]
	} else if s.Norm(end) == "is" {
		a, ok := p.personSubject(end - 1)
		if !ok {
			return
		}
		if a.turn != p.ids[0] {
			p.cite = union(p.cite, []string{a.turn})
			defer func() { p.cite = nil }()
		}
		who = a.ref
	}
	if who.Name == "" || p.isSpeaker(who) {
		return
	}
	p.relRole(p.self(), info.kind, roleName(info, false), who, confWeak)
}

// personSubject resolves "he" or "she" at pi, the subject of its clause
// (not of a relative clause), to a person the chat typed so who is no
// speaker: "he's your line manager now", "she's the best boss I've had".
func (p *sentCtx) personSubject(pi int) (antecedent, bool) {
	s := p.s
	if !s.Is(pi, "he", "she") || relativeSubject(s, pi, p.inTime) {
		return antecedent{}, false
	}
	a, ok := p.pronoun(pi, s.Norm(pi))
	if !ok || !p.disc.typedPerson(a.ref.Name) || p.isSpeaker(a.ref) {
		return antecedent{}, false
	}
	return a, true
}

// isYourSubject reads the subject of "X is your <role>" with "your" at y:
// a person named before "is" or with "'s" ("Priya is your manager",
// "toby's your line manager"), or "he"/"she" resolved to a person ("he's
// your line manager now"); an adverb of the tie may stand between
// ("Priya is technically your boss"). A negation or a modal before "your"
// ("Priya isn't your manager", "Priya will be your manager") is no "is".
func (p *sentCtx) isYourSubject(y int) (ontology.EntityRef, bool) {
	s := p.s
	e := y
	if literalTieAdverbs[s.Norm(e-1)] || s.Is(e-1, "now") {
		e--
	}
	if s.Is(e-1, "is") {
		if people := p.namesBefore(e-1, false); len(people) == 1 {
			return people[0], true
		}
		if a, ok := p.personSubject(e - 2); ok {
			if a.turn != p.ids[0] {
				p.cite = union(p.cite, []string{a.turn})
			}
			return a.ref, true
		}
		return ontology.EntityRef{}, false
	}
	if e > 0 && s.Toks[e-1].Poss {
		if people := p.namesBefore(e, false); len(people) == 1 {
			return people[0], true
		}
	}
	return ontology.EntityRef{}, false
}

// auxiliaryQuestion reports whether the role word ending before k is the
// subject of a question whose "is" is an auxiliary: a verb in -ing follows
// it, after "still" or the like ("mo is your sister still doing the
// Saturday stall for you?": mo is spoken to, and the sister does the
// stall), asked or read back as its answer's statement.
func auxiliaryQuestion(s *sentence, k int) bool {
	for s.Is(k, "still", "even", "really", "actually", "ever", "also", "now") {
		k++
	}
	w := s.Norm(k)
	return len(w) > 4 && strings.HasSuffix(w, "ing") && !englishNounIng[w]
}

// englishNounIng are words in -ing that name a thing, not a verb's
// progressive ("is she your sister this evening?" asks of the sister).
var englishNounIng = lang.Words(`evening morning wedding thing something nothing anything everything building darling king ring`)

// chatTailWords are particles a chat message adds after a statement ("Jo
// is my flatmate lol").
var chatTailWords = lang.Words(`lol haha hahaha lmao tbh btw too now also though xd ahah`)

// chatTail skips such particles from k.
func chatTail(s *sentence, k int) int {
	for n := 0; n < 2 && chatTailWords[s.Norm(k)]; n++ {
		k++
	}
	return k
}

// namesBefore reads the person name (or, when list, the names joined by
// "and" and commas) that ends just before token end.
func (p *sentCtx) namesBefore(end int, list bool) []ontology.EntityRef {
	var out []ontology.EntityRef
	for len(out) < 6 {
		sp, ok := nameBefore(p.s, end)
		if !ok {
			break
		}
		sp = p.known.typeName(p.s, sp)
		if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
			break
		}
		out = append(out, ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson})
		if !list {
			break
		}
		end = sp.from
		if p.s.Norm(end-1) == "and" {
			end--
		}
		if p.s.Norm(end-1) == "," {
			end--
		}
		if end == sp.from {
			break
		}
	}
	if list && len(out) < 2 {
		return nil
	}
	return out
}

// nameCommaMy reads an apposition that follows a name: "Tom, my boss, is
// great", "Sarah, my sister, lives in Cork", "this is Ana (my cousin)",
// with the comma or bracket at m. A list ("I invited Tom, my sister and
// Ana") is not an apposition: the role must end the sentence or be closed
// by a comma, bracket or dash that no name or "and" follows.
func (p *sentCtx) nameCommaMy(m int) {
	s := p.s
	k := p.skipAdjectives(m + 2)
	if k < 0 || s.Tok(k).Poss {
		return
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural {
		return
	}
	if after := k + 1; after < len(s.Toks) {
		t := s.Toks[after]
		if t.Word || t.Norm != "," && t.Norm != ")" && t.Norm != "-" && t.Norm != "." && t.Norm != "!" {
			return
		}
		if next := after + 1; next < len(s.Toks) && (s.Is(next, "and", "my", "you", "your", "u", "ur") || nameStart(s, next)) {
			return
		}
	}
	people := p.namesBefore(m, false)
	if len(people) == 0 || p.isSpeaker(people[0]) || s.Norm(m-2) == "," || s.Norm(m-2) == "and" {
		return // "Ana, Tom, my sister…": a list
	}
	p.relRole(p.self(), info.kind, roleName(info, p.bestBefore(m+2, k)), people[0], confStrong)
}

// possNamed reads what follows a possessive relationship or species word
// at k, from j: "my sister's called Ana" and "my dog's name is Max" give
// where the name starts; any other possessive ("my dog's bed") gives false.
// Without a possessive, j is returned as it is.
func possNamed(s *sentence, k, j int) (int, bool) {
	switch {
	case !s.Toks[k].Poss:
		return j, true
	case s.Is(j, "called", "named"):
		return j + 1, true // the 's is "is"
	case s.Seq(j, "name", "is"):
		return j + 2, true
	}
	return 0, false
}

// droppedApostropheS returns the name at j without the "s" of a "has"
// typed without its apostrophe before "been" ("my lad tylers been
// picked", "my son Tylers been picked": Tyler), or of a possessive before
// a relationship word when poss ("my mate tylers big brother": Tyler's),
// when the name without it is a first name and the one with it is none;
// else name.
func droppedApostropheS(s *sentence, j int, name string, poss bool) string {
	n := s.Norm(j)
	if !s.Is(j+1, "been") && !poss || len(n) < 4 || !strings.HasSuffix(n, "s") || strings.HasSuffix(n, "ss") ||
		firstName(n) || !firstName(n[:len(n)-1]) || !strings.EqualFold(name, s.Tok(j).Text) {
		return name
	}
	return name[:len(name)-1]
}
