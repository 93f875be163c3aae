package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// compassWords name a part of a city: "the east side of kraków", "south
// manchester".
var compassWords = lang.Words(`north south east west northern southern eastern western`)

// sideWords follow a compass word in "the east side of", "the west end
// of", "the north part of".
var sideWords = lang.Words(`side end part bit`)

// sideOfCity reads a neighbourhood placed in its city (LOCATED_IN): in
// apposition, "found a flat in Nowa Huta tho, on the east side of kraków",
// and as the answer to another speaker's question about it, "is
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
		if y > c+1 {
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

// placeInApposition returns the place named right before ", on the" or
// ", in the" that precedes the compass word at c ("Nowa Huta tho, on the
// east side of"); a filler ("tho", "too") may sit before the comma.
func (p *sentCtx) placeInApposition(c int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(c-1, "the") || !s.Is(c-2, "on", "in") || !s.Is(c-3, ",", "(") {
		return ontology.EntityRef{}, false
	}
	end := c - 3
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
// opened on). A first name, a speaker, or a person or organisation the
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
