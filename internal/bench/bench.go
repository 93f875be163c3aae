package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/extract"
)

// Bench measures Loci on a LoCoMo file:
//
//	loci bench import FILE [--conversation-prefix P]   delete P* conversations, then import and time it [--cpuprofile F]
//	loci bench import FILE --url URL [...]              the same through a running Loci's REST API
//	loci bench import FILE --bare [--reps 3]             Loci's ingest against a bare UNWIND of the same turns (benchimport.go)
//	loci bench search FILE --url URL [--clients 1,8]    replay every question as a search, report latency
//	loci bench load --url URL [--writers 8 --readers 8 --duration 5m]   mixed load, then a consistency check (load.go)
//	loci bench graph --url URL [--gold DIR] [--locomo FILE]   the relation gold set (benchgraph.go)
//	loci bench scale [--sizes 10k,100k,500k]   one tenant grown to each size, latency through the API (benchscale.go)
func Bench(ctx context.Context, e Env, args []string) error {
	if len(args) < 1 {
		return errors.New("usage: loci bench import|search FILE [flags] | loci bench load [flags]")
	}
	if args[0] == "load" {
		return benchLoad(ctx, e, args[1:])
	}
	if args[0] == "graph" {
		return e.benchGraph(ctx, args[1:])
	}
	if args[0] == "scale" {
		return e.benchScale(ctx, args[1:])
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	prefix := fs.String("conversation-prefix", "bench-", "prefix of the benchmark's conversation ids")
	url := fs.String("url", "http://127.0.0.1:8080", "Loci's base URL (search; import: through this Loci's API instead of in process)")
	clients := fs.String("clients", "1,8", "comma-separated concurrent client counts (search)")
	rounds := fs.Int("rounds", 1, "times each question is asked per client count (search)")
	workers := fs.Int("workers", 8, "conversations imported at once (import)")
	config := fs.String("config", "", "retrieval config of the searches (search; default: the server's)")
	bare := fs.Bool("bare", false, "import: compare Loci's in-process ingest with a bare UNWIND CREATE of the same turns through the same driver (needs LOCI_EMBEDDER=none LOCI_EXTRACTOR=none; benchimport.go)")
	reps := fs.Int("reps", 3, "repetitions of each side (import --bare)")
	cpuprofile := fs.String("cpuprofile", "", "import in process: write Go's CPU profile of the import to this file (go tool pprof)")
	endpoint := fs.String("endpoint", "search", "what the replay calls: search (/v1/search, limit 10) or context (/v1/context, 2,000 tokens)")
	samples, err := parseLoCoMoArgs(fs, args[1:], "usage: loci bench import|search FILE [flags]")
	if err != nil {
		return err
	}
	switch args[0] {
	case "import":
		remote := false
		fs.Visit(func(f *flag.Flag) { remote = remote || f.Name == "url" })
		if *bare {
			if remote {
				return errors.New("--bare runs in process: it cannot go through --url")
			}
			return e.benchImportBare(ctx, samples, *workers, max(*reps, 1))
		}
		if remote {
			return e.benchImportRemote(ctx, samples, *prefix, *url, *workers)
		}
		if *cpuprofile != "" {
			f, err := os.Create(*cpuprofile)
			if err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
			defer pprof.StopCPUProfile()
		}
		return e.benchImport(ctx, samples, *prefix, *workers)
	case "search":
		var counts []int
		for _, c := range strings.Split(*clients, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(c))
			if err != nil || n < 1 {
				return fmt.Errorf("--clients: bad count %q", c)
			}
			counts = append(counts, n)
		}
		if *endpoint != "search" && *endpoint != "context" {
			return fmt.Errorf("--endpoint: want search or context, got %q", *endpoint)
		}
		return benchSearch(ctx, samples, *prefix, *url, *config, *endpoint, counts, *rounds)
	}
	return fmt.Errorf("loci bench: unknown benchmark %q", args[0])
}

type benchQuery struct {
	conversation, question, config, endpoint string
}

func benchSearch(ctx context.Context, samples []extract.LoCoMoSample, prefix, url, config, endpoint string, clientCounts []int, rounds int) error {
	var queries []benchQuery
	for _, s := range samples {
		for _, q := range s.Questions {
			if q.Category >= 1 && q.Category <= 4 {
				queries = append(queries, benchQuery{prefix + s.ID, q.Question, config, endpoint})
			}
		}
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	// Warm up: plans cached, connections open.
	for i := 0; i < min(50, len(queries)); i++ {
		if _, err := searchOnce(ctx, client, url, queries[i]); err != nil {
			return err
		}
	}
	for _, n := range clientCounts {
		r := replay(n, func(send func(benchQuery)) {
			for range rounds {
				for _, q := range queries {
					send(q)
				}
			}
		}, func(q benchQuery) (time.Duration, error) { return searchOnce(ctx, client, url, q) })
		latencies, errCount, elapsed := r.latencies, r.errors, r.elapsed
		cfg := config
		if cfg == "" {
			cfg = "server default"
		}
		what := "search | config " + cfg + "; %d client(s), %d questions (LoCoMo categories 1-4), limit 10"
		if endpoint == "context" {
			what = "context | context config " + cfg + "; %d client(s), %d questions (LoCoMo categories 1-4), 2,000 tokens"
		}
		fmt.Printf("| "+what+" | p50 %.1f ms, p95 %.1f ms, p99 %.1f ms | %.0f req/s, %d errors |\n",
			n, len(latencies)+errCount, ms(pct(latencies, 50)), ms(pct(latencies, 95)), ms(pct(latencies, 99)),
			float64(len(latencies))/elapsed.Seconds(), errCount)
	}
	return nil
}

func searchOnce(ctx context.Context, client *http.Client, url string, q benchQuery) (time.Duration, error) {
	req := map[string]any{"conversation_id": q.conversation, "query": q.question, "limit": 10}
	path := "/v1/search"
	if q.endpoint == "context" {
		req = map[string]any{"conversation_id": q.conversation, "query": q.question, "budget_tokens": 2000}
		path = "/v1/context"
	}
	if q.config != "" {
		req["config"] = q.config
	}
	body, _ := json.Marshal(req)
	hreq, err := http.NewRequestWithContext(ctx, "POST", url+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := client.Do(hreq)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if resp.StatusCode != http.StatusOK {
		return d, fmt.Errorf("search %q: HTTP %d", q.question, resp.StatusCode)
	}
	return d, nil
}

// replayed is what a replay measured: the latencies of the requests that
// succeeded (sorted), the failures, the first one's error, and the time.
type replayed struct {
	latencies []time.Duration
	errors    int
	firstErr  error
	elapsed   time.Duration
}

// replay times do on every item feed sends, with clients concurrent
// callers (a closed loop: each sends its next request when the last is
// answered).
func replay[T any](clients int, feed func(send func(T)), do func(T) (time.Duration, error)) replayed {
	var (
		mu  sync.Mutex
		out replayed
		wg  sync.WaitGroup
	)
	work := make(chan T)
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for item := range work {
				d, err := do(item)
				mu.Lock()
				if err != nil {
					out.errors++
					if out.firstErr == nil {
						out.firstErr = err
					}
				} else {
					out.latencies = append(out.latencies, d)
				}
				mu.Unlock()
			}
		}()
	}
	feed(func(item T) { work <- item })
	close(work)
	wg.Wait()
	out.elapsed = time.Since(start)
	slices.Sort(out.latencies)
	return out
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
