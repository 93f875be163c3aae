//go:build cgo && linux

package embed

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/embed/niced"
)

// niceRecorder is a Runner that notes the nice value of the thread each
// network call runs on.
type niceRecorder struct {
	pool *niced.Pool
	mu   sync.Mutex
	seen []int
}

func (r *niceRecorder) Do(ctx context.Context, fn func()) error {
	return r.pool.Do(ctx, func() {
		n, err := niced.ThreadNice()
		if err != nil {
			n = -100
		}
		r.mu.Lock()
		r.seen = append(r.seen, n)
		r.mu.Unlock()
		fn()
	})
}

// TestLowPriorityEmbedsTheSame: an embedder running its network calls on a
// niced pool (what ingest uses with LOCI_INGEST_NICE) runs every one of them
// on a thread at the requested nice value, and its vectors equal the
// normal path's bit for bit, for both networks.
func TestLowPriorityEmbedsTheSame(t *testing.T) {
	runtime.LockOSThread()
	base, err := niced.ThreadNice()
	runtime.UnlockOSThread()
	if err != nil {
		t.Fatal(err)
	}
	const nice = 6
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			m := v.model(t)
			pool, err := niced.New(m.Parallel(), nice)
			if err != nil {
				t.Fatal(err)
			}
			defer pool.Close()
			rec := &niceRecorder{pool: pool}
			low := m.WithRunner(rec)
			if low.ID() != m.ID() || low.Dimensions() != m.Dimensions() {
				t.Errorf("low-priority embedder is %s/%d, want %s/%d", low.ID(), low.Dimensions(), m.ID(), m.Dimensions())
			}
			texts := append(slices.Clone(locomoTurns), "", "a turn to store")
			want, err := m.Embed(context.Background(), texts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := low.Embed(context.Background(), texts)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d vectors, want %d", len(got), len(want))
			}
			for i := range want {
				if !slices.Equal(got[i], want[i]) {
					t.Errorf("%q: the low-priority vector differs from Embed's (1-cos %g)", texts[i], 1-dot(got[i], want[i]))
				}
			}
			if len(rec.seen) == 0 {
				t.Fatal("no network call went through the pool")
			}
			for _, n := range rec.seen {
				if n != min(base+nice, niced.MaxNice) {
					t.Errorf("a network call ran at nice %d, want %d", n, min(base+nice, niced.MaxNice))
				}
			}
			// Queries keep the normal path: nothing more goes through the pool.
			calls := len(rec.seen)
			if _, err := m.EmbedQueries(context.Background(), []string{"where did Ann go hiking"}); err != nil {
				t.Fatal(err)
			}
			if len(rec.seen) != calls {
				t.Errorf("a query embedding went through the low-priority pool")
			}
		})
	}
}

// TestLowPriorityAfterClose: the view shares its MiniLM's lifetime.
func TestLowPriorityAfterClose(t *testing.T) {
	m, err := NewMiniLM(requireModels(t), WithThreads(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	pool, err := niced.New(1, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	low := m.WithRunner(pool)
	m.Close()
	if _, err := low.Embed(context.Background(), []string{"x"}); err != ErrClosed {
		t.Errorf("Embed through the view after Close: %v, want ErrClosed", err)
	}
}

// gateRunner holds every network call until open is closed.
type gateRunner struct {
	started chan struct{}
	open    chan struct{}
}

func (g gateRunner) Do(ctx context.Context, fn func()) error {
	g.started <- struct{}{}
	select {
	case <-g.open:
	case <-ctx.Done():
		return ctx.Err()
	}
	fn()
	return nil
}

// TestQueriesDoNotWaitBehindLowPriorityBatches: batches of the
// low-priority embedder, however slowly they run, hold slots of their own,
// so searches and normal calls on the MiniLM never wait for them.
func TestQueriesDoNotWaitBehindLowPriorityBatches(t *testing.T) {
	m := model(t)
	g := gateRunner{started: make(chan struct{}, 64), open: make(chan struct{})}
	low := m.WithRunner(g)
	done := make(chan error, 1)
	go func() {
		_, err := low.Embed(context.Background(), locomoTurns)
		done <- err
	}()
	for range m.Parallel() { // every slot of the low-priority embedder is taken
		<-g.started
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := m.EmbedQueries(ctx, []string{"where did Ann go hiking"}); err != nil {
		t.Errorf("query while low-priority batches hold their slots: %v", err)
	}
	if _, err := m.Embed(ctx, []string{"a turn", "another turn", "a third"}); err != nil {
		t.Errorf("Embed while low-priority batches hold their slots: %v", err)
	}
	close(g.open)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
