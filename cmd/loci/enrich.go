package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/handlers"
)

// writePath is how serve acknowledges batches of turns (LOCI_INGEST_MODE).
type writePath struct {
	ingest handlers.Ingestor     // the API's and MCP's add_turns
	async  *extract.Enricher     // nil in sync mode
	stop   func()                // stops the enrichment workers (waits for them)
	status func() map[string]any // what /readyz reports of the write path
}

// startWrites builds serve's write path. LOCI_INGEST_MODE=async (the
// default) acknowledges a batch once its turns are stored and full-text
// searchable and enriches it (vectors, bursts, knowledge) in the
// background, LOCI_ENRICH_WORKERS conversations at a time, with at most
// LOCI_ENRICH_BACKLOG turns waiting (past it add_turns waits for room);
// LOCI_INGEST_MODE=sync acknowledges a batch only once everything is
// stored. The import, eval and bench commands always ingest synchronously.
func startWrites(ctx context.Context, a *app, log *slog.Logger) (*writePath, error) {
	switch mode := env("LOCI_INGEST_MODE", extract.ModeAsync); mode {
	case extract.ModeSync:
		return &writePath{ingest: a.ingest, stop: func() {},
			status: func() map[string]any { return map[string]any{"ingest_mode": extract.ModeSync} }}, nil
	case extract.ModeAsync:
	default:
		return nil, fmt.Errorf("LOCI_INGEST_MODE=%q: want %s or %s", mode, extract.ModeAsync, extract.ModeSync)
	}
	backlog, err := envInt("LOCI_ENRICH_BACKLOG", extract.DefaultEnrichBacklog)
	if err != nil {
		return nil, err
	}
	workers, err := envInt("LOCI_ENRICH_WORKERS", extract.DefaultEnrichWorkers)
	if err != nil {
		return nil, err
	}
	if backlog < 1 || workers < 1 {
		return nil, fmt.Errorf("LOCI_ENRICH_BACKLOG and LOCI_ENRICH_WORKERS must be at least 1")
	}
	e := extract.NewEnricher(a.ingest, a.store, extract.EnrichConfig{Backlog: backlog, Workers: workers, Log: log})
	a.metrics.Prometheus().MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "loci_enrichment_backlog_turns",
			Help: "Turns acknowledged (LOCI_INGEST_MODE=async) whose vectors and knowledge are not stored yet.",
		}, func() float64 { return float64(e.Backlog()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "loci_enrichment_failures_total",
			Help: "Enrichments that failed and were retried.",
		}, func() float64 { return float64(e.Failures()) }),
	)
	stop := e.Start(ctx)
	return &writePath{ingest: e, async: e, stop: stop, status: func() map[string]any {
		return map[string]any{"ingest_mode": extract.ModeAsync, "enrichment_backlog": e.Backlog(), "enrichment_backlog_limit": backlog}
	}}, nil
}
