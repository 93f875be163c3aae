package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// coupleItem reads "me and raf are officially a thing", "Sol and I are an
// item now", "me and Jo are back together", "me n dev are official": the
// speaker and the one named are partners (PARTNER_OF). The pair must open
// the sentence and what they are must end it ("a thing of the past", "a
// thing for pub quizzes", "together at the pub" say nothing of a couple);
// a negation ("not a thing"), a hedge ("kind of a thing", "I think …") or
// a question reads nothing.
func (p *sentCtx) coupleItem() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.speaker.Name == "" || f > 0 && !s.Is(f-1, "so", "and", "ok", "okay", "well", "yeah", "yes", "also") && s.Toks[f-1].Word {
		return
	}
	for a := f + 2; a < len(s.Toks) && a <= f+5; a++ {
		if !s.Is(a, "are", "'re", "re") {
			continue
		}
		partner, ok := p.pairOpening(f, a)
		if !ok || hedgedBefore(s, a) || p.tieHedged(a) {
			return
		}
		j := a + 1
		for n := 0; n < 2 && itemAdverbs[s.Norm(j)]; n++ {
			j++
		}
		switch {
		case s.Seq(j, "a", "thing") || s.Seq(j, "an", "item"):
			j += 2
		case s.Is(j, "official", "together") && (s.Is(j, "official") || itemAdverbs[s.Norm(j-1)]):
			j++ // "back together", "officially together"; "together" alone may be a room shared
		default:
			return
		}
		if !coupleEnds(s, j) {
			return
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: partner, conf: confWeak, validFrom: p.ts})
		return
	}
}

// pairOpening returns the other one of a pair subject that opens at f and
// ends before a: "me and raf", "me n raf", "Sol and I", "Sol and me".
func (p *sentCtx) pairOpening(f, a int) (ontology.EntityRef, bool) {
	s := p.s
	var sp span
	var ok bool
	switch {
	case s.Is(f, "me") && s.Is(f+1, "and", "n", "&"):
		sp, ok = p.nameEndingAt(a)
		ok = ok && sp.from == f+2
	case s.Is(a-1, "i", "me") && s.Is(a-2, "and", "n", "&"):
		sp, ok = p.nameEndingAt(a - 2)
		ok = ok && sp.from == f
	}
	if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || p.disc.isSpeaker(sp.name) && p.disc.sameSpeaker(ontology.NormaliseName(sp.name), p.speaker.Name) {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
}

// coupleEnds reports whether the couple's word before k ends the
// statement: the end, punctuation or an emoji, or a chat particle.
func coupleEnds(s *sentence, k int) bool {
	for n := 0; n < 3 && k < len(s.Toks) && (chatTailWords[s.Norm(k)] || s.Is(k, "officially", "again", "yay")); n++ {
		k++
	}
	return k >= len(s.Toks) || !s.Toks[k].Word
}

// itemAdverbs may stand between "are" and what a couple says they are:
// "me and raf are officially a thing".
var itemAdverbs = lang.Words(`officially now finally basically properly actually back`)
