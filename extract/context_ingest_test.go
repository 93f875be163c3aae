package extract_test

import (
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// Agents often send one turn per call: the pronoun of the second call
// resolves through the context turns the ingestor reads from Neo4j, and
// the relation stored cites the antecedent's turn beside its own.
func TestCoreferenceAcrossBatchesThroughContext(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2025, 1, 14, 20, 0, 0, 0, time.UTC)
	later := at.Add(2 * time.Minute)
	in := extract.NewIngestor(store, nil, rules.New())
	calls := []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Rui", Text: "Visiting my brother Tiago this weekend.", Timestamp: &at},
		{ID: "D1:2", Session: "1", Speaker: "Joana", Text: "Oh nice, how is he doing?", Timestamp: &at},
		{ID: "D1:3", Session: "1", Speaker: "Rui", Text: "He's starting at Norvik Shipping next month.", Timestamp: &later},
	}
	for _, turn := range calls {
		if _, err := in.AddTurns(ctx, tenant, "c", []ontology.Turn{turn}); err != nil {
			t.Fatal(err)
		}
	}
	id, err := store.ResolveEntity(ctx, tenant, "c", "Tiago")
	if err != nil {
		t.Fatal(err)
	}
	d, err := store.Entity(ctx, tenant, id)
	if err != nil {
		t.Fatal(err)
	}
	var job *ontology.RelationEdge
	for i, e := range d.Relations {
		if e.Type == ontology.RelWorksAt && e.ToName == "Norvik Shipping" {
			job = &d.Relations[i]
		}
	}
	if job == nil {
		t.Fatalf("no WORKS_AT Tiago → Norvik Shipping in Neo4j; Tiago has %+v", d.Relations)
	}
	if !slices.Contains(job.SourceTurnIDs, "D1:3") || !slices.Contains(job.SourceTurnIDs, "D1:1") {
		t.Errorf("WORKS_AT cites %v, want the turn (D1:3) and the antecedent's turn (D1:1)", job.SourceTurnIDs)
	}
}

// The store reads the last turns of a conversation, oldest first, leaving
// out the batch's own ids, within the tenant only.
func TestRecentTurns(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, store)
	var turns []ontology.Turn
	for _, id := range []string{"a", "b", "c", "d"} {
		turns = append(turns, ontology.Turn{ID: id, Session: "1", Speaker: "Sam", Text: "turn " + id})
	}
	if _, err := store.AddBatch(ctx, tenant, "c", ontology.TurnBatch{Turns: turns}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.AddBatch(ctx, other, "c", ontology.TurnBatch{Turns: []ontology.Turn{{ID: "x", Speaker: "Eve", Text: "other tenant"}}}); err != nil {
		t.Fatal(err)
	}
	got, err := store.RecentTurns(ctx, tenant, "c", []string{"d"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, t := range got {
		ids = append(ids, t.ID)
	}
	if !slices.Equal(ids, []string{"b", "c"}) || got[0].Text != "turn b" || got[0].Speaker != "Sam" {
		t.Errorf("RecentTurns = %+v, want b, c in order", got)
	}
	if none, err := store.RecentTurns(ctx, tenant, "nope", nil, 6); err != nil || len(none) != 0 {
		t.Errorf("unknown conversation: %v, %v", none, err)
	}
	if o, err := store.RecentTurns(ctx, other, "c", nil, 6); err != nil || len(o) != 1 || o[0].ID != "x" {
		t.Errorf("other tenant: %+v, %v", o, err)
	}
}
