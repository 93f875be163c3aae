package app_test

import (
	"context"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
	"github.com/loci-memory/loci/query"
)

// The defaults config names as plain values are the packages' own.
func TestConfigDefaultsMatchThePackages(t *testing.T) {
	c, err := config.LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.BurstGap != plan.DefaultBurstGap || c.QueryCacheSize != query.DefaultQueryCacheSize || c.LLMCacheTTL != llm.DefaultCacheTTL {
		t.Errorf("config defaults %v, %d, %v; packages' %v, %d, %v", c.BurstGap, c.QueryCacheSize, c.LLMCacheTTL,
			plan.DefaultBurstGap, query.DefaultQueryCacheSize, llm.DefaultCacheTTL)
	}
	if c.IngestMode != extract.ModeSync || c.EnrichBacklog != extract.DefaultEnrichBacklog || c.EnrichWorkers != extract.DefaultEnrichWorkers {
		t.Errorf("config ingest defaults %q, %d, %d; extract's %q, %d, %d", c.IngestMode, c.EnrichBacklog, c.EnrichWorkers,
			extract.ModeSync, extract.DefaultEnrichBacklog, extract.DefaultEnrichWorkers)
	}
}

// testConfig is the test environment's configuration with the given
// variables on top.
func testConfig(t *testing.T, env ...string) config.Config {
	t.Helper()
	c, err := config.LoadFrom(append(os.Environ(), env...))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Open wires a working Loci against the real Neo4j: turns ingested through
// it are found by its search and its context service, and the anchor pass
// runs and stops.
func TestOpenWiresAWorkingService(t *testing.T) {
	store := graphtest.Store(t) // fails or skips as every Neo4j test does
	cfg := testConfig(t, "LOCI_EMBEDDER=none", "LOCI_EXTRACTOR=rules", "LOCI_LLM_MODEL=", "LOCI_QUERY_CACHE_SIZE=16")
	ctx := context.Background()
	a, err := app.OpenMigrated(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Embedder != nil || a.LLM != nil || a.Answerer != nil || a.Metrics == nil {
		t.Errorf("wired %+v; want no embedder, no LLM, metrics", a)
	}
	if got := a.Ingest.Extractors(); !slices.Equal(got, []string{"rules"}) {
		t.Errorf("extractors %v, want [rules]", got)
	}
	tenant := graphtest.Tenant(t, store)
	at := time.Date(2025, 3, 2, 10, 0, 0, 0, time.UTC)
	turns := []ontology.Turn{
		{ID: "t1", Session: "1", Speaker: "Ana", Text: "My sister Marta moved to Lisbon last spring.", Timestamp: &at},
		{ID: "t2", Session: "1", Speaker: "Ben", Text: "Does she like the tram rides there?", Timestamp: &at},
	}
	if res, err := a.Ingest.AddTurns(ctx, tenant, "c", turns); err != nil || res.Created != 2 {
		t.Fatalf("AddTurns: %+v, %v", res, err)
	}
	found, err := a.Search.Search(ctx, ontology.SearchRequest{Tenant: tenant, Conversation: "c", Query: "Lisbon"})
	if err != nil || len(found.Results) == 0 || !strings.Contains(found.Results[0].Text, "Lisbon") {
		t.Fatalf("search: %+v, %v", found, err)
	}
	got, err := a.Contexts.Context(ctx, ontology.ContextRequest{Tenant: tenant, Conversation: "c", Query: "Where did Marta move?"})
	if err != nil || !strings.Contains(got.Context, "Lisbon") {
		t.Fatalf("context: %q, %v", got.Context, err)
	}
	a.Contexts.WaitRebuilds()
	if _, _, err := a.RefreshStale(ctx, 20, slog.New(slog.DiscardHandler)); err != nil {
		t.Errorf("RefreshStale: %v", err)
	}
	stop := a.StartAnchorPass(ctx, slog.New(slog.DiscardHandler))
	stop()
}

// With LOCI_LLM_MODEL one client serves the llm extractor, the profile
// rulings, the topic summaries and /v1/answer; without it llm is refused.
func TestOpenBuildsOneLLMClient(t *testing.T) {
	graphtest.Store(t)
	cfg := testConfig(t, "LOCI_EMBEDDER=none", "LOCI_EXTRACTOR=rules,llm", "LOCI_LLM_MODEL=test-model",
		"OPENAI_BASE_URL=http://127.0.0.1:9/v1")
	a, err := app.Open(context.Background(), cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.LLM == nil || a.Answerer == nil {
		t.Fatalf("LLM %v, answerer %v; want both", a.LLM, a.Answerer)
	}
	if got := a.Ingest.Extractors(); !slices.Equal(got, []string{"rules", "llm"}) {
		t.Errorf("extractors %v, want [rules llm]", got)
	}

	cfg = testConfig(t, "LOCI_EMBEDDER=none", "LOCI_EXTRACTOR=llm", "LOCI_LLM_MODEL=")
	if _, err := app.Open(context.Background(), cfg, false); err == nil || !strings.Contains(err.Error(), "LOCI_LLM_MODEL") {
		t.Errorf("llm without a model: %v", err)
	}
	cfg = testConfig(t, "LOCI_EMBEDDER=openai", "LOCI_EMBED_MODEL=")
	if _, err := app.Open(context.Background(), cfg, false); err == nil || !strings.Contains(err.Error(), "LOCI_EMBED_MODEL") {
		t.Errorf("openai embedder without a model: %v", err)
	}
}

// Assemble, as the tests wire it, serves the same calls over a store of
// the caller's.
func TestAssembleOverATestStore(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	a := app.Assemble(app.Parts{Store: store})
	d := a.HandlerDeps()
	if d.Ingest == nil || d.Search == nil || d.Contexts == nil || d.Knowledge == nil || d.Conversations == nil || d.Answerer != nil {
		t.Fatalf("handler deps %+v", d)
	}
	m := a.MCPDeps()
	if m.Ingest == nil || m.Search == nil || m.Contexts == nil || m.Knowledge == nil || m.Conversations == nil {
		t.Fatalf("MCP deps %+v", m)
	}
	ctx := context.Background()
	if _, err := a.Ingest.AddTurns(ctx, tenant, "c", []ontology.Turn{{ID: "1", Speaker: "Ana", Text: "The harbour smells of salt."}}); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Search.Search(ctx, ontology.SearchRequest{Tenant: tenant, Query: "harbour"}); err != nil || len(got.Results) != 1 {
		t.Fatalf("search: %+v, %v", got, err)
	}
}
