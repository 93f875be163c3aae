package handlers_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// Asynchronous ingest over HTTP: a batch is acknowledged as pending and
// found by full-text search at once; ?wait=true answers once it is
// enriched, with its knowledge report; /readyz reports the backlog.
func TestAsyncIngestOverHTTP(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	in := extract.NewIngestor(store, nil, rules.New())
	e := extract.NewEnricher(in, store, extract.EnrichConfig{Backlog: 1000})
	stop := e.Start(context.Background())
	defer stop()
	s := &server{t: t, store: store, tenant: tenant, h: handlers.New(handlers.Deps{
		Ingest:        e,
		Search:        query.NewService(store, nil),
		Conversations: store,
		Knowledge:     store,
		Ready:         func(context.Context) error { return nil },
		Status:        func() map[string]any { return map[string]any{"ingest_mode": "async", "enrichment_backlog": e.Backlog()} },
		Tenant:        func(*http.Request) string { return tenant },
	})}

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
