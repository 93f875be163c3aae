package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Schoolmates (issue 14, h14-blind5): "Fionnuala and I were at St Bride's
// together, same form", and "how do u know Tariq?" / "we were at uni
// together": KNOWS, role classmate; a named school also gives ATTENDED of
// both; all closed, as pastTogether closes "were at school together".

// schoolNouns are the unnamed schools people were at together.
var schoolNouns = lang.Words(`uni university college school secondary primary sixth-form uni.`)

// schoolCues after the phrase say the place was a school: "…, same form".
var schoolCues = lang.Words(`form class year course halls cohort`)

// togetherAt reads "X and I were at Y together", "we went to school
// together", "we were at uni together" (the other named by a question
// just before: "how do you know Tariq?").
func (p *sentCtx) togetherAt() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for t := 3; t < len(s.Toks); t++ {
		if s.Norm(t) != "together" {
			continue
		}
		// the verb: "were at" / "was at" / "went to"
		v := -1
		for j := t - 1; j >= 1 && j >= t-6; j-- {
			if s.Is(j, "were", "was") && s.Norm(j+1) == "at" || s.Norm(j) == "went" && s.Norm(j+1) == "to" {
				v = j
				break
			}
		}
		if v < 0 || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		at := v + 2
		named := ontology.EntityRef{}
		school := false
		switch {
		case s.Is(at, "the") && schoolNouns[s.Norm(at+1)] && at+2 == t, schoolNouns[s.Norm(at)] && at+1 == t:
			school = true
		default:
			sp, ok := p.typed(at)
			if !ok || sp.to != t || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
				continue
			}
			school = schoolName(sp.name) || s.Norm(t+1) == "," && s.Is(t+2, "same") && schoolCues[s.Norm(t+3)]
			name := sp.name
			if s.Toks[sp.to-1].Poss && s.Is(sp.from, "st", "saint", "king", "queen") {
				name = p.text[s.Toks[sp.from].Start:s.Toks[sp.to-1].End] // "St Bride's" keeps its 's
			}
			named = ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}
		}
		if !school {
			continue
		}
		// "were at … together" is over: the tie and the school are closed
		others := p.togetherOthers(v)
		for _, o := range others {
			p.endedRelRole(p.speaker, kindKnows, "classmate", o)
		}
		if named.Name != "" && len(others) > 0 && p.ts != nil {
			for _, who := range append([]ontology.EntityRef{p.speaker}, others...) {
				p.relation(rel{typ: ontology.RelAttended, from: who, to: named, conf: confWeak, validUntil: p.ts})
			}
		}
	}
}

// togetherOthers returns who besides the speaker is the subject before the
// verb at v: "Fionnuala and I", "me and Fionnuala", or "we" when a question
// just before asked how the speaker knows someone.
func (p *sentCtx) togetherOthers(v int) []ontology.EntityRef {
	s := p.s
	switch {
	case s.Norm(v-1) == "we":
		if !clauseStart(s, v-1) {
			return nil
		}
		if ref, ok := p.askedHowKnow(); ok {
			return []ontology.EntityRef{ref}
		}
		return nil
	case s.Norm(v-1) == "i" && s.Norm(v-2) == "and":
		for j := max(0, v-6); j < v-2; j++ {
			if ref, end, ok := p.person(j); ok && end == v-2 && clauseStart(s, j) && !s.Toks[end-1].Poss && !p.isSpeaker(ref) {
				return []ontology.EntityRef{ref} // "Fionnuala and I", "@priya_k and I"
			}
		}
	case s.Seq(0, "me", "and") || s.Seq(0, "i", "and"):
		if ref, end, ok := p.person(2); ok && end == v && !p.isSpeaker(ref) {
			return []ontology.EntityRef{ref}
		}
	}
	return nil
}

// askedHowKnow returns the person another speaker asked about in the turn
// just before: "how do you know Tariq?", "how do u know him" is not read.
func (p *sentCtx) askedHowKnow() (ontology.EntityRef, bool) {
	if p.disc == nil {
		return ontology.EntityRef{}, false
	}
	for who, last := range p.known.lastBy {
		if who == p.speaker.Name || p.disc.index-last.index != 1 {
			continue
		}
		for _, q := range p.sentencesOf(last.last) {
			for k := 1; k+1 < len(q.Toks); k++ {
				if q.Norm(k) != "know" || !q.Is(k-1, "you", "u", "ya", "y'all") || !q.Is(k-3, "how") && !q.Is(k-2, "how") {
					continue
				}
				if h := q.FirstWord(); !last.question && (h < 0 || q.Norm(h) != "how") {
					continue // without its "?", only "how do u know X" opening the message asks
				}
				sp, ok := nameAt(&q, k+1)
				if !ok {
					continue
				}
				if t := p.known.typeName(&q, sp); personLike(t.typ) {
					return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
				}
			}
		}
	}
	return ontology.EntityRef{}, false
}
