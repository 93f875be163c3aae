package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of a home or a job left and of a home town: "leaving glasgow
// after 8 yrs", "Dani has left London", "Dani's left Fernweh Labs"; where one comes from ("leicester girl til i
// die", "ye were born in Derry", "us Donegal girls", "Curepipe born and
// raised"); and a neighbour named by "next door".

// leadsOnlyBefore reports whether only leads of a subjectless sentence
// (implicitLead: "finally", "officially", "so") come before k.
func leadsOnlyBefore(s *sentence, k int) bool {
	for j := 0; j < k; j++ {
		if s.Toks[j].Word && !implicitLead[s.Norm(j)] && !chatLeads[s.Norm(j)] {
			return false
		}
	}
	return k > 0
}

// leftMoving reads a place the speaker left at k+1 after saying they
// moved or are moving, in this turn or just before ("I finally moved.
// Left Lagos on Thursday with two bags"): MOVED_FROM. Without the move
// said ("left Leeds on Thursday for a week in Accra"), or a visit, it is
// a trip.
func (p *sentCtx) leftMoving(k int) {
	place, _, conf, ok := p.place(k + 1)
	if !ok || conf < confStrong || visitText(p.text[p.s.Start:p.s.End]) || !p.disc.moveAnnounced(p.speaker.Name, p.text[:p.s.Start]) {
		p.leftUnseenHome(k + 1) // "I finally moved. Left Bulawayo on Thursday" (homes_left_unseen.go)
		return
	}
	p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// homeLeft reads the home one leaves at k, named by its place: "the
// kemptown flat", "our Leith house" (leftForGood must follow it).
func (p *sentCtx) homeLeft(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "the", "my", "our") {
		return ontology.EntityRef{}, false
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || !s.Is(end, "flat", "house", "flatshare", "houseshare") || !p.leftForGood(end+1) {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// leftForGood reports whether what follows a place or an employer left at
// end says nothing of a trip: the sentence ends, or "after" a time, "for
// good" or "behind" follows.
func (p *sentCtx) leftForGood(end int) bool {
	s := p.s
	switch {
	case end >= len(s.Toks) || !s.Toks[end].Word && s.Toks[end].Norm != "@":
		return p.phraseEnds(end, len(s.Toks)) || !s.Toks[end].Word
	case s.Is(end, "after"):
		return s.Tok(end+1).Word && !s.Is(end+1, "work", "school", "lunch", "dinner", "tea", "breakfast", "class", "the", "this", "that")
	case s.Is(end, "for") && s.Is(end+1, "good"), s.Is(end, "behind"):
		return true
	case s.Is(end, "lol", "tho", "though", "haha", "lmao"):
		return true
	}
	return false
}

// leaving reads "leaving glasgow after 8 yrs" (MOVED_FROM a place the
// speaker leaves for good, or leaves on a date after saying they are
// moving: "i'm moving to norwich" / "leaving leeds end of march") and "marg is leaving tallyo", "Maeve's leaving
// the Trust" (WORKS_AT, ended). A trip or an errand ("leaving Leeds
// tomorrow", "leaving Tesco now") is not read: the place or organisation
// must end the sentence, or "after" a time must follow.
func (p *sentCtx) leaving() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if s.Is(k, "left") && firstPersonSubject(s, k) && !p.tieHedged(k) {
			p.leftMoving(k) // "I finally moved. Left Lagos on Thursday"
			continue
		}
		if !s.Is(k, "leaving") || p.tieHedged(k) {
			continue
		}
		self := afterLeads(s) == k || imBefore(s, k) || leadsOnlyBefore(s, k) // "finally leaving Leeds after 5 years"
		if place, ok := p.kinHomeLeft(k + 1); ok && self {
			p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
			continue // "leaving me mams in southwick finally"
		}
		if place, ok := p.homeLeft(k + 1); ok && self {
			p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
			continue // "leaving the kemptown flat after nine years"
		}
		if place, end, conf, ok := p.place(k + 1); ok && self && conf >= confStrong && (p.leftForGood(end) || p.disc.moveAnnounced(p.speaker.Name, p.text[:s.Start]) && !visitText(p.text[s.Start:s.End])) {
			p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
			continue
		}
		if self && p.leftUnseenHome(k+1) {
			continue // "so I'm moving to bydgoszcz. leaving arequipa after 6 years"
		}
		var who ontology.EntityRef
		switch {
		case self:
			who = p.speaker
		case s.Is(k-1, "is", "'s") && k >= 2:
			ref, _, ok := p.personBefore(k - 1)
			if !ok {
				ref, _, ok = p.lowerPersonBefore(k - 1) // "marg is leaving tallyo"
			}
			if !ok {
				continue
			}
			who = ref
		case k >= 1 && s.Tok(k-1).Poss:
			// "Maeve's leaving the Trust": the "'s" is "is"
			sp, ok := nameBefore(s, k)
			if !ok {
				continue
			}
			sp = p.known.typeName(s, sp)
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
			if !personLike(sp.typ) || p.isSpeaker(who) {
				continue
			}
		default:
			continue
		}
		if sp, ok := p.typed(k + 1); !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		org, end, ok := p.namedOrg(k + 1)
		if !ok || !p.leftForGood(end) || (afterLeads(s) == k || leadsOnlyBefore(s, k)) && !s.Is(end, "after", "for", "behind") {
			continue // "leaving Tesco lol": without "I'm", an errand
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
	}
}

// hasLeft reads "Dani has left London", "she's finally left london"
// (MOVED_FROM) and "Dani's left Fernweh Labs" (WORKS_AT, ended): a person
// or "he"/"she" who has left a place or an employer for good. A trip or
// an errand ("left London this morning", "she's just left Halden, on her
// way home"), a group ("left the Harbour Belles": lineup.go reads groups),
// a hedge or a question reads nothing.
func (p *sentCtx) hasLeft() {
	s := p.s
	if p.has(0, len(s.Toks), leftErrandWords...) {
		return
	}
	for k := 2; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "left") {
			continue
		}
		a := k - 1
		for s.Is(a, "finally", "officially", "actually", "already", "now", "since") {
			a--
		}
		if s.Is(a, "just") || p.tieHedged(k) || p.hedgedAt(k) || p.has(k, len(s.Toks), reportedWords...) {
			continue // "she's left Leeds, he says"
		}
		who, cite, ok := p.leaverAt(a)
		if !ok {
			continue
		}
		done := p.citeFrom(cite)
		if place, end, conf, ok := p.place(k + 1); ok && conf >= confStrong && p.leftForGood(end) {
			p.relation(rel{typ: ontology.RelMovedFrom, from: who, to: place, conf: confWeak, validFrom: p.ts})
		} else if sp, ok := p.typed(k + 1); ok && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept) && (s.Tok(k+1).Cap || s.Lower) {
			org, end, ok := p.namedOrg(k + 1)
			if ok && p.leftForGood(end) && !groupName(org.Name) && !p.disc.typedPerson(org.Name) {
				p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
			}
		}
		done()
	}
}

// leftErrandWords say a leaving is a trip or an errand: "on her way",
// "heading home", "left London this morning".
var leftErrandWords = []string{"way", "heading", "home", "train", "bus", "flight", "tonight", "today", "morning",
	"early", "yesterday", "ago", "minutes", "mins", "hour", "hours", "office", "building", "house", "party", "pub"}

// leaverAt reads who "has left" with the auxiliary at a: "Dani has",
// "she's" (he/she resolved to the person last named), "Dani's" (the
// possessive "'s" is "has"). The speaker and a speaker's name are not
// read here. It returns the turn to cite for a pronoun.
func (p *sentCtx) leaverAt(a int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch {
	case s.Is(a, "has", "is") && s.Is(a-1, "he", "she") && leaverOpens(s, a-1):
		if ref, ok := p.onlyPersonBefore(a - 1); ok {
			return ref, "", true // "Dani says hi, she's left London"
		}
		ant, ok := p.disc.namedPerson(s.Norm(a - 1))
		if !ok || p.isSpeaker(ant.ref) || p.hasPersonBefore(a-1) {
			return ontology.EntityRef{}, "", false
		}
		return ant.ref, ant.turn, true
	case s.Is(a, "has"):
		ref, from, ok := p.personBefore(a)
		if !ok || !leaverOpens(s, from) {
			return ontology.EntityRef{}, "", false
		}
		return ref, "", true
	case a >= 0 && s.Tok(a).Poss && !s.Is(a-1, "my", "your", "his", "her", "our", "their", "ur"):
		sp, ok := nameBefore(s, a+1)
		if !ok || !leaverOpens(s, sp.from) {
			return ontology.EntityRef{}, "", false
		}
		sp = p.known.typeName(s, sp)
		ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if !personLike(sp.typ) || p.isSpeaker(ref) || p.disc.isSpeaker(sp.name) {
			return ontology.EntityRef{}, "", false
		}
		return ref, "", true
	}
	return ontology.EntityRef{}, "", false
}

// groupName reports whether an organisation's name ends in a group noun
// ("Mild Panic FC", "Night Bus Choir"): leaving it is no job ended.
func groupName(name string) bool {
	f := strings.Fields(ontology.NormaliseName(name))
	return len(f) > 0 && (memberHeads[f[len(f)-1]] || f[len(f)-1] == "fc")
}

// leaverOpens reports whether the subject at i opens its clause: the
// sentence's first word after the chat leads, after a "ps", or after a
// comma ("Dani says hi, she's left London").
func leaverOpens(s *sentence, i int) bool {
	return i == afterLeads(s) || s.Is(i-1, ",", "ps", "and", "btw") && (i < 2 || !s.Tok(i-2).Poss)
}

// onlyPersonBefore returns the one person named before token i of the
// sentence, not a speaker, when there is exactly one.
func (p *sentCtx) onlyPersonBefore(i int) (ontology.EntityRef, bool) {
	var found ontology.EntityRef
	n := 0
	for _, sp := range p.names {
		if sp.to > i || !personLike(sp.typ) {
			continue
		}
		ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if p.isSpeaker(ref) || p.disc.isSpeaker(sp.name) || commonSpan(sp) {
			continue
		}
		found, n = ref, n+1
	}
	return found, n == 1
}

// hasPersonBefore reports whether a name of the sentence before token i
// may be a person: "he" or "she" after it is not resolved further back.
func (p *sentCtx) hasPersonBefore(i int) bool {
	for _, sp := range p.names {
		if sp.to <= i && personLike(sp.typ) {
			return true
		}
	}
	return false
}

// bredAfter may follow a home town's "girl" or "lad": "leicester girl til
// i die", "a wakefield lad through and through", "born".
var bredAfter = lang.Words(`til till through forever born at originally`)

// labelThenI reports whether a comma at k goes on with the speaker saying
// "I": "Glasgow girl, I'll run this place like a shipyard".
func labelThenI(s *sentence, k int) bool {
	return s.Is(k, ",") && s.Is(k+1, "i", "im")
}

// placeBornBred reads where the speaker comes from said as a label:
// "wakefield born n bred baby", "leicester girl til i die", "i'm a
// Hull lad through and through", "i'm iloilo originally": COMES_FROM, of
// a town no list holds too (unseenPlace, homes_left_unseen.go). Someone else ("my mum's
// wakefield born and bred", "a leicester girl i met"), plurals
// ("leicester girls are mad") and a label not a place ("city girl") read
// nothing.
func (p *sentCtx) placeBornBred() {
	if f := afterLeads(p.s); f >= 0 {
		p.bornBredAt(f)
	}
}

// bornBredAt is placeBornBred on the sentence's first word f.
func (p *sentCtx) bornBredAt(f int) {
	s := p.s
	im := false
	switch {
	case s.Is(f, "i") && s.Is(f+1, "'m", "am"):
		f += 2
		im = true
	case s.Is(f, "im"):
		f++
		im = true
	}
	if im && !s.Is(f, "a") {
		if place, end, ok := p.unseenPlace(f); ok && s.Is(end, "originally") && !p.strongPlace(f) && p.disc.typedAs(place.Name, ontology.EntityPlace) {
			// "i'm iloilo originally" of a town no list holds but the chat named as a
			// place before ("i'm catholic originally" is no town); the frames read listed ones
			p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
		}
		return
	}
	if im {
		f++
	}
	if s.Is(f, "proper", "true", "real") {
		f++
	}
	place, end, conf, ok := p.place(f)
	unseen := false
	if !ok || conf < confStrong {
		// a town no list holds: an origin's label ("iloilo lad originally") is the cue
		place, end, ok = p.unseenPlace(f)
		unseen = true
	}
	if !ok || s.Tok(end-1).Poss {
		return
	}
	if unseen && !s.Is(end, "born") && !s.Is(end+1, "originally", "born") && !p.disc.typedAs(place.Name, ontology.EntityPlace) {
		return // "Barbie girl til i die": a label; "cuenca girl til i die" after "going home to Cuenca" is a town
	}
	switch {
	case s.Is(end, "born") && s.Is(end+1, "and", "n", "&", "'n'", "an") && s.Is(end+2, "bred", "reared"):
	case s.Is(end, "girl", "boy", "lad", "lass") && !s.Tok(end).Poss && (bredAfter[s.Norm(end+1)] || im && plainEnd(s, end+1) || labelThenI(s, end+1)):
	default:
		return
	}
	if !im && p.replyAboutOther() {
		if who, turn, ok := p.taggedPerson(); ok {
			// "Huw's from round there isn't he?" / "Llandeilo born and bred": Huw's
			p.relationCiting(turn, rel{typ: ontology.RelComesFrom, from: who, to: place, conf: confWeak, validFrom: p.ts})
		}
		return // "where's Tom from?" / "salford lad originally": Tom's
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// taggedPerson returns the person another speaker's turn just before
// asked the answerer to confirm something of with a tag ("Huw's from
// round there isn't he?", "Huw is from Llandeilo, isn't he"), and that
// turn: the name opening its last sentence as its subject, a person no
// list types otherwise and no speaker of the chat.
func (p *sentCtx) taggedPerson() (ontology.EntityRef, string, bool) {
	d := p.disc
	if d == nil || len(d.order) < 2 {
		return ontology.EntityRef{}, "", false
	}
	prev := d.order[len(d.order)-2]
	sents := d.sentencesOf(d.texts[prev])
	if len(sents) == 0 || d.speakerOf[prev] == p.speaker.Name {
		return ontology.EntityRef{}, "", false
	}
	s := &sents[len(sents)-1]
	f := afterLeads(s)
	if !thirdTag(s) || f < 0 {
		return ontology.EntityRef{}, "", false
	}
	sp, ok := nameAt(s, f)
	if !ok || !s.Tok(sp.to-1).Poss && !s.Is(sp.to, "is", "was") {
		return ontology.EntityRef{}, "", false
	}
	sp = p.known.typeName(s, sp)
	who := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	if !personLike(sp.typ) || commonSpan(sp) || d.isSpeaker(sp.name) {
		return ontology.EntityRef{}, "", false
	}
	return who, prev, true
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
		if !ok || p.disc.isSpeaker(name) || p.hedgedAt(d) || p.reachedBy(d, "if", "imagine") {
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
	if name, ok := p.lowerNeighbour(k); ok {
		return name, true // "the church ladies and ria next door" (kin_neighbour.go)
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

// youWereBornIn reads "ferg ye were born in Derry", "You were born in
// Kendal, Ellie": COMES_FROM the one addressed, named before "you" or
// after the place, or the other speaker of a two-party chat. A question,
// a negation ("you weren't born"), "if", a time ("born in the 90s"),
// someone else ("my da was born") or a group chat's "you" with no name
// reads nothing.
func (p *sentCtx) youWereBornIn() {
	s := p.s
	for b := range wordsIn(s, lang.Words(`born`)) {
		if b < 2 || !s.Is(b-1, "were", "was") || !s.Is(b-2, "you", "ye", "u") || p.reachedBy(b, "if", "when", "not") {
			continue
		}
		k := b + 1
		if s.Is(k, "and") && s.Is(k+1, "raised", "bred", "reared") {
			k += 2
		}
		if !s.Is(k, "in") {
			continue
		}
		place, end, conf, ok := p.place(k + 1)
		if !ok || !orgPhraseEndsAt(s, end) {
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

// folkNouns are the people of a place one counts oneself among: "us
// Donegal girls", "us Leeds lads".
var folkNouns = lang.Words(`girls lads boys women men lasses folk kids`)

// usPlaceFolk reads "at least us Donegal girls can run": COMES_FROM for
// the speaker. "us lot", "us Celtic fans" (a club's), "us older girls"
// or "the Donegal girls" reads nothing.
func (p *sentCtx) usPlaceFolk() {
	s := p.s
	for u := range wordsIn(s, lang.Words(`us`)) {
		place, end, conf, ok := p.place(u + 1)
		if !ok || end != u+2 || !folkNouns[s.Norm(end)] || p.hedgedAt(u) {
			continue
		}
		p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// placeBornAndRaised reads "Curepipe born and raised, and it rains there
// too", "Leeds born and bred me": COMES_FROM for the speaker, the place
// opening the sentence. Someone else's ("Tam's Glasgow born and
// raised", "my mum's"), "not", "that Curepipe born and raised lad" or
// a question reads nothing.
func (p *sentCtx) placeBornAndRaised() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Is(f, "the", "a", "that", "this") || p.replyAboutOther() {
		return // "where's Tom from?" / "leeds born and raised": Tom's
	}
	place, end, conf, ok := p.place(f)
	if !ok || !s.Is(end, "born") || !s.Is(end+1, "and") || !s.Is(end+2, "raised", "bred", "reared") {
		return
	}
	if e := end + 3; e < len(s.Toks) && s.Tok(e).Word && !s.Is(e, "me", "and", "mate", "tbh", "actually", "originally", "tho", "though", "lol", "btw") {
		return // "the Leeds born and bred lad": a description
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}
