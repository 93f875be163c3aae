package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// compassWords name a part of a city: "the east side of kraków", "south
// manchester".
var compassWords = lang.Words(`north south east west northern southern eastern western south-east south-west
	north-east north-west southeast southwest northeast northwest`)

// sideWords follow a compass word in "the east side of", "the west end
// of", "the north part of".
var sideWords = lang.Words(`side end part bit`)

// sideOfCity reads a neighbourhood placed in its city (LOCATED_IN): in
// apposition, "found a flat in Nowa Huta tho, on the east side of kraków",
// "found a room in berchem, it's the south-east bit of antwerp", and as
// the answer to another speaker's question about it, "is
// leslieville the east bit" / "yep, east end of toronto", "heavitree?? is
// that exeter" / "east side of exeter yeah", "is didsbury manchester" /
// "south manchester tomek". A person asked about ("is jo in leeds"), a
// question or hedge as the answer, "of town" (no name) or a place that is
// the city itself read nothing.
func (p *sentCtx) sideOfCity() {
	s := p.s
	for c := 0; c+1 < len(s.Toks); c++ {
		if !compassWords[s.Norm(c)] {
			continue
		}
		y := c + 1
		if sideWords[s.Norm(y)] && s.Is(y+1, "of") {
			y += 2
		}
		city, end, conf, ok := p.place(y)
		if !ok || conf < confStrong || hedgedBefore(s, c) {
			continue
		}
		if y > c+1 && !hedgedAfter(s, c) {
			if hood, ok := p.placeInApposition(c); ok && !sameName(hood.Name, city.Name) {
				p.relation(rel{typ: ontology.RelLocatedIn, from: hood, to: city, conf: confWeak, validFrom: p.ts})
				return
			}
		}
		if !p.answerOpening(c) || !p.answerEnds(end) {
			continue
		}
		hood, turn, ok := p.askedPlace()
		if !ok || sameName(hood.Name, city.Name) {
			return
		}
		defer p.citeFrom(turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: hood, to: city, conf: confWeak, validFrom: p.ts})
		return
	}
}

// sameName reports whether two names are the same once normalised.
func sameName(a, b string) bool { return ontology.NormaliseName(a) == ontology.NormaliseName(b) }

// placeInApposition returns the place named right before ", on the",
// ", in the" or ", it's the" that precedes the compass word at c ("Nowa
// Huta tho, on the east side of", "a room in berchem, it's the
// south-east bit of"); a filler ("tho", "too") may sit before the comma.
func (p *sentCtx) placeInApposition(c int) (ontology.EntityRef, bool) {
	s := p.s
	end := c - 3
	switch {
	case !s.Is(c-1, "the"):
		return ontology.EntityRef{}, false
	case s.Is(c-2, "is") && s.Is(c-3, "it", "which") && s.Is(c-4, ","):
		end = c - 4 // "found a room in berchem, it's the south-east bit of antwerp"
	case s.Is(c-2, "its") && s.Is(c-3, ","):
	case !s.Is(c-2, "on", "in") || !s.Is(c-3, ",", "("):
		return ontology.EntityRef{}, false
	}
	if s.Is(end-1, "tho", "though", "too", "now") {
		end--
	}
	sp, ok := p.nameEndingAt(end)
	if !ok || sp.typ != ontology.EntityPlace && sp.typ != ontology.EntityConcept || !s.Tok(sp.from).Cap {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}, true
}

// answerOpening reports whether the compass word at c opens the sentence
// after the chat leads, "on the" or "in the": "yep, east end of".
func (p *sentCtx) answerOpening(c int) bool {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return false
	}
	if s.Is(f, "on", "in") && s.Is(f+1, "the") {
		f += 2
	} else if s.Is(f, "the") {
		f++
	}
	return f == c && !s.Question
}

// answerEnds reports whether the answer's place ending at end closes it,
// or only an agreeing word or a name of the one asked follows ("east side
// of exeter yeah", "south manchester tomek").
func (p *sentCtx) answerEnds(end int) bool {
	s := p.s
	if end < len(s.Toks) && s.Toks[end].Word {
		if _, ok := p.disc.speakerCalled(s.Tok(end).Text); !ok && !s.Is(end, "yeah", "yes", "yep", "ya", "innit", "obviously", "obv", "lol") {
			return false
		}
		end++
	}
	for ; end < len(s.Toks); end++ {
		if s.Toks[end].Word {
			return false
		}
		if s.Toks[end].Norm == "?" {
			return false
		}
	}
	return true
}

// askedPlace returns the place another speaker's turn just before asked
// about: "is leslieville the east bit", "wait is didsbury manchester or
// is it its own town", "heavitree?? is that exeter" (the name the turn
// opened on), "Ledeberg is that ghent?". A first name, a speaker, or a person or organisation the
// chat has named is no place asked about.
func (p *sentCtx) askedPlace() (ontology.EntityRef, string, bool) {
	d := p.disc
	prev, _, ok := d.otherTurnBefore(p.speaker.Name, false)
	if !ok {
		return ontology.EntityRef{}, "", false
	}
	sents := p.sentencesOf(d.texts[prev])
	for i := range sents {
		q := &sents[i]
		f := afterLeads(q)
		if f >= 0 && q.Is(f, "wait", "hang") {
			f++
		}
		if x, _, ok := nameIsThat(q, f); ok {
			if ref, ok := p.askedName(q, x); ok {
				return ref, prev, true // "Ledeberg is that ghent?" / "yes the south bit of ghent"
			}
		}
		if f < 0 || !q.Is(f, "is", "isn't", "isnt") {
			continue
		}
		x := f + 1
		if q.Is(x, "that", "it", "this") && i > 0 && len(sents[i-1].Toks) > 0 && sents[i-1].Toks[0].Word {
			q, x = &sents[i-1], 0 // "heavitree?? is that exeter"
			if len(q.Toks) > 1 && q.Toks[1].Word {
				return ontology.EntityRef{}, "", false
			}
		} else if !q.Is(x+1, "in", "the", "part", "near", "or") && !(x+1 < len(q.Toks) && p.placeWord(q, x+1)) {
			continue
		}
		if ref, ok := p.askedName(q, x); ok {
			return ref, prev, true
		}
	}
	return ontology.EntityRef{}, "", false
}

// placeWord reports whether the word at k of q is a place a gazetteer
// knows ("manchester" in "is didsbury manchester").
func (p *sentCtx) placeWord(q *sentence, k int) bool {
	return q.Toks[k].Word && inGazetteer(q.Toks[k].Norm)
}

// askedName reads the one-word name at x of q as a place, unless it is a
// function word, a first name, a speaker or an entity of another type
// the chat named.
func (p *sentCtx) askedName(q *sentence, x int) (ontology.EntityRef, bool) {
	t := q.Tok(x)
	if !t.Word || t.Poss || len(t.Norm) < 3 || firstName(t.Norm) || npStops[t.Norm] || chatLeads[t.Norm] || compassWords[t.Norm] {
		return ontology.EntityRef{}, false
	}
	if _, ok := p.disc.speakerCalled(t.Text); ok {
		return ontology.EntityRef{}, false
	}
	for _, m := range p.disc.mentions {
		if m.norm == t.Norm && m.ref.Type != ontology.EntityPlace && m.ref.Type != ontology.EntityConcept {
			return ontology.EntityRef{}, false
		}
	}
	name := t.Text
	if !t.Cap {
		name = titleCase(name)
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityPlace}, true
}

// nameIsThat reads a question that names a place and asks whether it is
// in another, spoken as chat puts it: "Ledeberg is that ghent?",
// "borgerhout, is that still antwerp", "Heeley is it sheffield?". f is
// the first word after the chat leads. It returns the asked name's index
// and the index of the word after "that" ("still" passed), with ok.
func nameIsThat(q *sentence, f int) (int, int, bool) {
	if f < 0 || !q.Toks[f].Word || q.Toks[f].Poss || q.Is(f, "is", "that", "it", "this", "where", "what", "who") {
		return 0, 0, false
	}
	k := f + 1
	if q.Is(k, ",") {
		k++
	}
	if !q.Is(k, "is") || !q.Is(k+1, "that", "it", "this") {
		return 0, 0, false
	}
	y := k + 2
	if q.Is(y, "still") {
		y++
	}
	return f, y, y < len(q.Toks) && q.Toks[y].Word
}

// confirmWords open an answer that says yes to the question before.
var confirmWords = lang.Words(`yes yeah yep ya yup yh aye`)

// cityConfirmed reads a yes to another speaker's "Borgerhout is that
// still antwerp?" (nameIsThat): the place asked about is in the city
// asked (LOCATED_IN), the city one the gazetteer knows, the place one
// the chat named before the question (saidBefore). A yes with a "not" or
// a "no", a question, a name that is a person's or an organisation's
// (askedName) read nothing.
func (p *sentCtx) cityConfirmed() {
	s := p.s
	f := 0
	for f < len(s.Toks) && !s.Toks[f].Word {
		f++
	}
	if s.Start != 0 || f >= len(s.Toks) || !confirmWords[s.Norm(f)] || s.Question ||
		p.has(f, len(s.Toks), "not", "n't", "no", "nope", "nah") {
		return
	}
	d := p.disc
	prev, _, ok := d.otherTurnBefore(p.speaker.Name, false)
	if !ok {
		return
	}
	sents := p.sentencesOf(d.texts[prev])
	if len(sents) == 0 {
		return
	}
	q := &sents[len(sents)-1]
	x, y, ok := nameIsThat(q, afterLeads(q))
	if !ok {
		return
	}
	n := 0
	for n < 3 && y+n < len(q.Toks) && q.Toks[y+n].Word {
		n++
	}
	if y+n < len(q.Toks) && q.Toks[y+n].Norm != "?" || n == 0 {
		return // "Borgerhout is that still antwerp or further out?"
	}
	key := lowerKey(q, span{from: y, to: y + n})
	if !knownPlace(lang.FoldAccents(key)) && !knownPlace(key) {
		return
	}
	hood, ok := p.askedName(q, x)
	if !ok || sameName(hood.Name, key) || !p.saidBefore(prev, q.Toks[x].Norm) {
		return
	}
	city := ontology.EntityRef{Name: titleCase(key), Type: ontology.EntityPlace}
	defer p.citeFrom(prev)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: hood, to: city, conf: confWeak, validFrom: p.ts})
}

// saidBefore reports whether the word w was said in a turn before the
// turn asked, within the coreference window: the place a "Borgerhout is
// that still antwerp" asks about is one the chat just named ("borgerhout,
// we get the keys 1 jan"), not someone spoken to ("Tomek is that leeds?").
func (p *sentCtx) saidBefore(asked, w string) bool {
	d := p.disc
	at := slices.Index(d.order, asked)
	for i := at - 1; i >= 0 && at-i <= corefWindow; i-- {
		if lang.ContainsWord(strings.ToLower(d.texts[d.order[i]]), w) {
			return true
		}
	}
	return false
}

// partOfCity reads a place set beside the part of a city it is, after a
// comma: "a flat in Leslieville now, east end of Toronto", "anju lives in
// chorlton, the hipster bit of manchester", "leith, the bit of edinburgh
// down by the docks": LOCATED_IN, the place in the city. One plain word
// may say which part ("east", "hipster"); "a bit of" is an amount, a
// person or organisation before the comma is no place, and a question
// or hedge reads nothing.
func (p *sentCtx) partOfCity() {
	s := p.s
	for y := 2; y+2 < len(s.Toks); y++ {
		if !sideWords[s.Norm(y)] || !s.Is(y+1, "of") {
			continue
		}
		c := y - 1
		if t := s.Tok(c); t.Word && !t.Cap && !s.Is(c, "the", "a", "an", "this", "that", "my", "our", "your", "their", "his", "her") && !adverbs[t.Norm] {
			c-- // "east end of", "the hipster bit of"
		}
		if s.Is(c, "the") {
			c--
		}
		if !s.Is(c, ",") || hedgedBefore(s, c) {
			continue
		}
		end := c
		if s.Is(c-1, "now", "tho", "though", "too") {
			end-- // "in Leslieville now, east end of"
		}
		hood, ok := p.placeEndingAt(end)
		if !ok {
			continue
		}
		city, _, conf, ok := p.place(y + 2)
		if !ok || conf < confStrong || sameName(hood.Name, city.Name) {
			continue
		}
		p.relation(rel{typ: ontology.RelLocatedIn, from: hood, to: city, conf: confWeak, validFrom: p.ts})
		return
	}
}

// placeEndingAt returns the place whose name ends right before token end:
// a name typed a place, or a capitalised one nothing typed, or a place
// of the gazetteer in lower case ("we're in roncesvalles now").
func (p *sentCtx) placeEndingAt(end int) (ontology.EntityRef, bool) {
	if sp, ok := p.nameEndingAt(end); ok {
		if sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityConcept && p.s.Tok(sp.from).Cap {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}, true
		}
		return ontology.EntityRef{}, false
	}
	for k := end - 1; k >= 0 && k >= end-3; k-- {
		if ref, e, ok := p.lowerPlace(k); ok && e == end {
			return ref, true
		}
	}
	return ontology.EntityRef{}, false
}
