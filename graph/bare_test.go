package graph_test

import (
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// The ingest benchmark's baseline writes a :BareTurn per turn with a
// :Turn's properties, scoped to its tenant, and deletes only that tenant's.
func TestBareTurnsCreateAndDelete(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	turns := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "first", Timestamp: ts("2023-03-01T10:00:00Z")},
		{ID: "2", Session: "s1", Speaker: "Ria", Text: "second"},
		{ID: "3", Session: "s1", Speaker: "Sam", Text: "third"},
	}
	if err := s.BareTurnsCreate(ctx, tenant, "c", 10, turns); err != nil {
		t.Fatal(err)
	}
	if err := s.BareTurnsCreate(ctx, other, "c", 0, turns[:1]); err != nil {
		t.Fatal(err)
	}
	rows := graphtest.Cypher(t, "MATCH (n:BareTurn) WHERE n.tenant = $tenant RETURN n.id AS id, n.seq AS seq, n.speaker_key AS key, n.conversation AS conv ORDER BY n.seq",
		map[string]any{"tenant": tenant})
	if len(rows) != 3 {
		t.Fatalf("got %d bare turns of the tenant, want 3: %v", len(rows), rows)
	}
	for i, r := range rows {
		if r["id"] != turns[i].ID || r["seq"] != int64(10+i) || r["conv"] != "c" || r["key"] == nil {
			t.Errorf("bare turn %d: %v", i, r)
		}
	}
	n, err := s.BareTurnsDelete(ctx, tenant)
	if err != nil || n != 3 {
		t.Fatalf("BareTurnsDelete = %d, %v; want 3", n, err)
	}
	if n, err := s.BareTurnsDelete(ctx, tenant); err != nil || n != 0 {
		t.Fatalf("second BareTurnsDelete = %d, %v; want 0", n, err)
	}
	if n, err := s.BareTurnsDelete(ctx, other); err != nil || n != 1 {
		t.Fatalf("the other tenant's BareTurnsDelete = %d, %v; want 1 (the first delete must not touch it)", n, err)
	}
}
