package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// ministryPosts are a church's posts that jobTitles leaves out and that
// lead nothing (a vicar or an imam leads, clergyTitles): "four years as
// Minister at Bethany Road".
var ministryPosts = lang.Words(`minister curate deacon`)

// yearLengths end the stretch of time before "as" a post: "in four years
// as", "after ten months as", "my first year as".
var yearLengths = lang.Words(`years yrs year months month decades decade`)

// yearsAsPostAt reads the speaker's post told by how long they have held
// it: "In four years as Minister at Bethany Road I have not seen …",
// "after six years as a nurse at Leeds General, I know …": WORKS_AT, the
// post as role. A clause whose subject is not "I" ("in four years as
// minister at X she has …"), a time to come ("in four years as a nurse
// at X I will …"), a post no list knows, a place, a past ("my years as a
// nurse at X were …": no "I have") or a hedge reads nothing.
func (p *sentCtx) yearsAsPostAt() {
	s := p.s
	for k := 2; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "as") || !yearLengths[s.Norm(k-1)] || p.hedgedAt(k) {
			continue
		}
		j := k + 1
		if s.Is(j, "a", "an", "the") {
			j++
		}
		role := ""
		for ; j < len(s.Toks) && j <= k+4 && s.Toks[j].Word && !s.Is(j, "at"); j++ {
			if n := s.Norm(j); jobTitles[n] || ministryPosts[n] {
				role = n
			}
		}
		if role == "" || !s.Is(j, "at") || !jobTitles[s.Norm(j-1)] && !ministryPosts[s.Norm(j-1)] {
			continue
		}
		org, ok := p.typed(j + 1)
		if !ok || org.from > j+2 || org.typ == ontology.EntityPlace || s.Tok(org.to-1).Poss ||
			(org.typ == ontology.EntityPerson || p.disc.typedPerson(org.name)) && !streetNamed(org.name) {
			continue
		}
		i := org.to
		if s.Is(i, ",") {
			i++
		}
		if !s.Is(i, "i") || modalWords[s.Norm(i+1)] || s.Is(i+1, "will", "'ll", "wanna", "want") {
			continue // "in four years as a nurse at X I will have paid it off": a time to come
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization},
			role: role, conf: confWeak, validFrom: p.ts})
	}
}
