package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of a job begun: an employer that took the speaker on or made
// them a post ("Garrick's took me on", "she's taken a matron post at X"),
// an offer taken ("Harbour & Vine offered me sous chef … i said yes"), a
// starter coming from another employer, a start date ("he starts in
// april"), congratulations on a new job, and the answer to "which job did
// you take?".

// congratsRE reads congratulations on a job or a place won: "congrats on
// the new job at Deliveroo!!", "@benji_w congrats on the Deliveroo job",
// "congrats on getting into Leeds Uni". An offer is not congratulated
// into a job: it may be declined.
var congratsRE = regexp.MustCompile(`(?i)^[^\p{L}@]*(?:(@?[\p{L}][\p{L}0-9._]*)\W+)?(?:(?:huge|massive|big|many)\s+)?(?:congrats|congratulations|well done)\W*(?:on|for|with)\s+(?:(?:the|your|ur)\s+(?:new\s+)?(?:job|role|position|post)\s+(?:at|with)\s+([^!.,?🎉]+)|(?:the|your|ur)\s+(?:new\s+)?([^!.,?🎉]+?)\s+(?:job|role|position)|getting\s+into\s+([^!.,?🎉]+))`)

// congrats reads turn t's congratulations as what the addressee did: the
// one called on at its start ("@benji_w congrats …"), else the other
// speaker of a two-party chat. "congrats on the new job at Deliveroo"
// reads as "Benji got a job at Deliveroo".
func (c *turnCtx) congrats(t ontology.Turn) {
	if low := strings.ToLower(t.Text); !strings.Contains(low, "congrat") && !strings.Contains(low, "well done") {
		return
	}
	m := congratsRE.FindStringSubmatch(t.Text)
	if m == nil || c.speaker.Name == "" {
		return
	}
	who := ""
	if m[1] != "" {
		if n := ontology.NormaliseName(m[1]); c.disc.speakers[n] || c.known.speakerNick(n) || strings.HasPrefix(m[1], "@") {
			who = m[1]
		} else if low := strings.ToLower(m[1]); !greetingWords[low] && !isFiller(low) && !adverbs[low] {
			return // "omg congrats …" is fine; "Tom, congrats …" names someone no list knows: left alone
		}
	}
	if who == "" {
		who = c.disc.addressee(c.speaker.Name).Name
	}
	if who == "" || ontology.NormaliseName(who) == ontology.NormaliseName(c.speaker.Name) {
		return
	}
	switch {
	case m[2] != "":
		c.readAs(t, who+" got a job at "+strings.TrimSpace(m[2])+".")
	case m[3] != "" && !strings.EqualFold(strings.TrimSpace(m[3]), "dream"):
		c.readAs(t, who+" got a job at "+strings.TrimSpace(m[3])+".")
	case m[4] != "":
		c.readAs(t, who+" got into "+strings.TrimSpace(m[4])+".")
	}
}

// starterWords make "coming from X" a previous employer.
var starterWords = strings.Fields(`joins joining joined starter hire hired starts starting onboarding`)

// comingFromOrg reads "Oskar Lindqvist joins us on the 23rd, he's coming
// from Brightwake": the new starter worked there (WORKS_AT, ended). Said
// without a start, of a place, of an event or hedged, nothing is read.
func (p *sentCtx) comingFromOrg() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		f := comingVia(s, k+1) // "coming to us from", "coming over from" (blind18)
		if !s.Is(k, "coming") || !s.Is(f, "from") || !s.Is(k-1, "is", "'s") || p.tieHedged(k) || !p.has(0, k, starterWords...) ||
			recurringDay(s, 0, k) {
			continue // "he's joining the Attic team on Fridays": a weekly helper, no new starter at work
		}
		var who ontology.EntityRef
		if s.Is(k-2, "he", "she") {
			for j := k - 3; j > 0 && who.Name == ""; j-- {
				if ref, _, ok := p.personBefore(j); ok && !p.isSpeaker(ref) {
					who = ref
				}
			}
		} else if ref, _, ok := p.personBefore(k - 1); ok && !p.isSpeaker(ref) {
			who = ref
		}
		if who.Name == "" {
			continue
		}
		sp, ok := p.typed(f + 1)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		if !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, ",", ".", "and", "so") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
	}
}

// recurringDay reports whether a weekday in the plural stands in tokens
// [from, to) ("on Fridays", "saturdays"): what is joined comes back every
// week, a club night or a volunteer's shift, not a job's start.
func recurringDay(s *sentence, from, to int) bool {
	for i := max(from, 0); i < to && i < len(s.Toks); i++ {
		if pluralWeekday(s.Norm(i)) {
			return true
		}
	}
	return false
}

// pluralWeekday reports whether n, a normalised word, is a weekday in the
// plural ("fridays"): a day that comes back every week.
func pluralWeekday(n string) bool {
	_, ok := lang.Weekdays[strings.TrimSuffix(n, "s")]
	return ok && strings.HasSuffix(n, "s")
}

// fragmentStart reads a turn that answers which job was taken with the
// organisation's name alone and then "i start on the 16th"
// ("lanternfield!!! i start on the 16th"): WORKS_AT. A place, a
// question, a start of something named ("i start uni") or someone else's
// start is not read.
func (p *sentCtx) fragmentStart() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "i") || !s.Is(f+1, "start", "begin") || !s.Is(f+2, "on", "next", "in", "monday", "tomorrow", "mid", "early", "end") {
		return
	}
	toks := p.disc.tokensOf(p.disc.texts[p.ids[0]])
	var name []string
	k := 0
	for ; k < len(toks) && toks[k].Word; k++ {
		name = append(name, toks[k].Text)
	}
	if len(name) == 0 || len(name) > 3 || k >= len(toks) || toks[k].Norm != "!" && toks[k].Norm != "." {
		return
	}
	key := strings.ToLower(strings.Join(name, " "))
	if inGazetteer(key) || commonWords[key] || chatLeads[key] || p.disc.isSpeaker(key) {
		return
	}
	org := ontology.EntityRef{Name: strings.Join(name, " "), Type: ontology.EntityOrganization}
	if a, ok := p.disc.resolve(func(m mention) bool { return m.norm == ontology.NormaliseName(key) }); ok {
		if a.ref.Type != ontology.EntityOrganization && a.ref.Type != ontology.EntityConcept {
			return
		}
		org.Name = a.ref.Name
	}
	if !p.askedWhichJob() {
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// takenWords, in the turn before, ask which job or offer was taken.
var takenWords = lang.Words(`take took accept accepted pick picked choose chose offer offers job`)

// askedWhichJob reports whether the turn before, another speaker's, asks
// which job or offer the speaker took ("wait which one did u take").
func (p *sentCtx) askedWhichJob() bool {
	_, text, ok := p.otherPrevious()
	if !ok {
		return false
	}
	words := strings.Fields(strings.ToLower(text))
	you := false
	for _, w := range words {
		if w = strings.Trim(w, ".,!?"); w == "u" || w == "you" {
			you = true
		}
	}
	if !you {
		return false
	}
	return wordIn(text, takenWords)
}

// tookMeOnAfter may follow "took me on" or "kept me on" when it is a job:
// the end of the sentence, "for the christmas rush", "as a runner",
// "full time", "after the trial", "last week".
var tookMeOnAfter = lang.Words(`for as full part permanently permanent properly after from in last this today yesterday
	finally lol again til till until`)

// madeMeHeads end the post an employer gave the speaker: "made me team
// leader", "made me shift lead", "made me permanent". A club's captain
// is no job: groupMadeMe (leads_posts.go) reads it.
var madeMeHeads = lang.Words(`manager lead leader supervisor head director partner permanent`)

// orgTookMeOn reads an employer, opening the sentence, that takes the
// speaker on: "Garrick's Hardware took me on for the christmas rush",
// "Fennimore kept me on after the trial", "Bexley's made me team
// leader", "vantis literally pays me to break things": WORKS_AT. A trip
// ("took me on a tour"), a hold ("kept me on hold"), a feeling ("made me
// cry"), a refund ("paid me back"), a person as the subject and a hedge
// or negation read nothing; someone else taken on is orgTookOtherOn's.
func (p *sentCtx) orgTookMeOn() {
	s := p.s
	org, k, ok := p.openingEmployer(true)
	if !ok {
		return
	}
	for s.Is(k, "have", "'ve", "has", "just", "finally", "literally", "officially", "actually", "basically", "also") {
		k++
	}
	if !s.Is(k+1, "me") {
		p.orgTookOtherOn(org, k)
		return
	}
	if p.tieHedged(k) || p.hedgedAt(k) {
		return
	}
	switch {
	case s.Is(k, "took", "taken", "kept") && s.Is(k+2, "on"):
		if !plainEnd(s, k+3) && !tookMeOnAfter[s.Norm(k+3)] {
			return
		}
	case s.Is(k, "made"):
		e := k + 2
		if s.Is(e, "a", "an", "the", "their", "its") {
			e++
		}
		found := false
		for ; e < len(s.Toks) && e <= k+5 && s.Toks[e].Word; e++ {
			if madeMeHeads[s.Norm(e)] {
				found = true
				break
			}
		}
		if !found || s.Tok(e).Poss {
			return
		}
	case s.Is(k, "pays", "paid"):
		if !s.Is(k+2, "to") || k+3 >= len(s.Toks) || !s.Toks[k+3].Word || s.Is(k+3, "the", "a", "stay", "leave", "go", "shut") {
			return
		}
	default:
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// orgTookOtherOn reads orgTookMeOn's "took … on" of someone else at the
// verb v: "Southeastern have taken him on as an apprentice" after "my
// nephew Arun's leaving us", "Garrick's took Dana on for the summer":
// WORKS_AT for the person named or the one "him"/"her" means (citing the
// turn that named them). A pronoun no one named before, a thing taken on
// ("took the contract on"), a trip, a hedge or a negation reads nothing.
func (p *sentCtx) orgTookOtherOn(org ontology.EntityRef, v int) {
	s := p.s
	if !s.Is(v, "took", "taken", "kept") || p.tieHedged(v) || p.hedgedAt(v) {
		return
	}
	var who ontology.EntityRef
	turn := ""
	o := v + 1
	switch {
	case s.Is(o, "him", "her"):
		a, ok := p.disc.person(s.Norm(o))
		if !ok || p.isSpeaker(a.ref) {
			return
		}
		who, turn = ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, a.turn
	default:
		sp, ok := p.typed(o)
		if !ok || sp.from != o || sp.typ != ontology.EntityPerson || s.Tok(sp.to-1).Poss {
			return
		}
		who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		o = sp.to - 1
	}
	if !s.Is(o+1, "on") || !plainEnd(s, o+2) && !tookMeOnAfter[s.Norm(o+2)] {
		return
	}
	if turn != "" {
		defer p.citeFrom(turn)()
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
}

// startsWhen are the words after "starts" that date a start: "starts in
// april", "starts monday", "starts next week".
var startsWhen = lang.Words(calendarNames + ` in on next tomorrow`)

// orgThenStarts reads "yep, Quay Street Museum, he starts in april" (an
// answer naming the employer, then the start): WORKS_AT for the pronoun's
// person. "he starts school", "he might start", a question or an
// ambiguous pronoun read nothing.
func (p *sentCtx) orgThenStarts() {
	s := p.s
	for v := 3; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "starts") || !s.Is(v-1, "he", "she") || !s.Is(v-2, ",") || !startsWhen[s.Norm(v+1)] {
			continue
		}
		sp, ok := p.nameEndingAt(v - 2)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || sp.from != afterLeads(s) && !s.Is(sp.from-1, ",") {
			continue
		}
		if sp.typ == ontology.EntityConcept && !sp.confirmed && !endsInGroupHead(sp.name) && descriptionClass[strings.ToLower(lastWord(sp.name))] == "" {
			continue // an unknown bare name: "Tuesday, he starts in april"
		}
		a, ok := p.pronoun(v-1, s.Norm(v-1))
		if !ok || p.isSpeaker(a.ref) {
			return
		}
		defer p.citeFrom(a.turn)()
		p.relation(rel{typ: ontology.RelWorksAt, from: a.ref, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// takePostVerbs say one took a job: "she's taken a matron post at".
var takePostVerbs = lang.Words(`taken took accepted landed got bagged`)

// postNouns are the jobs one takes: "a matron post", "a staff nurse
// contract", "a lectureship".
var postNouns = lang.Words(`job post position role contract placement lectureship professorship fellowship readership
	curacy residency`)

// tookPostAt reads "she's taken a matron post at the Royal Exmoor", "Dayo
// got a staff nurse contract at Bluewater Staffing", "Martin has taken up
// a lectureship at the University of Canterbury": WORKS_AT, for the
// speaker ("I've taken") or the person named or meant. An offer ("been
// offered a post at"), "the post" of a hypothetical, "almost took", a
// photo taken, a job turned down, someone unnamed ("my sister's taken")
// or a question reads nothing.
func (p *sentCtx) tookPostAt() {
	s := p.s
	for v := range wordsIn(s, takePostVerbs) {
		a := v + 1
		if s.Is(a, "up") && s.Is(v, "taken", "took") {
			a++ // "Martin has taken up a lectureship at"
		}
		if !s.Is(a, "a", "an") {
			continue
		}
		k := a + 1
		for n := 0; n < 3 && k < len(s.Toks) && !postNouns[s.Norm(k)] && s.Tok(k).Word && !s.Is(k, "at", "with", "for", "in"); n++ {
			k++
		}
		if !postNouns[s.Norm(k)] || !s.Is(k+1, "at", "with") {
			continue
		}
		org, end, ok := p.org(k + 2)
		if ok && orgPhraseEndsAt(s, end) && !sarcastic(p.text, s) && !p.hedgedAt(v) &&
			p.verbSubjectRelation(v, rel{typ: ontology.RelWorksAt, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
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
		if !s.Is(v+1, "me") || !offersJob(s, v+2) || p.hedgedAt(v) || p.reachedBy(v, "if", "would", "might") {
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
