// Package metrics owns Loci's Prometheus metrics: one Registry per process
// (never the global default, so tests stay isolated), the metric
// definitions, and small adapters that feed them from the rest of Loci
// without those packages importing this one:
//
//   - ObserveRequest, for the HTTP middleware (handlers/observe.go);
//   - ObserveQuery, the shape of graph.Config.Observe (Neo4j transactions);
//   - Embedder, a delegating ontology.Embedder (and QueryEmbedder) wrapper;
//   - Extractor, a delegating ontology.Extractor wrapper;
//   - ObserveIngest, the shape of extract.Ingestor's observer (batches);
//   - LLMTokens, counters read from the LLM client's process-wide totals.
//
// It imports only ontology and the Prometheus client.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/loci-memory/loci/ontology"
)

// Latency buckets, in seconds. Requests may run up to LOCI_REQUEST_TIMEOUT
// (60 s by default) and answers wait on an LLM, so the HTTP buckets reach
// further than prometheus.DefBuckets; Neo4j and the embedder start lower.
var (
	httpBuckets  = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}
	neo4jBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	embedBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
)

// Registry holds every metric of one Loci process. The zero value is not
// usable; build one with New. A nil *Registry is valid for every Observe
// method and does nothing, so callers need no nil checks.
type Registry struct {
	reg *prometheus.Registry

	httpDuration  *prometheus.HistogramVec
	ingestTurns   *prometheus.CounterVec
	ingestBatches prometheus.Counter
	extractItems  *prometheus.CounterVec
	extractRuns   *prometheus.CounterVec
	decisions     *prometheus.CounterVec
	neo4jDuration *prometheus.HistogramVec
	embedDuration *prometheus.HistogramVec
	embedTexts    *prometheus.CounterVec
	embedErrors   *prometheus.CounterVec
	queryCache    *prometheus.CounterVec
	searchFalls   *prometheus.CounterVec
}

// New returns a Registry with Loci's metrics and the Go runtime and process
// collectors registered.
func New() *Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	f := promauto.With(reg)
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return f.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	}
	histogram := func(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
		return f.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets}, labels)
	}
	return &Registry{
		reg: reg,
		httpDuration: histogram("loci_http_request_duration_seconds",
			"HTTP request latency by route (the router's pattern, \"unmatched\" for none), method and status.",
			httpBuckets, "route", "method", "status"),
		ingestTurns: counter("loci_ingest_turns_total",
			"Turns of ingested batches: created (new) or existing (already stored, skipped).", "result"),
		ingestBatches: f.NewCounter(prometheus.CounterOpts{Name: "loci_ingest_batches_total", Help: "Batches of turns stored."}),
		extractItems: counter("loci_extraction_items_total",
			"Items extractors drew from batches, by extractor and kind (entity, relation, fact, event, profile_fact), before deduplication.",
			"extractor", "kind"),
		extractRuns: counter("loci_extraction_runs_total",
			"Extractor runs by extractor and outcome (ok, cached, error); a failed run does not fail the batch.", "extractor", "outcome"),
		decisions: counter("loci_profile_decisions_total",
			"Profile merge decisions stored, by action (insert, update, append, skip).", "action"),
		neo4jDuration: histogram("loci_neo4j_query_duration_seconds",
			"Neo4j managed transaction latency (session, retries and all) by access (read, write) and outcome (ok, rejected, unavailable, error).",
			neo4jBuckets, "access", "outcome"),
		embedDuration: histogram("loci_embed_duration_seconds", "Embedder call latency by embedder.", embedBuckets, "embedder"),
		embedTexts:    counter("loci_embed_texts_total", "Texts (turns, facts, events, queries) embedded, by embedder.", "embedder"),
		embedErrors:   counter("loci_embed_errors_total", "Embedder calls that failed, by embedder.", "embedder"),
		queryCache: counter("loci_query_embedding_cache_total",
			"Query embedding cache lookups by result (hit, miss); a miss embeds the query.", "result"),
		searchFalls: counter("loci_vector_search_fallbacks_total",
			"Vector SEARCH statements that failed with a Neo4j DatabaseError and were answered by the exact scan, by statement.", "statement"),
	}
}

// Prometheus returns the underlying registry (for tests and for
// registering more collectors).
func (r *Registry) Prometheus() *prometheus.Registry { return r.reg }

// Handler serves the registry in the Prometheus exposition format. A nil
// Registry serves an empty body.
func (r *Registry) Handler() http.Handler {
	if r == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		})
	}
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{Registry: r.reg})
}

// ObserveRequest records one HTTP request. route must be the router's
// pattern (bounded), never the raw URL; "" is recorded as "unmatched".
// Methods outside the standard set are recorded as "other", so clients
// cannot grow the label set.
func (r *Registry) ObserveRequest(route, method string, status int, d time.Duration) {
	if r == nil {
		return
	}
	if route == "" {
		route = "unmatched"
	}
	r.httpDuration.WithLabelValues(route, normaliseMethod(method), strconv.Itoa(status)).Observe(d.Seconds())
}

func normaliseMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "other"
}

// ObserveQuery records one Neo4j transaction; access is "read" or "write".
// It has the shape of graph.Config.Observe.
func (r *Registry) ObserveQuery(access string, d time.Duration, err error) {
	if r == nil {
		return
	}
	r.neo4jDuration.WithLabelValues(access, queryOutcome(err)).Observe(d.Seconds())
}

// queryOutcome names what became of a transaction: ok, rejected (an
// application error raised inside it: not found, conflict, validation),
// unavailable (Neo4j down, timed out, cancelled) or error.
func queryOutcome(err error) string {
	switch ontology.ErrorCode(err) {
	case "":
		return "ok"
	case ontology.EUnavailable:
		return "unavailable"
	case ontology.EInternal:
		return "error"
	default:
		return "rejected"
	}
}

// ObserveSearchFallback records a vector SEARCH statement answered by its
// exact scan after a DatabaseError. It has the shape of
// graph.Config.SearchFallback; statement is one of graph's fixed names.
func (r *Registry) ObserveSearchFallback(statement string) {
	if r == nil {
		return
	}
	r.searchFalls.WithLabelValues(statement).Inc()
}

// ObserveQueryCache records one query embedding cache lookup. It has the
// shape of the observer query.NewQueryCache takes.
func (r *Registry) ObserveQueryCache(hit bool) {
	if r == nil {
		return
	}
	result := "miss"
	if hit {
		result = "hit"
	}
	r.queryCache.WithLabelValues(result).Inc()
}

// ObserveIngest records a stored batch: its created and existing turns and
// the profile decisions the store took. It has the shape of the observer
// extract.Ingestor.WithObserver takes.
func (r *Registry) ObserveIngest(res ontology.IngestResult) {
	if r == nil {
		return
	}
	r.ingestBatches.Inc()
	r.ingestTurns.WithLabelValues("created").Add(float64(res.Created))
	r.ingestTurns.WithLabelValues("existing").Add(float64(res.Existing))
	if res.Knowledge != nil {
		for action, n := range res.Knowledge.Decisions {
			r.decisions.WithLabelValues(string(action)).Add(float64(n))
		}
	}
}

// LLMTokens registers loci_llm_prompt_tokens_total and
// loci_llm_completion_tokens_total, read from used (the LLM client's
// process-wide totals, llm.TokensUsed) at every scrape. model, when not
// empty, is set as a constant "model" label.
func (r *Registry) LLMTokens(model string, used func() (prompt, completion int64)) {
	var labels prometheus.Labels
	if model != "" {
		labels = prometheus.Labels{"model": model}
	}
	r.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name:        "loci_llm_prompt_tokens_total",
			Help:        "Prompt tokens the LLM (extraction, profile rulings, answers) was billed for.",
			ConstLabels: labels,
		}, func() float64 { p, _ := used(); return float64(p) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name:        "loci_llm_completion_tokens_total",
			Help:        "Completion tokens the LLM (extraction, profile rulings, answers) was billed for.",
			ConstLabels: labels,
		}, func() float64 { _, c := used(); return float64(c) }),
	)
}
