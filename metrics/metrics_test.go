package metrics_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"

	"github.com/loci-memory/loci/metrics"
	"github.com/loci-memory/loci/ontology"
)

// series returns the series of name whose labels are exactly labels, or
// nil.
func series(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) *dto.Metric {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	next:
		for _, m := range mf.GetMetric() {
			if len(m.GetLabel()) != len(labels) {
				continue
			}
			for _, lp := range m.GetLabel() {
				if labels[lp.GetName()] != lp.GetValue() {
					continue next
				}
			}
			return m
		}
	}
	return nil
}

// histogramCount returns the sample count of a histogram series, and
// whether it exists.
func histogramCount(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) (uint64, bool) {
	t.Helper()
	m := series(t, reg, name, labels)
	return m.GetHistogram().GetSampleCount(), m != nil
}

// counterValue returns the value of a counter series (0 when absent).
func counterValue(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) float64 {
	t.Helper()
	return series(t, reg, name, labels).GetCounter().GetValue()
}

func TestRequestLatencyByRouteMethodStatus(t *testing.T) {
	r := metrics.New()
	r.ObserveRequest("/v1/search", "POST", 200, 30*time.Millisecond)
	r.ObserveRequest("/v1/search", "POST", 200, 3*time.Second)
	r.ObserveRequest("/v1/search", "POST", 422, time.Millisecond)
	r.ObserveRequest("", "GET", 404, time.Millisecond)
	r.ObserveRequest("", "BREW", 405, time.Millisecond) // clients cannot grow the label set
	reg := r.Prometheus()
	for _, c := range []struct {
		route, method, status string
		want                  uint64
	}{
		{"/v1/search", "POST", "200", 2},
		{"/v1/search", "POST", "422", 1},
		{"unmatched", "GET", "404", 1},
		{"unmatched", "other", "405", 1},
	} {
		got, ok := histogramCount(t, reg, "loci_http_request_duration_seconds", map[string]string{"route": c.route, "method": c.method, "status": c.status})
		if !ok || got != c.want {
			t.Errorf("%s %s %s: count %d (present %v), want %d", c.method, c.route, c.status, got, ok, c.want)
		}
	}
	if n := testutil.CollectAndCount(r.Prometheus(), "loci_http_request_duration_seconds"); n != 4 {
		t.Errorf("%d request series, want 4", n)
	}
}

func TestNeo4jQueryOutcomes(t *testing.T) {
	r := metrics.New()
	r.ObserveQuery("read", time.Millisecond, nil)
	r.ObserveQuery("read", time.Millisecond, nil)
	r.ObserveQuery("write", time.Millisecond, ontology.Errorf(ontology.ENotFound, "no such conversation"))
	r.ObserveQuery("write", time.Second, &ontology.Error{Code: ontology.EUnavailable, Message: "Neo4j is unreachable"})
	r.ObserveQuery("read", time.Millisecond, errors.New("boom"))
	for _, c := range []struct {
		access, outcome string
		want            uint64
	}{
		{"read", "ok", 2},
		{"write", "rejected", 1},
		{"write", "unavailable", 1},
		{"read", "error", 1},
	} {
		got, ok := histogramCount(t, r.Prometheus(), "loci_neo4j_query_duration_seconds", map[string]string{"access": c.access, "outcome": c.outcome})
		if !ok || got != c.want {
			t.Errorf("%s/%s: count %d (present %v), want %d", c.access, c.outcome, got, ok, c.want)
		}
	}
}

func TestIngestCounters(t *testing.T) {
	r := metrics.New()
	r.ObserveIngest(ontology.IngestResult{Created: 3, Existing: 1, Knowledge: &ontology.KnowledgeReport{
		Decisions: map[ontology.MergeAction]int{ontology.MergeInsert: 2, ontology.MergeUpdate: 1},
	}})
	r.ObserveIngest(ontology.IngestResult{Created: 0, Existing: 4})
	want := `
# HELP loci_ingest_turns_total Turns of ingested batches: created (new) or existing (already stored, skipped).
# TYPE loci_ingest_turns_total counter
loci_ingest_turns_total{result="created"} 3
loci_ingest_turns_total{result="existing"} 5
# HELP loci_ingest_batches_total Batches of turns stored.
# TYPE loci_ingest_batches_total counter
loci_ingest_batches_total 2
# HELP loci_profile_decisions_total Profile merge decisions stored, by action (insert, update, append, skip).
# TYPE loci_profile_decisions_total counter
loci_profile_decisions_total{action="insert"} 2
loci_profile_decisions_total{action="update"} 1
`
	if err := testutil.GatherAndCompare(r.Prometheus(), strings.NewReader(want),
		"loci_ingest_turns_total", "loci_ingest_batches_total", "loci_profile_decisions_total"); err != nil {
		t.Error(err)
	}
}

func TestQueryCacheCounter(t *testing.T) {
	r := metrics.New()
	r.ObserveQueryCache(false)
	r.ObserveQueryCache(true)
	r.ObserveQueryCache(true)
	want := `
# HELP loci_query_embedding_cache_total Query embedding cache lookups by result (hit, miss); a miss embeds the query.
# TYPE loci_query_embedding_cache_total counter
loci_query_embedding_cache_total{result="hit"} 2
loci_query_embedding_cache_total{result="miss"} 1
`
	if err := testutil.GatherAndCompare(r.Prometheus(), strings.NewReader(want), "loci_query_embedding_cache_total"); err != nil {
		t.Error(err)
	}
}

type fakeEmbedder struct{ fail bool }

func (fakeEmbedder) ID() string      { return "fake" }
func (fakeEmbedder) Dimensions() int { return 2 }
func (f fakeEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	if f.fail {
		return nil, errors.New("model gone")
	}
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1, 0}
	}
	return out, nil
}

type fakeQueryEmbedder struct{ fakeEmbedder }

func (fakeQueryEmbedder) ID() string { return "fake-q" }
func (f fakeQueryEmbedder) EmbedQueries(ctx context.Context, q []string) ([][]float32, error) {
	return f.Embed(ctx, q)
}

func TestEmbedderWrapper(t *testing.T) {
	r := metrics.New()
	ctx := context.Background()

	plain := r.Embedder(fakeEmbedder{})
	if _, ok := plain.(ontology.QueryEmbedder); ok {
		t.Error("wrapping a plain embedder made it a QueryEmbedder")
	}
	if plain.ID() != "fake" || plain.Dimensions() != 2 {
		t.Errorf("wrapper ID/Dimensions = %q/%d", plain.ID(), plain.Dimensions())
	}
	if v, err := plain.Embed(ctx, []string{"a", "b", "c"}); err != nil || len(v) != 3 {
		t.Fatalf("Embed = %v, %v", v, err)
	}

	q, ok := r.Embedder(fakeQueryEmbedder{}).(ontology.QueryEmbedder)
	if !ok {
		t.Fatal("wrapping a QueryEmbedder lost EmbedQueries")
	}
	if _, err := q.EmbedQueries(ctx, []string{"who?"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Embedder(fakeEmbedder{fail: true}).Embed(ctx, []string{"x"}); err == nil {
		t.Fatal("the wrapper swallowed an error")
	}

	fake := map[string]string{"embedder": "fake"}
	if got := counterValue(t, r.Prometheus(), "loci_embed_texts_total", fake); got != 4 {
		t.Errorf("texts embedded by fake = %v, want 4", got)
	}
	if got := counterValue(t, r.Prometheus(), "loci_embed_errors_total", fake); got != 1 {
		t.Errorf("errors of fake = %v, want 1", got)
	}
	if n, _ := histogramCount(t, r.Prometheus(), "loci_embed_duration_seconds", map[string]string{"embedder": "fake"}); n != 2 {
		t.Errorf("fake calls timed = %d, want 2", n)
	}
	if n, _ := histogramCount(t, r.Prometheus(), "loci_embed_duration_seconds", map[string]string{"embedder": "fake-q"}); n != 1 {
		t.Errorf("fake-q calls timed = %d, want 1", n)
	}
	if r.Embedder(nil) != nil {
		t.Error("wrapping no embedder must give no embedder")
	}
}

type fakeExtractor struct {
	usage ontology.ExtractUsage
	err   error
}

func (fakeExtractor) ID() string { return "fake-x" }
func (f fakeExtractor) Extract(context.Context, ontology.ExtractRequest) (ontology.Extraction, ontology.ExtractUsage, error) {
	if f.err != nil {
		return ontology.Extraction{}, f.usage, f.err
	}
	return ontology.Extraction{
		Entities: make([]ontology.EntityMention, 2),
		Facts:    make([]ontology.Fact, 3),
		Profile:  make([]ontology.ProfileFact, 1),
	}, f.usage, nil
}

func TestExtractorWrapper(t *testing.T) {
	r := metrics.New()
	ctx := context.Background()
	for _, x := range []ontology.Extractor{
		fakeExtractor{},
		fakeExtractor{usage: ontology.ExtractUsage{Cached: true}},
		fakeExtractor{err: errors.New("endpoint down")},
	} {
		w := r.Extractor(x)
		if w.ID() != "fake-x" {
			t.Fatalf("wrapper ID = %q", w.ID())
		}
		w.Extract(ctx, ontology.ExtractRequest{})
	}
	want := `
# HELP loci_extraction_items_total Items extractors drew from batches, by extractor and kind (entity, relation, fact, event, profile_fact), before deduplication.
# TYPE loci_extraction_items_total counter
loci_extraction_items_total{extractor="fake-x",kind="entity"} 4
loci_extraction_items_total{extractor="fake-x",kind="fact"} 6
loci_extraction_items_total{extractor="fake-x",kind="profile_fact"} 2
# HELP loci_extraction_runs_total Extractor runs by extractor and outcome (ok, cached, error); a failed run does not fail the batch.
# TYPE loci_extraction_runs_total counter
loci_extraction_runs_total{extractor="fake-x",outcome="cached"} 1
loci_extraction_runs_total{extractor="fake-x",outcome="error"} 1
loci_extraction_runs_total{extractor="fake-x",outcome="ok"} 1
`
	if err := testutil.GatherAndCompare(r.Prometheus(), strings.NewReader(want),
		"loci_extraction_items_total", "loci_extraction_runs_total"); err != nil {
		t.Error(err)
	}
}

func TestLLMTokensKeepTheirNames(t *testing.T) {
	prompt, completion := int64(0), int64(0)
	r := metrics.New()
	r.LLMTokens("gpt-test", func() (int64, int64) { return prompt, completion })
	prompt, completion = 120, 30
	want := `
# HELP loci_llm_completion_tokens_total Completion tokens the LLM (extraction, profile rulings, answers) was billed for.
# TYPE loci_llm_completion_tokens_total counter
loci_llm_completion_tokens_total{model="gpt-test"} 30
# HELP loci_llm_prompt_tokens_total Prompt tokens the LLM (extraction, profile rulings, answers) was billed for.
# TYPE loci_llm_prompt_tokens_total counter
loci_llm_prompt_tokens_total{model="gpt-test"} 120
`
	if err := testutil.GatherAndCompare(r.Prometheus(), strings.NewReader(want),
		"loci_llm_prompt_tokens_total", "loci_llm_completion_tokens_total"); err != nil {
		t.Error(err)
	}

	// Without a model (no LLM configured) the series carry no label.
	r2 := metrics.New()
	r2.LLMTokens("", func() (int64, int64) { return 0, 0 })
	if n := testutil.CollectAndCount(r2.Prometheus(), "loci_llm_prompt_tokens_total"); n != 1 {
		t.Errorf("%d prompt token series, want 1", n)
	}
}

func TestHandlerExposesEverything(t *testing.T) {
	r := metrics.New()
	r.LLMTokens("", func() (int64, int64) { return 7, 3 })
	r.ObserveRequest("/healthz", "GET", 200, time.Millisecond)
	r.ObserveQuery("read", time.Millisecond, nil)
	r.Embedder(fakeEmbedder{}).Embed(context.Background(), []string{"x"})
	r.ObserveIngest(ontology.IngestResult{Created: 1})
	r.Extractor(fakeExtractor{}).Extract(context.Background(), ontology.ExtractRequest{})

	srv := httptest.NewServer(r.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	body := string(raw)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("scrape: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{
		`loci_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1`,
		`loci_neo4j_query_duration_seconds_count{access="read",outcome="ok"} 1`,
		`loci_embed_duration_seconds_count{embedder="fake"} 1`,
		`loci_embed_texts_total{embedder="fake"} 1`,
		`loci_ingest_turns_total{result="created"} 1`,
		`loci_extraction_items_total{extractor="fake-x",kind="fact"} 3`,
		"loci_llm_prompt_tokens_total 7",
		"loci_llm_completion_tokens_total 3",
		"go_goroutines ",
		"process_cpu_seconds_total ",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestNilRegistryDoesNothing(t *testing.T) {
	var r *metrics.Registry
	r.ObserveRequest("/x", "GET", 200, time.Millisecond)
	r.ObserveQuery("read", time.Millisecond, nil)
	r.ObserveIngest(ontology.IngestResult{Created: 1})
	if e := r.Embedder(fakeEmbedder{}); e.ID() != "fake" {
		t.Errorf("nil registry changed the embedder: %v", e)
	}
	if x := r.Extractor(fakeExtractor{}); x.ID() != "fake-x" {
		t.Errorf("nil registry changed the extractor: %v", x)
	}
	rec := httptest.NewRecorder()
	r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("nil registry scrape: %d %q", rec.Code, rec.Body.String())
	}
}

func TestSearchFallbackCounter(t *testing.T) {
	r := metrics.New()
	r.ObserveSearchFallback("facts_vector_search")
	r.ObserveSearchFallback("facts_vector_search")
	r.ObserveSearchFallback("turns_vector_search")
	want := `
# HELP loci_vector_search_fallbacks_total Vector SEARCH statements that failed with a Neo4j DatabaseError and were answered by the exact scan, by statement.
# TYPE loci_vector_search_fallbacks_total counter
loci_vector_search_fallbacks_total{statement="facts_vector_search"} 2
loci_vector_search_fallbacks_total{statement="turns_vector_search"} 1
`
	if err := testutil.GatherAndCompare(r.Prometheus(), strings.NewReader(want), "loci_vector_search_fallbacks_total"); err != nil {
		t.Error(err)
	}
}
