package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loci-memory/loci/internal/config"
)

// benchLoad is `loci bench load`: a sustained mixed load against a running
// Loci over HTTP, then a consistency check of everything it wrote.
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
func benchLoad(ctx context.Context, args []string) error {
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
		cfg.key = config.MustLoad().APIKey // not the flag's default: -h would print it
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
	l := &loader{
		cfg:    cfg,
		client: &http.Client{Timeout: cfg.timeout, Transport: &http.Transport{MaxIdleConnsPerHost: 64}},
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
	client *http.Client
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

// loadConversation is one synthetic conversation: what was sent, in order,
// and which turn ids were acknowledged.
type loadConversation struct {
	id       string
	speakers [2]string
	mentions []string // other people named in it, for queries
	gen      *convGenerator

	mu      sync.Mutex
	sent    []loadTurn // in the order generated (and sent)
	ackedID map[string]bool
}

type loadTurn struct {
	ID        string `json:"id"`
	Session   string `json:"session"`
	Speaker   string `json:"speaker"`
	Text      string `json:"text"`
	Timestamp string `json:"timestamp"`
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

// waitReady polls /readyz until it answers 200 or timeout passes.
func (l *loader) waitReady(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	last := "no answer"
	for {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		req, err := http.NewRequestWithContext(rctx, "GET", l.cfg.url+"/readyz", nil)
		if err != nil {
			cancel()
			return err
		}
		l.auth(req)
		resp, err := l.client.Do(req)
		if err == nil {
			b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				cancel()
				return nil
			}
			last = fmt.Sprintf("HTTP %d %s", resp.StatusCode, strings.TrimSpace(string(b)))
		} else {
			last = err.Error()
		}
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s/readyz not ready after %s (last: %s)", l.cfg.url, timeout, last)
		}
		time.Sleep(time.Second)
	}
}

func (l *loader) auth(req *http.Request) {
	if l.cfg.key != "" {
		req.Header.Set("Authorization", "Bearer "+l.cfg.key)
	}
}

// do sends one request of route and records it. It returns the status (0
// on a transport error) and the body.
func (l *loader) do(ctx context.Context, route, method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, l.cfg.url+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	l.auth(req)
	start := time.Now()
	resp, err := l.client.Do(req)
	var out []byte
	if err == nil {
		out, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	d := time.Since(start)
	if ctx.Err() != nil {
		return 0, nil, ctx.Err() // interrupted: not counted
	}
	status := 0
	if err == nil {
		status = resp.StatusCode
	}
	l.routes[route].record(status, d, err)
	return status, out, err
}

// retryable says whether an answer is worth resending: transport errors,
// 5xx, 408 and 429. Any other 4xx would be refused again.
func retryable(status int, err error) bool {
	return err != nil || status >= 500 || status == http.StatusRequestTimeout || status == http.StatusTooManyRequests
}

// writer generates conversations one after another and sends each in
// batches; it never sends a batch before the previous one is acknowledged.
func (l *loader) writer(ctx context.Context, w int) {
	for n := 0; ; n++ {
		c := newLoadConversation(l.cfg.seed, l.cfg.prefix, w, n)
		for sent := 0; sent < l.cfg.perConversation; sent += l.cfg.batch {
			if ctx.Err() != nil || time.Now().After(l.stopAt) {
				return
			}
			turns := c.next(min(l.cfg.batch, l.cfg.perConversation-sent))
			if sent == 0 {
				l.mu.Lock()
				l.convs = append(l.convs, c)
				l.mu.Unlock()
			}
			if l.sendBatch(ctx, c, turns) == batchEnded {
				return
			}
		}
	}
}

type batchOutcome int

const (
	batchAcked    batchOutcome = iota
	batchRejected              // a 4xx: resending would not help
	batchEnded                 // the run ended first: left unacknowledged
)

// sendBatch posts turns until they are acknowledged, the server refuses
// them for good, or the run ends.
func (l *loader) sendBatch(ctx context.Context, c *loadConversation, turns []loadTurn) batchOutcome {
	path := "/v1/conversations/" + url.PathEscape(c.id) + "/turns"
	body := map[string]any{"turns": turns}
	backoff := 250 * time.Millisecond
	rng := rand.New(rand.NewPCG(uint64(len(c.sent)), uint64(time.Now().UnixNano())))
	for attempt := 0; ; attempt++ {
		status, out, err := l.do(ctx, "add_turns", "POST", path, body)
		if ctx.Err() != nil {
			return batchEnded
		}
		if err == nil && status >= 200 && status < 300 {
			var ack struct{ Created, Existing int }
			if json.Unmarshal(out, &ack) != nil || ack.Created+ack.Existing != len(turns) {
				l.badAcks.Add(1)
				l.examples.add("odd acknowledgement", "%s: %d turns sent, answer %s", c.id, len(turns), truncateBody(out))
			}
			c.mu.Lock()
			for _, t := range turns {
				c.ackedID[t.ID] = true
			}
			first := len(c.ackedID) == len(turns)
			c.mu.Unlock()
			l.mu.Lock()
			if first {
				l.readable = append(l.readable, c)
			}
			now := time.Since(l.start)
			l.maxGap = max(l.maxGap, now-l.lastAck)
			l.lastAck = now
			l.mu.Unlock()
			l.acked.Add(int64(len(turns)))
			if attempt > 0 {
				l.retried.Add(1)
			}
			return batchAcked
		}
		if !retryable(status, err) {
			l.rejected.Add(1)
			l.examples.add("batch rejected", "%s %s..%s: HTTP %d %s", c.id, turns[0].ID, turns[len(turns)-1].ID, status, truncateBody(out))
			return batchRejected
		}
		if err != nil {
			l.examples.add("add_turns transport error", "%s: %v", c.id, err)
		} else if status != http.StatusServiceUnavailable {
			l.examples.add(fmt.Sprintf("add_turns HTTP %d", status), "%s: %s", c.id, truncateBody(out))
		}
		l.retries.Add(1)
		wait := backoff/2 + time.Duration(rng.Int64N(int64(backoff)))
		if time.Now().Add(wait).After(l.stopAt) {
			return batchEnded // the run ends before the next attempt
		}
		select {
		case <-ctx.Done():
			return batchEnded
		case <-time.After(wait):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

func truncateBody(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// reader searches conversations that have data until the run ends; one
// request in five is a /v1/context.
func (l *loader) reader(ctx context.Context, r int) {
	rng := rand.New(rand.NewPCG(l.cfg.seed^0x5eed, uint64(r)))
	for ctx.Err() == nil && time.Now().Before(l.stopAt) {
		l.mu.Lock()
		var c *loadConversation
		if n := len(l.readable); n > 0 {
			c = l.readable[rng.IntN(n)]
		}
		l.mu.Unlock()
		if c == nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		q := c.question(rng)
		route, path := "search", "/v1/search"
		body := map[string]any{"conversation_id": c.id, "query": q, "limit": 10}
		if rng.IntN(5) == 0 {
			route, path = "context", "/v1/context"
			body = map[string]any{"conversation_id": c.id, "query": q, "budget_tokens": 1000}
		}
		status, out, err := l.do(ctx, route, "POST", path, body)
		if ctx.Err() != nil {
			return
		}
		if err != nil || status < 200 || status >= 300 {
			if err != nil {
				l.examples.add(route+" transport error", "%v", err)
			} else if status != http.StatusServiceUnavailable {
				l.examples.add(fmt.Sprintf("%s HTTP %d", route, status), "%s", truncateBody(out))
			}
			time.Sleep(time.Duration(250+rng.IntN(750)) * time.Millisecond) // do not spin on a server that is down
		}
	}
}

type checkResult struct {
	conversations, sent, acked            int
	lost, duplicated, unexpected, altered int
	unackedPresent, outOfOrder, unchecked int
	neverCreated                          int // 404: none of its batches committed
}

// check reads every conversation written back, page by page, four at a
// time, and compares it with what was sent and acknowledged.
func (l *loader) check(ctx context.Context) checkResult {
	l.mu.Lock()
	convs := append([]*loadConversation(nil), l.convs...)
	l.mu.Unlock()
	var (
		mu    sync.Mutex
		total checkResult
		wg    sync.WaitGroup
	)
	work := make(chan *loadConversation)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				r := l.checkConversation(ctx, c)
				mu.Lock()
				total.conversations++
				total.sent += r.sent
				total.acked += r.acked
				total.lost += r.lost
				total.duplicated += r.duplicated
				total.unexpected += r.unexpected
				total.altered += r.altered
				total.unackedPresent += r.unackedPresent
				total.outOfOrder += r.outOfOrder
				total.unchecked += r.unchecked
				total.neverCreated += r.neverCreated
				mu.Unlock()
			}
		}()
	}
	for _, c := range convs {
		work <- c
	}
	close(work)
	wg.Wait()
	return total
}

type storedTurn struct {
	ID      string `json:"id"`
	Speaker string `json:"speaker"`
	Text    string `json:"text"`
	Seq     int64  `json:"seq"`
}

func (l *loader) checkConversation(ctx context.Context, c *loadConversation) checkResult {
	c.mu.Lock()
	sent := append([]loadTurn(nil), c.sent...)
	acked := make(map[string]bool, len(c.ackedID))
	for id := range c.ackedID {
		acked[id] = true
	}
	c.mu.Unlock()
	res := checkResult{sent: len(sent), acked: len(acked)}
	order := make(map[string]int, len(sent))
	for i, t := range sent {
		order[t.ID] = i
	}

	var stored []storedTurn
	after := int64(-1)
	for {
		page, found, err := l.listPage(ctx, c.id, after)
		if err != nil {
			res.unchecked = 1
			l.examples.add("conversation not checked", "%s: %v", c.id, err)
			return res
		}
		if !found {
			res.neverCreated = 1 // no batch of it committed
			break
		}
		stored = append(stored, page.Turns...)
		if page.NextAfter == nil {
			break
		}
		after = *page.NextAfter
	}

	count := map[string]int{}
	lastIndex := -1
	for _, t := range stored {
		count[t.ID]++
		i, ok := order[t.ID]
		if !ok {
			res.unexpected++
			l.examples.add("unexpected turn", "%s: id %q (seq %d) was never sent", c.id, t.ID, t.Seq)
			continue
		}
		if count[t.ID] == 1 {
			if s := sent[i]; s.Text != t.Text || s.Speaker != t.Speaker {
				res.altered++
				l.examples.add("altered turn", "%s: id %q stored as %q: %q", c.id, t.ID, t.Speaker, t.Text)
			}
			if i < lastIndex {
				res.outOfOrder++
				l.examples.add("turn out of order", "%s: id %q (seq %d) stored after a turn sent later", c.id, t.ID, t.Seq)
			}
			lastIndex = max(lastIndex, i)
			if !acked[t.ID] {
				res.unackedPresent++
			}
		}
	}
	for id, n := range count {
		if n > 1 {
			res.duplicated += n - 1
			l.examples.add("duplicated turn", "%s: id %q stored %d times", c.id, id, n)
		}
	}
	for id := range acked {
		if count[id] == 0 {
			res.lost++
			l.examples.add("lost turn", "%s: acknowledged id %q is missing", c.id, id)
		}
	}
	return res
}

type turnPage struct {
	Turns     []storedTurn `json:"turns"`
	NextAfter *int64       `json:"next_after"`
}

// listPage reads one page of a conversation's turns, retrying transient
// failures for up to about a minute. found is false on a 404.
func (l *loader) listPage(ctx context.Context, conv string, after int64) (turnPage, bool, error) {
	path := fmt.Sprintf("/v1/conversations/%s/turns?after=%d&limit=1000", url.PathEscape(conv), after)
	backoff := 500 * time.Millisecond
	var last error
	for attempt := 0; attempt < 10; attempt++ {
		status, out, err := l.do(ctx, "list_turns", "GET", path, nil)
		switch {
		case ctx.Err() != nil:
			return turnPage{}, false, ctx.Err()
		case err == nil && status == http.StatusOK:
			var p turnPage
			if err := json.Unmarshal(out, &p); err != nil {
				return turnPage{}, false, fmt.Errorf("decoding a page: %w", err)
			}
			return p, true, nil
		case err == nil && status == http.StatusNotFound:
			return turnPage{}, false, nil
		case !retryable(status, err):
			return turnPage{}, false, fmt.Errorf("HTTP %d %s", status, truncateBody(out))
		case err != nil:
			last = err
		default:
			last = fmt.Errorf("HTTP %d %s", status, truncateBody(out))
		}
		time.Sleep(backoff)
		backoff = min(backoff*2, 10*time.Second)
	}
	return turnPage{}, false, last
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

// ---- synthetic conversations ----

var (
	loadNames = []string{"Caroline", "Melanie", "Jon", "Gina", "Priya", "Omar", "Mei", "Lukas", "Sofia", "Mateo",
		"Aisha", "Daniel", "Hannah", "Kenji", "Fatima", "Noah", "Elena", "Ravi", "Chloe", "Tomas", "Amara", "Felix",
		"Ingrid", "Diego", "Yuki", "Samuel", "Leila", "Marcus", "Nadia", "Oliver", "Rosa", "Tariq"}
	loadRelations = []string{"sister", "brother", "cousin", "friend", "coworker", "neighbour", "partner", "mom", "dad", "roommate"}
	loadCities    = []string{"Boston", "Lisbon", "Nairobi", "Osaka", "Denver", "Toronto", "Berlin", "Austin", "Dublin",
		"Seoul", "Melbourne", "Mexico City", "Oslo", "Cape Town", "Montreal", "Edinburgh"}
	loadVenues = []string{"the farmers market", "a pottery class", "the climbing gym", "the public library",
		"a jazz bar", "the community garden", "the animal shelter", "the art museum", "a LGBTQ support group",
		"the book club", "a charity run", "the science museum", "a cooking workshop", "the beach"}
	loadHobbies = []string{"painting", "running", "baking sourdough", "learning Spanish", "playing guitar",
		"photography", "hiking", "volunteering", "chess", "yoga", "birdwatching", "woodworking", "swimming", "knitting"}
	loadCompanies = []string{"Acme", "Northwind", "Globex", "Initech", "Umbrella Labs", "Stark Foods", "Blue Harbor", "Pinecone Health"}
	loadJobs      = []string{"nurse", "teacher", "software engineer", "chef", "architect", "photographer", "counselor", "accountant"}
	loadPets      = []string{"dog", "cat", "rabbit", "parrot", "turtle"}
	loadPetNames  = []string{"Luna", "Max", "Biscuit", "Pepper", "Oscar", "Mochi", "Ziggy"}
	loadThings    = []string{"painting of a lake sunrise", "bookshelf", "quilt", "short story", "garden bed", "photo album", "song"}
	loadTopics    = []string{"climate change", "ancient Rome", "mindfulness", "space travel", "adoption", "urban gardening", "jazz history"}
	loadFeelings  = []string{"amazing", "exhausting", "wonderful", "a bit scary", "so relaxing", "really meaningful", "hilarious"}
	loadRelative  = []string{"yesterday", "last week", "two weeks ago", "last summer", "on Friday", "last month",
		"this morning", "a few days ago", "last weekend", "three months ago"}
	loadMonths = []string{"January", "February", "March", "April", "May", "June", "July", "August",
		"September", "October", "November", "December"}
)

var loadTemplates = []string{
	"I went to {venue} {when} with my {rel} {name}.",
	"I moved to {city} from {city2} {when}.",
	"I work at {company} as a {job} now.",
	"My {rel} {name} is visiting from {city} on {date}.",
	"I started {hobby} {when} and I really love it.",
	"{name} and I are planning a trip to {city} in {month}.",
	"That sounds {feeling}, {other}! How long have you been into {hobby}?",
	"Did you ever go back to {venue} after {date}?",
	"We celebrated {name}'s birthday on {date} at {venue}.",
	"I finally finished the {thing} I was working on {when}.",
	"Honestly, work at {company} has been stressful since {month}.",
	"I adopted a {pet} named {petname} {when}.",
	"Remember when we met {name} at {venue} in {city}?",
	"Yes! I still think about that afternoon in {city}, it was {feeling}.",
	"My {rel} {name} just got a job as a {job} in {city}.",
	"I'm reading a book about {topic} that {name} recommended.",
	"Going to {venue} {when} was {feeling}, I want to do it again.",
	"{other}, you should come with me to {venue} next time.",
	"I've been {hobby} every weekend since {date}.",
	"Thanks, {other}. It means a lot that you remembered.",
	"My {pet} {petname} knocked over the {thing} {when}, what a mess.",
	"I gave a talk about {topic} at {company} on {date}.",
}

var loadQuestions = []string{
	"What did {speaker} do {when}?",
	"Where did {speaker} move from?",
	"When did {speaker} go to {venue}?",
	"Who is {speaker}'s {rel}?",
	"What does {speaker} do at {company}?",
	"What hobby did {speaker} start?",
	"Where is {speaker} planning a trip?",
	"What pet did {speaker} adopt?",
	"When is {name} visiting {speaker}?",
	"What book is {speaker} reading?",
	"Who did {speaker} meet at {venue}?",
	"What did {speaker} finish {when}?",
	"Did {speaker} enjoy {hobby}?",
	"What happened at {venue} in {month}?",
}

// convGenerator makes a conversation's turns deterministically from the
// seed, the writer and the conversation's index.
type convGenerator struct {
	rng     *rand.Rand
	session int
	inSess  int // turns so far in the session
	sessLen int // turns the session will have
	day     time.Time
	clock   time.Time
	next    int // speaker of the next turn (0 or 1)
}

func newLoadConversation(seed uint64, prefix string, writer, n int) *loadConversation {
	rng := rand.New(rand.NewPCG(seed, uint64(writer)<<32|uint64(n)))
	a := rng.IntN(len(loadNames))
	b := (a + 1 + rng.IntN(len(loadNames)-1)) % len(loadNames)
	c := &loadConversation{
		id:       fmt.Sprintf("%sw%02d-%04d", prefix, writer, n),
		speakers: [2]string{loadNames[a], loadNames[b]},
		ackedID:  map[string]bool{},
	}
	for len(c.mentions) < 4 { // other people: never one of the speakers
		if i := rng.IntN(len(loadNames)); i != a && i != b {
			c.mentions = append(c.mentions, loadNames[i])
		}
	}
	day := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(900))
	c.gen = &convGenerator{rng: rng, day: day}
	c.gen.newSession()
	return c
}

func (g *convGenerator) newSession() {
	g.session++
	g.inSess = 0
	g.sessLen = 8 + g.rng.IntN(25)
	g.day = g.day.AddDate(0, 0, 1+g.rng.IntN(14))
	g.clock = g.day.Add(time.Duration(8*60+g.rng.IntN(12*60)) * time.Minute)
}

// next generates the conversation's next n turns and records them as sent.
func (c *loadConversation) next(n int) []loadTurn {
	g := c.gen
	out := make([]loadTurn, 0, n)
	for i := 0; i < n; i++ {
		if g.inSess >= g.sessLen {
			g.newSession()
		}
		g.inSess++
		g.clock = g.clock.Add(time.Duration(20+g.rng.IntN(300)) * time.Second)
		speaker, other := c.speakers[g.next], c.speakers[1-g.next]
		if g.rng.IntN(4) != 0 { // mostly alternating, sometimes twice in a row
			g.next = 1 - g.next
		}
		text := c.fill(g.rng, loadTemplates[g.rng.IntN(len(loadTemplates))], other, g.day)
		if g.rng.IntN(3) == 0 {
			text += " " + c.fill(g.rng, loadTemplates[g.rng.IntN(len(loadTemplates))], other, g.day)
		}
		out = append(out, loadTurn{
			ID:        fmt.Sprintf("D%d:%d", g.session, g.inSess),
			Session:   fmt.Sprint(g.session),
			Speaker:   speaker,
			Text:      text,
			Timestamp: g.clock.Format(time.RFC3339),
		})
	}
	c.mu.Lock()
	c.sent = append(c.sent, out...)
	c.mu.Unlock()
	return out
}

// question makes a query about the conversation, most often scoped to one
// of its speakers.
func (c *loadConversation) question(rng *rand.Rand) string {
	q := loadQuestions[rng.IntN(len(loadQuestions))]
	q = strings.ReplaceAll(q, "{speaker}", c.speakers[rng.IntN(2)])
	return c.fill(rng, q, c.speakers[0], time.Date(2023, time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC))
}

func (c *loadConversation) fill(rng *rand.Rand, tmpl, other string, day time.Time) string {
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	date := day.AddDate(0, 0, -rng.IntN(60))
	repl := []string{
		"{venue}", pick(loadVenues), "{when}", pick(loadRelative), "{rel}", pick(loadRelations),
		"{name}", c.mentions[rng.IntN(len(c.mentions))], "{city2}", pick(loadCities), "{city}", pick(loadCities),
		"{company}", pick(loadCompanies), "{job}", pick(loadJobs), "{date}", date.Format("2 January 2006"),
		"{hobby}", pick(loadHobbies), "{month}", pick(loadMonths), "{feeling}", pick(loadFeelings),
		"{other}", other, "{thing}", pick(loadThings), "{pet}", pick(loadPets), "{petname}", pick(loadPetNames),
		"{topic}", pick(loadTopics),
	}
	return strings.NewReplacer(repl...).Replace(tmpl)
}
