package bench

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// benchImport is `loci bench import FILE`: it deletes the prefix's
// conversations, then imports the samples in process and times it.
func (e Env) benchImport(ctx context.Context, samples []extract.LoCoMoSample, prefix string, workers int) error {
	a, err := e.Open(ctx)
	if err != nil {
		return err
	}
	defer a.Close()
	for _, s := range samples {
		if _, err := a.Store.DeleteConversation(ctx, ontology.DefaultTenant, prefix+s.ID); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return err
		}
	}
	st, err := importLoCoMo(ctx, a.Ingest, ontology.DefaultTenant, samples, prefix, workers, false, io.Discard)
	if err != nil {
		return err
	}
	emb := "no embedder"
	if a.Embedder != nil {
		emb = "embedder " + a.Embedder.ID()
	}
	ext := strings.Join(a.Ingest.Extractors(), "+")
	if ext == "" {
		ext = "none"
	}
	peak := "peak RSS unknown"
	if mib, err := peakRSS("self"); err == nil {
		peak = fmt.Sprintf("peak RSS %d MiB", mib)
	}
	fmt.Printf("| import | %s, extractor %s; %d conversations, %d sessions (one batch each), %d turns, %d workers, in process | %.1f s, %s | %.0f turns/s |\n",
		emb, ext, st.Conversations, st.Sessions, st.Created, workers, st.Elapsed.Seconds(), peak, float64(st.Created)/st.Elapsed.Seconds())
	return nil
}

// benchImportRemote is benchImport through a running Loci's REST API (the
// Go client), as a client would import: it deletes the prefix's
// conversations there, then imports with workers conversations at once. The
// serving process's memory is read by the caller (scripts/bench.sh), which
// knows its pid.
func (e Env) benchImportRemote(ctx context.Context, samples []extract.LoCoMoSample, prefix, url string, workers int) error {
	c, in, err := e.remote(ctx, url, "")
	if err != nil {
		return err
	}
	for _, s := range samples {
		if _, err := c.DeleteConversation(ctx, prefix+s.ID); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return err
		}
	}
	st, err := importLoCoMo(ctx, in, "", samples, prefix, workers, false, io.Discard)
	if err != nil {
		return err
	}
	fmt.Printf("| import | through the REST API of loci serve (its embedder and extractors); %d conversations, %d sessions (one request each), %d turns, %d workers | %.1f s | %.0f turns/s |\n",
		st.Conversations, st.Sessions, st.Created, workers, st.Elapsed.Seconds(), float64(st.Created)/st.Elapsed.Seconds())
	return nil
}

// bareTenant is the scratch tenant of `loci bench import --bare`: both
// sides write there, and it is emptied before and after each side.
const bareTenant = "bench-bare-ratio"

// benchImportBare measures the issue-15 target "ingest without embeddings
// against a bare UNWIND of the same turns through the same driver":
//
//	LOCI_EMBEDDER=none LOCI_EXTRACTOR=none loci bench import FILE --bare [--reps 3] [--workers 8]
//
// Each repetition imports the LoCoMo turns (a) through Loci's ingest, in
// process (one batch per session, sessions in order, workers
// conversations at once, as `loci bench import`), and (b) as one bare
// `UNWIND $rows AS r CREATE (n:BareTurn) SET n = r` per session batch with
// the same properties, through the same driver, with the same workers and
// batches (graph.Store.BareTurnsCreate). Both go into a scratch tenant that
// is emptied before and after each side, untimed. It prints turns/s of each
// side per repetition and the ratio of the medians.
func (e Env) benchImportBare(ctx context.Context, samples []extract.LoCoMoSample, workers, reps int) error {
	a, err := e.Open(ctx)
	if err != nil {
		return err
	}
	defer a.Close()
	if a.Embedder != nil || len(a.Ingest.Extractors()) > 0 {
		return fmt.Errorf("--bare compares ingest without embeddings or extraction: run with LOCI_EMBEDDER=none LOCI_EXTRACTOR=none (embedder %v, extractors %v)",
			a.Embedder != nil, a.Ingest.Extractors())
	}
	clean := func() error {
		if _, err := a.Store.DeleteTenant(ctx, bareTenant); err != nil {
			return fmt.Errorf("emptying tenant %s: %w", bareTenant, err)
		}
		if _, err := a.Store.BareTurnsDelete(ctx, bareTenant); err != nil {
			return err
		}
		return nil
	}
	if err := clean(); err != nil {
		return err
	}
	defer func() { _ = clean() }()
	total := 0
	for _, s := range samples {
		total += s.TurnCount()
	}
	var lociRates, bareRates []float64
	fmt.Printf("| rep | Loci ingest (no embedder, no extractor) | bare UNWIND CREATE | ratio |\n| ---: | ---: | ---: | ---: |\n")
	for r := 1; r <= reps; r++ {
		st, err := importLoCoMo(ctx, a.Ingest, bareTenant, samples, "", workers, false, io.Discard)
		if err != nil {
			return err
		}
		if st.Created != total {
			return fmt.Errorf("rep %d: Loci's ingest created %d of %d turns (was the tenant emptied?)", r, st.Created, total)
		}
		lociRate := float64(st.Created) / st.Elapsed.Seconds()
		if err := clean(); err != nil {
			return err
		}
		elapsed, err := bareImport(ctx, a.Store.BareTurnsCreate, samples, workers)
		if err != nil {
			return err
		}
		bareRate := float64(total) / elapsed.Seconds()
		if err := clean(); err != nil {
			return err
		}
		lociRates, bareRates = append(lociRates, lociRate), append(bareRates, bareRate)
		fmt.Printf("| %d | %.0f turns/s (%.2f s) | %.0f turns/s (%.2f s) | %.1f %% |\n",
			r, lociRate, st.Elapsed.Seconds(), bareRate, elapsed.Seconds(), 100*lociRate/bareRate)
	}
	lm, bm := median(lociRates), median(bareRates)
	fmt.Printf("\n%d turns, %d conversations, one batch per session, %d workers, %d repetitions: median Loci %.0f turns/s, bare %.0f turns/s, ratio %.1f %% (per-rep ratios %s)\n",
		total, len(samples), workers, reps, lm, bm, 100*lm/bm, ratios(lociRates, bareRates))
	return nil
}

// bareImport writes the samples' turns with create, one call per session
// in order within a conversation, workers conversations at once (the
// batches and concurrency of importLoCoMo), and returns the wall time.
func bareImport(ctx context.Context, create func(ctx context.Context, tenant, conversation string, firstSeq int64, turns []ontology.Turn) error,
	samples []extract.LoCoMoSample, workers int) (time.Duration, error) {
	start := time.Now()
	err := EachSample(ctx, workers, samples, func(ctx context.Context, s extract.LoCoMoSample) error {
		var seq int64
		for _, ses := range s.Sessions {
			if len(ses.Turns) == 0 {
				continue
			}
			if err := ctx.Err(); err != nil {
				return err // another worker failed
			}
			if err := create(ctx, bareTenant, s.ID, seq, ses.Turns); err != nil {
				return err
			}
			seq += int64(len(ses.Turns))
		}
		return nil
	})
	return time.Since(start), err
}

// EachSample runs fn on every sample, up to workers at once, and returns
// the first error: after it no sample is started, and the ctx fn was given
// is cancelled.
func EachSample(ctx context.Context, workers int, samples []extract.LoCoMoSample, fn func(context.Context, extract.LoCoMoSample) error) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(workers, 1))
	for _, s := range samples {
		if ctx.Err() != nil {
			break // a worker failed: start no more
		}
		g.Go(func() error { return fn(ctx, s) })
	}
	return g.Wait()
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ratios(num, den []float64) string {
	var out []string
	for i := range num {
		out = append(out, fmt.Sprintf("%.1f %%", 100*num[i]/den[i]))
	}
	return strings.Join(out, ", ")
}
