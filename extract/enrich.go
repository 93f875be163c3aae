package extract

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Ingest modes: how a batch of turns is acknowledged.
const (
	// ModeSync acknowledges a batch once its turns, vectors and knowledge
	// are committed together (Ingestor.AddTurns).
	ModeSync = "sync"
	// ModeAsync acknowledges a batch once its turns are committed and
	// full-text searchable, marked pending; an Enricher adds vectors,
	// bursts and knowledge afterwards.
	ModeAsync = "async"
)

// EnrichStore is what asynchronous ingest needs of the store (graph.Store).
type EnrichStore interface {
	// AddPendingTurns stores a batch's new turns, marked pending, and
	// returns the seq of the first (-1 when none was new).
	AddPendingTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, int64, error)
	// PendingConversations lists conversations with pending turns whose
	// last pending batch was acknowledged before before.
	PendingConversations(ctx context.Context, before time.Time) ([]ontology.PendingConversation, error)
	// PendingBatches lists a conversation's pending batches, oldest first.
	PendingBatches(ctx context.Context, tenant, conversation string, limit int) ([]ontology.PendingBatch, error)
	// EnrichBatch stores what enrichment drew from the pending batch seq
	// and clears its mark; a batch enriched already is left as it is.
	EnrichBatch(ctx context.Context, tenant, conversation string, seq int64, batch ontology.TurnBatch) (ontology.IngestResult, error)
}

// positionReader reads a conversation as it was just before a batch, for
// an enrichment that runs after later batches were stored.
type positionReader interface {
	TurnsBefore(ctx context.Context, tenant, conversation string, seq int64, limit int) ([]ontology.Turn, error)
	BurstTailBefore(ctx context.Context, tenant, conversation string, seq int64) ([]ontology.Turn, error)
}

// EnrichConfig tunes an Enricher.
type EnrichConfig struct {
	// Backlog bounds the turns acknowledged but not yet enriched; past it a
	// new batch waits for room before it is written (back-pressure). A
	// batch larger than the bound is admitted alone into an empty backlog.
	Backlog int
	// Workers is how many conversations are enriched at once (each
	// conversation's batches one at a time, in order).
	Workers int
	// Retry is the first pause after a failed enrichment (doubled up to a
	// minute while it keeps failing).
	Retry time.Duration
	// ResumeAfter is how long a conversation's pending work stays with the
	// process that acknowledged it: at start, and every ResumeAfter after,
	// the workers take up pending work acknowledged longer ago than that
	// (left by a stopped or crashed process, this one or another sharing
	// the database). Default DefaultEnrichResumeAfter; negative: all
	// pending work at start, however fresh.
	ResumeAfter time.Duration
	Log         *slog.Logger
}

// DefaultEnrichBacklog and DefaultEnrichWorkers are EnrichConfig's
// defaults: about five minutes of enrichment on two cores, and one worker
// per core.
const (
	DefaultEnrichBacklog     = 10000
	DefaultEnrichWorkers     = 2
	DefaultEnrichResumeAfter = 30 * time.Second
)

// pendingBatchesRead is how many pending turns a worker reads at a time.
const pendingBatchesRead = 500

type convKey struct{ tenant, conversation string }

// convState is what the Enricher knows of one conversation's backlog.
type convState struct {
	turns   int                     // pending turns, as counted here
	acking  int                     // batches being written here, not yet counted
	waiters map[int64]*enrichWaiter // batches someone waits for, by seq
	queued  bool                    // in the queue
	running bool                    // a worker has it
	failed  int                     // enrichments failed in a row
}

type enrichWaiter struct {
	done chan struct{}
	res  ontology.IngestResult
}

// Enricher is asynchronous ingest: AddTurns writes a batch's turns (the
// turns, their NEXT chain and their full-text entries, marked pending in
// the same transaction) and acknowledges it; workers then enrich each
// conversation's pending batches in order, through the Ingestor's own
// preparation (embeddings, bursts, extraction, profile rulings), each in
// one transaction that also clears the mark. The mark lives in Neo4j, so
// work acknowledged before a crash is found and finished by Start after a
// restart. Enrichment is idempotent: a batch enriched already is skipped
// inside the transaction that would write it.
type Enricher struct {
	in    *Ingestor
	store EnrichStore
	cfg   EnrichConfig

	mu        sync.Mutex
	pending   int // turns acknowledged, not yet enriched
	convs     map[convKey]*convState
	queue     []convKey
	changed   chan struct{} // closed (and replaced) on every change
	recovered chan struct{} // closed once the stored backlog is counted
	started   bool
	failures  int64
}

// NewEnricher returns an Enricher writing through store and enriching with
// in (whose store must be the same). Call Start before AddTurns.
func NewEnricher(in *Ingestor, store EnrichStore, cfg EnrichConfig) *Enricher {
	if cfg.Backlog <= 0 {
		cfg.Backlog = DefaultEnrichBacklog
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultEnrichWorkers
	}
	if cfg.Retry <= 0 {
		cfg.Retry = time.Second
	}
	if cfg.ResumeAfter == 0 {
		cfg.ResumeAfter = DefaultEnrichResumeAfter
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Enricher{in: in, store: store, cfg: cfg, convs: map[convKey]*convState{},
		changed: make(chan struct{}), recovered: make(chan struct{})}
}

// Backlog returns the turns acknowledged and not yet enriched, as counted
// by this process (including, after Start, those found in the store).
func (e *Enricher) Backlog() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.pending
}

// Failures returns how many enrichments failed (and were retried).
func (e *Enricher) Failures() int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.failures
}

// Extractors lists the ids of the configured extractors.
func (e *Enricher) Extractors() []string { return e.in.Extractors() }

// Start counts the backlog left in the store (retrying while the store
// does not answer), then runs the workers until ctx ends. The returned
// stop cancels them and waits for them; an enrichment cut short is rolled
// back and done again after the next start.
func (e *Enricher) Start(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if !e.recover(ctx) {
			return
		}
		for i := 0; i < e.cfg.Workers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.work(ctx)
			}()
		}
		e.rescan(ctx)
	}()
	return func() {
		cancel()
		wg.Wait()
	}
}

// conv returns the state of k, creating it. e.mu is held.
func (e *Enricher) conv(k convKey) *convState {
	c := e.convs[k]
	if c == nil {
		c = &convState{waiters: map[int64]*enrichWaiter{}}
		e.convs[k] = c
	}
	return c
}

// forget drops the state of k when it holds nothing this process still
// needs: no pending turns, no batch being acknowledged, nobody waiting, not
// queued or running, and no failure waiting for its retry. Without it the
// map would hold every conversation the process has ever enriched. A
// conversation that comes back gets a fresh state; what it had pending in
// the store is found by the resume scan as before. e.mu is held.
func (e *Enricher) forget(k convKey, c *convState) {
	if c.turns == 0 && c.acking == 0 && len(c.waiters) == 0 && !c.queued && !c.running && c.failed == 0 && e.convs[k] == c {
		delete(e.convs, k)
	}
}

// enqueue queues k unless it is queued or being worked on. e.mu is held.
func (e *Enricher) enqueue(k convKey, c *convState) {
	if !c.queued && !c.running {
		c.queued = true
		e.queue = append(e.queue, k)
	}
}

// broadcast wakes everyone waiting for a change. e.mu is held.
func (e *Enricher) broadcast() {
	close(e.changed)
	e.changed = make(chan struct{})
}

// AddTurns ingests a batch asynchronously: it gives turns sent without an
// id one of Loci's own, validates the batch, waits for
// room in the backlog, writes the turns and acknowledges them with
// Enrichment "pending". With ontology.WithEnrichmentWait on ctx it returns
// only once the batch is enriched, with its knowledge report.
func (e *Enricher) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	tenant, ids, err := checkBatch(tenant, conversation, turns)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	if err := e.admit(ctx, len(turns)); err != nil {
		return ontology.IngestResult{}, err
	}
	k := convKey{tenant, conversation}
	e.mu.Lock()
	c := e.conv(k)
	c.acking++ // the rescan leaves the batch to this call (adopt)
	e.mu.Unlock()
	res, seq, err := e.store.AddPendingTurns(ctx, tenant, conversation, turns)
	e.mu.Lock()
	c.acking--
	if err != nil {
		e.forget(k, c)
		e.mu.Unlock()
		return ontology.IngestResult{}, err
	}
	res.IDs = ids
	var w *enrichWaiter
	wait := ontology.EnrichmentWait(ctx)
	if seq >= 0 {
		c.turns += res.Created
		e.pending += res.Created
		if wait {
			w = &enrichWaiter{done: make(chan struct{})}
			c.waiters[seq] = w
		}
		e.enqueue(k, c)
		e.broadcast()
	}
	res.Enrichment = ontology.EnrichmentDone
	if c.turns > 0 {
		res.Enrichment = ontology.EnrichmentPending
	}
	e.forget(k, c)
	e.mu.Unlock()
	if e.in.observe != nil {
		e.in.observe(res)
	}
	if !wait || res.Enrichment == ontology.EnrichmentDone {
		return res, nil
	}
	if w != nil {
		select {
		case <-w.done:
			res.Knowledge, res.Enrichment = w.res.Knowledge, ontology.EnrichmentDone
			return res, nil
		case <-ctx.Done():
			return res, notEnriched(ctx.Err())
		}
	}
	// Nothing new, but turns of the conversation are pending (an earlier
	// attempt of this batch, perhaps): wait until none is.
	if err := e.WaitConversation(ctx, tenant, conversation); err != nil {
		return res, err
	}
	res.Enrichment = ontology.EnrichmentDone
	return res, nil
}

func notEnriched(err error) error {
	return &ontology.Error{Code: ontology.EUnavailable,
		Message: "the turns are stored, but their enrichment did not finish in time; send the batch again to wait again", Err: err}
}

// admit waits until n more turns fit in the backlog (or it is empty).
func (e *Enricher) admit(ctx context.Context, n int) error {
	err := e.waitUntil(ctx, func() bool { return e.started && (e.pending == 0 || e.pending+n <= e.cfg.Backlog) })
	if err != nil {
		return &ontology.Error{Code: ontology.EUnavailable,
			Message: "the enrichment backlog is full; nothing was stored, try again later", Err: err}
	}
	return nil
}

// WaitConversation returns once no turn of the conversation is waiting for
// enrichment, as far as this process knows.
func (e *Enricher) WaitConversation(ctx context.Context, tenant, conversation string) error {
	if tenant == "" {
		tenant = ontology.DefaultTenant
	}
	return e.waitFor(ctx, func() bool {
		c := e.convs[convKey{tenant, conversation}]
		return c == nil || c.turns == 0
	})
}

// Drain returns once the whole backlog is enriched.
func (e *Enricher) Drain(ctx context.Context) error {
	return e.waitFor(ctx, func() bool { return e.started && e.pending == 0 })
}

// waitFor is waitUntil for a caller waiting for enrichment: giving up is
// notEnriched.
func (e *Enricher) waitFor(ctx context.Context, done func() bool) error {
	if err := e.waitUntil(ctx, done); err != nil {
		return notEnriched(err)
	}
	return nil
}

// waitUntil returns nil once done, checked under e.mu whenever the state
// changes, holds, or ctx's error when ctx ends first.
func (e *Enricher) waitUntil(ctx context.Context, done func() bool) error {
	for {
		e.mu.Lock()
		ch, ok := e.changed, done()
		e.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// work is one worker: it takes a queued conversation, enriches its
// pending batches in order, and takes the next.
func (e *Enricher) work(ctx context.Context) {
	for {
		e.mu.Lock()
		for len(e.queue) == 0 {
			ch := e.changed
			e.mu.Unlock()
			select {
			case <-ch:
			case <-ctx.Done():
				return
			}
			e.mu.Lock()
		}
		k := e.queue[0]
		e.queue = e.queue[1:]
		c := e.conv(k)
		c.queued, c.running = false, true
		e.mu.Unlock()

		err := e.enrichConversation(ctx, k)

		e.mu.Lock()
		c.running = false
		if err != nil {
			e.failures++
			c.failed++
		} else {
			c.failed = 0
		}
		if c.turns > 0 && err == nil {
			e.enqueue(k, c) // more came while it ran
		}
		e.forget(k, c)
		e.broadcast()
		e.mu.Unlock()
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			e.cfg.Log.Warn("enrichment failed; retrying", "tenant", k.tenant, "conversation", k.conversation, "err", err)
			go e.retry(ctx, k)
		}
	}
}

// retry queues k again after a pause that doubles with each failure of k
// in a row (up to a minute). It looks the state up again when the pause
// ends rather than keeping the one it failed with: a success meanwhile may
// have forgotten that one, and queueing a forgotten state would let two
// workers take the conversation at once.
func (e *Enricher) retry(ctx context.Context, k convKey) {
	e.mu.Lock()
	n := min(max(e.conv(k).failed-1, 0), 6)
	e.mu.Unlock()
	select {
	case <-ctx.Done():
		return
	case <-time.After(min(e.cfg.Retry<<n, time.Minute)):
	}
	e.mu.Lock()
	c := e.conv(k)
	e.enqueue(k, c)
	e.broadcast()
	e.mu.Unlock()
}

// enrichConversation enriches the conversation's pending batches, oldest
// first, until none is left.
func (e *Enricher) enrichConversation(ctx context.Context, k convKey) error {
	for {
		batches, err := e.store.PendingBatches(ctx, k.tenant, k.conversation, pendingBatchesRead)
		if err != nil {
			return fmt.Errorf("reading pending batches: %w", err)
		}
		if len(batches) == 0 {
			e.mu.Lock()
			c := e.conv(k)
			e.pending -= c.turns
			c.turns = 0
			for seq, w := range c.waiters { // enriched elsewhere
				close(w.done)
				delete(c.waiters, seq)
			}
			e.mu.Unlock()
			return nil
		}
		for _, b := range batches {
			res, err := e.EnrichBatch(ctx, k.tenant, k.conversation, b)
			if err != nil {
				return fmt.Errorf("enriching batch %d: %w", b.Seq, err)
			}
			e.mu.Lock()
			c := e.conv(k)
			n := min(len(b.Turns), c.turns)
			c.turns -= n
			e.pending -= n
			if w := c.waiters[b.Seq]; w != nil {
				w.res = res
				close(w.done)
				delete(c.waiters, b.Seq)
			}
			e.broadcast()
			e.mu.Unlock()
		}
	}
}

// EnrichBatch enriches one pending batch: the Ingestor's preparation of
// its turns as the conversation stood before it, then one transaction
// storing it and clearing the mark. Running it again on the same batch
// changes nothing.
func (e *Enricher) EnrichBatch(ctx context.Context, tenant, conversation string, b ontology.PendingBatch) (ontology.IngestResult, error) {
	if len(b.Turns) == 0 {
		return ontology.IngestResult{}, errors.New("enrich: empty batch")
	}
	seq := b.Seq
	batch, usage, err := e.in.prepare(ctx, tenant, conversation, b.Turns, nil, &seq)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	res, err := e.store.EnrichBatch(ctx, tenant, conversation, b.Seq, batch)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	if res.Knowledge != nil {
		res.Knowledge.Extractors = usage
		if res.Knowledge.Extractors == nil {
			res.Knowledge.Extractors = []ontology.ExtractUsage{}
		}
	}
	res.Enrichment = ontology.EnrichmentDone
	return res, nil
}
