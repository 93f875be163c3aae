package extract_test

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// slowAck is a store whose AddPendingTurns returns late: its transaction
// has committed (the batch is pending in Neo4j, its mark stamped when the
// transaction ran) but the acknowledging process hears of it only after
// delay, as after a slow commit, a slow network or a long pause.
type slowAck struct {
	tenantPending
	delay time.Duration
}

func (s slowAck) AddPendingTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, int64, error) {
	res, seq, err := s.tenantPending.AddPendingTurns(ctx, tenant, conversation, turns)
	time.Sleep(s.delay)
	return res, seq, err
}

// A batch whose acknowledgement takes longer than ResumeAfter is counted
// once: the enricher's own rescan finds its pending mark "old" before
// AddTurns has counted it, and must leave it to the AddTurns still
// acknowledging it (before the fix both counted it: backlog 20 for 10
// turns). Work a stopped process left in another conversation is still
// taken up meanwhile.
func TestSlowAcknowledgementCountedOnce(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	const resumeAfter = 200 * time.Millisecond
	// A stopped process's batch: pending in Neo4j, no enricher counts it.
	if _, _, err := s.AddPendingTurns(ctx, tenant, "left", enrichTurns("l", 5)); err != nil {
		t.Fatal(err)
	}
	in := extract.NewIngestor(s, emb, rules.New())
	e := extract.NewEnricher(in, slowAck{tenantPending{s, tenant}, 3 * resumeAfter},
		extract.EnrichConfig{Backlog: 1000, Workers: 2, Retry: 50 * time.Millisecond, ResumeAfter: resumeAfter})
	stop := e.Start(context.Background())
	defer stop()

	res, err := e.AddTurns(ctx, tenant, "slow", enrichTurns("s", 10))
	if err != nil {
		t.Fatal(err)
	}
	if res.Created != 10 || res.Enrichment != ontology.EnrichmentPending {
		t.Fatalf("async ack = %+v, want 10 created, pending", res)
	}
	time.Sleep(3 * resumeAfter) // rescans after the acknowledgement change nothing
	if got := e.Backlog(); got != 15 {
		t.Fatalf("backlog = %d, want 15 (10 acknowledged here, 5 taken up from a stopped process)", got)
	}

	emb.release()
	dctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	if err := e.Drain(dctx); err != nil {
		t.Fatal(err)
	}
	for _, conv := range []string{"slow", "left"} {
		if count, marked := pendingState(t, tenant, conv); count != 0 || marked != 0 {
			t.Fatalf("%s: pending marks after the drain = %d / %d", conv, count, marked)
		}
	}
}
