package handlers_test

import (
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/ontology"
)

// Asynchronous ingest over HTTP, wired as `loci serve` wires it
// (App.StartWrites with LOCI_INGEST_MODE=async): a batch is acknowledged as
// pending and found by full-text search at once; ?wait=true answers once it
// is enriched, with its knowledge report; /readyz reports the backlog.
func TestAsyncIngestOverHTTP(t *testing.T) {
	s, e := newAsyncServer(t, 2)
	tenant := s.tenant

	code, body := s.do("POST", "/v1/conversations/c1/turns", dialogue)
	if code != http.StatusCreated || body["created"].(float64) != 4 || body["enrichment"] != ontology.EnrichmentPending {
		t.Fatalf("async POST: %d %v", code, body)
	}
	if _, ok := body["knowledge"]; ok {
		t.Fatalf("async POST reported knowledge before enrichment: %v", body)
	}
	code, body = s.do("GET", "/readyz", nil)
	if code != http.StatusOK || body["ingest_mode"] != "async" || body["enrichment_backlog"] == nil {
		t.Fatalf("readyz: %d %v", code, body)
	}

	code, body = s.do("POST", "/v1/conversations/c2/turns?wait=true", dialogue)
	if code != http.StatusCreated || body["enrichment"] != ontology.EnrichmentDone || body["knowledge"] == nil {
		t.Fatalf("POST ?wait=true: %d %v", code, body)
	}
	code, body = s.do("POST", "/v1/conversations/c2/turns?wait=maybe", dialogue)
	if code != http.StatusUnprocessableEntity && code != http.StatusBadRequest {
		t.Fatalf("POST ?wait=maybe: %d %v, want a validation error", code, body)
	}
	if err := e.WaitConversation(context.Background(), tenant, "c1"); err != nil {
		t.Fatal(err)
	}
}

// newAsyncServer wires the API with the rules extractor and asynchronous
// ingest (workers conversations enriched at once), stopped at the test's
// end, and returns it with its enricher.
func newAsyncServer(t *testing.T, workers int) (*server, *extract.Enricher) {
	_, store, tenant := storetest.Open(t)
	a := apptest.Rules(store)
	a.Config.IngestMode, a.Config.EnrichBacklog, a.Config.EnrichWorkers = "async", 1000, workers
	w := a.StartWrites(context.Background(), slog.Default())
	t.Cleanup(w.Stop)
	return &server{t: t, store: store, tenant: tenant, h: apptest.Handler(a, tenant, func(d *handlers.Deps) {
		d.Ingest, d.Status = w.Ingest, w.Status
	})}, w.Enricher
}
