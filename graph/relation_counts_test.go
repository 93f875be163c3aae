package graph_test

import (
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
)

// TestRelationTypeCounts counts the relations of the asked conversations
// of the asked tenant, and nothing of another conversation or tenant.
func TestRelationTypeCounts(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	turns, x := twoSpeakers()
	addKnowledge(t, s, tenant, "c1", turns, x)
	addKnowledge(t, s, tenant, "c2", turns, x)
	addKnowledge(t, s, other, "c1", turns, x)
	got, err := s.RelationTypeCounts(ctx, tenant, []string{"c1"})
	if err != nil {
		t.Fatal(err)
	}
	if got["CREATED"] != 1 || got["MAKES"] != 1 {
		t.Errorf("c1: %v, want CREATED 1 and MAKES 1", got)
	}
	both, err := s.RelationTypeCounts(ctx, tenant, []string{"c1", "c2"})
	if err != nil {
		t.Fatal(err)
	}
	if both["CREATED"] != 2 || both["MAKES"] != 2 {
		t.Errorf("c1+c2: %v, want CREATED 2 and MAKES 2", both)
	}
	none, err := s.RelationTypeCounts(ctx, tenant, []string{"c3"})
	if err != nil || len(none) != 0 {
		t.Errorf("a conversation without data: %v, %v", none, err)
	}
}
