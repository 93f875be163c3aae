package app_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/ontology"
)

// In sync mode serve's add_turns goes through the admission gate
// (LOCI_INGEST_CONCURRENCY), whose waits are counted; 0 leaves it out.
func TestSyncWritesGoThroughTheGate(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	ctx := context.Background()
	a, err := app.OpenMigrated(ctx, testConfig(t, "LOCI_EMBEDDER=none", "LOCI_EXTRACTOR=rules", "LOCI_LLM_MODEL=",
		"LOCI_INGEST_MODE=sync", "LOCI_INGEST_CONCURRENCY=1"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	w := a.StartWrites(ctx, slog.New(slog.DiscardHandler))
	defer w.Stop()
	if _, ok := w.Ingest.(*extract.Gate); !ok {
		t.Fatalf("sync writes with LOCI_INGEST_CONCURRENCY=1: ingest is %T, want *extract.Gate", w.Ingest)
	}
	if got := w.Status()["ingest_concurrency"]; got != 1 {
		t.Errorf("status ingest_concurrency = %v, want 1", got)
	}
	for _, id := range []string{"a", "b"} {
		if res, err := w.Ingest.AddTurns(ctx, tenant, "c", []ontology.Turn{{ID: id, Speaker: "Ana", Text: "The harbour smells of salt."}}); err != nil || res.Created != 1 {
			t.Fatalf("AddTurns: %+v, %v", res, err)
		}
	}
	families, err := a.Metrics.Prometheus().Gather()
	if err != nil {
		t.Fatal(err)
	}
	var admitted uint64
	for _, f := range families {
		if f.GetName() == "loci_ingest_admission_wait_seconds" {
			admitted = f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	if admitted != 2 {
		t.Errorf("loci_ingest_admission_wait_seconds counted %d batches, want 2", admitted)
	}

	b, err := app.OpenMigrated(ctx, testConfig(t, "LOCI_EMBEDDER=none", "LOCI_EXTRACTOR=rules", "LOCI_LLM_MODEL=",
		"LOCI_INGEST_MODE=sync", "LOCI_INGEST_CONCURRENCY=0"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if w := b.StartWrites(ctx, slog.New(slog.DiscardHandler)); w.Ingest != ontology.Ingestor(b.Ingest) {
		t.Errorf("LOCI_INGEST_CONCURRENCY=0: ingest is %T, want the ingestor itself", w.Ingest)
	}
}
