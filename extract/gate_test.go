package extract_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// inside counts the batches inside an ingestor at once, the most there
// ever were, and all that entered.
type inside struct {
	next               ontology.Ingestor
	now, most, entered atomic.Int32
}

func (c *inside) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	c.entered.Add(1)
	n := c.now.Add(1)
	defer c.now.Add(-1)
	for {
		m := c.most.Load()
		if n <= m || c.most.CompareAndSwap(m, n) {
			break
		}
	}
	return c.next.AddTurns(ctx, tenant, conversation, turns)
}

// storedTurns reads the ids of a conversation's stored turns.
func storedTurns(t *testing.T, ctx context.Context, s interface {
	Turns(context.Context, string, string, int64, int) (ontology.TurnPage, error)
}, tenant, conv string) map[string]bool {
	t.Helper()
	page, err := s.Turns(ctx, tenant, conv, -1, 1000)
	if ontology.ErrorCode(err) == ontology.ENotFound { // not even the conversation was written
		return map[string]bool{}
	}
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, st := range page.Turns {
		out[st.ID] = true
	}
	return out
}

// With one place, concurrent batches (several conversations, two writers
// on one of them) are never inside the ingestor together, and every
// acknowledged turn is stored once.
func TestGateAdmitsOneBatchAtATime(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, true)
	c := &inside{next: extract.NewIngestor(s, emb, rules.New())}
	var waits atomic.Int32
	g := extract.NewGate(c, 1, func(time.Duration) { waits.Add(1) })

	convs := []string{"g0", "g1", "g2", "g2"}
	var wg sync.WaitGroup
	errs := make(chan error, len(convs)*3)
	for w, conv := range convs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range 3 {
				if _, err := g.AddTurns(ctx, tenant, conv, enrichTurns(fmt.Sprintf("w%db%d-", w, b), 5)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if m := c.most.Load(); m != 1 {
		t.Fatalf("at most %d batches were inside at once, want 1", m)
	}
	if n := waits.Load(); n != 12 {
		t.Fatalf("%d admissions observed, want 12", n)
	}
	for w, conv := range convs {
		got := storedTurns(t, ctx, s, tenant, conv)
		for b := range 3 {
			for _, turn := range enrichTurns(fmt.Sprintf("w%db%d-", w, b), 5) {
				if !got[turn.ID] {
					t.Fatalf("acknowledged turn %s of %s not stored", turn.ID, conv)
				}
			}
		}
	}
	if n := len(storedTurns(t, ctx, s, tenant, "g2")); n != 30 {
		t.Fatalf("g2 holds %d turns, want 30 (two writers, 3 batches of 5 each)", n)
	}
}

// With two places, two batches are inside together and a third waits for
// one of them to leave.
func TestGateAdmitsUpToItsPlaces(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false) // embedding holds every batch inside until released
	c := &inside{next: extract.NewIngestor(s, emb, rules.New())}
	g := extract.NewGate(c, 2, nil)
	done := make(chan error, 4)
	for i := range 4 {
		go func() {
			_, err := g.AddTurns(ctx, tenant, fmt.Sprintf("p%d", i), enrichTurns(fmt.Sprintf("p%d-", i), 3))
			done <- err
		}()
	}
	deadline := time.Now().Add(30 * time.Second)
	for c.now.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // room for a third to get in, were the gate wrong
	if n := c.now.Load(); n != 2 {
		t.Fatalf("%d batches inside while four were sent, want 2", n)
	}
	emb.release()
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if m := c.most.Load(); m != 2 {
		t.Fatalf("at most %d batches inside at once, want 2", m)
	}
}

// A batch whose request ends while it waits at the gate gets an
// unavailable error and stores nothing; the batch inside is not disturbed.
func TestGateWaiterCancelledStoresNothing(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	c := &inside{next: extract.NewIngestor(s, emb, rules.New())}
	g := extract.NewGate(c, 1, nil)
	first := make(chan error, 1)
	go func() {
		_, err := g.AddTurns(ctx, tenant, "held", enrichTurns("h", 4))
		first <- err
	}()
	// The first batch is inside, waiting on the embedder. (Waited for, not
	// slept on: on a loaded machine it may take a while to get there, and a
	// later batch sent before it would hold the place itself.)
	for deadline := time.Now().Add(30 * time.Second); c.entered.Load() < 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first batch did not reach the ingestor in 30s")
		}
	}

	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := g.AddTurns(short, tenant, "late", enrichTurns("l", 4))
	if ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("a batch cancelled at the gate: err = %v, want unavailable", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the cancelled batch returned after %s, want about its 300ms timeout", d)
	}
	gone, cancelGone := context.WithCancel(ctx)
	cancelGone() // the client went away before it was admitted
	if _, err := g.AddTurns(gone, tenant, "late", enrichTurns("m", 4)); ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("a batch of a cancelled request: err = %v, want unavailable", err)
	}

	if n := c.entered.Load(); n != 1 {
		t.Fatalf("%d batches reached the ingestor, want 1 (the cancelled ones must not)", n)
	}

	emb.release()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if n := len(storedTurns(t, ctx, s, tenant, "late")); n != 0 {
		t.Fatalf("the cancelled batches stored %d turns, want 0", n)
	}
	if n := len(storedTurns(t, ctx, s, tenant, "held")); n != 4 {
		t.Fatalf("the admitted batch stored %d turns, want 4", n)
	}
	// The place the first batch held is free again.
	if _, err := g.AddTurns(ctx, tenant, "late", enrichTurns("l", 4)); err != nil {
		t.Fatal(err)
	}
	if n := len(storedTurns(t, ctx, s, tenant, "late")); n != 4 {
		t.Fatalf("the retried batch stored %d turns, want 4", n)
	}
}
