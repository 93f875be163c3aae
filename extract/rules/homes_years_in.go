package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// yearsInPlaceEnds may follow the place of yearsInPlaceSaid: the
// sentence's end, a comma, a clause joined on, a chat's filler.
var yearsInPlaceEnds = lang.Words(`, and n but is was now o lol tho though haha`)

// yearsInPlaceThird are the words of a third person whose tally of years a
// verbless one may be ("mrs pilling. 40 yrs in horsforth and she's off");
// a list for p.has.
var yearsInPlaceThird = []string{"he", "she", "they", "his", "her", "their", "hes", "shes", "theyre"}

// yearsInPlaceSaid reads the speaker's tally of years in a place opening a
// clause without a verb: "6 yrs na living in dubai", "five years in
// brunswick and i'm actually leaving", "Thirty years in Haxby and I'm
// leaving it for oranges", "After 8 years in Lagos": LIVES_IN, ended when
// the sentence leaves it ("leaving", "is enough", "after"). Days or weeks
// (a stay), a thing that is no place of the gazetteer ("16 years in
// matatus", "9 years in the chair"), a third person's ("40 yrs in
// horsforth and she's off"), a question or a hedge read nothing.
func (p *sentCtx) yearsInPlaceSaid() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Question {
		return
	}
	ended := false
	if s.Is(f, "after") {
		ended, f = true, f+1
	}
	if !countWord(s, f) || !s.Is(countEnd(s, f), "years", "yrs", "decades") {
		return
	}
	k := countEnd(s, f) + 1
	if s.Is(k, "na") {
		k++ // Taglish "6 yrs na living in dubai": "already"
	}
	if s.Is(k, "living") {
		k++
	}
	if !s.Is(k, "in") || p.hedgedAt(f) || p.has(0, len(s.Toks), yearsInPlaceThird...) {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || conf < confStrong || place.Type != ontology.EntityPlace || !p.phraseEnds(end, len(s.Toks)) && !yearsInPlaceEnds[s.Norm(end)] ||
		p.has(end, len(s.Toks), "before", "then", "for", "until", "til", "till") || !p.yearsInPlaceOwn() {
		return // "6 yrs in Bristol before i moved", "2 years in Leeds for uni then home"
	}
	r := rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak}
	if ended || p.has(end, len(s.Toks), "leaving", "leave", "enough", "left") {
		r.validUntil = p.ts
	} else {
		r.validFrom = p.ts
	}
	p.relation(r)
}

// yearsInPlaceOwn reports whether the turn, before the sentence, leaves
// its tally of years the speaker's: no question ("my brother? 6 yrs in
// bristol now") and no third person or kin ("mrs pilling. 40 yrs in …",
// "my mum. 30 years in Hull") said before it.
func (p *sentCtx) yearsInPlaceOwn() bool {
	before := p.text[:p.s.Start]
	if strings.Contains(before, "?") {
		return false
	}
	toks := p.disc.tokensOf(before)
	for k, t := range toks {
		if t.Norm == "he" || t.Norm == "she" || k > 0 && toks[k-1].Norm == "my" && isRoleWord(t.Norm) {
			return false
		}
	}
	return true
}
