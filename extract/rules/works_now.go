package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of a job held now: "he's at X" of someone looking for work, a
// sentence that opens on the speaker's job word, gig work told by what one
// does for an employer ("driving days for Parcelwing now", "Tomas, who
// drives for Eskvale Coaches"), and shifts or an internship at a named
// place ("my night shift at Southmead").

// atWorkTails may follow "he's at X" when X is where he works.
var atWorkTails = lang.Words(`doing working as now too also nowadays`)

// pronounAtOrg reads "my flatmate Cormac is looking actually! he's at
// Drayfield doing dbt stuff", "hes at the institute too": WORKS_AT for the
// person just named. A visit ("for a meeting", "today"), an errand
// ("doing the big shop"), a hedge or an antecedent from turns ago is not
// read.
func (p *sentCtx) pronounAtOrg() {
	s := p.s
	f := afterLeads(s)
	for j := 1; j+2 < len(s.Toks) && (f < 0 || !s.Is(f, "he", "she", "hes", "shes")); j++ {
		if s.Norm(j-1) == "," && s.Is(j, "he", "she", "hes", "shes") { // "his name is Tomasz, hes at …"
			f = j
		}
	}
	if f < 0 || !s.Is(f, "he", "she", "hes", "shes") {
		return
	}
	k := f + 1
	if s.Is(k, "'s", "is") {
		k++
	} else if !s.Is(f, "hes", "shes") {
		return
	}
	if !s.Is(k, "at") {
		return
	}
	var org ontology.EntityRef
	end := 0
	// a name typed by nothing but this sentence needs a job after it
	if sp, ok := p.typed(k + 1); ok && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept && s.Is(sp.to, "doing", "working", "as")) {
		org, end = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to
	} else if s.Is(k+1, "the") && s.Is(k+3, "too", "also", "now") {
		a, ok := p.disc.described(s.Norm(k + 2))
		if !ok || a.ref.Type != ontology.EntityOrganization || p.orgStale(a) {
			return
		}
		defer p.citeFrom(a.turn)()
		org, end = a.ref, k+3
	} else {
		return
	}
	if !atWorkTails[s.Norm(end)] || s.Is(end, "doing") && s.Is(end+1, "the", "a", "an", "his", "her", "some", "shopping") {
		return
	}
	n := strings.TrimSuffix(s.Norm(f), "s")
	a, ok := p.pronoun(f, n)
	if !ok || !p.recentTurn(a.turn, 1) {
		return
	}
	defer p.citeFrom(a.turn)()
	p.relation(rel{typ: ontology.RelWorksAt, from: a.ref, to: org, conf: confWeak, validFrom: p.ts})
}

// occupationAt reads a sentence that opens on the speaker's job word:
// "postdoc at the Kestrel Institute in Cambridge", "nurse at St Mary's
// now": WORKS_AT. An answer about someone else, a sentence that goes on
// ("… is hiring", "… would be a dream") or a hedge is not read.
func (p *sentCtx) occupationAt() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.answersOther() || p.askedOfOther() {
		return
	}
	for m := 0; m < 2 && jobModifier(s, f) && !occupations[s.Norm(f)] && !occupations[s.Norm(f)+" "+s.Norm(f+1)]; m++ {
		f++ // "staff nurse at Bramcote Royal", "community growing officer at hallam vale council"
	}
	at := -1
	switch {
	case occupations[s.Norm(f)] && s.Is(f+1, "at"):
		at = f + 1
	case f+2 < len(s.Toks) && occupations[s.Norm(f)+" "+s.Norm(f+1)] && s.Is(f+2, "at"):
		at = f + 2
	default:
		return
	}
	org, end, ok := p.org(at + 1)
	if !ok {
		return
	}
	switch {
	case p.phraseEnds(end, len(s.Toks)), s.Is(end, ",", ".", "now", "these", "since", "!"):
	case s.Is(end, "in"):
		if _, e, _, ok := p.place(end + 1); !ok || !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", ".", "now", "!") {
			return
		}
	default:
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// jobModifier reports whether the word at k may qualify a job word
// before it ("staff nurse", "senior engineer", "community growing
// officer"): a lower-case word (but the sentence's first) that is no
// function word, pronoun, lead, modal, tie or past verb ("the nurse at",
// "his nurse at", "asked nurse at").
func jobModifier(s *sentence, k int) bool {
	t := s.Tok(k)
	if !t.Word || !isLetterWord(t.Text) || t.Cap && k != s.FirstWord() || t.Poss {
		return false
	}
	n := t.Norm
	return !functionWords[n] && !pronounish[n] && !chatLeads[n] && !modalWords[n] && !greetingWords[n] && !adverbs[n] &&
		!isRoleWord(n) && !lang.IrregularPast[n] && !strings.HasSuffix(n, "ed") && !implicitVerbs[n] && !presentVerbs[n]
}

// myShiftAt reads "my ward at Southmead is short again", "my night shift
// at Tesco": the speaker works there (WORKS_AT). Someone else's ("Amy's
// shift at Tesco", "my mum's ward at Southmead"), an ended one ("my last
// shift at X", "my old ward") or a hedge reads nothing.
func (p *sentCtx) myShiftAt() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "ward", "shift", "shifts", "rota", "unit") || !s.Is(k+1, "at") || p.tieHedged(k) {
			continue
		}
		m := k - 1
		if !s.Is(m, "my") {
			if s.Tok(m).Poss || s.Is(m, "last", "old", "former", "final", "previous") || !s.Tok(m).Word {
				continue
			}
			m--
		}
		if !s.Is(m, "my") {
			continue
		}
		org, _, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || !s.Tok(k+2).Cap && !s.Lower {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// shiftOrInternshipAt reads the speaker's shifts or internship at a named
// place: "on nights at Saint Wilfrid's all week", "still on earlies at
// X", "12 of us interning at Larkspur this summer", "i'm interning at X",
// "my internship at X wrapped up in sept" (ended): WORKS_AT. Someone
// else's ("tom's on nights at X"), a plan ("hoping to intern at X"), an
// internship applied for or fallen through and a hedge read nothing.
func (p *sentCtx) shiftOrInternshipAt() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		role, ended := "", false
		switch {
		case s.Is(k, "nights", "earlies", "lates") && s.Is(k-1, "on") && p.speakerOn(k-1):
		case s.Is(k, "interning") && (k == afterLeads(s) || imBefore(s, k) || s.Seq(k-2, "of", "us") || s.Is(k-1, "'re") && s.Is(k-2, "we")):
			role = "intern"
		case s.Is(k, "internship") && s.Is(k-1, "my") && !s.Tok(k-2).Poss:
			role = "intern"
		default:
			continue
		}
		org, end, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss {
			continue
		}
		if s.Is(k, "internship") {
			switch {
			case overNow(s, end):
				ended = true // "is over", "is done!!", "is officially finished, back to uni"
			case s.Is(end, "fell", "got", "was", "didn't", "didnt", "never", "is", "application"):
				continue // "fell through", "got cancelled", "was rejected", "is a maybe", "is over in May"
			case s.Is(end, "wrapped", "finished", "ended", "ends"):
				ended = true
			}
		}
		r := rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, role: role, conf: confWeak, validFrom: p.ts}
		if ended {
			r.validFrom, r.validUntil = nil, p.ts
		}
		p.relation(r)
	}
}

// overNow reports whether the words from i say that what precedes them is
// over now: "is", perhaps "officially" or "finally", "over", "done" or
// "finished", perhaps "now" or "already", then the phrase's end
// (punctuation, an emoji or the sentence's end). An end still to come ("is
// over in May", "is done in june"), "is nearly over", "is over the summer"
// and "is over-subscribed" are not.
func overNow(s *sentence, i int) bool {
	if !s.Is(i, "is") {
		return false
	}
	i++
	if s.Is(i, "officially", "finally") {
		i++
	}
	if !s.Is(i, "over", "done", "finished") {
		return false
	}
	i++
	if s.Is(i, "now", "already") {
		i++
	}
	return i >= len(s.Toks) || !s.Toks[i].Word && s.Toks[i].Text != "-"
}

// speakerOn reports whether the "on" at k ("on nights") is the speaker's:
// it opens the sentence, perhaps after "still", or follows "I'm".
func (p *sentCtx) speakerOn(k int) bool {
	s := p.s
	if s.Is(k-1, "still", "back") {
		k--
	}
	if k == afterLeads(p.s) || imBefore(s, k) {
		return true
	}
	if !s.Is(k-1, ",") {
		return false
	}
	for j := 0; j < k-1; j++ { // "sorry bev, on nights at X": nobody else before the comma
		if s.Is(j, "he", "she", "they", "his", "her", "their", "my", "your", "ur") {
			return false
		}
		if _, ok := p.disc.speakerCalled(s.Toks[j].Text); !ok && s.Toks[j].Cap && !englishWords[s.Norm(j)] && !chatLeads[s.Norm(j)] {
			return false
		}
	}
	return true
}

// gigVerbs are jobs told by what one does for an employer: "driving for
// Parcelwing", "delivering for Swiftcrate".
var gigVerbs = lang.Words(`driving delivering cleaning couriering temping freelancing bartending waitressing
	tutoring`)

// gigShifts may stand between the verb and "for": "driving days for".
var gigShifts = lang.Words(`days nights evenings weekends mornings shifts`)

// gigEnds may follow the employer of gigForOrg: the sentence's end, "now",
// "these days", "since march", a comma.
var gigEnds = lang.Words(`now these since , . !`)

// gigForOrg reads "driving days for Parcelwing now", "delivering for
// Swiftcrate these days" opening the speaker's sentence (the subject
// elided or "I'm"): WORKS_AT. Hours ("driving for hours"), a person
// ("for Mum's birthday"), a hypothetical ("i'd be driving for"), a plan
// ("thinking about driving for"), someone else ("my brother's driving
// for"), a negation, a gerund subject ("driving for X is grim") or a
// sarcastic sentence read nothing.
func (p *sentCtx) gigForOrg() {
	s := p.s
	first := afterLeads(s)
	for v, t := range s.Toks {
		if !gigVerbs[t.Norm] || !speakerOpens(s, first, v) || p.negatedBefore(v) {
			continue
		}
		j, ok := optThen(s, v+1, gigShifts, "for")
		if !ok {
			continue
		}
		org, end, ok := p.org(j)
		if !ok || end < len(s.Toks) && !gigEnds[s.Norm(end)] || p.hedgedAt(v) || sarcastic(p.text, s) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// whoGigVerbs are what one does for an employer, said of another in a
// relative clause: "who drives for", "who cleans for".
var whoGigVerbs = lang.Words(`drives delivers cleans couriers temps freelances bartends nurses`)

// whoVerbsFor reads "Tomas, who drives for Eskvale Coaches, took me…":
// WORKS_AT for the name before the comma. Hours ("who drives for hours"),
// a volunteer's charity, a past ("who used to drive for") or a question
// reads nothing.
func (p *sentCtx) whoVerbsFor() {
	s := p.s
	for w := range wordsIn(s, lang.Words(`who`)) {
		if w < 2 || !s.Is(w-1, ",") || !whoGigVerbs[s.Norm(w+1)] || !s.Is(w+2, "for") {
			continue
		}
		sp, ok := p.nameEndingAt(w - 1)
		if !ok || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) {
			continue
		}
		org, end, ok := p.org(w + 3)
		if !ok || !s.Is(end, ",") || p.has(w, len(s.Toks), "volunteer", "volunteering", "charity") {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, to: org,
			conf: confWeak, validFrom: p.ts})
		return
	}
}
