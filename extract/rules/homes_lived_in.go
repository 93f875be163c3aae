package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of where someone lives: a subjectless "still in leith tho",
// "im staying in dublin", "we got a flat in X", years in a place ("3 years
// now!", "twenty years I live in Podgórze"), "you live in Leeds now", a
// home on a named street, and "sheffield's home now".

// stayWordsList, after the place of "got a flat in X", make it a stay
// ("for the weekend", "an airbnb"); a list for p.has.
var stayWordsList = strings.Fields(`for airbnb holiday hotel week weekend night nights trip`)

// durationUnits are the spans a home or a job is counted in.
var durationUnits = lang.Words(`years year yrs yr months month`)

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

// stayingIn reads "im staying in dublin", said of home: LIVES_IN. A stay
// with a time or a purpose ("staying in Dublin for the weekend",
// "staying in a hotel") is not read.
func (p *sentCtx) stayingIn() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "staying") || !s.Is(k+1, "in") || !imBefore(s, k) || p.hedgedAt(k) {
			continue
		}
		place, end, conf, ok := p.place(k + 2)
		if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "tho", "lol", "though") || p.has(0, len(s.Toks), visitWords...) {
			continue
		}
		if s.Is(end, "for", "until", "till", "tonight", "this", "next", "over", "with", "at") || s.Is(end, ",") && s.Is(end+1, "at", "with", "for", "until") {
			continue
		}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// gotAFlatIn reads "we got a flat in Nottingham last year", "got a flat in
// Didsbury": LIVES_IN for the speaker; "Ollie's got a flat in Clifton",
// "she's just got a house in Leeds": for the person named or meant. A flat nearly got, hoped for, asked
// about, someone else's or booked for a weekend is not read.
func (p *sentCtx) gotAFlatIn() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "got") || p.tieHedged(k) || p.reachedBy(k, "if", "almost", "nearly") {
			continue
		}
		who, cite, ok := p.homeGetter(k) // the speaker, or "Ollie's got a flat in Clifton" (homes_said.go)
		if !ok {
			continue
		}
		j := k + 1
		if s.Is(j, "a", "our", "my") {
			j++
		}
		place, end, ok := p.homeIn(j)
		// "we got a place in Easton, moving on the 1st" is a move (MOVED_TO)
		if !ok || p.has(0, len(s.Toks), "moving", "move", "movin") {
			continue
		}
		typ := ontology.RelLivesIn
		if (who == p.speaker || p.builtFrom != "") && (p.has(end, len(s.Toks), "leaving") || p.movingSaidBefore()) {
			typ = ontology.RelMovedTo // "i'm moving too. got a flat in levenshulme, leaving sheffield"
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: typ, from: who, to: place, conf: confWeak, validFrom: p.ts})
		restore()
	}
}

// homeIn reads a home in a place at j, after its determiner: "(new) flat
// in Didsbury", "house in bramhall". A stay ("for the weekend", "airbnb")
// after the place or a place weakly read is none. It returns the place and
// where it ends.
func (p *sentCtx) homeIn(j int) (ontology.EntityRef, int, bool) {
	s := p.s
	for n := 0; n < 2 && homeQualifiers[s.Norm(j)]; n++ {
		j++ // "a new council flat in"
	}
	if !homeNouns[s.Norm(j)] || !s.Is(j+1, "in") {
		return ontology.EntityRef{}, 0, false
	}
	place, end, conf, ok := p.place(j + 2)
	if !ok || conf < confStrong || p.has(end, len(s.Toks), stayWordsList...) {
		return ontology.EntityRef{}, 0, false
	}
	return place, end, true
}

// homeQualifiers may stand before a home's noun in homeIn: what kind of
// home it is ("a council flat", "a new build house"), never a stay's ("a
// holiday flat", "an airbnb"), which are not listed.
var homeQualifiers = lang.Words(`new little tiny nice first council rented shared bigger smaller lovely cosy own
	build housing association studio`)

// movingSaidBefore reports whether the turn, before the sentence, said the
// speaker is moving or has moved, unhedged: "which means i'm moving too.",
// "i've moved!!"
func (p *sentCtx) movingSaidBefore() bool {
	before := p.text[:p.s.Toks[0].Start]
	if p.builtFrom != "" {
		before = p.builtFrom // a pair's statement built from the turn: what the turn said
	}
	toks := p.disc.tokensOf(before)
	moving := false
	for k, t := range toks {
		switch {
		case t.Norm == "moving" && k > 0 && (toks[k-1].Norm == "'m" || toks[k-1].Norm == "im" || toks[k-1].Norm == "am"):
			moving = true
		case t.Norm == "moved" && k > 1 && (toks[k-1].Norm == "'ve" || toks[k-1].Norm == "ive" || toks[k-1].Norm == "have") &&
			(toks[k-2].Norm == "i" || toks[k-2].Norm == "we" || toks[k-1].Norm == "ive") &&
			(k+1 == len(toks) || !toks[k+1].Word || movedAlone[toks[k+1].Norm]):
			moving = true // "also i've moved!! … got a flat in heeley"; not "i've moved the sofa"
		case tieUnsaid[t.Norm] || t.Norm == "not" || t.Norm == "n't" || t.Norm == "if":
			return false
		}
	}
	return moving
}

// movedAlone may follow "i've moved" when it is a move home: "i've moved
// house", "we've moved out", "i've moved finally".
var movedAlone = lang.Words(`house home flat out in away finally already too at last`)

// yearsInPlace reads "ur in lisbon??" / "3 years now!": how long the one
// asked has been in the place says they live there (LIVES_IN). Days or
// weeks (a trip), "ago", a question back, or someone else answering are
// not read.
func (p *sentCtx) yearsInPlace() {
	s := p.s
	d := p.disc
	if s.Start != 0 || len(d.order) < 2 {
		return
	}
	var words []string
	for _, t := range s.Toks {
		if t.Word {
			words = append(words, t.Norm)
		}
	}
	if !yearsNow(words) {
		return
	}
	prev, text, ok := d.otherTurnBefore(p.speaker.Name, false)
	if !ok || !strings.Contains(text, "?") {
		return
	}
	toks := p.disc.tokensOf(d.texts[prev])
	for k := 0; k+2 < len(toks); k++ {
		// "ur in lisbon??", "are u still in Leeds?" ("u" reads as "you")
		you := toks[k].Norm == "ur" || toks[k].Norm == "u" || toks[k].Norm == "you" && (k > 0 && toks[k-1].Norm == "are" || toks[k+1].Norm == "are")
		if !you {
			continue
		}
		j := k + 1
		for j < len(toks) && (toks[j].Norm == "are" || toks[j].Norm == "still" || toks[j].Norm == "living" || toks[j].Norm == "based") {
			j++
		}
		if j+1 >= len(toks) || toks[j].Norm != "in" {
			continue
		}
		for _, m := range d.mentions {
			if m.turn == prev && m.ref.Type == ontology.EntityPlace && strings.EqualFold(m.ref.Name, toks[j+1].Text) {
				defer p.citeFrom(prev)()
				p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: m.ref, conf: confWeak, validFrom: p.ts})
				return
			}
		}
	}
}

// yearsNow reports whether an answer opens on how long it has been so:
// "3 years now!", "six months now". Days, weeks, "ago" and a question
// back are not it.
func yearsNow(words []string) bool {
	if len(words) < 3 || words[2] != "now" || !durationUnits[words[1]] {
		return false
	}
	return countWords[words[0]] || strings.Trim(words[0], "0123456789") == ""
}

// youLiveIn reads "kez you live in bristol", "you live in Leeds now" said
// to the other speaker of a two-party chat, or to a speaker named first in
// a group chat: LIVES_IN. A conditional, generic or past "you" ("when you
// live in London you…", "if you lived in Leeds") or a question reads
// nothing.
func (p *sentCtx) youLiveIn() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.answered {
		return
	}
	you := p.disc.addressee(p.speaker.Name)
	k := f
	if sp, ok := nameAt(s, f); ok && p.disc.isSpeaker(sp.name) && ontology.NormaliseName(sp.name) != ontology.NormaliseName(p.speaker.Name) {
		you = ontology.EntityRef{Name: p.disc.speakerName(sp.name), Type: ontology.EntityPerson}
		k = sp.to
		if s.Is(k, ",") {
			k++
		}
	}
	if you.Name == "" || !s.Is(k, "you", "u") {
		return
	}
	k++
	if s.Is(k, "still") {
		k++
	}
	if !s.Is(k, "live") || !s.Is(k+1, "in") {
		return
	}
	place, end, conf, ok := p.place(k + 2)
	if !ok || conf < confStrong || !plainEnd(s, end) {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: you, to: place, conf: confWeak, validFrom: p.ts})
}

// speakerName returns the label of the speaker a name in the text stands
// for ("kez" for "Kez").
func (d *discourse) speakerName(name string) string {
	n := ontology.NormaliseName(name)
	for _, s := range d.names {
		if ontology.NormaliseName(s) == n {
			return s
		}
	}
	return name
}

// streetNouns end the name of a street: "Alder Road", "Hazel Grove".
var streetNouns = lang.Words(`road rd street st lane avenue ave grove close crescent drive terrace gardens row`)

// streetHome reads the speaker's home on a named street (LIVES_IN): "i
// live on Mill Lane", "I have been on Hazel Grove for thirty years",
// "we're at number 9 on Alder Road". A visit ("been on Oxford Street all
// day", "for an hour"), a past ("used to live on"), someone else ("my mum
// lives on"), a party ("at number 9 on Alder Road tonight") or a hedge
// reads nothing.
func (p *sentCtx) streetHome() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "on") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		sp, ok := p.nameStartingAt(k + 1)
		if !ok || sp.typ == ontology.EntityPerson || s.Tok(sp.to-1).Poss || !streetNouns[s.Norm(sp.to-1)] || sp.to-1 == k+1 {
			continue
		}
		if !p.homeOnCue(k, sp.to) {
			continue
		}
		street := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: street, conf: confWeak, validFrom: p.ts})
	}
}

// homeOnCue reports whether the words before "on" at k (and after the
// street's name, ending at end) say the speaker lives there.
func (p *sentCtx) homeOnCue(k, end int) bool {
	s := p.s
	subject := func(j int) bool {
		if s.Is(j, "still", "now", "also") {
			j--
		}
		return s.Is(j, "i", "we") && !s.Is(j-1, "if", "when", "until", "til", "and")
	}
	switch {
	case s.Is(k-1, "live", "living") && (subject(k-2) || s.Is(k-2, "'m", "am", "'re", "are") && subject(k-3)):
		return !p.has(0, k, "used") && plainEnd(s, end) || s.Is(end, "now", ",")
	case s.Is(k-1, "been") && s.Is(k-2, "'ve", "have") && subject(k-3):
		if !s.Is(end, "for") {
			return false
		}
		for j := end + 1; j <= end+3 && j < len(s.Toks); j++ {
			if s.Is(j, "years", "decades", "ages", "donkey's") {
				return true
			}
		}
		return false
	case isDigits(s.Norm(k-1)) && s.Is(k-2, "number", "no") && s.Is(k-3, "at") && s.Is(k-4, "'re", "are", "'m", "am") && subject(k-5):
		return plainEnd(s, end) && !s.Is(end, "now")
	}
	return false
}

// yearsFirstHome reads "twenty years I live in Podgórze", "10 yrs we've
// lived in Leith": LIVES_IN. A past ("twenty years ago", "I lived in"), a
// modal ("i'd live in"), a want, a short stay ("two weeks") or a question
// read nothing.
func (p *sentCtx) yearsFirstHome() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !countWord(s, f) || !s.Is(countEnd(s, f), "years", "yrs", "decades") {
		return
	}
	k := countEnd(s, f) + 1
	if !s.Is(k, "i", "we") {
		return
	}
	j := k + 1
	switch {
	case s.Is(j, "live"):
		j++
	case s.Is(j, "'ve", "have") && s.Is(j+1, "lived"):
		j += 2
	default:
		return
	}
	if !s.Is(j, "in") {
		return
	}
	place, end, _, ok := p.place(j + 1)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "and", "but", "now") {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// countWord reports whether the word at k counts years: "twenty", "10",
// "a few", "many".
func countWord(s *sentence, k int) bool {
	n := s.Norm(k)
	return countWords[n] || isDigits(n) || n == "many" || n == "several" || n == "few" && s.Is(k-1, "a")
}

// homeEnds may follow "home" in placeIsHomeNow: "now", "these days", a
// comma, the sentence's end.
var homeEnds = lang.Words(`now these , . ! tbh honestly`)

// placeIsHomeNow reads "sheffield's home now, 6 yrs" opening the
// speaker's sentence: LIVES_IN. "is home to", "Leeds's home kit", "Leeds
// was home", "will never be home", a question, a place said after
// someone else's words ("my nan says Lagos is home") read nothing.
func (p *sentCtx) placeIsHomeNow() {
	s := p.s
	first := afterLeads(s)
	if first < 0 {
		return
	}
	place, end, conf, ok := p.place(first)
	if !ok || end >= len(s.Toks) || !s.Tok(end-1).Poss || !s.Is(end, "home") {
		return
	}
	if end+1 < len(s.Toks) && !homeEnds[s.Norm(end+1)] {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}
