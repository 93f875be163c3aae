package extract

import (
	"context"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/loci-memory/loci/ontology"
)

// Gate admits at most a fixed number of batches into an ingestor at once,
// in arrival order (LOCI_INGEST_CONCURRENCY). A sync batch's work (its
// embedding on the shared cores, extraction, write transaction) then
// competes with fewer others, and reads with fewer writes: under a steady
// stream of writers, the batches wait at the gate, where they hold no CPU,
// no Neo4j transaction and no lock on their conversation's chain.
//
// A batch waiting at the gate honours its context: when the client goes
// or the request's time runs out it leaves the queue with an
// EUnavailable error, having stored nothing.
type Gate struct {
	next ontology.Ingestor
	sem  *semaphore.Weighted
	// wait, when not nil, observes how long each batch waited to enter.
	wait func(time.Duration)
}

// NewGate returns next behind a gate letting n batches in at once (n >= 1).
// wait, when not nil, is called with each admitted batch's wait.
func NewGate(next ontology.Ingestor, n int, wait func(time.Duration)) *Gate {
	return &Gate{next: next, sem: semaphore.NewWeighted(int64(max(n, 1))), wait: wait}
}

// AddTurns waits for a place at the gate, then ingests the batch.
func (g *Gate) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	start := time.Now()
	if err := g.sem.Acquire(ctx, 1); err != nil {
		return ontology.IngestResult{}, &ontology.Error{Code: ontology.EUnavailable,
			Message: "the batch was not admitted before its request ended (nothing stored; LOCI_INGEST_CONCURRENCY)", Err: err}
	}
	defer g.sem.Release(1)
	if g.wait != nil {
		g.wait(time.Since(start))
	}
	return g.next.AddTurns(ctx, tenant, conversation, turns)
}
