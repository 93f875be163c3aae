package rules

import "github.com/loci-memory/loci/ontology"

// Relative "where" after a name: "the choir at Babeș-Bolyai University,
// where I studied informatics", "Leeds, where she grew up". The clause
// after "where" is read with the name put back after its verb ("I studied
// informatics at Babeș-Bolyai University"), keeping only relations that
// end at the name.

// whereVerbs are the verbs read after ", where", with the preposition the
// name takes and the type it must have.
var whereVerbs = map[string]struct {
	prep string
	want ontology.EntityType
}{
	"studied": {"at", ontology.EntityOrganization}, "study": {"at", ontology.EntityOrganization},
	"studies": {"at", ontology.EntityOrganization}, "work": {"at", ontology.EntityOrganization},
	"works": {"at", ontology.EntityOrganization}, "teach": {"at", ontology.EntityOrganization},
	"teaches": {"at", ontology.EntityOrganization},
	"live":    {"in", ontology.EntityPlace}, "lives": {"in", ontology.EntityPlace},
	"grew": {"in", ontology.EntityPlace},
}

// relativeWhere reads the ", where I/she/Name <verb> …" clauses of turn t.
func (c *turnCtx) relativeWhere(t ontology.Turn) {
	for _, s := range c.statements(t) {
		for k := 2; k+2 < len(s.Toks); k++ {
			if s.Norm(k) != "where" || s.Norm(k-1) != "," {
				continue
			}
			sp, ok := nameBefore(s, k-1)
			if !ok {
				continue
			}
			sp = c.known.typeName(s, sp)
			subj := k + 1
			if !s.Is(subj, "i", "he", "she") {
				continue
			}
			v := subj + 1
			for adverbs[s.Norm(v)] {
				v++
			}
			wv, ok := whereVerbs[s.Norm(v)]
			if !ok || sp.typ != wv.want || !sp.confirmed || s.Norm(v) == "grew" && s.Norm(v+1) != "up" {
				continue
			}
			end := clauseEnd(s, v+1)
			text := t.Text[s.Toks[subj].Start:s.Toks[end-1].End] + " " + wv.prep + " " + sp.name
			norm := ontology.NormaliseName(sp.name)
			c.readKeeping(t, text, func(r ontology.Relation) bool { return ontology.NormaliseName(r.To.Name) == norm })
		}
	}
}
