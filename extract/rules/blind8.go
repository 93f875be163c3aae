package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind8's whole conversations, written blind to the
// extractor: what a chat says across a burst or after an organisation or a
// group was named once. Each is keyed to the words around the names.

// blind8Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind8Sentence() { p.runReadings(blind8Readings) }

// runReadings runs readings on a statement, each when the sentence holds
// one of its words; a question reads nothing.
func (p *sentCtx) runReadings(readings []blind8Reading) {
	if p.s.Question || lang.EndsInQuestion(p.text) && tagEnd(p.s) {
		return
	}
	p.readAll(readings)
}

// imBefore reports whether "I'm" ("i'm", "i am", "im") comes right before
// token k.
func imBefore(s *sentence, k int) bool {
	return s.Is(k-1, "im") || s.Is(k-1, "'m", "am") && s.Is(k-2, "i")
}

// blind8Reading is one reading and the words, one of which the sentence
// must hold for it to be tried (the common sentence skips them all).
type blind8Reading struct {
	need map[string]bool
	read func(*sentCtx)
}

// blind8Readings are the readings blind8Sentence runs, in order.
var blind8Readings = []blind8Reading{
	{lang.Words(`they`), (*sentCtx).theyAreInAfter},
	{lang.Words(`joined`), (*sentCtx).joinedGroup},
	{lang.Words(`called named`), (*sentCtx).groupCalled},
	{lang.Words(`you ur youre`), (*sentCtx).youAreMy},
	{lang.Words(`still`), (*sentCtx).stillInElided},
	{lang.Words(`leaving`), (*sentCtx).leaving},
	{lang.Words(`my`), (*sentCtx).myGoTo},
	{lang.Words(`notice`), (*sentCtx).handedInNotice},
	{lang.Words(`who that`), (*sentCtx).whoRunsIt},
	{lang.Words(`band we`), (*sentCtx).bandNamed},
	{lang.Words(`my`), (*sentCtx).isAlsoMy},
	{lang.Words(`yrs years year months`), (*sentCtx).yearsAt},
	{lang.Words(`moving`), (*sentCtx).movingThere},
	{lang.Words(`under`), (*sentCtx).underManager},
	{lang.Words(`office offices hq headquarters`), (*sentCtx).officeOf},
	{lang.Words(`does do`), (*sentCtx).doesAt},
	{lang.Words(`here`), (*sentCtx).movedHere},
	{lang.Words(`here`), (*sentCtx).basedHere},
	{lang.Words(`my`), (*sentCtx).kinFragment},
	{lang.Words(`in`), (*sentCtx).inTheBand},
	{lang.Words(`leaving quitting`), (*sentCtx).afterLeaving},
	{lang.Words(`staying`), (*sentCtx).stayingIn},
}

// isAlsoMy reads "Yusuf is also my neighbour", "he's now my manager": "X
// is my Y" with an adverb between (isMyAt).
func (p *sentCtx) isAlsoMy() {
	s := p.s
	for m := 1; m+2 < len(s.Toks); m++ {
		if !s.Is(m, "is") || !s.Is(m+1, "also", "now", "still", "actually", "officially") || !s.Is(m+2, "my") {
			continue
		}
		n := len(p.out.Relations)
		p.isMyAt(m, m+2, false)
		if len(p.out.Relations) > n {
			continue
		}
		// "marg is still my lead": a lower-case name opening the clause
		info, ok := roleWords[s.Norm(m+3)]
		if person, _, named := p.lowerClauseName(m - 1); ok && named && !info.plural && p.phraseEnds(m+4, len(s.Toks)) && !p.isSpeaker(person) {
			p.relRole(p.speaker, info.kind, roleName(info, false), person, confWeak)
		}
	}
}

// chatLeads may open a chat sentence before its subject or its verb ("ya
// theyre in leeds", "meanwhile still stuck in croydon").
var chatLeads = lang.Words(`ya yeah yep yes yup no nope nah ok okay oh lol haha so and but also btw anyway anyways
	meanwhile honestly tbh well plus update news ugh omg`)

// afterLeads returns the first word of s after the chat leads and commas.
func afterLeads(s *sentence) int {
	for k, t := range s.Toks {
		if t.Word && !chatLeads[t.Norm] {
			return k
		}
		if !t.Word && t.Norm != "," && t.Norm != "." && t.Norm != "!" && t.Norm != "-" {
			return -1
		}
	}
	return -1
}

// lastOrganisation resolves "they" said of an organisation: the most
// recent organisation mentioned within the window, when no person was
// named after it ("Coinwell hired Elif" / "they're in Amsterdam" may mean
// either; "Elif got hired by Coinwell" / "they're in Amsterdam" means the
// company). Places and speakers do not count.
func (p *sentCtx) lastOrganisation() (antecedent, bool) {
	d := p.disc
	org := -1
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		if d.mentions[i].ref.Type == ontology.EntityOrganization {
			org = i
			break
		}
	}
	if org < 0 {
		return antecedent{}, false
	}
	o := d.mentions[org]
	text := strings.ToLower(d.texts[o.turn])
	at := strings.LastIndex(text, strings.ToLower(o.ref.Name))
	for _, m := range d.mentions {
		if m.index < o.index || m.ref.Type == ontology.EntityPlace || m.ref.Type == ontology.EntityOrganization || d.speakers[m.norm] {
			continue
		}
		if m.turn != o.turn || at < 0 || strings.LastIndex(text, strings.ToLower(m.ref.Name)) > at {
			return antecedent{}, false
		}
	}
	return antecedent{ref: o.ref, turn: o.turn}, true
}

// theyAreInAfter reads "they're in Leeds", "ya theyre in leeds", "they're all
// in Berlin but I'm remote" said of the organisation just named:
// LOCATED_IN. A yes to "aren't they in Amsterdam?" reads the same way
// (crossturn.go). Said after a person, or of a visit ("they're in Leeds
// this weekend"), nothing is read.
func (p *sentCtx) theyAreInAfter() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "they") || !s.Is(f+1, "'re", "are") {
		return
	}
	k := f + 2
	if s.Is(k, "all", "still", "actually") {
		k++
	}
	if !s.Is(k, "in") {
		return
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || p.timeAt(k+1) != nil || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "but") ||
		s.Is(end, "for", "this", "next", "today", "tonight", "tomorrow", "until", "till", "on", "at", "again", "with", "til") ||
		p.has(0, len(s.Toks), visitWords...) {
		return
	}
	org, ok := p.lastOrganisation()
	if !ok || p.orgStale(org) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// firstPersonVerb reports whether the verb at k has the speaker as its
// subject: "I joined", "I've just joined", or a sentence that opens on it
// ("joined a choir!!").
func firstPersonVerb(s *sentence, k int) bool {
	j := k - 1
	for s.Is(j, "just", "also", "finally", "officially", "recently", "actually") {
		j--
	}
	if j < 0 || afterLeads(s) == j+1 {
		return true
	}
	return s.Is(j, "i") || s.Is(j, "have") && s.Is(j-1, "i")
}

// groupNounAt returns the index of a group noun ("team", "crew", "choir")
// that ends the indefinite phrase opening at k ("a 5 a side team", "a
// rowing crew"), or -1.
func groupNounAt(s *sentence, k int) int {
	if !s.Is(k, "a", "an") {
		return -1
	}
	for j := k + 1; j < k+6 && j < len(s.Toks); j++ {
		t := s.Toks[j]
		if memberHeads[t.Norm] && t.Norm != "gym" && t.Norm != "community" && t.Norm != "network" {
			return j
		}
		if t.Cap || npStops[t.Norm] || t.Norm == "," || t.Norm == "." || faveWords[t.Norm] {
			return -1
		}
	}
	return -1
}

// joinedGroup reads "I joined a rowing crew, the Harbour Belles", "joined a
// five-a-side team called Mild Panic FC": MEMBER_OF the group named after
// its noun. A group joined without a name ("i joined a 5 a side team")
// waits for "they're called X" (groupCalled), in this turn or the
// speaker's next.
func (p *sentCtx) joinedGroup() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "joined") || !firstPersonVerb(s, k) || p.tieHedged(k) {
			continue
		}
		h := groupNounAt(s, k+1)
		if h < 0 {
			continue
		}
		j := h + 1
		switch {
		case s.Is(j, "called", "named"):
			j++
		case s.Norm(j) == "," && s.Norm(j+1) == "the":
			j++
		default:
			p.ourGroup = true
			continue
		}
		group, end, ok := p.namedOrg(j)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".") {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
	}
}

// groupCalled reads "they're called Mild Panic FC", "it's called the
// Harbour Belles" after the speaker joined or spoke of their own group
// ("i joined a 5 a side team", "I'm in a band"): the speaker is a member.
func (p *sentCtx) groupCalled() {
	s := p.s
	if !p.ourGroup {
		return
	}
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "they", "it") || !s.Is(f+1, "'re", "are", "'s", "is") || !s.Is(f+2, "called", "named") {
		return
	}
	group, end, ok := p.namedOrg(f + 3)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",") {
		return
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
}

// youAreMy reads "You're my little brother", "ur my cousin" in a
// two-party chat: the addressee is the speaker's relative, friend or
// colleague. "you're like my sister", "you're not my boss", "you're my
// brother's favourite" are not read.
func (p *sentCtx) youAreMy() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	info, best, ok := p.youAreMyRole(f)
	if !ok {
		return
	}
	you := p.disc.addressee(p.speaker.Name)
	if you.Name == "" {
		return
	}
	p.relRole(p.speaker, info.kind, roleName(info, best), you, confWeak)
}

// stillInElided reads a chat's subjectless home: "still in leith tho",
// "meanwhile still stuck in croydon with my mum lol", "not moving tho,
// still in long eaton" (LIVES_IN, as stillIn reads "I'm still in
// Leith").
func (p *sentCtx) stillInElided() {
	s := p.s
	f := afterLeads(s)
	if s.Seq(f, "not", "moving") {
		f = notMovingThen(s, f+2) // "not moving tho, still in long eaton"
	}
	if f < 0 || !s.Is(f, "still") || p.answerHolds() || p.answersOther() {
		return
	}
	k := f + 1
	if s.Is(k, "stuck") {
		k++
	}
	if !s.Is(k, "in") {
		return
	}
	cl := clause{subj: f, verb: f + 1, implicit: true, be: true, end: clauseEnd(s, f)}
	if _, end, _, ok := p.place(k + 1); ok && s.Is(end, "tho", "though", "lol", "haha", "atm", "rn") {
		cl.end = end // "still in leith tho": the home holds
	}
	p.stillIn(cl, true)
}

// notMovingThen returns the index after the comma that ends a speaker's
// "not moving (tho)," at k, or -1.
func notMovingThen(s *sentence, k int) int {
	if s.Is(k, "tho", "though", "anymore", "yet") {
		k++
	}
	if !s.Is(k, ",") {
		return -1
	}
	return k + 1
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
		if !s.Is(k, "leaving") || p.tieHedged(k) {
			continue
		}
		self := afterLeads(s) == k || imBefore(s, k)
		if place, end, conf, ok := p.place(k + 1); ok && self && conf >= confStrong && (p.leftForGood(end) || p.disc.moveAnnounced(p.speaker.Name, p.text[:s.Start]) && !visitText(p.text[s.Start:s.End])) {
			p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
			continue
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
		if !ok || !p.leftForGood(end) || afterLeads(s) == k && !s.Is(end, "after", "for", "behind") {
			continue // "leaving Tesco lol": without "I'm", an errand
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
	}
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
		return s.Tok(end+1).Word && !s.Is(end+1, "work", "school", "lunch", "dinner", "class", "the", "this", "that")
	case s.Is(end, "for") && s.Is(end+1, "good"), s.Is(end, "behind"):
		return true
	case s.Is(end, "lol", "tho", "though", "haha", "lmao"):
		return true
	}
	return false
}

// equalsCopulaRE finds "kit = my girlfriend": a name, "=", and a
// possessive.
var equalsCopulaRE = regexp.MustCompile(`(\p{L})\s+=\s+(my|his|her|their|our)\b`)

// equalsCopula reads a chat's "=" between a name and a possessive as "is"
// ("kit = my girlfriend" reads "kit is my girlfriend").
func equalsCopula(text string) string {
	if !strings.Contains(text, "=") {
		return text
	}
	return equalsCopulaRE.ReplaceAllString(text, "$1 is $2")
}

// lowerClauseName reads a lower-case name opening a clause at i ("marg is
// still my lead", "at least marg is…"), as lowerPersonBefore does.
func (p *sentCtx) lowerClauseName(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	if i < 0 || !(i == afterLeads(s) || s.Seq(i-2, "at", "least") || clauseOpening(s, i)) {
		return ontology.EntityRef{}, 0, false
	}
	return p.lowerPerson(i)
}
