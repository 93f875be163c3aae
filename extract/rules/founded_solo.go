package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// soloCues, earlier in the turn, say the speaker is setting up in
// business alone: "Going solo from April", "gone freelance", "I'm
// self-employed now".
var soloCues = lang.Words(`solo freelance self-employed selfemployed`)

// soloBusinessNamed reads the business a speaker going solo names with
// "just me": "Going solo from April. Ledgerlight Bookkeeping, just me and a
// laptop for now": CREATED (founder). A name with no going solo before it
// in the turn ("Harbour Books, just me today" of a shift), a person or a
// place ("Leeds, just me") reads nothing; a question reads nothing
// (runReadings).
func (p *sentCtx) soloBusinessNamed() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.speaker.Name == "" {
		return
	}
	sp, ok := p.typed(f)
	if !ok || sp.from > f+1 || !s.Is(sp.to, ",") || !s.Is(sp.to+1, "just", "only") || !s.Is(sp.to+2, "me") ||
		sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
		p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) || firstName(strings.ToLower(firstWord(sp.name))) {
		return
	}
	if !wordIn(strings.ToLower(p.text[:s.Start]), soloCues) {
		return
	}
	p.created(p.speaker, ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, " founded ", confWeak)
}

// lowerFoundedPair reads at k, after a lower-case "set up", a business
// named by two words and "&" ("twine & tallow", "brindle & moss") whose
// phrase ends there ("with my sister", "in 2021", a comma or the end): a
// name, not "fish & chips" as a thing set up ("set up fish & chips
// stalls").
func (p *sentCtx) lowerFoundedPair(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	name, end, ok := lowerAmpersandName(s, k)
	if !ok || end < len(s.Toks) && s.Toks[end].Word && !s.Is(end, "with", "in", "back", "last", "this", "and") {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, end, true
}
