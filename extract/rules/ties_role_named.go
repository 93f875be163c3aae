package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind15Ties are the readings of this file, run by blind15Sentence: a
// tie named after the name ("Dev Chaudhry, the flatmate, moved in"), a
// tie announced before the name ("new neighbour!! Mrs Adebayo from 2B"),
// a job at "some fintech in edinburgh called Brightloop", and an offer
// taken ("got offered head baker at Oven Bird and i said yes").
var blind15Ties = []sentenceReading{
	{lang.Words(`the`), (*sentCtx).nameTheRole},
	{lang.Words(`called named`), (*sentCtx).joinedOrgCalled},
	{lang.Words(`offered`), (*sentCtx).offeredAndTook},
	{lang.Words(`job`), (*sentCtx).lowerGotTheJob},
}

// tieOf returns what a singular relationship word at k says when it is a
// tie one has outside the family: a flatmate, a neighbour, a boss.
func tieOf(s *sentence, k int) (roleInfo, bool) {
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Tok(k).Poss || info.kind != kindKnows && info.kind != kindColleague {
		return roleInfo{}, false
	}
	return info, true
}

// nameTheRole reads "Dev Chaudhry, the flatmate, moved into the box room"
// and "we've got a new one, Ferdie, the flatmate": the speaker's tie, role
// after the name. "the flatmate of my cousin", "the neighbour's son",
// "the boss from that show", a plural or a speaker read nothing.
func (p *sentCtx) nameTheRole() {
	s := p.s
	for k := 2; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "the") || !s.Is(k-1, ",") {
			continue
		}
		info, ok := tieOf(s, k+1)
		if !ok || !s.Is(k+2, ",", ".", "!") && k+2 < len(s.Toks) {
			continue
		}
		sp, ok := p.nameEndingAt(k - 1)
		if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || commonSpan(sp) || s.Tok(sp.to-1).Poss ||
			s.Is(sp.from-1, "my", "your", "ur", "his", "her", "their", "our") || s.Tok(sp.from-1).Poss {
			continue
		}
		if _, tied := roleWords[s.Norm(sp.from-1)]; tied {
			continue // "my sister's mate Dev, the flatmate": Dev is another's
		}
		who := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if p.isSpeaker(who) || hedgedBefore(s, sp.from) {
			continue
		}
		p.relRole(p.speaker, info.kind, info.role, who, confWeak)
		return
	}
}

// newRoleThenName reads a tie announced in a sentence of its own and
// named in the next: "also new neighbour!! Mrs Adebayo from 2B, brought me
// jollof", "new flatmate: Ferdie". Someone else's ("my sister's new
// neighbour!!"), a plural ("new neighbours!! the Adebayos"), a question
// ("new boss?? Rupert maybe"), a name read as another's ("Mrs Adebayo's
// cat") or a hedge read nothing.
func (p *sentCtx) newRoleThenName() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Question {
		return
	}
	if s.Is(f, "new") && s.Is(f+2, ":", "-", "—") {
		if info, ok := tieOf(s, f+1); ok {
			p.tieNamedAt(f+3, info) // "new flatmate: Ferdie"
		}
		return
	}
	last := p.sentenceBefore()
	if last == nil || last.Question || len(last.Toks) < 2 {
		return
	}
	k := len(last.Toks) - 1
	for k > 0 && !last.Toks[k].Word {
		if last.Toks[k].Norm == "?" {
			return
		}
		k--
	}
	info, ok := tieOf(last, k)
	if !ok || !last.Is(k-1, "new") {
		return
	}
	for j := afterLeads(last); j >= 0 && j < k-1; j++ {
		if !last.Is(j, "my", "our", "a") {
			return // "my sister's new neighbour": only leads, "my" or "a" before "new"
		}
	}
	p.tieNamedAt(f, info)
}

// tieNamedAt reads the person named at f as the speaker's tie info ("Mrs
// Adebayo from 2B", "Ferdie. seems fine"), unless the name is another's
// ("Mrs Adebayo's cat") or hedged ("Ferdie probably").
func (p *sentCtx) tieNamedAt(f int, info roleInfo) {
	s := p.s
	who, end, ok := p.person(f)
	if !ok && s.Is(f, "mrs", "mr", "ms", "miss", "dr") {
		who, end, ok = p.person(f + 1) // "Mrs Adebayo"
	}
	if !ok || s.Tok(end-1).Poss || p.isSpeaker(who) || hedgedAfter(s, end) || s.Is(end, "maybe", "probably", "?", "if") ||
		s.Is(end, ",") && s.Is(end+1, "maybe", "probably", "if") {
		return
	}
	p.relRole(p.speaker, info.kind, info.role, who, confWeak)
}
