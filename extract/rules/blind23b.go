package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind23b's whole conversations, written blind to
// the extractor (a share house, a long-distance couple, a junior club's
// parents): a business sold by its owners, a part played for the band just
// named ("he's on bass for them now"), the owner of the business in focus
// by title, an offer the organisation made and the speaker took, and a
// name followed by its tie with no comma. The list that runs them,
// blind23bReadings, closes the file. Its frames are in data/frames.txt
// (owning a named business, coaching a side, a title in apposition, a
// shift worked, an instrument played for a band).

// soldObjectStops after "sold" say no business was sold: "sold out", "sold
// me a van", "sold it".
var soldObjectStops = lang.Words(`out off up me him her them us you it my his our their your a an some`)

// soldNegations right before "sold" make it no sale: "hasn't sold", "never
// sold".
var soldNegations = lang.Words(`not never n't hasnt havent didnt nearly almost`)

// soldTheBusiness reads "benny's sold the Rowan Tree", "Tony and Phil have
// sold Marsh Lane Motors to Stuart Kerr", "she finally sold Crumb & Co last
// month": OWNS ended for the seller (a pair's second name by the pair
// subjects), and OWNS of the buyer named after "to". The business must be
// an organisation by its name or the conversation; a thing sold ("sold
// his car", "sold tickets"), "sold out", a plan ("thinking of selling"), a
// hedge or a negation ("hasn't sold", "might have sold"), the speaker's own
// sale said as "we" or a question reads nothing.
func (p *sentCtx) soldTheBusiness() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`sold`)) {
		if soldObjectStops[s.Norm(v+1)] || soldNegated(s, v) || p.hedgedAt(v) {
			continue
		}
		org, end, ok := p.groupNamedAt(v + 1)
		if !ok || !p.isBusiness(org, v+1) || !b18EndsAt(s, end) && !s.Is(end, "to") {
			continue
		}
		seller, cite, ok := p.b18Subject(v)
		if !ok {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelOwns, from: seller, to: org, conf: confWeak, validUntil: p.ts}, cite)
		if s.Is(end, "to") {
			if buyer, bend, ok := p.person(end + 1); ok && b18EndsAt(s, bend) && !p.isSpeaker(buyer) {
				p.relation(rel{typ: ontology.RelOwns, from: buyer, to: org, conf: confWeak, validFrom: p.ts})
			}
		}
		return
	}
}

// soldNegated reports whether a negation or a near miss is among the three
// words before "sold" at v.
func soldNegated(s *sentence, v int) bool {
	for k := max(0, v-3); k < v; k++ {
		if soldNegations[s.Norm(k)] {
			return true
		}
	}
	return false
}

// isBusiness reports whether org, read at k, is a business: a name of more
// than one word ("Marsh Lane Motors", "the Rowan Tree"), or one typed an
// organisation by its cue in the sentence or earlier in the conversation
// ("Kerrs", not "the Corsa").
func (p *sentCtx) isBusiness(org ontology.EntityRef, k int) bool {
	if strings.Contains(org.Name, " ") {
		return true
	}
	if p.s.Is(k, "the") {
		k++
	}
	if sp, ok := p.typed(k); ok && sp.typ == ontology.EntityOrganization {
		return true
	}
	return p.disc.typedAs(org.Name, ontology.EntityOrganization)
}

// bandNotVenue reports whether a turn speaks of a band (bandTurn) and name
// is not where it plays: "a gig at the Retreat", "playing the Lyrebird".
func bandNotVenue(text, name string) bool {
	low, n := strings.ToLower(text), strings.ToLower(name)
	for _, w := range []string{"at ", "playing ", "played ", "play ", "in "} {
		if strings.Contains(low, w+n) || strings.Contains(low, w+"the "+n) {
			return false
		}
	}
	return bandTurn(text, name)
}

// bandPartVerbs say a part played in a band, before "for them" or "with us":
// "drumming for them", "playing bass with us", "singing for them".
var bandPartVerbs = map[string]string{"drumming": "drummer", "drums": "drummer", "singing": "singer", "sings": "singer"}

// partForThem reads "yeah he's on bass for them now" (them: the band just
// named), "i'm drumming for them again", "he's playing bass with us now"
// (us: the speaker's band): MEMBER_OF, the part as role. The group must be
// one band in focus (bandTurn) or the speaker's one group; a gig played
// for them ("we played for them"), a favour ("doing the sound for them"),
// a hedge ("might be drumming for them"), a past ("used to play for them")
// or a question reads nothing.
func (p *sentCtx) partForThem() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "for", "with") || !s.Is(k+1, "them", "us") {
			continue
		}
		v, role, ok := partBefore(s, k)
		if !ok {
			continue
		}
		if p.has(0, v, "used", "if", "would", "might", "could") {
			continue
		}
		member, cite, ok := p.b18Subject(v)
		if !ok || s.Is(k+1, "us") && p.isSpeaker(member) {
			continue
		}
		var group antecedent
		if s.Is(k+1, "us") {
			group, ok = p.ourGroupRef()
		} else {
			// the band in focus, never the member himself nor a venue
			group, ok = p.groupInFocus(v, func(text, name string) bool {
				return ontology.NormaliseName(name) != ontology.NormaliseName(member.Name) && bandNotVenue(text, name)
			})
		}
		if !ok {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelMemberOf, from: member, to: group.ref, role: role, conf: confWeak, validFrom: p.ts}, cite, group.turn)
		return
	}
}

// partBefore reads the part played right before "for"/"with" at k: "on
// bass", "playing bass", "drumming", with the role it gives, and where its
// verb phrase starts (the subject is before it).
func partBefore(s *sentence, k int) (int, string, bool) {
	j := k - 1
	if role, ok := instruments[s.Norm(j)]; ok && s.Is(j-1, "on", "playing", "plays") {
		return j - 1, role, true // "he's on bass for them", "he's playing bass with us"
	}
	if role, ok := bandPartVerbs[s.Norm(j)]; ok {
		return j, role, true // "i'm drumming for them"
	}
	return 0, "", false
}

// ownerIs reads the owner of the business in focus named by title: "new
// owner is Stuart Kerr", "the owner Dr Okafor is amazing", "Mags is the
// owner as of monday", "she's the new owner": OWNS, citing the turn that
// named the business. The business must be the one organisation in the
// sentence before the title or in the turns just before (groupInFocus);
// an owner of something named ("the owner of the dog is"), an old or a
// future owner ("the old owner Benny", "wants to be the owner"), a
// question ("is Mags the owner?") or a name that is the business reads
// nothing.
func (p *sentCtx) ownerIs() {
	s := p.s
	for t := range wordsIn(s, lang.Words(`owner`)) {
		if s.Is(t+1, "of", "'s") || s.Is(t-1, "old", "former", "previous", "ex", "last", "co") || p.hedgedAt(t) || p.tieHedged(t) {
			continue
		}
		art := t - 1
		if s.Is(art, "new") {
			art--
		}
		var who ontology.EntityRef
		cite, ok := "", false
		switch {
		case s.Is(t+1, "is", "'s", ","):
			// "new owner is Stuart Kerr", "the owner, Dr Okafor,"
			who, _, ok = p.person(t + 2)
		case s.Is(art, "the") && !s.Is(t+1, "is", "was", "has", "had", "said", "says", "wants"):
			if who, _, ok = p.person(honorificSkip(s, t+1)); !ok && p.leaderBe(art) >= 0 {
				// "Mags is the owner as of monday", "she's the new owner"
				who, cite, ok = p.ownerSubject(p.leaderBe(art))
			}
		}
		if !ok || p.isSpeaker(who) {
			continue
		}
		biz, found := p.groupInFocus(art, func(text, name string) bool {
			return ontology.NormaliseName(name) != ontology.NormaliseName(who.Name) && !frameTimeWord(name) && !p.disc.typedPerson(name)
		})
		if !found || ontology.NormaliseName(biz.ref.Name) == ontology.NormaliseName(who.Name) {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelOwns, from: who, to: biz.ref, conf: confWeak, validFrom: p.ts}, cite, biz.turn)
		return
	}
}

// ownerSubject reads who "is" at be is said of: a name, or he/she
// resolved to a person, with the turn a pronoun's person was named in.
func (p *sentCtx) ownerSubject(be int) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Is(be-1, "he", "she") {
		a, ok := p.pronoun(be-1, s.Norm(be-1))
		if !ok || p.disc.isSpeaker(a.ref.Name) || !p.disc.typedPerson(a.ref.Name) {
			return ontology.EntityRef{}, "", false
		}
		return a.ref, a.turn, true
	}
	who, _, ok := p.personBefore(be)
	return who, "", ok
}

// honorificSkip returns the index after a title at k ("Dr Okafor"), or k.
func honorificSkip(s *sentence, k int) int {
	if s.Is(k, honorifics...) {
		return k + 1
	}
	return k
}

// offerNouns after "offered me a/the" say a job: "offered me the job".
var offerNouns = lang.Words(`job role position post contract place internship apprenticeship`)

// saidYesAfter are what the speaker says after an offer that take it, in
// the offer's sentence or the ones after it in the turn.
var saidYesAfter = []string{"i said yes", "i took it", "i accepted", "i've accepted", "ive accepted", "i have accepted"}

// orgOfferedMe reads "Harbour & Vine offered me sous chef. in sydney. i
// said yes", "Kelpie have offered me the job and i took it": WORKS_AT for
// the speaker, the organisation being the subject of "offered me". An
// offer not taken ("i said no", "not sure yet"), no job offered ("offered
// me a discount"), someone else offered ("offered my sister"), a person
// offering ("Ana offered me a lift"), an "if" or a question reads nothing.
func (p *sentCtx) orgOfferedMe() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`offered`)) {
		if !s.Is(v+1, "me") || !offersJob(s, v+2) || p.hedgedAt(v) || p.has(0, v, "if", "would", "might") {
			continue
		}
		j := v
		for s.Is(j-1, "have", "has", "'ve", "just", "finally", "officially", "actually") {
			j--
		}
		sp, ok := p.nameEndingAt(j)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
			p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) || !clauseStart(s, sp.from) && !s.Is(sp.from-1, "the") {
			continue
		}
		if !p.tookOffer(v) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization},
			conf: confWeak, validFrom: p.ts})
		return
	}
}

// offersJob reports whether a job is what is offered at k: "a/the job", a
// title ("sous chef", "a senior animator role").
func offersJob(s *sentence, k int) bool {
	for j := k; j < k+4 && j < len(s.Toks) && s.Toks[j].Word; j++ {
		if offerNouns[s.Norm(j)] || jobTitles[s.Norm(j)] {
			return true
		}
	}
	return false
}

// tookOffer reports whether the speaker took the offer made at v: "and i
// said yes" in its sentence, or "i said yes" in the turn after it.
func (p *sentCtx) tookOffer(v int) bool {
	s := p.s
	for k := v + 2; k < len(s.Toks); k++ {
		if tookIt(s, k) {
			return true
		}
	}
	if s.End >= len(p.text) {
		return false
	}
	rest := strings.ToLower(p.text[s.End:])
	for _, w := range saidYesAfter {
		if strings.Contains(rest, w) {
			return true
		}
	}
	return false
}

// tieEnds may follow the tie of a name said before it without a comma: a
// verb or the end ("baz my flatmate is very baz about it", "dani my best
// friend just quit").
var tieEnds = lang.Words(`is was 's has had said says just got quit left lives moved works is , . ! -`)

// nameThenMyTie reads a name that opens a clause followed by its tie with
// no comma, as voice-to-text writes it: "baz my flatmate is very baz about
// it", "also dani my best friend is leaving": the tie, as "Baz, my
// flatmate, …" would give. A name inside a clause ("tell dani my best
// friend said hi"), a possessive ("baz my flatmate's keys"), a word that
// is no tie ("dani my love"), a plural ("my flatmates") or a question
// reads nothing.
func (p *sentCtx) nameThenMyTie() {
	s := p.s
	for m := range wordsIn(s, lang.Words(`my`)) {
		k := p.skipAdjectives(m + 1)
		if m < 1 || k < 0 || s.Tok(k).Poss || s.Tok(m-1).Poss || !tieEnds[s.Norm(k+1)] && k+1 < len(s.Toks) {
			continue
		}
		info, ok := roleWords[s.Norm(k)]
		if !ok || info.plural {
			continue
		}
		person, from, ok := p.nameEndingBefore(m)
		if !ok || !clauseStart(s, from) || p.isSpeaker(person) || p.disc.isSpeaker(person.Name) {
			continue
		}
		p.relRole(p.self(), info.kind, roleName(info, p.bestBefore(m+1, k)), person, confWeak)
		return
	}
}

// nameEndingBefore reads a person's one-word name right before m, in lower
// case or capitalised, and where it starts.
func (p *sentCtx) nameEndingBefore(m int) (ontology.EntityRef, int, bool) {
	if sp, ok := p.nameEndingAt(m); ok && sp.to == m && sp.to-sp.from == 1 && (sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept && !commonSpan(sp)) {
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, sp.from, true
	}
	if ref, end, ok := p.lowerPerson(m - 1); ok && end == m && !englishWords[p.s.Norm(m-1)] {
		return ref, m - 1, true
	}
	return ontology.EntityRef{}, 0, false
}

// blind23bReadings are the readings of this file, run in order on a
// statement (runReadings skips a question) from process.
var blind23bReadings = []blind8Reading{
	{lang.Words(`sold`), (*sentCtx).soldTheBusiness},
	{lang.Words(`them us`), (*sentCtx).partForThem},
	{lang.Words(`owner`), (*sentCtx).ownerIs},
	{lang.Words(`offered`), (*sentCtx).orgOfferedMe},
	{lang.Words(`my`), (*sentCtx).nameThenMyTie},
}
