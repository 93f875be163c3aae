package extract

import (
	"cmp"
	"slices"

	"github.com/loci-memory/loci/ontology"
)

// StoredNames returns the names a store would hand the next batch as
// ontology.BatchContext.Names after storing x: its entities of
// ontology.ContextNameTypes, once each by normalised name, the most
// mentioned (by turns cited) first, then by name, at most
// ontology.MaxContextNames. Each keeps the type its most confident mention
// gave it. In-process scorers use it to extract the way ingest does,
// without a store.
func StoredNames(x ontology.Extraction) []ontology.EntityRef {
	type entry struct {
		ref   ontology.EntityRef
		conf  float64
		turns map[string]bool
	}
	byName := map[string]*entry{}
	var order []*entry
	for _, e := range x.Entities {
		n := ontology.NormaliseName(e.Name)
		if n == "" || !e.Type.Valid() {
			continue
		}
		en := byName[n]
		if en == nil {
			en = &entry{ref: e.EntityRef, conf: e.TypeConfidence, turns: map[string]bool{}}
			byName[n] = en
			order = append(order, en)
		} else if e.TypeConfidence > en.conf {
			en.ref.Type, en.conf = e.Type, e.TypeConfidence
		}
		for _, id := range e.SourceTurnIDs {
			en.turns[id] = true
		}
	}
	var out []*entry
	for _, en := range order {
		if slices.Contains(ontology.ContextNameTypes, string(en.ref.Type)) {
			out = append(out, en)
		}
	}
	slices.SortStableFunc(out, func(a, b *entry) int {
		if c := cmp.Compare(len(b.turns), len(a.turns)); c != 0 {
			return c
		}
		return cmp.Compare(a.ref.Name, b.ref.Name)
	})
	refs := make([]ontology.EntityRef, 0, min(len(out), ontology.MaxContextNames))
	for _, en := range out[:min(len(out), ontology.MaxContextNames)] {
		refs = append(refs, ontology.EntityRef{Name: en.ref.Name, Type: en.ref.Type})
	}
	return refs
}
