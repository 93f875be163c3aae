package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// The speaker's home said in a chat's words (issue 14, h14-located23): a
// tally of years without "for" ("ive been in brixton 8 yrs"), a home
// named by what it is ("we're in a flat in Bedminster now"), and "here in
// Swansea" said of where the speaker is at home ("plenty of room here in
// Swansea if you need it"). Each reads the speaker's LIVES_IN; a visit
// or a stay never.

// located23HomeReadings are the readings of this file that run from
// process, after located23Readings.
var located23HomeReadings = []sentenceReading{
	{lang.Words(`yrs years year`), (*sentCtx).beenInYears},
	{lang.Words(`flat house apartment place houseshare flatshare`), (*sentCtx).inAHomeIn},
	{lang.Words(`here`), (*sentCtx).hereInPlace},
}

// meBeen returns the index after "I've been", "ive been", "we've been" or
// a sentence's opening "been", or -1.
func meBeen(s *sentence) int {
	f := afterLeads(s)
	k := f
	switch {
	case f < 0:
		return -1
	case s.Is(f, "ive", "weve"):
		k = f + 1
	case s.Is(f, "i", "we") && s.Is(f+1, "'ve", "have", "ve"):
		k = f + 2
	}
	k = optional(s, k, "now", "still", "actually", "literally")
	if !s.Is(k, "been") {
		return -1
	}
	return k + 1
}

// beenInYears reads "ive been in brixton 8 yrs man", "we've been in
// Leeds six years now": LIVES_IN for the speaker. The tally must be of
// years (weeks and days are a stay), of a place the gazetteer or a
// capital letter vouches for, and said, not asked or hoped.
func (p *sentCtx) beenInYears() {
	s := p.s
	k := meBeen(s)
	if k < 0 || !s.Is(k, "in") || p.hedgedAt(k) {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || conf < confStrong || p.timeAt(k+1) != nil {
		return
	}
	n := s.Norm(end)
	if !(isDigits(n) || countWords[n] || n == "a") || !s.Is(end+1, "yrs", "years", "year") ||
		p.has(0, len(s.Toks), "ago", "before", "when", "was", "were") {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// meClauseStart returns the index of the first "i", "im", "we" or "were"
// that opens a clause of s ("bristol update: we're in a flat"), or -1.
func meClauseStart(s *sentence) int {
	for k := range s.Toks {
		if s.Is(k, "i", "im", "we", "were") && clauseStart(s, k) {
			return k
		}
	}
	return -1
}

// inAHomeIn reads "we're in a flat in Bedminster now", "im in a little
// house in Crookes": LIVES_IN for the speaker. A stay ("for the week", an
// airbnb, a holiday), a plan, a question or someone else's home is not
// read.
func (p *sentCtx) inAHomeIn() {
	s := p.s
	f := meClauseStart(s)
	k := -1
	switch {
	case f < 0:
		return
	case s.Is(f, "im", "were"): // a chat's "were in a flat" is "we're"
		k = f + 1
	case s.Is(f, "i") && s.Is(f+1, "'m", "am"), s.Is(f, "we") && s.Is(f+1, "'re", "are", "re"):
		k = f + 2
	default:
		return
	}
	k = optional(s, k, "now", "still", "finally")
	in := homeIn(s, k)
	if in == k || p.hedgedAt(k) {
		return
	}
	place, end, _, ok := p.place(in + 1)
	if !ok || p.timeAt(in+1) != nil || p.has(end, len(s.Toks), stayWordsList...) ||
		p.has(0, len(s.Toks), visitWords...) || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "now", "so", "and", "but", "lol") {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// hereBefore, right before "here", make "here in X" a visit, a plan or
// someone else's: "came here in", "if you're ever here in", "flew over
// here in".
var hereBefore = strings.Fields(`came come coming arrived arriving flew fly landed visiting visit if when whenever
	while you u ur youre yall he she they him her them hes shes theyre was were been going gonna`)

// hereInPlace reads "plenty of room here in Swansea if you need it",
// "it's pouring here in Leeds", "im back here in Derby", "still here in
// glasgow": LIVES_IN for the speaker, who is at home where "here" is.
// "I'm here in X" and "we're here in X" say only where the speaker is
// now (a trip as often as a home) unless "back" or "still" says it
// lasts; a visit, a stay ("for the weekend", "this week"), a question, a
// hedge, or a "here" that is someone else's or hypothetical ("if you're
// ever here in Leeds") reads nothing.
func (p *sentCtx) hereInPlace() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "here") || !s.Is(k+1, "in") {
			continue
		}
		lasting := s.Is(k-1, "back", "still")
		j := k - 1
		if lasting {
			j--
		}
		if !lasting && s.Is(j, "'m", "am", "im", "'re", "are", "re", "is", "'s") || p.has(clauseFrom(s, k), k, hereBefore...) ||
			p.hedgedAt(k) || p.has(0, len(s.Toks), visitWords...) || othersMoveHere(s, k) {
			return
		}
		place, end, _, ok := p.place(k + 2)
		if !ok || p.timeAt(k+2) != nil || notNowAfter[s.Norm(end)] && !s.Is(end, "with") ||
			p.has(end, len(s.Toks), stayWordsList...) {
			return
		}
		if thing, ok := p.describedBeforeHere(k); ok {
			// "Cornerstone is the church, here in Ely": where the church is
			if thing.Name != "" {
				p.relation(rel{typ: ontology.RelLocatedIn, from: thing, to: place, conf: confWeak, validFrom: p.ts})
			}
			return
		}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// othersMoveHere reports whether a verb of moving before the "here" at k
// has a subject other than "I" or "we": "She and her husband Neil have
// moved into the Rectory here in Little Haddow" tells where they moved,
// no home of the speaker's.
func othersMoveHere(s *sentence, k int) bool {
	for v := k - 1; v > 0 && v >= k-8; v-- {
		if !s.Is(v, "moved", "moving", "move", "moves", "settled", "settling") {
			continue
		}
		j := v - 1
		for j > 0 && s.Is(j, "have", "'ve", "has", "'s", "had", "'d", "are", "'re", "is", "just", "finally", "now", "recently", "both", "all", "also") {
			j--
		}
		return s.Tok(j).Word && !s.Is(j, "i", "we", "me", "us", "ive", "weve", "im", "were")
	}
	return false
}

// describedBeforeHere reports whether ", here in X" at k (the "here")
// follows a clause that says what a name is ("Cornerstone is the church,
// here in Ely", "Tom's the vicar, here in Ely"): the place is where that
// thing is, no home of the speaker's. It returns the organisation the
// clause names when its noun is an organisation's kind (a church, a
// school), to be located there; a person or another noun gives none.
func (p *sentCtx) describedBeforeHere(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k-1, ",") {
		return ontology.EntityRef{}, false
	}
	noun := k - 2 // the clause's last word, before the comma
	art := -1     // the article of the noun phrase "the church"
	for i := noun - 1; i >= 0 && i >= noun-4; i-- {
		if !s.Tok(i).Word || s.Is(i, "and", "but", "who", "which", "that") {
			return ontology.EntityRef{}, false
		}
		if s.Is(i, "the", "a", "an", "our", "their") {
			art = i
			break
		}
	}
	if art < 1 || !s.Tok(noun).Word {
		return ontology.EntityRef{}, false
	}
	end := art // where the name ends: "Tom's the vicar"
	if s.Is(art-1, "is") {
		end = art - 1 // "Cornerstone is the church"
	} else if !s.Tok(art - 1).Poss {
		return ontology.EntityRef{}, false
	}
	sp, ok := nameBefore(s, end)
	if !ok {
		return ontology.EntityRef{}, false
	}
	sp = p.known.typeName(s, sp)
	if p.disc.isSpeaker(sp.name) {
		return ontology.EntityRef{}, false
	}
	if !orgCues[s.Norm(noun)] && !introNouns[s.Norm(noun)] || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, true
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
}

// fromOriginally reports whether the name sp follows "is from" (or a
// chat's "hes from") and precedes "originally": a home town, even when it
// is also a first name ("he's from Gary originally", "she's from Florence
// originally").
func fromOriginally(s *sentence, sp span) bool {
	return s.Is(sp.from-1, "from") && s.Is(sp.to, "originally") &&
		s.Is(sp.from-2, "'s", "is", "hes", "shes", "im", "am", "'m", "are", "'re", "theyre", "were")
}

// homeGetter returns who got a home by the "got" at k: the speaker ("we
// got", "got a flat" opening the sentence), a person named right before
// ("Ollie's got", "Rosa has just got") or the person "he" or "she" means,
// with the turn that named them; false when the subject is none of these.
func (p *sentCtx) homeGetter(k int) (ontology.EntityRef, string, bool) {
	s := p.s
	if firstPersonSubject(s, k) {
		return p.speaker, "", p.speaker.Name != ""
	}
	j := k - 1
	for s.Is(j, "just", "finally", "recently", "also", "now") {
		j--
	}
	end := j // where the subject's name ends: "Rosa has", or "Ollie's" read as "Ollie has"
	switch {
	case s.Is(j, "has", "have", "'ve", "is", "'s"):
	case j >= 0 && s.Toks[j].Poss && s.Toks[j].Cap:
		end = j + 1
	case j >= 0 && s.Toks[j].Cap && j == afterLeads(s) && !s.Toks[j].Poss:
		end = j + 1 // "Raf got the keys to …", as a pair subject's clause is rebuilt (pairs.go)
	default:
		return ontology.EntityRef{}, "", false
	}
	if s.Is(j-1, "he", "she") && end == j {
		a, ok := p.pronoun(j-1, s.Norm(j-1))
		return a.ref, a.turn, ok && a.ref.Name != ""
	}
	sp, ok := p.nameEndingAt(end)
	if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || commonSpan(sp) {
		return ontology.EntityRef{}, "", false
	}
	who := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	return who, "", !p.isSpeaker(who)
}

// clauseFrom returns where the clause holding token k starts, at most six
// words back: after the punctuation or linking word before it ("In my
// country I was teacher, here in Dublin I am cleaning").
func clauseFrom(s *sentence, k int) int {
	j := k
	for j > 0 && j > k-6 && s.Toks[j-1].Word && !clauseBreakers[s.Norm(j-1)] {
		j--
	}
	return j
}
