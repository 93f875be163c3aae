package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// benchScale grows one tenant through the given sizes (in turns) and, at
// each, measures /v1/search and /v1/context through the HTTP API of a
// `loci serve` subprocess:
//
//	loci bench scale [--sizes 10k,100k,500k] [--locomo FILE] [--out DIR] [...]
//
// To reach half a million turns in reasonable time the turns are written
// with precomputed vectors straight through graph.Store (AddTurns, one
// UNWIND transaction per conversation): a pool of distinct texts is
// embedded once with the default embedder. The texts, speakers, sessions
// and questions are LoCoMo's when the file is there (read at run time, never
// stored in the repository), else generated. Conversations are copies of
// the LoCoMo samples (~600 turns each) plus, from the first size that has
// room for it, one conversation of --big-turns turns made of the samples
// one after another. Searches always go through the HTTP API.
//
// Results go to DIR/scale.json (rewritten after each size, so a run cut
// short keeps the sizes it finished), DIR/scale.md (the tables) and the
// plot named by --plot.
func benchScale(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench scale", flag.ContinueOnError)
	sizesFlag := fs.String("sizes", "10k,100k,500k", "comma-separated tenant sizes in turns (k = thousand, m = million)")
	locomo := fs.String("locomo", "../shared/data/locomo/locomo10.json", "LoCoMo file for texts and questions (generated ones when it is missing)")
	tenant := fs.String("tenant", "bench-scale", "the tenant grown (its conversations are deleted first)")
	bigTurns := fs.Int("big-turns", 50000, "turns of the one large conversation")
	queries := fs.Int("queries", 100, "questions per measured run (at most)")
	budget := fs.Duration("run-budget", 90*time.Second, "time bound of one measured run (at least 10 questions are asked)")
	workers := fs.Int("workers", 4, "conversations written at once while growing")
	port := fs.Int("port", 18091, "port of the loci serve subprocess")
	outDir := fs.String("out", ".local/bench-scale", "where scale.json and scale.md are written")
	plotPath := fs.String("plot", "docs/img/scale-latency.png", "the latency-versus-size plot (PNG)")
	storeDir := fs.String("store-dir", "", "the Neo4j database directory measured with du (default $NEO4J_HOME/data/databases/neo4j, NEO4J_HOME defaulting to .local/neo4j-$NEO4J_SERIES, the series 2026 unless set)")
	neo4jPidFile := fs.String("neo4j-pid-file", "", "the Neo4j server's pid file, for its RSS (default $NEO4J_HOME/run/neo4j.pid)")
	keep := fs.Bool("keep", false, "keep the tenant's conversations and the results in --out, and continue from there")
	reportOnly := fs.Bool("report-only", false, "only rewrite scale.md and the plot from the scale.json in --out")
	if err := fs.Parse(reorder(fs, args)); err != nil {
		return err
	}
	if *reportOnly {
		b, err := os.ReadFile(filepath.Join(*outDir, "scale.json"))
		if err != nil {
			return err
		}
		var report scaleReport
		if err := json.Unmarshal(b, &report); err != nil {
			return fmt.Errorf("%s/scale.json: %w", *outDir, err)
		}
		return report.write(*outDir, *plotPath)
	}
	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		return err
	}
	home := env("NEO4J_HOME", ".local/neo4j-"+env("NEO4J_SERIES", "2026"))
	if *storeDir == "" {
		*storeDir = filepath.Join(home, "data", "databases", "neo4j")
	}
	if *neo4jPidFile == "" {
		*neo4jPidFile = filepath.Join(home, "run", "neo4j.pid")
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return err
	}

	corpus, err := scaleCorpusFrom(*locomo)
	if err != nil {
		return err
	}
	a, err := openMigratedApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	if a.embedder == nil {
		return errors.New("bench scale needs an embedder (LOCI_EMBEDDER other than none)")
	}
	fmt.Fprintf(os.Stderr, "scale: embedding a pool of %d distinct texts (%s) with %s\n", len(corpus.texts), corpus.source, a.embedder.ID())
	start := time.Now()
	if err := corpus.embed(ctx, a.embedder); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "scale: pool embedded in %s\n", time.Since(start).Round(time.Millisecond))

	grown := 0
	g := &scaleGrower{store: a, corpus: corpus, tenant: *tenant, workers: *workers}
	if *keep {
		convs, err := a.store.Conversations(ctx, *tenant, 1000000)
		if err != nil {
			return err
		}
		for _, c := range convs {
			if c.ID == scaleBigID {
				g.bigDone = true
			} else {
				g.next++
			}
			grown += int(c.TurnCount)
		}
		fmt.Fprintf(os.Stderr, "scale: continuing from %d turns in %d conversations\n", grown, len(convs))
	} else {
		fmt.Fprintf(os.Stderr, "scale: deleting tenant %s's conversations\n", *tenant)
		if _, err := a.store.DeleteTenant(ctx, *tenant); err != nil {
			return fmt.Errorf("deleting tenant %s: %w", *tenant, err)
		}
	}

	srv, err := startScaleServe(ctx, *tenant, *port)
	if err != nil {
		return err
	}
	defer srv.stop()

	var report scaleReport
	if *keep {
		// Continuing a run: keep the sizes it measured.
		if b, err := os.ReadFile(filepath.Join(*outDir, "scale.json")); err == nil {
			if err := json.Unmarshal(b, &report); err != nil {
				return fmt.Errorf("%s/scale.json: %w", *outDir, err)
			}
		}
	}
	report.Date = time.Now().UTC().Format("2006-01-02")
	report.Embedder = a.embedder.ID()
	report.Source = corpus.source
	report.Server, _ = a.store.KernelVersion(ctx)
	for _, size := range sizes {
		// The large conversation comes in with the first size that leaves
		// room for it beside the 600-turn ones.
		if !g.bigDone && size >= *bigTurns*2 {
			t0 := time.Now()
			n, err := g.writeBig(ctx, *bigTurns)
			if err != nil {
				return err
			}
			grown += n
			g.ingestTurns += n
			g.ingestTime += time.Since(t0)
		}
		if grown < size {
			t0 := time.Now()
			n, err := g.grow(ctx, size-grown)
			if err != nil {
				return err
			}
			grown += n
			g.ingestTurns += n
			g.ingestTime += time.Since(t0)
		}
		fmt.Fprintf(os.Stderr, "scale: %d turns stored (ingest %.0f turns/s so far); measuring\n", grown, float64(g.ingestTurns)/g.ingestTime.Seconds())
		res := scaleSize{Turns: grown, Conversations: g.next, BigTurns: 0}
		if g.bigDone {
			res.Conversations++
			res.BigTurns = *bigTurns
		}
		res.IngestTurns, res.IngestSeconds = g.ingestTurns, g.ingestTime.Seconds()
		g.ingestTurns, g.ingestTime = 0, 0

		if err := srv.measure(ctx, corpus, g.bigDone, *queries, *budget, &res); err != nil {
			return err
		}
		// Community cannot be told to checkpoint (db.checkpoint is
		// Enterprise): writes since the last one (every 15 minutes or
		// 250 MiB of log) are only in the transaction log, so both count.
		res.StoreBytes, _ = duBytes(*storeDir)
		res.TxLogBytes, _ = duBytes(filepath.Join(filepath.Dir(filepath.Dir(*storeDir)), "transactions", filepath.Base(*storeDir)))
		res.IndexBytes, _ = duBytes(filepath.Join(*storeDir, "schema", "index"))
		// Per index provider (vector-…, fulltext-…, range-…): the vector
		// index lives outside the page cache (Lucene, OS memory), so sizing
		// needs it apart.
		if dirs, err := os.ReadDir(filepath.Join(*storeDir, "schema", "index")); err == nil {
			res.IndexBytesByKind = map[string]int64{}
			for _, d := range dirs {
				kind, _, _ := strings.Cut(d.Name(), "-")
				n, _ := duBytes(filepath.Join(*storeDir, "schema", "index", d.Name()))
				res.IndexBytesByKind[kind] += n
			}
		}
		if mem, err := a.store.ServerMemory(ctx); err == nil {
			res.HeapUsed, res.HeapCommitted, res.PageCacheSetting = mem.HeapUsed, mem.HeapCommitted, mem.PageCacheSize
		} else {
			fmt.Fprintf(os.Stderr, "scale: server memory: %v\n", err)
		}
		if b, err := os.ReadFile(*neo4jPidFile); err == nil {
			res.Neo4jRSSMiB, _ = procStatusMiB(strings.TrimSpace(string(b)), "VmRSS:")
		}
		res.LociPeakRSSMiB, _ = peakRSS(strconv.Itoa(srv.cmd.Process.Pid))
		report.Sizes = append(report.Sizes, res)
		if err := report.write(*outDir, *plotPath); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "scale: %d turns measured, results in %s\n", grown, *outDir)
	}
	return nil
}

// parseSizes reads "10k,100k,500k" (k thousands, m millions).
func parseSizes(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		mult := 1
		switch {
		case strings.HasSuffix(f, "k"):
			mult, f = 1000, strings.TrimSuffix(f, "k")
		case strings.HasSuffix(f, "m"):
			mult, f = 1000000, strings.TrimSuffix(f, "m")
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("--sizes: bad size %q", f)
		}
		if len(out) > 0 && n*mult <= out[len(out)-1] {
			return nil, fmt.Errorf("--sizes: sizes must grow, got %d after %d", n*mult, out[len(out)-1])
		}
		out = append(out, n*mult)
	}
	return out, nil
}

// scaleCorpus is what the grown conversations are copied from: samples of
// sessions of turns, the distinct texts among them and their vectors, and
// the questions asked of each sample.
type scaleCorpus struct {
	source  string
	samples []extract.LoCoMoSample
	texts   []string
	index   map[string]int // text -> position in texts and vectors
	vectors [][]float32
}

func scaleCorpusFrom(path string) (*scaleCorpus, error) {
	c := &scaleCorpus{index: map[string]int{}}
	if samples, err := readLoCoMoFile(path); err == nil {
		c.samples, c.source = samples, "LoCoMo texts and questions read from "+path
	} else if errors.Is(err, fs.ErrNotExist) {
		c.samples, c.source = generatedSamples(10, 600), "generated texts and questions (no LoCoMo file)"
	} else {
		return nil, err
	}
	for _, s := range c.samples {
		for _, ses := range s.Sessions {
			for _, t := range ses.Turns {
				txt := extract.EmbeddingText(t)
				if _, ok := c.index[txt]; !ok {
					c.index[txt] = len(c.texts)
					c.texts = append(c.texts, txt)
				}
			}
		}
	}
	return c, nil
}

func (c *scaleCorpus) embed(ctx context.Context, emb ontology.Embedder) error {
	const batch = 64
	for i := 0; i < len(c.texts); i += batch {
		v, err := emb.Embed(ctx, c.texts[i:min(i+batch, len(c.texts))])
		if err != nil {
			return fmt.Errorf("embedding the text pool: %w", err)
		}
		c.vectors = append(c.vectors, v...)
	}
	return nil
}

// questions returns the questions (LoCoMo categories 1-4) of sample i, or
// of every sample when i < 0.
func (c *scaleCorpus) questions(i int) []string {
	var out []string
	for j, s := range c.samples {
		if i >= 0 && j != i {
			continue
		}
		for _, q := range s.Questions {
			if q.Category >= 1 && q.Category <= 4 {
				out = append(out, q.Question)
			}
		}
	}
	return out
}

// generatedSamples makes n two-speaker samples of about turns turns each,
// from a small vocabulary, with one question per ten turns; used when the
// LoCoMo file is not there.
func generatedSamples(n, turns int) []extract.LoCoMoSample {
	names := []string{"Avery", "Blake", "Casey", "Devon", "Emery", "Finley", "Harper", "Jordan", "Kendall", "Logan",
		"Morgan", "Parker", "Quinn", "Reese", "Riley", "Rowan", "Sawyer", "Skyler", "Taylor", "Wren"}
	verbs := []string{"visited", "painted", "cooked", "read about", "talked about", "photographed", "planned", "fixed", "bought", "remembered"}
	things := []string{"the lake", "a sunrise", "the old bridge", "a guitar", "the garden", "a marathon", "the museum", "a puppy",
		"the bakery", "a mountain trail", "the library", "a sailboat", "the farmers market", "a violin", "the beach", "a camping trip"}
	whens := []string{"yesterday", "last week", "this morning", "on Sunday", "last summer", "after work", "with my sister", "with friends"}
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2023, 1, 1, 10, 0, 0, 0, time.UTC)
	var out []extract.LoCoMoSample
	for i := 0; i < n; i++ {
		s := extract.LoCoMoSample{ID: fmt.Sprintf("gen-%d", i), Speakers: [2]string{names[2*i%len(names)], names[(2*i+1)%len(names)]}}
		for k := 0; k*20 < turns; k++ {
			at := base.AddDate(0, 0, 7*k+i)
			ses := extract.LoCoMoSession{ID: strconv.Itoa(k + 1), Time: &at}
			for j := 0; j < 20; j++ {
				sp := s.Speakers[j%2]
				v, th, w := verbs[rng.IntN(len(verbs))], things[rng.IntN(len(things))], whens[rng.IntN(len(whens))]
				text := fmt.Sprintf("I %s %s %s, and it made me think of %s (%d).", v, th, w, things[rng.IntN(len(things))], rng.IntN(1000))
				ses.Turns = append(ses.Turns, ontology.Turn{ID: fmt.Sprintf("D%d:%d", k+1, j+1), Session: ses.ID, Speaker: sp, Text: text, Timestamp: &at})
				if j%10 == 0 {
					s.Questions = append(s.Questions, extract.LoCoMoQuestion{Question: fmt.Sprintf("When did %s say they %s %s?", sp, v, th), Category: 2})
				}
			}
			s.Sessions = append(s.Sessions, ses)
		}
		out = append(out, s)
	}
	return out
}

const scaleBigID = "scale-big"

// scaleSmallID is the id of the i-th 600-turn conversation; conversation
// 0 is the one measured.
func scaleSmallID(i int) string { return fmt.Sprintf("scale-%05d", i) }

// scaleGrower writes the grown conversations.
type scaleGrower struct {
	store       *app
	corpus      *scaleCorpus
	tenant      string
	workers     int
	next        int // 600-turn conversations written so far
	bigDone     bool
	ingestTurns int
	ingestTime  time.Duration
}

// vectorsOf returns the pool vectors of turns.
func (g *scaleGrower) vectorsOf(turns []ontology.Turn) [][]float32 {
	v := make([][]float32, len(turns))
	for i, t := range turns {
		v[i] = g.corpus.vectors[g.corpus.index[extract.EmbeddingText(t)]]
	}
	return v
}

// grow writes copies of the samples, whole conversations with up to
// workers at once, until at least want turns were written.
func (g *scaleGrower) grow(ctx context.Context, want int) (int, error) {
	var (
		mu       sync.Mutex
		written  int
		firstErr error
		wg       sync.WaitGroup
	)
	jobs := make(chan int)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	bar := newProgress(os.Stderr, want)
	for w := 0; w < max(g.workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				s := g.corpus.samples[i%len(g.corpus.samples)]
				var turns []ontology.Turn
				for _, ses := range s.Sessions {
					turns = append(turns, ses.Turns...)
				}
				_, err := g.store.store.AddBatch(ctx, g.tenant, scaleSmallID(i), ontology.TurnBatch{Turns: turns, Vectors: g.vectorsOf(turns)})
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("conversation %s: %w", scaleSmallID(i), err)
					cancel()
				}
				written += len(turns)
				bar.set(written, scaleSmallID(i))
				mu.Unlock()
			}
		}()
	}
	avg := 0
	for _, s := range g.corpus.samples {
		avg += s.TurnCount()
	}
	avg /= len(g.corpus.samples)
	n := (want + avg - 1) / avg
feed:
	for k := 0; k < n; k++ {
		select {
		case jobs <- g.next:
			g.next++
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	bar.done()
	return written, firstErr
}

// writeBig writes the large conversation: the samples' sessions one after
// another (renumbered, their turn ids made unique per round) in batches of
// 1,000 turns, in order, until it holds n turns.
func (g *scaleGrower) writeBig(ctx context.Context, n int) (int, error) {
	var turns []ontology.Turn
	for round := 0; len(turns) < n; round++ {
		for si, s := range g.corpus.samples {
			for _, ses := range s.Sessions {
				sesID := fmt.Sprintf("%d-%d-%s", round, si, ses.ID)
				for _, t := range ses.Turns {
					if len(turns) == n {
						break
					}
					t.ID = fmt.Sprintf("r%d-s%d-%s", round, si, t.ID)
					t.Session = sesID
					turns = append(turns, t)
				}
			}
		}
	}
	bar := newProgress(os.Stderr, n)
	for i := 0; i < len(turns); i += 1000 {
		b := turns[i:min(i+1000, len(turns))]
		if _, err := g.store.store.AddBatch(ctx, g.tenant, scaleBigID, ontology.TurnBatch{Turns: b, Vectors: g.vectorsOf(b)}); err != nil {
			return i, fmt.Errorf("conversation %s: %w", scaleBigID, err)
		}
		bar.set(i+len(b), scaleBigID)
	}
	bar.done()
	g.bigDone = true
	return len(turns), nil
}

// scaleServe is the `loci serve` subprocess the searches go to: this
// binary, acting for the grown tenant through a fresh API key.
type scaleServe struct {
	cmd    *exec.Cmd
	url    string
	secret string
	client *http.Client
	log    *os.File
}

func startScaleServe(ctx context.Context, tenant string, port int) (*scaleServe, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	secret, key, err := auth.NewKey(tenant, "bench scale")
	if err != nil {
		return nil, err
	}
	logf, err := os.CreateTemp("", "loci-bench-scale-*.log")
	if err != nil {
		return nil, err
	}
	// A keys file of its own holding only this key: the user's keys, if
	// any, are not the bench's business.
	keys := strings.TrimSuffix(logf.Name(), ".log") + "-keys.json"
	if err := auth.AddToFile(keys, key); err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(exe, "serve")
	cmd.Env = append(os.Environ(), "LOCI_ADDR="+addr, "LOCI_API_KEYS=", "LOCI_KEYS_FILE="+keys, "LOCI_RATE_LIMIT=0")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting loci serve: %w", err)
	}
	s := &scaleServe{cmd: cmd, url: "http://" + addr, secret: secret, log: logf,
		client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := s.client.Get(s.url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				fmt.Fprintf(os.Stderr, "scale: loci serve (pid %d) ready on %s, log %s\n", cmd.Process.Pid, addr, logf.Name())
				return s, nil
			}
		}
		select {
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	s.stop()
	return nil, fmt.Errorf("loci serve did not become ready within 60 s (log: %s)", logf.Name())
}

func (s *scaleServe) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.log.Close()
}

// scaleQuery is one request of a measured run.
type scaleQuery struct {
	endpoint, conversation, question string
}

func (s *scaleServe) do(ctx context.Context, q scaleQuery) (time.Duration, error) {
	req := map[string]any{"query": q.question}
	if q.conversation != "" {
		req["conversation_id"] = q.conversation
	}
	path := "/v1/search"
	if q.endpoint == "context" {
		path = "/v1/context"
		req["budget_tokens"] = 2000
	} else {
		req["limit"] = 10
	}
	body, _ := json.Marshal(req)
	hreq, err := http.NewRequestWithContext(ctx, "POST", s.url+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Authorization", "Bearer "+s.secret)
	start := time.Now()
	resp, err := s.client.Do(hreq)
	if err != nil {
		return 0, err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if resp.StatusCode != http.StatusOK {
		return d, fmt.Errorf("%s %q: HTTP %d %s", path, q.question, resp.StatusCode, bytes.TrimSpace(b))
	}
	return d, nil
}

// measure runs every (endpoint, scope, clients) combination: search and
// context in the first 600-turn conversation and in the large one (when
// written), and search tenant-wide; at 1 and 8 clients.
func (s *scaleServe) measure(ctx context.Context, c *scaleCorpus, big bool, maxQueries int, budget time.Duration, res *scaleSize) error {
	type scope struct {
		name, conv string
		questions  []string
	}
	scopes := []scope{{"conversation (600)", scaleSmallID(0), c.questions(0)}}
	all := c.questions(-1)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	if big {
		scopes = append(scopes, scope{"conversation (big)", scaleBigID, all})
	}
	scopes = append(scopes, scope{"tenant-wide", "", all})
	for _, endpoint := range []string{"search", "context"} {
		for _, sc := range scopes {
			if endpoint == "context" && sc.conv == "" {
				continue // /v1/context needs a conversation
			}
			qs := sc.questions[:min(maxQueries, len(sc.questions))]
			// Warm-up, untimed: plans cached, connections open, pages loaded.
			for _, q := range qs[:min(5, len(qs))] {
				if _, err := s.do(ctx, scaleQuery{endpoint, sc.conv, q}); err != nil {
					return err
				}
			}
			for _, clients := range []int{1, 8} {
				run := s.run(ctx, endpoint, sc.conv, qs, clients, budget)
				run.Endpoint, run.Scope = endpoint, sc.name
				res.Runs = append(res.Runs, run)
				fmt.Fprintf(os.Stderr, "scale: %7d turns  %-7s %-20s %d client(s): n=%d p50 %.1f ms p95 %.1f ms, %.1f req/s, %d errors\n",
					res.Turns, endpoint, sc.name, clients, run.N, run.P50, run.P95, run.RPS, run.Errors)
				if run.FirstError != "" {
					fmt.Fprintf(os.Stderr, "scale: first error: %s\n", run.FirstError)
				}
			}
		}
	}
	return nil
}

// run asks qs with clients concurrent clients until all are asked or the
// budget is spent (after at least 10 answers).
func (s *scaleServe) run(ctx context.Context, endpoint, conv string, qs []string, clients int, budget time.Duration) scaleRun {
	var (
		mu   sync.Mutex
		lat  []time.Duration
		out  scaleRun
		wg   sync.WaitGroup
		work = make(chan string)
	)
	start := time.Now()
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range work {
				d, err := s.do(ctx, scaleQuery{endpoint, conv, q})
				mu.Lock()
				if err != nil {
					out.Errors++
					if out.FirstError == "" {
						out.FirstError = err.Error()
					}
				} else {
					lat = append(lat, d)
				}
				mu.Unlock()
			}
		}()
	}
	for i, q := range qs {
		if i >= 10 && time.Since(start) > budget {
			break
		}
		work <- q
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	out.Clients, out.N = clients, len(lat)
	out.P50, out.P95 = ms(pct(lat, 50)), ms(pct(lat, 95))
	out.RPS = float64(len(lat)) / elapsed.Seconds()
	return out
}

// duBytes sums the sizes of the files under dir (what du --apparent-size
// reports), 0 when it does not exist.
func duBytes(dir string) (int64, error) {
	var total int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total, err
}

// procStatusMiB reads one kB line (VmRSS:, VmHWM:) of /proc/pid/status in MiB.
func procStatusMiB(pid, field string) (int64, error) {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			if len(f) == 2 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb / 1024, err
			}
		}
	}
	return 0, fmt.Errorf("no %s line", field)
}
