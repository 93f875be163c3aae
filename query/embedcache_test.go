package query

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// countingEmbedder counts its calls and gives each text a vector that
// depends on the embedder's id, so a vector served from another
// embedder's entry would show. When gate is set, calls wait on it.
type countingEmbedder struct {
	id    string
	calls atomic.Int64
	texts sync.Map // text → times embedded
	gate  chan struct{}
}

func (e *countingEmbedder) ID() string      { return e.id }
func (e *countingEmbedder) Dimensions() int { return 2 }
func (e *countingEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.calls.Add(1)
	if e.gate != nil {
		<-e.gate
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		n, _ := e.texts.LoadOrStore(t, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
		out[i] = []float32{float32(len(e.id)), float32(len(t))}
	}
	return out, nil
}

type hitCounter struct{ hits, misses atomic.Int64 }

func (h *hitCounter) observe(hit bool) {
	if hit {
		h.hits.Add(1)
	} else {
		h.misses.Add(1)
	}
}

// newCountedCache is a query cache of size entries whose hits and misses
// are counted.
func newCountedCache(t *testing.T, size int) (*QueryCache, *hitCounter) {
	t.Helper()
	h := &hitCounter{}
	c, err := NewQueryCache(size, h.observe)
	if err != nil {
		t.Fatal(err)
	}
	return c, h
}

func TestQueryCacheCountsHitsAndMisses(t *testing.T) {
	c, h := newCountedCache(t, 8)
	e := &countingEmbedder{id: "a"}
	ctx := context.Background()
	for _, q := range []string{"where did Ann go", "  where did  Ann go ", "where did Ann go\n", "who is Bob"} {
		if _, err := c.Embed(ctx, e, q); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.calls.Load(); got != 2 {
		t.Errorf("embedder called %d times for 2 distinct normalised queries, want 2", got)
	}
	if h.hits.Load() != 2 || h.misses.Load() != 2 {
		t.Errorf("hits %d, misses %d: want 2 and 2", h.hits.Load(), h.misses.Load())
	}
	if _, ok := e.texts.Load("where did Ann go"); !ok {
		t.Errorf("the embedder did not see the normalised query")
	}
}

func TestQueryCacheBounded(t *testing.T) {
	c, _ := newCountedCache(t, 3)
	e := &countingEmbedder{id: "a"}
	ctx := context.Background()
	for i := range 10 {
		if _, err := c.Embed(ctx, e, fmt.Sprintf("question %d", i)); err != nil {
			t.Fatal(err)
		}
		if c.Len() > 3 {
			t.Fatalf("cache holds %d entries, bound 3", c.Len())
		}
	}
	// The three most recent are kept, the oldest was dropped.
	calls := e.calls.Load()
	if _, err := c.Embed(ctx, e, "question 9"); err != nil {
		t.Fatal(err)
	}
	if e.calls.Load() != calls {
		t.Errorf("the most recent query was embedded again")
	}
	if _, err := c.Embed(ctx, e, "question 0"); err != nil {
		t.Fatal(err)
	}
	if e.calls.Load() != calls+1 {
		t.Errorf("the least recently used query was still cached past the bound")
	}
}

func TestQueryCacheKeepsEmbeddersApart(t *testing.T) {
	c, err := NewQueryCache(16, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := &countingEmbedder{id: "a"}, &countingEmbedder{id: "bbb"}
	ctx := context.Background()
	va, err := c.Embed(ctx, a, "same question")
	if err != nil {
		t.Fatal(err)
	}
	vb, err := c.Embed(ctx, b, "same question")
	if err != nil {
		t.Fatal(err)
	}
	if a.calls.Load() != 1 || b.calls.Load() != 1 {
		t.Fatalf("calls a=%d b=%d: each embedder must embed the query itself", a.calls.Load(), b.calls.Load())
	}
	if va[0] != 1 || vb[0] != 3 {
		t.Errorf("vectors %v and %v: an embedder got another's vector", va, vb)
	}
	if c.Len() != 2 {
		t.Errorf("%d entries, want one per embedder", c.Len())
	}
}

func TestQueryCacheConcurrentMissesEmbedOnce(t *testing.T) {
	c, h := newCountedCache(t, 8)
	e := &countingEmbedder{id: "a", gate: make(chan struct{})}
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Embed(context.Background(), e, "what did Ann say"); err != nil {
				errs <- err
			}
		}()
	}
	// Let the first call through once every lookup has missed.
	for h.misses.Load() < n {
		runtime.Gosched()
	}
	close(e.gate)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if got := e.calls.Load(); got != 1 {
		t.Errorf("%d concurrent identical queries embedded %d times, want once", n, got)
	}
	if h.hits.Load()+h.misses.Load() != n {
		t.Errorf("%d lookups counted, want %d", h.hits.Load()+h.misses.Load(), n)
	}
}

func TestQueryCacheOff(t *testing.T) {
	c, err := NewQueryCache(0, nil)
	if err != nil || c != nil {
		t.Fatalf("size 0: cache %v, err %v; want none", c, err)
	}
	e := &countingEmbedder{id: "a"}
	for range 3 {
		if _, err := c.Embed(context.Background(), e, "q"); err != nil {
			t.Fatal(err)
		}
	}
	if e.calls.Load() != 3 {
		t.Errorf("without a cache %d calls for 3 lookups", e.calls.Load())
	}
}
