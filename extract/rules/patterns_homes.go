package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Homes and moves in other words (issue 14, h14-blind5): "we've lived in
// Leeds for years", "we've been in Leeds for 5 years", "she lives in a
// flat in Leeds", "lives above a shop in Leeds", "we moved house to
// Leeds", "Dana emigrated to Canada", "we're relocating to Leeds", "Dana's
// based in Leeds".

func init() {
	thirdVerbs["dated"] = true
	implicitVerbs["dated"] = true
	for _, w := range []string{"emigrated", "immigrated", "relocating", "emigrating"} {
		thirdVerbs[w] = true
		implicitVerbs[w] = true
	}
	for _, w := range []string{"relocating", "based", "emigrating"} {
		possIsBe[w] = true // "Dana's relocating to Leeds in June"
	}
	for _, w := range []string{"above", "below", "behind", "opposite", "beside", "off"} {
		whereaboutsLead[w] = true // "lives above a shop in Leeds"
	}
	implicitVerbs["lived"] = true // "lived in Marseille for six years before coming here"
}

// livedInNouns are the homes a "lives in a … in X" names before the place.
var livedInNouns = lang.Words(`flat house place apartment room bungalow cottage studio houseshare maisonette
	terrace semi boat caravan basement attic`)

// homeIn returns where "in a (little) flat in" ends at k, the "in" before
// the place, or k when no such phrase starts there.
func homeIn(s *sentence, k int) int {
	if s.Norm(k) != "in" || !s.Is(k+1, "a", "an", "the", "my", "our", "his", "her", "their") {
		return k
	}
	j := k + 2
	for n := 0; n < 2 && !livedInNouns[s.Norm(j)] && s.Tok(j).Word && !s.Tok(j).Cap; n++ {
		j++ // "a tiny flat", "a shared house"
	}
	if livedInNouns[s.Norm(j)] && s.Norm(j+1) == "in" {
		return j + 1
	}
	return k
}

// blind5Homes reads a clause's home and move phrasings the readers of
// patterns_place.go leave: "in a flat in X" after "live", a move of
// house, emigrating, relocating.
func (p *sentCtx) blind5Homes(cl clause) {
	s := p.s
	if !cl.plain() || s.Question {
		return
	}
	switch v := s.Norm(cl.verb); {
	case (v == "live" || v == "lives" || v == "living" || v == "lived") && homeIn(s, cl.verb+1) != cl.verb+1:
		shifted := cl
		shifted.verb = homeIn(s, cl.verb+1) - 1 // read as "lives in X"
		saved := s.Toks[shifted.verb].Norm
		s.Toks[shifted.verb].Norm = v
		p.live(shifted, v)
		s.Toks[shifted.verb].Norm = saved
	case v == "lived" && cl.we:
		p.live(cl, v) // "we've lived in Leeds for years"
	case (v == "moved" || v == "moving") && s.Is(cl.verb+1, "house", "flat", "home") && s.Is(cl.verb+2, "to", "from", "back"):
		shifted := cl
		shifted.verb++ // "we moved house to Leeds"
		saved := s.Toks[shifted.verb].Norm
		s.Toks[shifted.verb].Norm = v
		if v == "moved" {
			p.move(shifted)
		} else {
			p.moving(shifted)
		}
		s.Toks[shifted.verb].Norm = saved
	case v == "emigrated" || v == "immigrated":
		p.move(cl)
	case v == "relocating" || v == "emigrating":
		p.moving(cl)
	case v == "in" && cl.we && cl.been:
		// "we've been in Leeds for 5 years": a stretch of time says it is home
		place, end, conf, ok := p.place(cl.verb + 1)
		if ok && (s.Norm(end) == "for" && p.stretchAt(end+1) || s.Norm(end) == "since") {
			p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		}
	}
}

// placeNamedPerson reports whether a one-word name the gazetteer types a
// place is also a first name and stands as the subject of a verb only a
// person has: "Sofia lives in Lyon", "Florence moved to Leeds",
// "Georgia's been living in Bath". "Sofia is lovely in spring" is not
// read: "is" must lead to a person's verb.
func placeNamedPerson(s *sentence, sp span) bool {
	if sp.typ != ontology.EntityPlace || sp.to-sp.from != 1 || !firstName(s.Norm(sp.from)) || sp.from > 0 && s.Toks[sp.from-1].Word && !clauseBreakers[s.Norm(sp.from-1)] && !implicitLead[s.Norm(sp.from-1)] {
		return false
	}
	k := sp.to
	if s.Toks[sp.to-1].Poss { // "Sofia's been living": the 's is read by the clause
		return s.Is(k, "been") && s.Is(k+1, "living", "working", "studying", "dating")
	}
	for s.Is(k, "just", "still", "now", "recently", "finally", "also") {
		k++
	}
	switch {
	case s.Is(k, "lives", "works", "moved", "grew", "studies", "married", "dated"):
		return true
	case s.Is(k, "is", "has", "was") && s.Is(k+1, "living", "working", "studying", "dating", "married", "engaged", "moving", "been"):
		return s.Norm(k+1) != "been" || s.Is(k+2, "living", "working", "studying", "dating")
	}
	return false
}

// frontedPlace reads a place put before the speaker's clause: "In Kyiv I
// was living with my parents" (an ended LIVES_IN), "In Leeds we live near
// the park" (a current one), "In Cork I grew up by the sea"
// (COMES_FROM). The clause must say nothing of another place.
func (p *sentCtx) frontedPlace(cl clause) {
	s := p.s
	if !cl.plain() || cl.third || cl.implicit || s.Question || !s.Is(0, "in") {
		return
	}
	place, end, conf, ok := p.place(1)
	if !ok {
		return
	}
	if s.Norm(end) == "," {
		end++
	}
	if cl.subj != end {
		return
	}
	for k := cl.verb; k < cl.end; k++ {
		if s.Is(k, "in", "to", "from") {
			if _, _, _, other := p.place(k + 1); other {
				return // "In Kyiv I was born in a hospital in Irpin"
			}
		}
	}
	v := s.Norm(cl.verb)
	if s.Is(cl.verb+1, "my", "a", "an", "the", "our", "his", "her", "their", "it", "life") {
		return // "In Paris I was living my best life"
	}
	conf = min(conf, confWeak)
	switch {
	case v == "grew" && s.Norm(cl.verb+1) == "up":
		p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: conf, validFrom: p.ts})
	case v == "lived" && !cl.have || v == "living" && cl.was:
		if p.ts != nil {
			p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: conf, validUntil: p.ts})
		}
	case v == "live" && !cl.was && !cl.had || v == "living" && (cl.be || cl.been) || v == "lived" && cl.have:
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: conf, validFrom: p.ts})
	}
}

// forGood reads a move said to be for good: "Dana went back to Poland for
// good", "we're off to Leeds for good in June", "he's gone home to Accra
// for good": MOVED_TO.
func (p *sentCtx) forGood() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for v := 0; v+4 < len(s.Toks); v++ {
		if !s.Is(v, "went", "gone", "going", "headed", "heading", "off", "back") {
			continue
		}
		k := v + 1
		for s.Is(k, "back", "home", "over") {
			k++
		}
		if s.Norm(k) != "to" {
			continue
		}
		place, end, conf, ok := p.place(k + 1)
		if !ok || !s.Seq(end, "for", "good") || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		j := v - 1
		for j >= 0 && (adverbs[s.Norm(j)] || s.Is(j, "is", "are", "am", "has", "have", "'s", "'re", "'m", "'ve")) {
			j--
		}
		speaks := j < 0 || s.Is(j, "i", "we") || !s.Toks[j].Word || implicitLead[s.Norm(j)]
		p.ofSubject(j+1, speaks, func(who ontology.EntityRef) {
			p.relation(rel{typ: ontology.RelMovedTo, from: who, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		})
	}
}
