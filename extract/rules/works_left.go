package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of a job left or being left: a notice handed in, "i'm off to X"
// after talk of a notice, "leaving X for a rival", a last day at an
// employer, and "he started it after leaving siemens".

// jobChangeWords, in the turn or the few before it, make "i'm off to X" a
// new employer.
var jobChangeWords = lang.Words(`notice resigned resign quit quitting leaving offer salary money pay`)

// recentJobChange reports whether the current turn or one of the n before
// it speaks of leaving a job (jobChangeWords).
func (p *sentCtx) recentJobChange(n int) bool {
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-1-n; i-- {
		if wordIn(d.texts[d.order[i]], jobChangeWords) {
			return true
		}
	}
	return false
}

// handedInNotice reads "handed in my notice at chainring", "I handed my
// notice in at Chainring today", "handed my notice in at asda tues",
// "Akos has handed in her resignation at Asokwa Hilltop": WORKS_AT, ended,
// for the speaker or the person named before the verb. "I'm handing my
// notice in at X on friday" says the job is still held: WORKS_AT, not
// ended. A hedge, a notice someone unnamed hands in and a name after it
// that no end of phrase or time follows read nothing.
func (p *sentCtx) handedInNotice() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "handed", "gave", "put", "handing") || p.tieHedged(k) {
			continue
		}
		j := k + 1
		if s.Is(j, "in") {
			j++
		}
		if !s.Is(j, "my", "her", "his") || !s.Is(j+1, "notice", "resignation") {
			continue
		}
		who, ok := p.noticeGiver(k, s.Norm(j) == "my")
		if !ok {
			continue
		}
		j += 2
		if s.Is(j, "in") {
			j++
		}
		if !s.Is(j, "at", "to") {
			continue
		}
		org, end, ok := p.namedOrg(j + 1)
		if !ok {
			org, end, ok = p.employerNamedAt(j + 1) // "handed my notice in at costa today" (works_ex.go)
		}
		if !ok || !p.phraseEnds(end, len(s.Toks)) && p.timeAt(end) == nil && !weekdayAbbrevs[s.Norm(end)] && !s.Seq(end, "the", "day") {
			continue
		}
		r := rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts}
		if s.Is(k, "handing") {
			r.validUntil = nil // the notice is still to be handed in: the job is held
		}
		p.relation(r)
	}
}

// noticeGiver returns who hands a notice in with the verb at k: the
// speaker for "my" ("I handed my notice", "i'm handing my notice",
// "handed my notice in"), or, for "her" or "his", the person named just
// before the verb ("Akos has handed in her resignation").
func (p *sentCtx) noticeGiver(k int, mine bool) (ontology.EntityRef, bool) {
	s := p.s
	if mine {
		if s.Is(k, "handing") {
			return p.speaker, s.Is(k-1, "'m", "am") && s.Is(k-2, "i") || s.Is(k-1, "im")
		}
		return p.speaker, firstPersonVerb(s, k)
	}
	h := k - 1
	if s.Is(h, "has", "had") && !s.Is(k, "handing") {
		h--
	}
	f := afterLeads(s)
	if f < 0 || f > h {
		return ontology.EntityRef{}, false
	}
	who, end, ok := p.person(f)
	if !ok || end != h+1 || p.isSpeaker(who) || s.Tok(h).Poss {
		return ontology.EntityRef{}, false
	}
	return who, true
}

// careerVerbsList, before "after leaving X", make the leaving a job left:
// "he started it after leaving siemens", "she joined us after leaving
// Monzo" (not "I went home after leaving Tesco").
var careerVerbsList = []string{"started", "founded", "joined", "launched", "co-founded", "moved", "retrained", "set"}

// afterLeaving reads "he started it after leaving siemens": the clause's
// subject (the speaker, a name, or he/she resolved) worked there before.
func (p *sentCtx) afterLeaving() {
	s := p.s
	for k := 2; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "leaving", "quitting") || !s.Is(k-1, "after", "since") || !p.has(0, k-1, careerVerbsList...) {
			continue
		}
		career := false
		for v := 0; v < k-1; v++ {
			career = career || slices.Contains(careerVerbsList, s.Norm(v)) && careerObject(s, v)
		}
		if !career {
			continue // "i started running after leaving Tesco"
		}
		org, end, ok := p.namedOrg(k + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "in", "last") {
			continue
		}
		if sp, typed := p.typed(k + 1); !typed || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		f := afterLeads(s)
		var who ontology.EntityRef
		switch n := s.Norm(f); {
		case n == "i":
			who = p.speaker
		case n == "he" || n == "she":
			a, ok := p.pronoun(f, n)
			if !ok {
				continue
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		default:
			ref, _, ok := p.personAfter(f)
			if !ok {
				continue
			}
			who = ref
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
		return
	}
}

// offToNewJob reads "i handed in my notice" / "last day is the 27th. i'm
// off to Quillfin", "im going to Hartwell Rail in august. same city,
// better money": WORKS_AT. A shop, a place, a visit ("for a site visit"),
// someone else or a hedge is not read.
func (p *sentCtx) offToNewJob() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !(s.Is(k, "off") || s.Is(k, "going")) || !s.Is(k+1, "to") || p.tieHedged(k) {
			continue
		}
		if !imBefore(s, k) {
			continue
		}
		sp, ok := p.typed(k + 2)
		if !ok {
			continue
		}
		job := p.recentJobChange(3)
		if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || !sp.confirmed && sp.typ == ontology.EntityConcept && !job {
			continue
		}
		if p.has(sp.to, len(s.Toks), "for", "to", "with") || !job && !p.lastDay() {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// lastDay reports whether the current turn speaks of the speaker's last
// day ("last day is the 27th").
func (p *sentCtx) lastDay() bool {
	t := strings.ToLower(p.text)
	return strings.Contains(t, "last day is") || strings.Contains(t, "my last day")
}

// rivalWords name where someone leaves an employer for without naming it:
// "for the enemy", "for a rival".
var rivalWords = lang.Words(`enemy rival rivals competitor competition`)

// leavingOrgFor reads someone leaving an employer for another: "i'm
// leaving oatlands for the enemy", "i'm leaving Halden for Brightwell",
// "Marta is leaving Copperline after 9 years": WORKS_AT ended, and WORKS_AT
// the one named after "for". Quitting says the job alone, since one quits
// no shop or visit: "Jamie's quitting the Breadhouse for it", "im quitting
// Halden in may". Leaving a shop ("leaving Tesco now", "for the night"), a
// place or a person, an app quit ("quitting Instagram"), a hedge, a
// negation and a past read nothing.
func (p *sentCtx) leavingOrgFor() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "leaving" && t.Norm != "quitting" || k < 1 || k+1 >= len(s.Toks) || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		if t.Norm == "leaving" && k+3 >= len(s.Toks) {
			continue
		}
		who, cite, ok := p.leaverBefore(k)
		if !ok {
			continue
		}
		org, end, ok := p.orgAnyCase(k + 1)
		if t.Norm == "quitting" && s.Is(k+1, "the") {
			org, end, ok = p.theLowerOrg(k + 2)
		}
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
		case t.Norm == "quitting" && !quitApps[ontology.NormaliseName(org.Name)] &&
			(plainEnd(s, end) || s.Is(end, "for", "to", "in", "at", "next", "this", "after")):
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

// theLowerOrg reads a lower-case organisation name after "the" at k, as
// "quitting the breadhouse" writes it: a word no English list knows opens
// it, so that "the band", "the gym" or "the job" names none.
func (p *sentCtx) theLowerOrg(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if k >= len(s.Toks) || s.Toks[k].Cap && !s.Lower || inVocab(s.Norm(k)) || englishWords[s.Norm(k)] {
		return ontology.EntityRef{}, 0, false
	}
	if s.Toks[k].Cap { // capitalised by the reader that knows the name (recase)
		sp, ok := p.typed(k)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
	}
	n := lowerOrgSpan(s, k)
	if n == 0 {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: p.text[s.Toks[k].Start:s.Toks[k+n-1].End], Type: ontology.EntityOrganization}, k + n, true
}

// quitApps are apps and sites one quits as a habit, not a job:
// "i'm quitting instagram for lent".
var quitApps = lang.Words(`instagram insta facebook twitter x tiktok snapchat netflix spotify youtube reddit
	threads bluesky whatsapp discord tinder hinge bumble duolingo strava`)

// leaverBefore returns who is "leaving" at k: the speaker for "i'm" or a
// name before "is" ("Marta is leaving"); a pronoun is not resolved.
func (p *sentCtx) leaverBefore(k int) (ontology.EntityRef, string, bool) {
	s := p.s
	if imBefore(s, k) {
		return p.speaker, "", true
	}
	if s.Tok(k-1).Poss && (s.Tok(k-1).Cap || p.disc.typedPerson(s.Tok(k-1).Text)) {
		return p.managerBefore(k) // "so Jem's leaving Oatlands for the enemy", "jamie's quitting": the "'s" is "is"
	}
	if !s.Is(k-1, "is") || s.Is(k-2, "she", "he") {
		return ontology.EntityRef{}, "", false // "she's leaving" may mean a pet or anyone named turns back
	}
	return p.managerBefore(k - 1)
}

// lastDaySchools name a school in an organisation's name: a last day
// there is a pupil's, not a job's.
var lastDaySchools = lang.Words(`school academy college university uni primary high nursery`)

// lastDayTrips make a last day a holiday's: "last day at Disneyland, the
// kids are gutted", "last day of the trip at Center Parcs".
var lastDayTrips = lang.Words(`holiday hols trip vacation festival camp beach park ride rides kids holidays tour`)

// lastDayJobWords tell, in the turn, that an untyped name a last day is
// at is an employer, in the turn (wordIn, places_elided.go): "last day at
// northfold was friday. 9 years. carl, my old manager, cried a bit".
var lastDayJobWords = lang.Words(`job quit notice colleagues boss manager redundancy redundant retiring retired leaving shift shifts contract`)

// lastDayAt reads a last day or shift at an employer: "last day at
// Northfold was friday", "my last day at Garside Laing is the 28th", "Tel's
// last day at Hollis & Sons was yesterday", "sandra's last shift at the LRI
// is friday" (a shift is worked): WORKS_AT ended, for the speaker (opening
// the sentence or "my") or the person named. A venue ("last day at
// Glastonbury"), a school ("last day at Hillcrest Academy"), an
// unnamed place ("last day at the beach"), a hedge ("might be my last day
// at"), someone unnamed ("her last day at") or a question reads nothing.
func (p *sentCtx) lastDayAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`last`)) {
		if !s.Is(v+1, "day", "shift") || !s.Is(v+2, "at") || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		var who ontology.EntityRef
		switch f := afterLeads(s); {
		case s.Is(v-1, "my") && !s.Tok(v-2).Poss:
			who = p.speaker
		case v == f:
			who = p.speaker
		case s.Tok(v - 1).Poss:
			w, end, ok := p.person(v - 1)
			if !ok || end != v || p.isSpeaker(w) {
				continue
			}
			who = w
		default:
			continue
		}
		if who.Name == "" {
			continue
		}
		k := v + 3
		if s.Is(k, "the") && s.Tok(k+1).Cap && s.Is(v+1, "shift") {
			k++ // "last shift at the LRI"
		}
		sp, ok := p.typed(k)
		if !ok {
			sp, ok = p.lowerLastDayOrg(k)
		}
		if !ok || !p.orgConfirmed(sp) && sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept ||
			p.venue(sp) || s.Tok(sp.to-1).Poss || p.disc.typedPerson(sp.name) || wordsInAny(s, lastDayTrips) {
			continue
		}
		if sp.typ == ontology.EntityConcept && !p.orgConfirmed(sp) && !wordIn(p.text, lastDayJobWords) {
			continue // "last day at Glastonbury was the best": an untyped name needs the job told in the turn
		}
		if lastDaySchools[strings.ToLower(lastWord(sp.name))] {
			continue
		}
		if !orgPhraseEndsAt(s, sp.to) && !s.Is(sp.to, "was", "is", "'s", "will", "be") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
		return
	}
}

// lowerLastDayOrg reads the employer of a last day typed in lower case at
// k, when no reader typed it: a name of a word or two that are no word of
// the language (lowerNameNoWord), the turn telling of the job
// (lastDayJobWords): "last day at foxtons today, gonna miss my
// colleagues". A name of common words ("last day at the beach") or a
// turn with no job word ("last day at boomtown") reads nothing.
func (p *sentCtx) lowerLastDayOrg(k int) (span, bool) {
	s := p.s
	if !wordIn(p.text, lastDayJobWords) {
		return span{}, false
	}
	for n := 2; n >= 1; n-- {
		if k+n > len(s.Toks) || !p.lowerNameNoWord(k, k+n) || !orgPhraseEndsAt(s, k+n) && !s.Is(k+n, "was", "is", "'s", "will", "be", "today") {
			continue
		}
		return span{from: k, to: k + n, name: titleCase(joinText(s, k, k+n)), typ: ontology.EntityConcept}, true
	}
	return span{}, false
}
