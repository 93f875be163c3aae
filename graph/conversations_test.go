package graph_test

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

func TestConversationsListsTheTenantsOwn(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	start := time.Now().Add(-time.Second)

	add(t, s, tenant, "older", sampleTurns()[:1])
	add(t, s, other, "theirs", sampleTurns())
	add(t, s, tenant, "newer", sampleTurns())

	got, err := s.Conversations(ctx, tenant, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "newer" || got[1].ID != "older" {
		t.Fatalf("Conversations = %+v, want newer then older (and nothing of the other tenant)", got)
	}
	if got[0].TurnCount != 4 || got[1].TurnCount != 1 {
		t.Fatalf("turn counts = %d, %d; want 4, 1", got[0].TurnCount, got[1].TurnCount)
	}
	for _, c := range got {
		if c.CreatedAt.Before(start) || c.LastActivity.Before(c.CreatedAt) {
			t.Fatalf("%s: created %v, last activity %v (test began %v)", c.ID, c.CreatedAt, c.LastActivity, start)
		}
	}

	// Sending turns again makes a conversation the most recent.
	add(t, s, tenant, "older", sampleTurns()[1:2])
	got, err = s.Conversations(ctx, tenant, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "older" || got[0].TurnCount != 2 {
		t.Fatalf("Conversations(limit 1) after a new batch = %+v, want only older with 2 turns", got)
	}

	if _, err := s.Conversations(ctx, tenant, 0); ontology.ErrorCode(err) != ontology.EValidation {
		t.Fatalf("limit 0: err %v, want a validation error", err)
	}
	none, err := s.Conversations(ctx, graphtest.Tenant(t, s), 10)
	if err != nil || len(none) != 0 {
		t.Fatalf("a fresh tenant lists %v, %v; want nothing", none, err)
	}
}
