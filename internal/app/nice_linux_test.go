//go:build cgo && linux

package app_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/embed/niced"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// threadStat is one thread's nice value and CPU time in clock ticks.
type threadStat struct{ nice, ticks int }

// threads reads every thread of the process from /proc/self/task.
func threads(t *testing.T) map[string]threadStat {
	t.Helper()
	paths, _ := filepath.Glob("/proc/self/task/*/stat")
	if len(paths) == 0 {
		t.Fatal("no thread in /proc/self/task")
	}
	out := map[string]threadStat{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // ended meanwhile
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		utime, _ := strconv.Atoi(f[11])
		stime, _ := strconv.Atoi(f[12])
		nice, _ := strconv.Atoi(f[16])
		out[filepath.Base(filepath.Dir(p))] = threadStat{nice: nice, ticks: utime + stime}
	}
	return out
}

// nicedThreads is the threads at nice value n, with their CPU ticks.
func nicedThreads(t *testing.T, n int) map[string]int {
	out := map[string]int{}
	for tid, s := range threads(t) {
		if s.nice == n {
			out[tid] = s.ticks
		}
	}
	return out
}

// nicedConfig is the configuration of a test of LOCI_INGEST_NICE=n with
// the quantised MiniLM, the rules extractor without the relation stage and
// env, and the nice value the pool's threads get (the test's own plus n).
// It skips when the model files are missing (fails in CI).
func nicedConfig(t *testing.T, n int, env ...string) (config.Config, int) {
	t.Helper()
	cfg := testConfig(t, append([]string{"LOCI_EMBEDDER=minilm-q", "LOCI_EXTRACTOR=rules", "LOCI_LLM_MODEL=",
		fmt.Sprintf("LOCI_INGEST_NICE=%d", n), "LOCI_RELSIM=false"}, env...)...)
	if _, err := os.Stat(filepath.Join(cfg.ModelsPath(), embed.QuantizedModelFile)); err != nil {
		if cfg.CI != "" {
			t.Fatal(err)
		}
		t.Skipf("model files missing (%v); run `make models`", err)
	}
	runtime.LockOSThread()
	base, err := niced.ThreadNice()
	runtime.UnlockOSThread()
	if err != nil {
		t.Fatal(err)
	}
	return cfg, base + n
}

// With LOCI_INGEST_NICE, Open starts one low-priority thread per batch the
// embedder runs at once, the write path's embedding runs on them (their CPU
// time grows with a batch of turns), searches still embed and find, and
// Close ends the threads.
func TestIngestNiceEmbedsWritesOnNicedThreads(t *testing.T) {
	store := graphtest.Store(t)
	cfg, want := nicedConfig(t, 4) // the batch embeds its turns, and nothing else does
	if before := nicedThreads(t, want); len(before) != 0 {
		t.Fatalf("threads at nice %d before Open: %v", want, before)
	}
	ctx := context.Background()
	a, err := app.OpenMigrated(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			a.Close()
		}
	}()
	pool := nicedThreads(t, want)
	if len(pool) != runtime.GOMAXPROCS(0) {
		t.Fatalf("%d threads at nice %d after Open, want %d (one per parallel batch)", len(pool), want, runtime.GOMAXPROCS(0))
	}

	tenant := graphtest.Tenant(t, store)
	turns := make([]ontology.Turn, 80)
	for i := range turns {
		turns[i] = ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: "1", Speaker: []string{"Ana", "Ben"}[i%2],
			Text: fmt.Sprintf("On day %d of the trip Ana and Ben walked along the harbour of Porto, talking about boats number %d.", i, i*7)}
	}
	if res, err := a.Ingest.AddTurns(ctx, tenant, "c", turns); err != nil || res.Created != len(turns) {
		t.Fatalf("AddTurns: %+v, %v", res, err)
	}
	grown := 0
	for tid, ticks := range nicedThreads(t, want) {
		grown += ticks - pool[tid]
	}
	if grown <= 0 {
		t.Errorf("the low-priority threads used no CPU while %d turns were embedded", len(turns))
	}
	found, err := a.Search.Search(ctx, ontology.SearchRequest{Tenant: tenant, Conversation: "c", Query: "boats in Porto"})
	if err != nil || len(found.Results) == 0 {
		t.Fatalf("search: %+v, %v", found, err)
	}

	a.Close()
	closed = true
	deadline := time.Now().Add(5 * time.Second)
	for len(nicedThreads(t, want)) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("threads at nice %d after Close: %v", want, nicedThreads(t, want))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// With LOCI_INGEST_MODE=async and LOCI_INGEST_NICE, the background
// enrichment embeds on the low-priority threads too: their CPU time grows
// while the workers enrich an acknowledged batch, and the batch is then
// enriched (not pending) and found.
func TestIngestNiceEnrichesOnNicedThreads(t *testing.T) {
	store := graphtest.Store(t)
	cfg, want := nicedConfig(t, 5, "LOCI_INGEST_MODE=async", "LOCI_ENRICH_WORKERS=1")
	ctx := context.Background()
	a, err := app.OpenMigrated(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	w := a.StartWrites(ctx, slog.Default())
	defer w.Stop()
	if w.Enricher == nil {
		t.Fatal("LOCI_INGEST_MODE=async: no enricher")
	}
	tenant := graphtest.Tenant(t, store)
	turns := make([]ontology.Turn, 80)
	for i := range turns {
		turns[i] = ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: "1", Speaker: []string{"Ana", "Ben"}[i%2],
			Text: fmt.Sprintf("On day %d of the trip Ana and Ben sailed past the lighthouse of Vigo, counting %d gulls.", i, i*3)}
	}
	pool := nicedThreads(t, want)
	if len(pool) == 0 {
		t.Fatalf("no thread at nice %d after Open", want)
	}
	res, err := w.Ingest.AddTurns(ctx, tenant, "c", turns)
	if err != nil || res.Created != len(turns) {
		t.Fatalf("AddTurns: %+v, %v", res, err)
	}
	if err := w.Enricher.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	grown := 0
	for tid, ticks := range nicedThreads(t, want) {
		grown += ticks - pool[tid]
	}
	if grown <= 0 {
		t.Errorf("the low-priority threads used no CPU while the enricher embedded %d turns", len(turns))
	}
	if pending, err := store.PendingConversations(ctx, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	} else {
		for _, p := range pending {
			if p.Tenant == tenant {
				t.Fatalf("after Drain, %d turns of the conversation are still pending", p.Turns)
			}
		}
	}
	found, err := a.Search.Search(ctx, ontology.SearchRequest{Tenant: tenant, Conversation: "c", Query: "gulls at the lighthouse", Config: "vector"})
	if err != nil || len(found.Results) == 0 {
		t.Fatalf("vector search after enrichment: %+v, %v", found, err)
	}
}
