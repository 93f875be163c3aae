package extract

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestStoredNamesOrdersByMentions checks the in-process stand-in for the
// store's names: name types only, once per name, most cited turns first,
// the most confident type kept.
func TestStoredNamesOrdersByMentions(t *testing.T) {
	x := ontology.Extraction{Entities: []ontology.EntityMention{
		{EntityRef: ontology.EntityRef{Name: "Savills", Type: ontology.EntityConcept}, SourceTurnIDs: []string{"t1"}},
		{EntityRef: ontology.EntityRef{Name: "jazz", Type: ontology.EntityConcept}, SourceTurnIDs: []string{"t1", "t2", "t3"}},
		{EntityRef: ontology.EntityRef{Name: "Leeds", Type: ontology.EntityPlace}, SourceTurnIDs: []string{"t2"}},
		{EntityRef: ontology.EntityRef{Name: "savills", Type: ontology.EntityOrganization}, SourceTurnIDs: []string{"t2", "t3"}, TypeConfidence: 0.8},
	}}
	got := StoredNames(x)
	want := []ontology.EntityRef{{Name: "Savills", Type: ontology.EntityOrganization}, {Name: "Leeds", Type: ontology.EntityPlace}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("StoredNames = %v, want %v", got, want)
	}
}
