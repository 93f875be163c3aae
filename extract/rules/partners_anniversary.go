package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// anniversaryKinds may stand between a couple's names and "anniversary":
// "Tom and Ana's wedding anniversary", "their 10th", "a ruby one".
var anniversaryKinds = lang.Words(`wedding silver golden ruby pearl diamond tenth twentieth 10th 20th 25th 30th 40th 50th
	1st 2nd 3rd 5th first second third fifth`)

// coupleAnniversary reads "its lize and johan's anniversary on the 20th",
// "Tom and Ana's wedding anniversary is Friday": the two named are a
// couple (PARTNER_OF). Both must be people (a speaker, a person or a given
// name), the second carrying the possessive, "anniversary" right after it
// or after a kind of one; "Ben's work anniversary", "the shop's tenth
// anniversary", "mum and dad's anniversary" (no names) and a question read
// nothing.
func (p *sentCtx) coupleAnniversary() {
	s := p.s
	for a := range wordsIn(s, lang.Words(`anniversary`)) {
		e := a
		for e > 0 && anniversaryKinds[s.Norm(e-1)] {
			e--
		}
		if e < 3 || !s.Tok(e-1).Poss || p.hedgedAt(a) {
			continue
		}
		second, ok := p.coupleName(e)
		if !ok || !s.Is(second.from-1, "and", "&", "n") {
			continue
		}
		first, ok := p.coupleName(second.from - 1)
		if !ok || s.Tok(first.to-1).Poss || ontology.NormaliseName(first.name) == ontology.NormaliseName(second.name) {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: ontology.EntityRef{Name: first.name, Type: ontology.EntityPerson},
			to: ontology.EntityRef{Name: second.name, Type: ontology.EntityPerson}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// coupleName is the person named just before end: a speaker, a name typed
// a person, or a given name.
func (p *sentCtx) coupleName(end int) (span, bool) {
	sp, ok := p.nameEndingAt(end)
	if !ok {
		return span{}, false
	}
	n := ontology.NormaliseName(sp.name)
	if p.disc.isSpeaker(sp.name) || p.known.speakerNick(n) || sp.typ == ontology.EntityPerson {
		return sp, true // a speaker by label or by a label's start ("lize" of "Lizee")
	}
	return sp, sp.typ == ontology.EntityConcept && firstName(n) && !kinWord(n)
}

// kinWord reports a relationship word ("mum", "dad"), which names no one.
func kinWord(w string) bool { _, ok := roleWords[w]; return ok || parentVocatives[w] != "" }
