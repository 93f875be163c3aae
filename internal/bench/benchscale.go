package bench

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

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
// with precomputed vectors straight through graph.Store (AddBatch, one
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
func (e Env) benchScale(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench scale", flag.ContinueOnError)
	sizesFlag := fs.String("sizes", "10k,100k,500k", "comma-separated tenant sizes in turns (k = thousand, m = million)")
	locomo := fs.String("locomo", e.LoCoMo, "LoCoMo file for texts and questions (generated ones when it is missing)")
	tenant := fs.String("tenant", "bench-scale", "the tenant grown (its conversations are deleted first)")
	bigTurns := fs.Int("big-turns", 50000, "turns of the one large conversation")
	queries := fs.Int("queries", 100, "questions per measured run (at most)")
	budget := fs.Duration("run-budget", 90*time.Second, "time bound of one measured run (at least 10 questions are asked)")
	workers := fs.Int("workers", 4, "conversations written at once while growing")
	port := fs.Int("port", 18091, "port of the loci serve subprocess")
	outDir := fs.String("out", ".local/bench-scale", "where scale.json and scale.md are written")
	plotPath := fs.String("plot", "docs/img/scale-latency.png", "the latency-versus-size plot (PNG)")
	home := fs.String("neo4j-home", ".local/neo4j-2026", "the Neo4j server's home (scripts/bench-scale.sh passes $NEO4J_HOME, or .local/neo4j-$NEO4J_SERIES)")
	storeDir := fs.String("store-dir", "", "the Neo4j database directory measured with du (default NEO4J_HOME/data/databases/neo4j)")
	neo4jPidFile := fs.String("neo4j-pid-file", "", "the Neo4j server's pid file, for its RSS (default NEO4J_HOME/run/neo4j.pid)")
	keep := fs.Bool("keep", false, "keep the tenant's conversations and the results in --out, and continue from there")
	reportOnly := fs.Bool("report-only", false, "only rewrite scale.md and the plot from the scale.json in --out")
	settle := fs.Bool("settle-anchors", true, "before measuring a size, rebuild the topic sets and profiles the growth made stale (as `loci refresh-anchors`), so the serve's background pass does not rebuild them during the timed runs")
	growOnly := fs.Bool("grow-only", false, "grow the tenant to the largest size and measure nothing (no loci serve, --out untouched); a later --keep call at the reached size measures, so growth can run unlocked and at low priority and only the timed run holds the machine")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if *reportOnly {
		report, _, err := readScaleReport(*outDir)
		if err != nil {
			return err
		}
		return report.write(*outDir, *plotPath)
	}
	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		return err
	}
	if *storeDir == "" {
		*storeDir = filepath.Join(*home, "data", "databases", "neo4j")
	}
	if *neo4jPidFile == "" {
		*neo4jPidFile = filepath.Join(*home, "run", "neo4j.pid")
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return err
	}

	corpus, err := scaleCorpusFrom(*locomo)
	if err != nil {
		return err
	}
	a, err := e.openWithEmbedder(ctx, "bench scale")
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintf(os.Stderr, "scale: embedding a pool of %d distinct texts (%s) with %s\n", len(corpus.texts), corpus.source, a.Embedder.ID())
	start := time.Now()
	if err := corpus.embed(ctx, a.Embedder); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "scale: pool embedded in %s\n", time.Since(start).Round(time.Millisecond))

	grown := 0
	g := &scaleGrower{app: a, corpus: corpus, tenant: *tenant, workers: *workers}
	if *keep {
		convs, err := a.Store.Conversations(ctx, *tenant, 1000000)
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
		if _, err := a.Store.DeleteTenant(ctx, *tenant); err != nil {
			return fmt.Errorf("deleting tenant %s: %w", *tenant, err)
		}
	}

	if *growOnly {
		n, err := g.growTo(ctx, sizes[len(sizes)-1], grown, *bigTurns)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "scale: %d turns stored (%d written, %.0f turns/s); --grow-only: nothing measured\n",
			grown+n, g.ingestTurns, float64(g.ingestTurns)/g.ingestTime.Seconds())
		return nil
	}

	srv, err := startScaleServe(ctx, *tenant, *port)
	if err != nil {
		return err
	}
	defer srv.stop()

	var report scaleReport
	if *keep {
		// Continuing a run: keep the sizes it measured, if any.
		if kept, read, err := readScaleReport(*outDir); read {
			if err != nil {
				return err
			}
			report = kept
		}
	}
	report.Date = time.Now().UTC().Format("2006-01-02")
	report.Embedder = a.Embedder.ID()
	report.Source = corpus.source
	report.Server, _ = a.Store.KernelVersion(ctx)
	for _, size := range sizes {
		n, err := g.growTo(ctx, size, grown, *bigTurns)
		if err != nil {
			return err
		}
		grown += n
		fmt.Fprintf(os.Stderr, "scale: %d turns stored (ingest %.0f turns/s so far); measuring\n", grown, float64(g.ingestTurns)/g.ingestTime.Seconds())
		res := scaleSize{Turns: grown, Conversations: g.next, BigTurns: 0}
		if g.bigDone {
			res.Conversations++
			res.BigTurns = *bigTurns
		}
		res.IngestTurns, res.IngestSeconds = g.ingestTurns, g.ingestTime.Seconds()
		g.ingestTurns, g.ingestTime = 0, 0

		if *settle && a.RefreshStale != nil {
			t0 := time.Now()
			n, err := settleAnchors(ctx, a.RefreshStale)
			if err != nil {
				return err
			}
			res.AnchorSeconds = time.Since(t0).Seconds()
			fmt.Fprintf(os.Stderr, "scale: %d stale anchors rebuilt in %.0f s before measuring\n", n, res.AnchorSeconds)
		}
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
		if mem, err := a.Store.ServerMemory(ctx); err == nil {
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

// settleAnchors rebuilds stale topic sets and profiles, 200 at a time,
// until none is left, and returns how many it rebuilt. Written
// conversations are stale until rebuilt, and `loci serve` rebuilds them in
// a background pass: without this, that pass runs beside the timed
// requests (and did, in the first 500k run). An anchor that cannot be
// rebuilt is an error, not an endless loop.
func settleAnchors(ctx context.Context, refresh func(ctx context.Context, limit int) (stale, rebuilt int, err error)) (int, error) {
	total := 0
	for {
		stale, n, err := refresh(ctx, 200)
		if err != nil {
			return total, fmt.Errorf("rebuilding stale anchors: %w", err)
		}
		if stale == 0 {
			return total, nil
		}
		if n == 0 {
			return total, fmt.Errorf("rebuilding stale anchors: %d could not be rebuilt", stale)
		}
		total += n
	}
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

const scaleBigID = "scale-big"

// scaleSmallID is the id of the i-th 600-turn conversation; conversation
// 0 is the one measured.
func scaleSmallID(i int) string { return fmt.Sprintf("scale-%05d", i) }

// scaleGrower writes the grown conversations.
type scaleGrower struct {
	app         *App
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

// growTo grows the tenant from have turns to at least size and returns the
// turns written (counted in g.ingestTurns and g.ingestTime too). The large
// conversation comes in with the first size that leaves room for it beside
// the 600-turn ones.
func (g *scaleGrower) growTo(ctx context.Context, size, have, bigTurns int) (int, error) {
	written := 0
	if !g.bigDone && size >= bigTurns*2 {
		t0 := time.Now()
		n, err := g.writeBig(ctx, bigTurns)
		if err != nil {
			return written, err
		}
		written += n
		g.ingestTurns += n
		g.ingestTime += time.Since(t0)
	}
	if have+written < size {
		t0 := time.Now()
		n, err := g.grow(ctx, size-have-written)
		written += n
		g.ingestTurns += n
		g.ingestTime += time.Since(t0)
		if err != nil {
			return written, err
		}
	}
	return written, nil
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
	bar := newProgress(os.Stderr, want, "turns")
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
				_, err := g.app.Store.AddBatch(ctx, g.tenant, scaleSmallID(i), ontology.TurnBatch{Turns: turns, Vectors: g.vectorsOf(turns)})
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("conversation %s: %w", scaleSmallID(i), err)
					cancel()
				}
				written += len(turns)
				bar.Set(written, scaleSmallID(i))
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
	bar.Done()
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
	bar := newProgress(os.Stderr, n, "turns")
	for i := 0; i < len(turns); i += 1000 {
		b := turns[i:min(i+1000, len(turns))]
		if _, err := g.app.Store.AddBatch(ctx, g.tenant, scaleBigID, ontology.TurnBatch{Turns: b, Vectors: g.vectorsOf(b)}); err != nil {
			return i, fmt.Errorf("conversation %s: %w", scaleBigID, err)
		}
		bar.Set(i+len(b), scaleBigID)
	}
	bar.Done()
	g.bigDone = true
	return len(turns), nil
}
