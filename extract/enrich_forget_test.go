package extract_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// failingOnce is the store failing the first enrichment of each
// conversation, as a lost connection would.
type failingOnce struct {
	tenantPending
	mu     sync.Mutex
	failed map[string]bool
}

func (s *failingOnce) EnrichBatch(ctx context.Context, tenant, conversation string, seq int64, batch ontology.TurnBatch) (ontology.IngestResult, error) {
	s.mu.Lock()
	first := !s.failed[conversation]
	s.failed[conversation] = true
	s.mu.Unlock()
	if first {
		return ontology.IngestResult{}, errors.New("connection lost")
	}
	return s.tenantPending.EnrichBatch(ctx, tenant, conversation, seq, batch)
}

// An enricher forgets a conversation once nothing of it is pending, so a
// long-running server's memory does not grow with every conversation it
// has served; a failed enrichment is remembered until its retry succeeds,
// and a conversation that comes back after being forgotten is enriched as
// before.
func TestIdleConversationsAreForgotten(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, true)
	store := &failingOnce{tenantPending: tenantPending{s, tenant}, failed: map[string]bool{}}
	in := extract.NewIngestor(s, emb, rules.New())
	e := extract.NewEnricher(in, store, extract.EnrichConfig{Backlog: 1000, Workers: 2, Retry: 50 * time.Millisecond, ResumeAfter: time.Hour})
	stop := e.Start(context.Background())
	defer stop()

	const convs = 8
	dctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	for round := range 2 {
		for i := range convs {
			conv := fmt.Sprintf("c%d", i)
			if _, err := e.AddTurns(ctx, tenant, conv, enrichTurns(fmt.Sprintf("r%d-%s", round, conv), 4)); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		// Drain returns when the backlog is empty; the worker marks its
		// conversation idle just after.
		deadline := time.Now().Add(10 * time.Second)
		for extract.TrackedConversations(e) != 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := extract.TrackedConversations(e); n != 0 {
			t.Fatalf("round %d: %d conversation states kept after every one was enriched, want 0", round, n)
		}
		for i := range convs {
			conv := fmt.Sprintf("c%d", i)
			if n := embeddedTurns(t, tenant, conv); n != int64(4*(round+1)) {
				t.Fatalf("round %d: %s has %d turns with vectors, want %d", round, conv, n, 4*(round+1))
			}
		}
	}
	if f := e.Failures(); f != convs {
		t.Fatalf("failures = %d, want %d (one per conversation, each retried)", f, convs)
	}
	// A batch sent again stores nothing new and leaves no state behind.
	if _, err := e.AddTurns(ctx, tenant, "c0", enrichTurns("r1-c0", 4)); err != nil {
		t.Fatal(err)
	}
	if n := extract.TrackedConversations(e); n != 0 {
		t.Fatalf("%d conversation states kept after a batch sent again, want 0", n)
	}
}
