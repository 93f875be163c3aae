package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cenkalti/backoff/v5"

	"github.com/loci-memory/loci/client"
)

// benchLoad is `loci bench load`: a sustained mixed load against a running
// Loci through its REST API (the Go client, with the client's own retries
// off so that every attempt is counted here), then a consistency check of
// everything it wrote.
//
// Writers each own their conversations and POST synthetic turns in batches
// with stable ids; a batch that gets a non-2xx answer (other than a client
// error) or a transport error is resent, same ids and same content, with
// backoff until it is acknowledged or the run ends. Readers run searches
// (and some /v1/context calls) against conversations that have data. When
// the duration is over the load stops, /readyz is awaited, and every
// conversation written is paged through GET /v1/conversations/{id}/turns:
// every acknowledged turn must be there exactly once with the text it was
// sent with, and nothing that was never sent may be there. It prints a
// Markdown table per route and one of totals, and fails when an
// acknowledged turn is lost, duplicated or altered.
func benchLoad(ctx context.Context, e Env, args []string) error {
	fs := flag.NewFlagSet("bench load", flag.ContinueOnError)
	cfg := loadConfig{}
	fs.StringVar(&cfg.url, "url", "http://127.0.0.1:8080", "Loci's base URL")
	fs.IntVar(&cfg.writers, "writers", 8, "concurrent writers (each owns its conversations)")
	fs.IntVar(&cfg.readers, "readers", 8, "concurrent readers (/v1/search, and /v1/context one time in five)")
	fs.DurationVar(&cfg.duration, "duration", 5*time.Minute, "how long the load runs")
	fs.StringVar(&cfg.key, "key", "", "API key sent as 'Authorization: Bearer KEY' on every request (default $LOCI_API_KEY)")
	fs.StringVar(&cfg.prefix, "conversation-prefix", "load-", "prefix of the conversation ids written (use a fresh one per run)")
	fs.IntVar(&cfg.batch, "batch", 20, "turns per POST")
	fs.IntVar(&cfg.perConversation, "turns-per-conversation", 100, "turns a writer puts in a conversation before starting the next")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the synthetic conversations and queries")
	fs.DurationVar(&cfg.readyTimeout, "ready-timeout", 2*time.Minute, "how long to wait for /readyz before the load and before the check")
	fs.DurationVar(&cfg.timeout, "timeout", 60*time.Second, "per-request timeout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("loci bench load: unexpected arguments %q", fs.Args())
	}
	if cfg.key == "" {
		cfg.key = e.APIKey // not the flag's default: -h would print it
	}
	switch {
	case cfg.writers < 1:
		return errors.New("--writers must be at least 1")
	case cfg.readers < 0:
		return errors.New("--readers must not be negative")
	case cfg.batch < 1 || cfg.batch > 1000:
		return errors.New("--batch must be from 1 to 1000")
	case cfg.perConversation < cfg.batch:
		return errors.New("--turns-per-conversation must be at least --batch")
	case cfg.duration <= 0:
		return errors.New("--duration must be positive")
	}
	cfg.url = strings.TrimRight(cfg.url, "/")
	// The client does not retry: the load resends batches itself, and
	// counts every attempt.
	l := &loader{
		cfg: cfg,
		client: client.New(cfg.url, client.WithAPIKey(cfg.key), client.WithRetries(0, 0),
			client.WithHTTPClient(&http.Client{Timeout: cfg.timeout, Transport: &http.Transport{MaxIdleConnsPerHost: 64}})),
		routes: map[string]*routeStats{},
	}
	for _, r := range loadRoutes {
		l.routes[r] = &routeStats{}
	}
	return l.run(ctx)
}

type loadConfig struct {
	url, key, prefix                string
	writers, readers, batch         int
	perConversation                 int
	seed                            uint64
	duration, readyTimeout, timeout time.Duration
}

var loadRoutes = []string{"add_turns", "search", "context", "list_turns"}

// routeStats counts the requests of one route: latencies of the 2xx ones,
// and the failures by kind.
type routeStats struct {
	mu         sync.Mutex
	requests   int
	ok         []time.Duration
	client4xx  int
	unavail503 int
	server5xx  int // 5xx other than 503
	transport  int // no HTTP answer: refused, reset, timed out
	elapsed    time.Duration
}

func (r *routeStats) record(status int, d time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	switch {
	case err != nil:
		r.transport++
	case status >= 200 && status < 300:
		r.ok = append(r.ok, d)
	case status == http.StatusServiceUnavailable:
		r.unavail503++
	case status >= 500:
		r.server5xx++
	default:
		r.client4xx++
	}
}

type loader struct {
	cfg    loadConfig
	client *client.Client
	routes map[string]*routeStats
	stopAt time.Time

	mu       sync.Mutex
	convs    []*loadConversation // every conversation a batch was generated for
	readable []*loadConversation // those with at least one acknowledged batch

	acked, retried, retries, rejected, badAcks atomic.Int64
	lastAck, maxGap                            time.Duration // since start: the latest acknowledgement, the longest wait between two
	start                                      time.Time
	examples                                   exampleLog
}

// exampleLog keeps the first few problem descriptions of a kind for stderr.
type exampleLog struct {
	mu   sync.Mutex
	seen map[string]int
}

func (e *exampleLog) add(kind, format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.seen == nil {
		e.seen = map[string]int{}
	}
	e.seen[kind]++
	if e.seen[kind] <= 5 {
		fmt.Fprintf(os.Stderr, "load: %s: %s\n", kind, fmt.Sprintf(format, args...))
	}
}

func (l *loader) run(ctx context.Context) error {
	fmt.Fprintf(os.Stderr, "load: waiting up to %s for %s/readyz\n", l.cfg.readyTimeout, l.cfg.url)
	if err := l.waitReady(ctx, l.cfg.readyTimeout); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "load: %d writers (batches of %d), %d readers for %s against %s, conversations %s*\n",
		l.cfg.writers, l.cfg.batch, l.cfg.readers, l.cfg.duration, l.cfg.url, l.cfg.prefix)
	start := time.Now()
	l.start = start
	l.stopAt = start.Add(l.cfg.duration)
	var wg sync.WaitGroup
	for w := 0; w < l.cfg.writers; w++ {
		wg.Add(1)
		go func() { defer wg.Done(); l.writer(ctx, w) }()
	}
	for r := 0; r < l.cfg.readers; r++ {
		wg.Add(1)
		go func() { defer wg.Done(); l.reader(ctx, r) }()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	l.progress(ctx, start, done)
	loadElapsed := time.Since(start)
	// Rates are over the run's duration; requests in flight when it ended
	// were let finish (and are counted).
	for _, r := range []string{"add_turns", "search", "context"} {
		l.routes[r].elapsed = l.cfg.duration
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}

	fmt.Fprintf(os.Stderr, "load: load stopped after %s; waiting up to %s for /readyz before the check\n",
		loadElapsed.Round(time.Millisecond), l.cfg.readyTimeout)
	if err := l.waitReady(ctx, l.cfg.readyTimeout); err != nil {
		fmt.Fprintf(os.Stderr, "load: %v; checking anyway\n", err)
	}
	checkStart := time.Now()
	res := l.check(ctx)
	l.routes["list_turns"].elapsed = time.Since(checkStart)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	l.report(res)

	var problems []string
	for _, p := range []struct {
		n    int
		what string
	}{
		{res.lost, "acknowledged turns lost"}, {res.duplicated, "turns duplicated"},
		{res.altered, "turns stored with other text or speaker"}, {res.unexpected, "turns present that were never sent"},
		{res.unchecked, "conversations that could not be read back"}, {int(l.rejected.Load()), "batches rejected with a 4xx"},
	} {
		if p.n > 0 {
			problems = append(problems, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("bench load: consistency check failed: %s", strings.Join(problems, ", "))
	}
	if res.acked == 0 {
		return errors.New("bench load: no batch was acknowledged, so the check proves nothing")
	}
	fmt.Fprintf(os.Stderr, "load: consistency check passed: %d acknowledged turns in %d conversations, each present exactly once\n",
		res.acked, res.conversations)
	return nil
}

// progress prints a line every 15 s until done.
func (l *loader) progress(ctx context.Context, start time.Time, done <-chan struct{}) {
	tick := time.NewTicker(15 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			<-done
			return
		case <-tick.C:
		}
		var parts []string
		for _, r := range []string{"add_turns", "search", "context"} {
			s := l.routes[r]
			s.mu.Lock()
			parts = append(parts, fmt.Sprintf("%s %d ok/%d err", r, len(s.ok), s.requests-len(s.ok)))
			s.mu.Unlock()
		}
		fmt.Fprintf(os.Stderr, "load: %4.0fs  %d turns acknowledged; %s; %d batches resent\n",
			time.Since(start).Seconds(), l.acked.Load(), strings.Join(parts, ", "), l.retried.Load())
	}
}

// waitReady polls /readyz every second until it answers 200 or timeout
// passes.
func (l *loader) waitReady(ctx context.Context, timeout time.Duration) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return struct{}{}, l.client.Ready(rctx)
	}, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxElapsedTime(timeout))
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("%s/readyz not ready after %s (last: %s)", l.cfg.url, timeout, describe(err))
	}
	return err
}

// call runs one request of route through the client (f) and records its
// status and latency. It returns the status: 0 on a transport error, 200
// for any 2xx.
func (l *loader) call(ctx context.Context, route string, f func() error) (int, error) {
	start := time.Now()
	err := f()
	d := time.Since(start)
	if ctx.Err() != nil {
		return 0, ctx.Err() // interrupted: not counted
	}
	status, transport := http.StatusOK, error(nil)
	var apiErr *client.Error
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.Status
	case err != nil:
		status, transport = 0, err
	}
	l.routes[route].record(status, d, transport)
	return status, err
}

// retryable says whether an answer is worth resending: transport errors,
// 5xx, 408 and 429. Any other 4xx would be refused again.
func retryable(status int, err error) bool {
	return err != nil && (status == 0 || status >= 500 || status == http.StatusRequestTimeout || status == http.StatusTooManyRequests)
}

// describe is an error for the examples: "HTTP status body" for an answer
// of the server, the error itself otherwise.
func describe(err error) string {
	var apiErr *client.Error
	if errors.As(err, &apiErr) {
		return fmt.Sprintf("HTTP %d %s", apiErr.Status, truncate(apiErr.Err.Message))
	}
	return err.Error()
}

func truncate(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// report prints the per-route table and the totals table in Markdown.
func (l *loader) report(res checkResult) {
	fmt.Println("| route | requests | 2xx | 2xx/s | p50 ms | p95 ms | p99 ms | 4xx | 503 | other 5xx | transport errors |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, name := range loadRoutes {
		s := l.routes[name]
		s.mu.Lock()
		lat := append([]time.Duration(nil), s.ok...)
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		rate := 0.0
		if s.elapsed > 0 {
			rate = float64(len(lat)) / s.elapsed.Seconds()
		}
		fmt.Printf("| %s | %d | %d | %.1f | %.1f | %.1f | %.1f | %d | %d | %d | %d |\n",
			name, s.requests, len(lat), rate, ms(pct(lat, 50)), ms(pct(lat, 95)), ms(pct(lat, 99)),
			s.client4xx, s.unavail503, s.server5xx, s.transport)
		s.mu.Unlock()
	}
	fmt.Println()
	fmt.Println("| conversations | turns sent | acknowledged | acknowledged/s | lost | duplicated | altered | never sent but present | unacknowledged but present | resent batches (attempts) | rejected batches | longest wait for an ack |")
	fmt.Println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	l.mu.Lock()
	gap := max(l.maxGap, l.cfg.duration-l.lastAck) // a stall running into the end counts too
	l.mu.Unlock()
	fmt.Printf("| %d | %d | %d | %.1f | %d | %d | %d | %d | %d | %d (%d) | %d | %.1f s |\n",
		res.conversations, res.sent, res.acked, float64(res.acked)/l.cfg.duration.Seconds(),
		res.lost, res.duplicated, res.altered, res.unexpected, res.unackedPresent,
		l.retried.Load(), l.retries.Load(), l.rejected.Load(), gap.Seconds())
	if res.neverCreated > 0 {
		fmt.Printf("\nlist_turns 4xx: %d are 404s for conversations none of whose batches committed (nothing of them was acknowledged).\n", res.neverCreated)
	}
	if res.outOfOrder > 0 || l.badAcks.Load() > 0 || res.unchecked > 0 {
		fmt.Printf("\nAlso: %d turns stored out of sending order, %d acknowledgements whose counts did not add up, %d conversations not read back.\n",
			res.outOfOrder, l.badAcks.Load(), res.unchecked)
	}
}
