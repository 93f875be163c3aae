package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// runOutOfBetween may stand between "run it" and "out of": "run it
// together out of", "running it for now, out of".
var runOutOfBetween = lang.Words(`together now , for still currently mostly just all`)

// runItOutOf reads where a business run by people is: "him and his old
// colleague Dev run it together out of a unit in Hackney", "me and my
// niece are running it for now, out of my spare room in Hillsborough",
// said of the organisation just named: LOCATED_IN the town. A plan or a
// wish ("we could run it out of", "want to run it out of"), a negation, a
// past ("used to run it out of"), a place that goes on ("in Leeds next
// year"), no premises phrase ("run it out of habit") or no organisation
// named lately with no one else named after it reads nothing.
func (p *sentCtx) runItOutOf() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !s.Is(v, "run", "runs", "running") || !s.Is(v+1, "it") {
			continue
		}
		k := v + 2
		for n := 0; n < 3 && runOutOfBetween[s.Norm(k)]; n++ {
			k++
		}
		if !s.Is(k, "out", "outta") {
			continue
		}
		if s.Is(k, "out") {
			k++
		}
		if !s.Is(k, "of") {
			continue
		}
		in := p.premisesIn(k + 1)
		if in < 0 || p.negatedBefore(v) || p.hedgedAt(v) ||
			p.reachedBy(v, "used", "if", "would", "could", "should", "might", "want", "wanna", "gonna", "going", "will", "'ll", "plan", "planning", "hoping", "hope") {
			return
		}
		place, end, _, ok := p.place(in + 1)
		if !ok || p.timeAt(in+1) != nil || notNowAfter[s.Norm(end)] ||
			!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "and", "but", "so", "now") {
			return
		}
		org, ok := p.orgBeforeInSentence(v)
		if !ok {
			org, ok = p.ledOrganisation(p.peopleBefore(v))
		}
		if !ok || org.ref.Name == place.Name || p.disc.modifier(org) || p.orgStale(org) || p.topicSince(org) || p.otherWorkSince(org) {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// premisesIn returns the index of "in" after premises at k: a determiner
// and up to three lower-case words ("a unit", "my spare room", "the old
// garage"), or -1.
func (p *sentCtx) premisesIn(k int) int {
	s := p.s
	if !s.Is(k, "a", "an", "the", "my", "his", "her", "our", "their", "your", "ur") {
		return -1
	}
	for j := k + 1; j <= k+4 && j < len(s.Toks); j++ {
		t := s.Toks[j]
		if s.Is(j, "in") && j > k+1 {
			return j
		}
		if !t.Word || t.Cap && !s.Lower {
			return -1
		}
	}
	return -1
}

// peopleBefore returns the people the sentence names before token v, and
// those its "he" or "him" stand for ("him and his old colleague Dev"), as
// runners whom ledOrganisation lets be named after the organisation.
func (p *sentCtx) peopleBefore(v int) []antecedent {
	var out []antecedent
	for _, n := range p.names {
		if n.to <= v && personLike(n.typ) {
			out = append(out, antecedent{ref: ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}})
		}
	}
	for k := 0; k < v; k++ {
		if p.s.Is(k, "he", "him", "she", "her") {
			if a, ok := p.disc.person(p.s.Norm(k)); ok {
				out = append(out, a)
			}
		}
	}
	return out
}
