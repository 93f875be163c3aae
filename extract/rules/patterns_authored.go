package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// authorParticiples may stand between a work and "by": "\"Piranesi\", written
// by Susanna Clarke".
var authorParticiples = lang.Words(`written directed painted composed sung performed produced illustrated
	created recorded`)

// writtenBy reads a named work followed by "by" and its maker: "\"Piranesi\"
// by Susanna Clarke", "a novel called \"The Glass Orchard\" by Mira
// Castell", "I'm reading Hamnet by Maggie Farrell", "\"Hello\", sung by
// Adele": CREATED maker → work. The work is a quoted title, or a name
// right after a work noun or a reading verb ("the novel Hamnet", "reading
// Hamnet"); the maker is a person's name (two words, unless the title is
// quoted), not a time, a place or an organisation. A work unnamed ("a
// book by Mira Castell") gives nothing, and neither does a question.
func (p *sentCtx) writtenBy() {
	s := p.s
	if s.Question {
		return
	}
	for i := 1; i+1 < len(s.Toks); i++ {
		if s.Norm(i) != "by" {
			continue
		}
		j := i - 1
		if authorParticiples[s.Norm(j)] {
			j--
		}
		if s.Norm(j) == "," {
			j--
		}
		work, quoted, ok := p.workEndingAt(j + 1)
		if !ok {
			continue
		}
		maker, ok := p.maker(i+1, quoted)
		if !ok || ontology.NormaliseName(maker.Name) == ontology.NormaliseName(work.Name) {
			continue
		}
		p.created(maker, work, " created ", confWeak)
	}
	p.makersTitle()
}

// makersTitle reads a quoted title after its maker's possessive: "modern
// Nina Simone's \"Feeling Good\"": CREATED. The maker must be a
// person's full name (two capitalised words or more) and the phrase end
// after the title ("Jo Smith's \"Big Night\" party" is not).
func (p *sentCtx) makersTitle() {
	s := p.s
	for i := 1; i+2 < len(s.Toks); i++ {
		if s.Norm(i) != `"` || !s.Toks[i-1].Poss {
			continue
		}
		w := quotedWorksAt(s, i)
		if len(w) != 1 || !s.Tok(w[0].from).Cap || !p.phraseEnds(w[0].to+1, len(s.Toks)) && s.Norm(w[0].to+1) != "," {
			continue
		}
		sp, ok := nameBefore(s, i)
		if !ok || !multiWordCap(s, sp) {
			continue
		}
		sp = p.known.typeName(s, sp)
		if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
			continue
		}
		maker := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		p.created(maker, ontology.EntityRef{Name: w[0].name, Type: ontology.EntityWork}, " created ", confWeak)
		i = w[0].to
	}
}

// workEndingAt reads a named work whose last token is just before end: a
// quoted title (quoted is true) or a name after a work noun or verb.
func (p *sentCtx) workEndingAt(end int) (ontology.EntityRef, bool, bool) {
	s := p.s
	if end < 2 {
		return ontology.EntityRef{}, false, false
	}
	if s.Norm(end-1) == `"` {
		open := end - 2
		for open >= 0 && s.Toks[open].Norm != `"` && end-open <= 12 {
			open--
		}
		if open < 0 || s.Toks[open].Norm != `"` || open+1 >= end-1 || !s.Toks[open+1].Cap {
			return ontology.EntityRef{}, false, false
		}
		return ontology.EntityRef{Name: quotedText(s, open+1, end-1), Type: ontology.EntityWork}, true, true
	}
	sp, ok := nameBefore(s, end)
	if !ok || sp.to != end || s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, false, false
	}
	before := s.Norm(sp.from - 1)
	if before == "called" || before == "titled" {
		before = s.Norm(sp.from - 2)
	}
	if !workCues[before] && !workVerbs[before] {
		return ontology.EntityRef{}, false, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityWork}, false, true
}

// maker reads the person after "by" at k: two or more capitalised words,
// or one when the work was quoted ("\"Hello\" by Adele"); never a time
// ("by Friday"), a place, an organisation, a possessive ("by Adele's
// band") or a name running on into more words.
func (p *sentCtx) maker(k int, quoted bool) (ontology.EntityRef, bool) {
	s := p.s
	if p.timeAt(k) != nil {
		return ontology.EntityRef{}, false
	}
	sp, ok := nameAt(s, k)
	if !ok || s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, false
	}
	if !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, "and", "is", "was", "has") && p.timeAt(sp.to) == nil &&
		!s.Seq(sp.to, "right", "now") {
		return ontology.EntityRef{}, false
	}
	words := 0
	for i := sp.from; i < sp.to; i++ {
		if s.Toks[i].Word {
			words++
		}
	}
	if words < 2 && !quoted {
		return ontology.EntityRef{}, false
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
}
