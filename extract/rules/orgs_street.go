package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A business told by its address (issue 14, h14-biz30): a name no cue
// types, made a business by the kind apposed after its street ("The Nest
// on Tankerton Road, the coworking place"), by a relation the turn read
// ("he owns Karimi's on Palace St"), or by standing alone before its
// street as a trader introduces their shop ("Kapoor Cycles, Mortimer St
// in Herne Bay."); and the town after the street.

// kindApposedAt reports whether the phrase at k, after a name and its
// street, says what kind of business the name is: ", the coworking
// place", ", a little bakery" (apposKinds), ending its clause. "The Nest
// on Tankerton Road, the coworking place" is a business; "Tom on
// Gloucester Road, the lucky sod" is not.
func kindApposedAt(s *sentence, k int) bool {
	if !s.Is(k, ",") || !s.Is(k+1, "the", "a", "an") {
		return false
	}
	for j := k + 2; j <= k+4 && j < len(s.Toks); j++ {
		t := s.Toks[j]
		if !t.Word || t.Cap && !s.Lower {
			return false
		}
		if apposKinds[t.Norm] && clauseEndsAt(s, j+1) {
			return true
		}
	}
	return false
}

// streetTown reads the town after a business's street at k, "in Herne
// Bay" ending its phrase: "Kapoor Cycles, Mortimer St in Herne Bay". A
// time ("in April"), a name no gazetteer or cue makes a place, or a
// phrase that goes on ("in Canterbury's old town") reads nothing.
func (p *sentCtx) streetTown(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "in") || p.timeAt(k+1) != nil || !p.placeConfirmed(k+1) {
		return ontology.EntityRef{}, false
	}
	town, end, _, ok := p.place(k + 1)
	if !ok || s.Tok(end-1).Poss || end < len(s.Toks) && s.Toks[end].Word && !orgPhraseEnds[s.Norm(end)] {
		return ontology.EntityRef{}, false
	}
	return town, true
}

// orgCommaStreet reads a trader's introduction of their business: a
// sentence that is only a name, a comma and its street, with its town or
// not ("Kapoor Cycles, Mortimer St in Herne Bay.", "Pickles, Fennel
// Street"): LOCATED_IN the street (and the town). A person ("Tom, Gloucester
// Road"), a place, a speaker or a sentence that goes on after the street
// ("Kapoor Cycles, Mortimer St is closed") reads nothing.
func (p *sentCtx) orgCommaStreet() {
	s := p.s
	f, sp, ok := afterLeads(s), span{}, false
	if f >= 0 {
		sp, ok = p.nameStartingAt(f)
	}
	if !ok || sp.from != f && !(s.Is(f, "the") && sp.from == f+1) || !s.Is(sp.to, ",") || s.Tok(sp.to-1).Poss ||
		sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || firstName(ontology.NormaliseName(sp.name)) ||
		p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) || p.disc.typedAs(sp.name, ontology.EntityPlace) {
		return
	}
	street, se, ok := p.streetAt(sp.to + 1)
	if !ok {
		return
	}
	town, townOK := p.streetTown(se)
	switch {
	case townOK:
		se = p.townEnd(se)
	case se < len(s.Toks) && s.Toks[se].Word:
		return
	}
	if se < len(s.Toks) && !s.Is(se, ".", "!", ",") {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: street, conf: confWeak, validFrom: p.ts})
	if townOK {
		p.relation(rel{typ: ontology.RelLocatedIn, from: street, to: town, conf: confWeak, validFrom: p.ts})
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: town, conf: confWeak, validFrom: p.ts})
	}
}

// townEnd returns where the town streetTown read at k ends.
func (p *sentCtx) townEnd(k int) int {
	_, end, _, _ := p.place(k + 1)
	return end
}

// plainKindWords describe a business without naming it: "the corner deli
// on Oxford St", "the new bakery on Mill Road".
var plainKindWords = lang.Words(`new old little corner local big small best nice good same other main that this
	only nearest closest cheap posh fancy italian polish turkish greek indian chinese`)

// lowerOrgOnStreet reads a trader's lower-case introduction of their
// business by its kind and its street, a sentence of its own: "craig. the
// pearl deli on oxford st. cheese, charcuterie": LOCATED_IN. The name is
// the words before a business's last word (a deli, books, a bakery); a
// business only described ("the corner deli on oxford st", "the new
// bakery on mill road"), a sentence that goes on after the street ("the
// pearl deli on oxford st is shut") or one that does not open with it
// reads nothing.
func (p *sentCtx) lowerOrgOnStreet() {
	s := p.s
	f := afterLeads(s)
	if !s.Lower || f < 0 {
		return
	}
	if s.Is(f, "the") {
		f++
	}
	k := f + 1
	for k < len(s.Toks) && k <= f+3 && !s.Is(k, "on") {
		k++
	}
	if !s.Is(k, "on") || !orgHeadEnds(s.Norm(k-1)) || k-1 == f {
		return
	}
	for i := f; i < k; i++ {
		if !plainWord(s, i) || functionWords[s.Norm(i)] || plainKindWords[s.Norm(i)] || firstName(s.Norm(i)) || s.Tok(i).Poss {
			return
		}
	}
	street, se, ok := p.streetAt(k + 1)
	if !ok || se < len(s.Toks) && !s.Is(se, ".", "!", ",") && !p.abbrevStop(se-1) {
		return
	}
	org := ontology.EntityRef{Name: titleCase(joinText(s, f, k)), Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: street, conf: confWeak, validFrom: p.ts})
}

// abbrevStop reports whether a full stop right after the token at k ends
// its sentence though the tokenizer kept it as an abbreviation's ("oxford
// st. cheese, charcuterie").
func (p *sentCtx) abbrevStop(k int) bool {
	e := p.s.Tok(k).End
	return e > 0 && e < len(p.text) && p.text[e] == '.' || strings.HasSuffix(p.s.Tok(k).Text, ".")
}

// shopVerbs before a lower-case possessive name and its street make the
// name a shop: "he owns karimi's on palace st", "she's bought patel's on
// fennel street".
var shopVerbs = lang.Words(`owns own bought runs run opened`)

// lowerShopOnStreet reads a shop named by a possessive in lower case, after
// a verb of owning or running and before its street: "he owns karimi's on
// palace st in canterbury": LOCATED_IN the street (and the town), and for
// "owns" or "bought" OWNS by who the verb's subject is (founderBefore). A
// given name ("dinner at dan's on mill road"), a pronoun, a verb of
// visiting, a hedge or a sentence with capitals (orgOnStreet's) reads
// nothing.
func (p *sentCtx) lowerShopOnStreet() {
	s := p.s
	if !s.Lower {
		return
	}
	for k := range wordsIn(s, lang.Words(`on`)) {
		n, v := k-1, k-2
		if v < 0 || !s.Tok(n).Poss || !plainWord(s, n) || !shopVerbs[s.Norm(v)] || p.hedgedAt(v) {
			continue
		}
		w := s.Norm(n)
		if len(w) < 3 || firstName(w) || pronounish[w] || functionWords[w] || p.disc.isSpeaker(w) || p.disc.typedPerson(s.Tok(n).Text) {
			continue
		}
		street, se, ok := p.streetAt(k + 1)
		if !ok {
			continue
		}
		shop := ontology.EntityRef{Name: titleCase(s.Tok(n).Text) + "'s", Type: ontology.EntityOrganization}
		if s.Is(v, "owns", "own", "bought") {
			if who, cite, ok := p.founderBefore(v); ok {
				p.relationCitingAll(rel{typ: ontology.RelOwns, from: who, to: shop, conf: confWeak, validFrom: p.ts}, cite)
			}
		}
		p.relation(rel{typ: ontology.RelLocatedIn, from: shop, to: street, conf: confWeak, validFrom: p.ts})
		if town, ok := p.streetTown(se); ok {
			p.relation(rel{typ: ontology.RelLocatedIn, from: street, to: town, conf: confWeak, validFrom: p.ts})
			p.relation(rel{typ: ontology.RelLocatedIn, from: shop, to: town, conf: confWeak, validFrom: p.ts})
		}
	}
}
