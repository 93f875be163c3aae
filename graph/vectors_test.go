package graph_test

import (
	"context"
	"math"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

func unit(v ...float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x * x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / math.Sqrt(n))
	}
	return out
}

func TestVectorSearch(t *testing.T) {
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	ctx := context.Background()
	tenant, other := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	turns := []ontology.Turn{
		{ID: "a", Session: "1", Speaker: "Ann", Text: "about north"},
		{ID: "b", Session: "1", Speaker: "Bob", Text: "about north-east"},
		{ID: "c", Session: "1", Speaker: "Ann", Text: "about east"},
		{ID: "d", Session: "1", Speaker: "Bob", Text: "about south"},
	}
	vecs := [][]float32{unit(1, 0, 0, 0), unit(1, 1, 0, 0), unit(0, 1, 0, 0), unit(-1, 0, 0, 0.1)}
	if _, err := s.AddTurns(ctx, tenant, "c1", turns, vecs); err != nil {
		t.Fatal(err)
	}
	// The same conversation id in another tenant, with a vector closer to every query.
	if _, err := s.AddTurns(ctx, other, "c1", []ontology.Turn{{ID: "x", Session: "1", Speaker: "Ann", Text: "other tenant"}}, [][]float32{unit(1, 0.2, 0, 0)}); err != nil {
		t.Fatal(err)
	}
	search := func(conv, speaker string, v []float32, limit int) []string {
		t.Helper()
		res, err := s.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: conv, Speaker: speaker,
			EmbedderID: "test-embedder", Vector: v, Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range res {
			if r.Conversation != "c1" || r.SourceTurnIDs[0] != r.ID {
				t.Errorf("bad result %+v", r)
			}
			ids = append(ids, r.ID)
		}
		return ids
	}
	if got := search("c1", "", unit(1, 0.1, 0, 0), 3); len(got) != 3 || got[0] != "a" || got[1] != "b" || got[2] != "c" {
		t.Errorf("exact scan order = %v, want [a b c]", got)
	}
	if got := search("c1", "ann", unit(1, 1, 0, 0), 10); len(got) != 2 || got[0] != "a" && got[0] != "c" {
		t.Errorf("speaker-scoped = %v, want Ann's two turns", got)
	}
	// Tenant-wide: through the vector index, never another tenant's turn.
	if got := search("", "", unit(1, 0.1, 0, 0), 2); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("tenant-wide = %v, want [a b]", got)
	}
	// Too few candidates in the index's top: falls back to the exact scan.
	if got := search("", "", unit(1, 0.1, 0, 0), 4); len(got) != 4 {
		t.Errorf("tenant-wide with fallback = %v, want all 4", got)
	}
	// A wrong-sized vector is refused, and nothing is stored.
	_, err := s.AddTurns(ctx, tenant, "c1", []ontology.Turn{{ID: "e", Session: "1", Speaker: "Ann", Text: "bad"}}, [][]float32{{1, 0}})
	if err == nil {
		t.Fatal("a 2-dimensional vector was accepted by a 4-dimensional store")
	}
	if _, err := s.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, EmbedderID: "another", Vector: unit(1, 0, 0, 0), Limit: 1}); err == nil {
		t.Error("a query vector of another embedder was compared with stored vectors")
	}
}

func TestVectorSpaceNames(t *testing.T) {
	// Odd embedder ids still give safe index names (or a clear error).
	for _, id := range []string{"openai:text-embedding-3-small", "Ollama/nomic-embed-text:latest", "x"} {
		if s := graphtest.StoreWithVectors(t, id, 8); s == nil {
			t.Fatalf("no store for %q", id)
		}
	}
}
