package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind15More are the readings of this file, run by blind15Sentence: a
// home told with its length first ("twenty years I live in Podgórze") and
// a start named after its organisation ("yep, Quay Street Museum, he
// starts in april").
var blind15More = []blind8Reading{
	{lang.Words(`years yrs decades`), (*sentCtx).yearsFirstHome},
	{lang.Words(`starts`), (*sentCtx).orgThenStarts},
}

// yearsFirstHome reads "twenty years I live in Podgórze", "10 yrs we've
// lived in Leith": LIVES_IN. A past ("twenty years ago", "I lived in"), a
// modal ("i'd live in"), a want, a short stay ("two weeks") or a question
// read nothing.
func (p *sentCtx) yearsFirstHome() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !countWord(s, f) || !s.Is(f+1, "years", "yrs", "decades") {
		return
	}
	k := f + 2
	if !s.Is(k, "i", "we") {
		return
	}
	j := k + 1
	switch {
	case s.Is(j, "live"):
		j++
	case s.Is(j, "'ve", "have") && s.Is(j+1, "lived"):
		j += 2
	default:
		return
	}
	if !s.Is(j, "in") {
		return
	}
	place, end, _, ok := p.place(j + 1)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "and", "but", "now") {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// countWord reports whether the word at k counts years: "twenty", "10",
// "a few", "many".
func countWord(s *sentence, k int) bool {
	n := s.Norm(k)
	return countWords[n] || isDigits(n) || n == "many" || n == "several" || n == "few" && s.Is(k-1, "a")
}

// startsWhen are the words after "starts" that date a start: "starts in
// april", "starts monday", "starts next week".
var startsWhen = lang.Words(calendarNames + ` in on next tomorrow`)

// orgThenStarts reads "yep, Quay Street Museum, he starts in april" (an
// answer naming the employer, then the start): WORKS_AT for the pronoun's
// person. "he starts school", "he might start", a question or an
// ambiguous pronoun read nothing.
func (p *sentCtx) orgThenStarts() {
	s := p.s
	for v := 3; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "starts") || !s.Is(v-1, "he", "she") || !s.Is(v-2, ",") || !startsWhen[s.Norm(v+1)] {
			continue
		}
		sp, ok := p.nameEndingAt(v - 2)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || sp.from != afterLeads(s) && !s.Is(sp.from-1, ",") {
			continue
		}
		if sp.typ == ontology.EntityConcept && !sp.confirmed && !endsInGroupHead(sp.name) && descriptionClass[strings.ToLower(lastWord(sp.name))] == "" {
			continue // an unknown bare name: "Tuesday, he starts in april"
		}
		a, ok := p.pronoun(v-1, s.Norm(v-1))
		if !ok || p.isSpeaker(a.ref) {
			return
		}
		defer p.citeFrom(a.turn)()
		p.relation(rel{typ: ontology.RelWorksAt, from: a.ref, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, conf: confWeak, validFrom: p.ts})
		return
	}
}
