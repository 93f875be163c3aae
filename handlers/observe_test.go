package handlers_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/metrics"
)

// lockedBuffer is a log sink safe for concurrent writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// lines returns the JSON log lines written so far, decoded.
func (l *lockedBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(l.b.Bytes()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", sc.Text())
		}
		out = append(out, m)
	}
	return out
}

// observed is the whole API over the real Neo4j, wired to a metrics
// registry the way cmd/loci wires it (store, ingest), logging JSON at
// debug level into logs.
type observed struct {
	t      *testing.T
	h      http.Handler
	reg    *metrics.Registry
	logs   *lockedBuffer
	tenant string
}

func newObserved(t *testing.T, ready func(context.Context) error) *observed {
	t.Helper()
	graphtest.Store(t) // fails under CI=true (skips otherwise) without Neo4j; migrates
	reg := metrics.New()
	cfg := graphtest.Config()
	cfg.Observe = reg.ObserveQuery
	store, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close(context.Background()) }) // after the tenant's cleanup
	tenant := graphtest.Tenant(t, store)
	logs := &lockedBuffer{}
	if ready == nil {
		ready = func(context.Context) error { return nil }
	}
	h := apptest.Handler(app.Assemble(app.Parts{Store: store, Metrics: reg}), tenant, func(d *handlers.Deps) {
		d.Ready = ready
		d.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	return &observed{t: t, h: h, reg: reg, logs: logs, tenant: tenant}
}

// do sends one request (headers as name, value pairs) and returns the
// response.
func (o *observed) do(method, path string, body any, headers ...string) *httptest.ResponseRecorder {
	o.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	o.h.ServeHTTP(rec, req)
	return rec
}

// scrape returns the /metrics exposition as series line -> value.
func (o *observed) scrape() map[string]float64 {
	o.t.Helper()
	rec := o.do("GET", "/metrics", nil)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		o.t.Fatalf("GET /metrics: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	out := map[string]float64{}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			o.t.Fatalf("bad exposition line %q", line)
		}
		out[line[:i]] = v
	}
	return out
}

func TestMetricsRecordRouteMethodAndStatus(t *testing.T) {
	o := newObserved(t, nil)
	for range 2 {
		if rec := o.do("GET", "/healthz", nil); rec.Code != http.StatusOK {
			t.Fatalf("/healthz: %d", rec.Code)
		}
	}
	if rec := o.do("POST", "/v1/conversations/obs-1/turns", dialogue); rec.Code != http.StatusCreated {
		t.Fatalf("POST turns: %d %s", rec.Code, rec.Body)
	}
	if rec := o.do("GET", "/v1/conversations/obs-1", nil); rec.Code != http.StatusOK {
		t.Fatalf("GET conversation: %d %s", rec.Code, rec.Body)
	}
	if rec := o.do("GET", "/v1/conversations/no-such-conversation", nil); rec.Code != http.StatusNotFound {
		t.Fatalf("GET missing conversation: %d %s", rec.Code, rec.Body)
	}
	// Raw URLs never become labels: unknown paths share "unmatched".
	for _, p := range []string{"/no/such/route", "/another-" + uuid.NewString()} {
		if rec := o.do("GET", p, nil); rec.Code != http.StatusNotFound {
			t.Fatalf("GET %s: %d", p, rec.Code)
		}
	}

	m := o.scrape()
	for series, want := range map[string]float64{
		`loci_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}`:                                  2,
		`loci_http_request_duration_seconds_count{method="POST",route="/v1/conversations/:conversation_id/turns",status="201"}`: 1,
		`loci_http_request_duration_seconds_count{method="GET",route="/v1/conversations/:conversation_id",status="200"}`:        1,
		`loci_http_request_duration_seconds_count{method="GET",route="/v1/conversations/:conversation_id",status="404"}`:        1,
		`loci_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}`:                                 2,
		`loci_http_request_duration_seconds_bucket{method="GET",route="/healthz",status="200",le="+Inf"}`:                       2,
	} {
		if got, ok := m[series]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", series, got, ok, want)
		}
	}
	for series := range m {
		if strings.Contains(series, "no-such") || strings.Contains(series, "obs-1") || strings.Contains(series, "/another-") {
			t.Errorf("a raw URL leaked into a label: %s", series)
		}
	}
	if _, ok := m["go_goroutines"]; !ok {
		t.Error("the Go collector is missing from /metrics")
	}
}

func TestNeo4jAndIngestMetricsMoveOnIngest(t *testing.T) {
	o := newObserved(t, nil)
	before := o.scrape()
	if rec := o.do("POST", "/v1/conversations/obs-2/turns", dialogue); rec.Code != http.StatusCreated {
		t.Fatalf("POST turns: %d %s", rec.Code, rec.Body)
	}
	if rec := o.do("POST", "/v1/conversations/obs-2/turns", dialogue); rec.Code != http.StatusOK {
		t.Fatalf("resend: %d %s", rec.Code, rec.Body)
	}
	after := o.scrape()
	if got := after[`loci_ingest_turns_total{result="created"}`]; got != 4 {
		t.Errorf("created turns = %v, want 4", got)
	}
	if got := after[`loci_ingest_turns_total{result="existing"}`]; got != 4 {
		t.Errorf("existing turns = %v, want 4", got)
	}
	if got := after["loci_ingest_batches_total"]; got != 2 {
		t.Errorf("batches = %v, want 2", got)
	}
	writes := `loci_neo4j_query_duration_seconds_count{access="write",outcome="ok"}`
	if after[writes] < before[writes]+2 {
		t.Errorf("Neo4j ok writes went from %v to %v, want at least 2 more", before[writes], after[writes])
	}
	if after[`loci_neo4j_query_duration_seconds_sum{access="write",outcome="ok"}`] <= 0 {
		t.Error("Neo4j write latency sum did not grow")
	}
	// A read that finds nothing is still an ok query; a 404 raised inside
	// the transaction counts as rejected, not as a Neo4j error.
	o.do("GET", "/v1/conversations/obs-2/turns?limit=2", nil)
	o.do("GET", "/v1/conversations/no-such-conversation", nil)
	last := o.scrape()
	if last[`loci_neo4j_query_duration_seconds_count{access="read",outcome="ok"}`] < 1 {
		t.Errorf("no ok Neo4j read recorded: %v", last)
	}
	if n := last[`loci_neo4j_query_duration_seconds_count{access="read",outcome="error"}`]; n != 0 {
		t.Errorf("%v Neo4j read errors recorded for healthy reads", n)
	}
}

func TestRequestIDHeader(t *testing.T) {
	o := newObserved(t, nil)
	generated := o.do("GET", "/healthz", nil).Header().Get(handlers.RequestIDHeader)
	if _, err := uuid.Parse(generated); err != nil {
		t.Errorf("generated X-Request-ID %q is not a UUID: %v", generated, err)
	}
	if again := o.do("GET", "/healthz", nil).Header().Get(handlers.RequestIDHeader); again == generated {
		t.Errorf("two requests got the same id %q", again)
	}
	for _, valid := range []string{"abc-123", "trace_9.span:7", strings.Repeat("a", 128)} {
		if got := o.do("GET", "/healthz", nil, handlers.RequestIDHeader, valid).Header().Get(handlers.RequestIDHeader); got != valid {
			t.Errorf("valid incoming id %q came back as %q", valid, got)
		}
	}
	for _, invalid := range []string{"has space", "<script>", "a/b", "ü", strings.Repeat("a", 129), "line\x01break"} {
		got := o.do("GET", "/healthz", nil, handlers.RequestIDHeader, invalid).Header().Get(handlers.RequestIDHeader)
		if _, err := uuid.Parse(got); err != nil || got == invalid {
			t.Errorf("invalid incoming id %q came back as %q, want a fresh UUID", invalid, got)
		}
	}
	// Errors, unknown routes and the API's own 404s carry it too.
	for _, p := range []string{"/nowhere", "/v1/conversations/no-such-conversation"} {
		if got := o.do("GET", p, nil).Header().Get(handlers.RequestIDHeader); got == "" {
			t.Errorf("GET %s: no X-Request-ID", p)
		}
	}
}

func TestLogLinesCarryRequestID(t *testing.T) {
	o := newObserved(t, nil)
	o.do("GET", "/v1/conversations/no-such-conversation", nil, handlers.RequestIDHeader, "trace-42")
	var found bool
	for _, l := range o.logs.lines(t) {
		if l["msg"] != "request" {
			continue
		}
		if l["request_id"] != "trace-42" {
			t.Errorf("request line without our request_id: %v", l)
			continue
		}
		found = true
		if l["route"] != "/v1/conversations/:conversation_id" || l["status"] != float64(404) || l["method"] != "GET" || l["level"] != "DEBUG" {
			t.Errorf("request line = %v", l)
		}
		if _, ok := l["ms"].(float64); !ok {
			t.Errorf("request line has no duration: %v", l)
		}
	}
	if !found {
		t.Fatalf("no request line for trace-42 in %v", o.logs.lines(t))
	}
}

func TestServerErrorsLogWarnWithRequestID(t *testing.T) {
	o := newObserved(t, func(context.Context) error { return errors.New("Neo4j unreachable") })
	rec := o.do("POST", "/v1/search", map[string]any{"query": "hello"}, handlers.RequestIDHeader, "trace-503")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get(handlers.RequestIDHeader) != "trace-503" {
		t.Fatalf("search while not ready: %d, X-Request-ID %q", rec.Code, rec.Header().Get(handlers.RequestIDHeader))
	}
	levels := map[string]string{}
	for _, l := range o.logs.lines(t) {
		if l["request_id"] != "trace-503" {
			t.Errorf("log line without the request's id: %v", l)
			continue
		}
		levels[l["msg"].(string)] = l["level"].(string)
	}
	if levels["request"] != "WARN" || levels["request failed"] != "ERROR" {
		t.Errorf("levels by message = %v, want request WARN and request failed ERROR", levels)
	}
	m := o.scrape()
	if got := m[`loci_http_request_duration_seconds_count{method="POST",route="/v1/search",status="503"}`]; got != 1 {
		t.Errorf("503 searches recorded = %v, want 1", got)
	}
}

func TestMetricsWithoutRegistry(t *testing.T) {
	h := handlers.New(handlers.Deps{Ready: func(context.Context) error { return nil }, Log: slog.New(slog.DiscardHandler)})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 || rec.Header().Get(handlers.RequestIDHeader) == "" {
		t.Errorf("/metrics without a registry: %d %q (X-Request-ID %q)", rec.Code, rec.Body.String(), rec.Header().Get(handlers.RequestIDHeader))
	}
}
