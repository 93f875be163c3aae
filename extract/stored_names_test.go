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

// Stored replays what a store hands the next batch: the names and the
// chat group of the batches added, the group recorded once.
func TestStoredFillsWhatTheStoreHandsOn(t *testing.T) {
	club := &ontology.EntityRef{Name: "Ashgrove CC", Type: ontology.EntityOrganization}
	batch := ontology.Extraction{
		Entities:  []ontology.EntityMention{{EntityRef: ontology.EntityRef{Name: "Bev", Type: ontology.EntityPerson}, SourceTurnIDs: []string{"D1:1"}}},
		ChatGroup: club,
	}
	var s Stored
	s.Add(batch)
	s.Add(batch)
	req := ontology.ExtractRequest{Speakers: []string{"Bev"}}
	s.Fill(&req)
	if len(req.ChatGroups) != 1 || req.ChatGroups[0].Name != "Ashgrove CC" {
		t.Errorf("chat groups %+v, want Ashgrove CC once", req.ChatGroups)
	}
	if len(req.StoredNames) != 1 || req.StoredNames[0].Name != "Bev" {
		t.Errorf("stored names %+v, want Bev", req.StoredNames)
	}
}
