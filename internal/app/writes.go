package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// Writes is how `loci serve` acknowledges batches of turns
// (LOCI_INGEST_MODE).
type Writes struct {
	// Ingest is the API's and the MCP tools' add_turns.
	Ingest ontology.Ingestor
	// Enricher enriches acknowledged batches in async mode (nil in sync).
	Enricher *extract.Enricher
	// Stop stops the enrichment workers and waits for them.
	Stop func()
	// Status is what /readyz reports of the write path.
	Status func() map[string]any
}

// gated returns a's ingestor behind an extract.Gate admitting n batches at
// once, their waits in loci_ingest_admission_wait_seconds; n = 0: no gate.
func (a *App) gated(n int) ontology.Ingestor {
	if n <= 0 {
		return a.Ingest
	}
	var observe func(time.Duration)
	if a.Metrics != nil {
		h := prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "loci_ingest_admission_wait_seconds",
			Help:    "How long a batch of turns waited for a place among the LOCI_INGEST_CONCURRENCY batches ingested at once.",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		})
		a.Metrics.Prometheus().MustRegister(h)
		observe = func(d time.Duration) { h.Observe(d.Seconds()) }
	}
	return extract.NewGate(a.Ingest, n, observe)
}

// StartWrites builds serve's write path from a.Config. In sync mode (the
// default) a batch is acknowledged once everything is stored, by a's
// ingestor, at most IngestConcurrency batches at once when it is set (the
// others wait their turn, first come first served; 0: no limit). In async mode (for bursts of writes) it is acknowledged once
// its turns are stored and full-text searchable and enriched (vectors,
// bursts, knowledge) in the background, EnrichWorkers conversations at a
// time, with at most EnrichBacklog turns waiting (past it add_turns waits
// for room). The import, eval and bench commands always ingest
// synchronously. Stop the returned Writes before closing the store.
func (a *App) StartWrites(ctx context.Context, log *slog.Logger) *Writes {
	cfg := a.Config
	if cfg.IngestMode != extract.ModeAsync {
		return &Writes{Ingest: a.gated(cfg.IngestConcurrency), Stop: func() {},
			Status: func() map[string]any {
				return map[string]any{"ingest_mode": extract.ModeSync, "ingest_concurrency": cfg.IngestConcurrency}
			}}
	}
	e := extract.NewEnricher(a.Ingest, a.Store, extract.EnrichConfig{Backlog: cfg.EnrichBacklog, Workers: cfg.EnrichWorkers, Log: log})
	if a.Metrics != nil {
		a.Metrics.Prometheus().MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "loci_enrichment_backlog_turns",
				Help: "Turns acknowledged (LOCI_INGEST_MODE=async) whose vectors and knowledge are not stored yet.",
			}, func() float64 { return float64(e.Backlog()) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name: "loci_enrichment_failures_total",
				Help: "Enrichments that failed and were retried.",
			}, func() float64 { return float64(e.Failures()) }),
		)
	}
	stop := e.Start(ctx)
	return &Writes{Ingest: e, Enricher: e, Stop: stop, Status: func() map[string]any {
		return map[string]any{"ingest_mode": extract.ModeAsync, "enrichment_backlog": e.Backlog(), "enrichment_backlog_limit": cfg.EnrichBacklog}
	}}
}
