package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// ownBizNouns are the nouns "his own …" names a business by; a room, a
// flat or a car is none.
var ownBizNouns = lang.Words(`place business firm company shop garage cafe café bakery pub bar salon
	restaurant deli stall van vans outfit practice agency studio`)

// biz22Readings are h14-biz22's readings (issue 14, owning and running a
// business in everyday phrasing), run in order on a statement (runReadings
// skips a question) from process: a business named right after "his own
// place" ("got his own place now, TR Motors on paisley road"), and the kin
// who runs it after its runner retired (leads_successor.go).
var biz22Readings = []sentenceReading{
	{lang.Words(`own`), (*sentCtx).ownPlaceNamed},
	{lang.Words(`runs`), (*sentCtx).successorRunsIt},
}

// ownGotVerbs are the verbs that say the business is had: "got his own
// place", "set up his own firm", "opened her own shop".
var ownGotVerbs = lang.Words(`got gotten has have having set opened started bought runs`)

// ownWishWords before the verb make the owning a wish, a plan or a
// negation: "one day i want my own place", "he should get his own".
var ownWishWords = strings.Fields(`want wants wanted would could should might if dream dreams hope hoping plan
	planning thinking never not no day someday like love`)

// ownPlaceNamed reads "got his own place now, TR Motors on paisley road",
// "he's set up his own removals firm, Shift It Callum", "I've got my own
// business, X": OWNS of the business named right after the comma, by the
// speaker for "my", by the person "his"/"her" means, and CREATED (founder)
// too when it was set up, opened or started. A wish, a plan, a
// modal or a negation, a likeness ("like a mini X"), a flat or a room, a
// place or a person after the comma ("near X", "Kerry-Ann said") reads
// nothing.
func (p *sentCtx) ownPlaceNamed() {
	s := p.s
	for o := 2; o+1 < len(s.Toks); o++ {
		if !s.Is(o, "own") || !s.Is(o-1, "my", "his", "her") {
			continue
		}
		v := o - 2
		if s.Is(v, "up") {
			v--
		}
		if !ownGotVerbs[s.Norm(v)] || s.Is(v, "set") && !s.Is(v+1, "up") || p.has(0, v, ownWishWords...) {
			continue
		}
		k := o + 1
		for k < len(s.Toks) && k < o+3 && s.Tok(k).Word && !ownBizNouns[s.Norm(k)] {
			k++ // "his own removals firm"
		}
		if !ownBizNouns[s.Norm(k)] {
			continue
		}
		noun := s.Norm(k)
		k++
		if s.Is(k, "now") {
			k++
		}
		if !s.Is(k, ",") {
			// "I have opened my own salon!!! Glow by Yewande": the name is the turn's next sentence
			if !onlyPunct(s, k, len(s.Toks)) || noun == "place" || noun == "van" || noun == "vans" {
				continue // "got my own place!!! Leith Walk": more often a home
			}
			if sp, ok := p.ownBizNamedNext(); ok {
				p.ownBizOf(o, sp)
				return
			}
			continue
		}
		if s.Is(k+1, "like", "near", "a", "an", "the") {
			continue
		}
		sp, ok := p.nameStartingAt(k + 1)
		if ok {
			sp = capsOn(p, sp) // "Shift It Callum"
		}
		if !ok || sp.to-sp.from < 2 || s.Tok(sp.to-1).Poss || sp.typ == ontology.EntityPlace ||
			p.disc.typedPerson(sp.name) || !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, "on", "in", "last", "since") {
			continue
		}
		if sp.typ == ontology.EntityPerson && p.s.Is(sp.to, "said", "says", "reckons") {
			continue
		}
		if p.ownBizOf(o, sp) {
			return
		}
	}
}

// ownBizOf stores OWNS of the business sp by whom the possessive before
// "own" at o means: the speaker for "my", the person "his"/"her" stands
// for otherwise; it reports whether it stored one.
func (p *sentCtx) ownBizOf(o int, sp span) bool {
	s := p.s
	var who antecedent
	if s.Is(o-1, "my") {
		if p.speaker.Name == "" {
			return false
		}
		who = antecedent{ref: p.speaker}
	} else {
		a, ok := p.pronoun(o-1, s.Norm(o-1))
		if !ok {
			a, ok = p.speakingOf()
		}
		if !ok || p.disc.isSpeaker(a.ref.Name) {
			return false
		}
		who = a
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relationCitingAll(rel{typ: ontology.RelOwns, from: who.ref, to: org, conf: confWeak, validFrom: p.ts}, who.turn)
	v := o - 2
	if s.Is(v, "up") {
		v--
	}
	if s.Is(v, "set", "opened", "started") {
		// "he's set up his own removals firm, X": its founder too
		p.relationCitingAll(rel{typ: ontology.RelCreated, from: who.ref, to: org, role: "founder", conf: confWeak, validFrom: p.ts}, who.turn)
	}
	return true
}

// capsOn extends the name sp over the capitalised words right after it,
// which an apposition to "his own firm" keeps as one business's name
// ("Shift It Callum").
func capsOn(p *sentCtx, sp span) span {
	s := p.s
	end := sp.to
	for end < len(s.Toks) && s.Toks[end].Cap && s.Toks[end].Word && !s.Toks[end-1].Poss {
		end++
	}
	if end == sp.to {
		return sp
	}
	sp.to = end
	sp.name = p.text[s.Toks[sp.from].Start:s.Toks[end-1].End]
	sp.typ = ontology.EntityOrganization
	return sp
}

// speakingOf returns the person a turn opening "speakin of tam," is
// about, a lower-case name (no common word) the pronouns after it mean, even in the
// turn's next sentence ("speakin of tam, hes left! got his own place
// now"); a thing ("speaking of pubs") or a speaker is none.
func (p *sentCtx) speakingOf() (antecedent, bool) {
	f := strings.Fields(strings.ToLower(p.text))
	if len(f) < 4 || f[0] != "speakin" && f[0] != "speaking" || f[1] != "of" || !strings.HasSuffix(f[2], ",") {
		return antecedent{}, false
	}
	w := strings.TrimSuffix(f[2], ",")
	if len(w) < 3 || !isLetterWord(w) || notLowerName(w) || p.disc.isSpeaker(w) {
		return antecedent{}, false
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !firstName(w) && !p.disc.typedPerson(w) {
		return antecedent{}, false // "speaking of garages": a plural
	}
	return antecedent{ref: ontology.EntityRef{Name: titleCase(w), Type: ontology.EntityPerson}, turn: p.ids[0]}, true
}
