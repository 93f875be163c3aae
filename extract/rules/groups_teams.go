package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind15Groups are the readings of this file, run by blind15Sentence:
// a group named after someone's ("a guy called Ferdie, from hamish's
// climbing club, the Clydeside Cragrats") and a team with its age group
// ("he plays for Westburn Rovers under 18s").
var blind15Groups = []sentenceReading{
	{lang.Words(`club team band choir society league crew squad orchestra`), (*sentCtx).possGroupNamed},
	{lang.Words(`plays play`), (*sentCtx).playsForAgeGroup},
}

// memberGroupHeads end the description of a group one belongs to: "climbing
// club", "five-a-side team".
var memberGroupHeads = lang.Words(`club team band choir society league crew squad orchestra`)

// notMemberAdjectives, before the group noun, make the possessor no member
// now: "hamish's favourite club", "his old band", "their rival team".
var notMemberAdjectives = lang.Words(`favourite favorite fave old former ex rival local dream`)

// possGroupNamed reads "from hamish's climbing club, the Clydeside
// Cragrats": MEMBER_OF for the possessor, and for the person named just
// before ", from". A favourite, an old or rival group, a possessor who is
// no named person ("my brother's team"), a description that is no name
// ("the one by the river") or a question read nothing.
func (p *sentCtx) possGroupNamed() {
	s := p.s
	for g := 1; g+2 < len(s.Toks); g++ {
		if !memberGroupHeads[s.Norm(g)] || s.Tok(g).Poss || !s.Is(g+1, ",") {
			continue
		}
		o := g - 1
		for o > 0 && o > g-4 && s.Toks[o].Word && !s.Tok(o).Poss && !s.Toks[o].Cap {
			if notMemberAdjectives[s.Norm(o)] {
				o = -1
				break
			}
			o--
		}
		if o < 0 || !s.Tok(o).Poss {
			continue
		}
		sp, ok := p.nameEndingAt(o + 1)
		if t := s.Tok(o); !ok && !t.Cap && len(t.Norm) > 2 && !englishWords[t.Norm] && !npStops[t.Norm] {
			sp, ok = span{from: o, to: o + 1, name: titleCase(t.Text), typ: ontology.EntityConcept}, true // "hamish's"
		}
		if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || commonSpan(sp) || s.Tok(sp.from-1).Poss ||
			s.Is(sp.from-1, "my", "your", "ur", "his", "her", "their", "our") {
			continue
		}
		member := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		n := g + 2
		if !s.Is(n, "the") {
			continue
		}
		name, ok := nameAt(s, n+1)
		if !ok || s.Tok(name.to-1).Poss || !p.phraseEnds(name.to, len(s.Toks)) && !s.Is(name.to, ",") {
			continue
		}
		if name = p.known.typeName(s, name); name.typ == ontology.EntityPerson || name.typ == ontology.EntityPlace {
			continue
		}
		group := ontology.EntityRef{Name: name.name, Type: ontology.EntityOrganization}
		if p.isSpeaker(member) || hedgedBefore(s, sp.from) {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: member, to: group, conf: confWeak, validFrom: p.ts})
		if s.Is(sp.from-1, "from") && s.Is(sp.from-2, ",") {
			if who, ok := p.nameEndingAt(sp.from - 2); ok && (who.typ == ontology.EntityPerson || who.typ == ontology.EntityConcept) &&
				!commonSpan(who) && !p.isSpeaker(ontology.EntityRef{Name: who.name}) {
				p.relation(rel{typ: ontology.RelMemberOf, from: ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson}, to: group, conf: confWeak, validFrom: p.ts})
			}
		}
		return
	}
}

// teamSide reports whether the words at k name a team's age group or
// side: "under 18s", "under-18s", "u18s", "youth", "reserves", "seconds".
func teamSide(s *sentence, k int) (int, bool) {
	n := s.Norm(k)
	switch {
	case n == "under" && s.Tok(k+1).Word && strings.TrimRight(strings.TrimLeft(s.Norm(k+1), "-"), "s") != "" && isDigits(strings.TrimRight(strings.TrimLeft(s.Norm(k+1), "-"), "s")):
		return k + 2, true
	case strings.HasPrefix(n, "under-") || len(n) > 1 && n[0] == 'u' && isDigits(strings.TrimRight(n[1:], "s")):
		return k + 1, true
	case n == "youth" || n == "juniors" || n == "reserves" || n == "seconds" || n == "academy":
		return k + 1, true
	}
	return 0, false
}

// playsForAgeGroup reads "he plays for Westburn Rovers under 18s
// apparently", "I play for Kelso RFC u16s": MEMBER_OF, role player, the
// age group read past (the patterns of "plays for X" stop at it). A plan
// ("wants to play for"), a past ("used to play for"), a question or a
// player no one named read nothing.
func (p *sentCtx) playsForAgeGroup() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !p.plainAt(v, "plays", "play") || !s.Is(v+1, "for") {
			continue
		}
		org, end, ok := p.namedOrg(v + 2)
		if !ok {
			continue
		}
		after, ok := teamSide(s, end)
		if !ok || !p.phraseEnds(after, len(s.Toks)) && !s.Is(after, ",", "now", "apparently", "and", "lol") {
			continue
		}
		var who ontology.EntityRef
		switch {
		case s.Is(v, "play") && s.Is(v-1, "i"):
			who = p.speaker
		case s.Is(v, "plays") && s.Is(v-1, "he", "she"):
			a, ok := p.pronoun(v-1, s.Norm(v-1))
			if !ok {
				return
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		case s.Is(v, "plays"):
			sp, ok := p.nameEndingAt(v)
			if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || commonSpan(sp) {
				return
			}
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		}
		if who.Name == "" {
			return
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: who, to: org, role: "player", conf: confWeak, validFrom: p.ts})
		return
	}
}
