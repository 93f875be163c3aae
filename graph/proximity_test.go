package graph_test

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// TestProximityRanksWordsTogetherFirst searches two words that one short
// turn holds far apart and one long turn holds side by side: plain BM25
// prefers the short turn, the pair clause the long one, and a turn holding
// only one of the words still matches (the clause is optional).
func TestProximityRanksWordsTogetherFirst(t *testing.T) {
	s := graphtest.Store(t)
	ctx := context.Background()
	tenant, other := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	turns := []ontology.Turn{
		{ID: "apart", Session: "1", Speaker: "Rosa", Text: "The road was closed, so our whole family trip got cancelled."},
		{ID: "together", Session: "1", Speaker: "Rosa", Text: "We finally went on the road trip we had talked about for months with my cousins, my aunt and two dogs."},
		{ID: "one", Session: "1", Speaker: "Rosa", Text: "That trip cost a lot."},
		{ID: "none", Session: "1", Speaker: "Rosa", Text: "I adopted a greyhound."},
	}
	if _, err := s.AddTurns(ctx, tenant, "c1", turns, nil); err != nil {
		t.Fatal(err)
	}
	// Another tenant's turn with the exact phrase must never show.
	if _, err := s.AddTurns(ctx, other, "c1", []ontology.Turn{{ID: "x", Session: "1", Speaker: "Rosa", Text: "road trip road trip"}}, nil); err != nil {
		t.Fatal(err)
	}
	search := func(text string, boost float64) []string {
		t.Helper()
		res, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Speaker: "Rosa", Text: text, Limit: 10,
			ProximitySlop: 3, ProximityBoost: boost})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range res {
			ids = append(ids, r.ID)
		}
		return ids
	}
	plain := search("road trip", 0)
	if len(plain) != 3 || plain[0] != "apart" {
		t.Fatalf("without proximity: %v, want the short turn 'apart' first of 3 (the contrast this test relies on)", plain)
	}
	got := search("road trip", 1)
	if len(got) != 3 || got[0] != "together" || got[2] != "one" {
		t.Fatalf("with proximity: %v, want [together apart one]", got)
	}
	// Lucene syntax in the question is escaped, pairs and all.
	if got := search(`"road" trip~9 AND (x:y)`, 1); len(got) == 0 || got[0] != "together" {
		t.Fatalf("with syntax characters: %v, want 'together' first", got)
	}
}
