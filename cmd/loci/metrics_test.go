package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
)

// TestServeExposesMetrics runs `loci serve` over the real Neo4j and scrapes
// /metrics: the wiring (registry, store hook, LLM token counters) must show
// up, with the token counters under their historical names.
func TestServeExposesMetrics(t *testing.T) {
	graphtest.Store(t) // the real Neo4j must be up (fails under CI=true otherwise)
	base, _, _ := startServe(t, graphtest.Config().URI)
	waitReadyz(t, base, http.StatusOK, "Neo4j up")

	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("X-Request-ID") == "" {
		t.Fatalf("/metrics: %d, X-Request-ID %q", resp.StatusCode, resp.Header.Get("X-Request-ID"))
	}
	series := map[string]float64{}
	for _, line := range strings.Split(string(raw), "\n") {
		if i := strings.LastIndexByte(line, ' '); i > 0 && !strings.HasPrefix(line, "#") {
			v, _ := strconv.ParseFloat(line[i+1:], 64)
			series[line[:i]] = v
		}
	}
	for _, name := range []string{"loci_llm_prompt_tokens_total", "loci_llm_completion_tokens_total", "go_goroutines"} {
		if _, ok := series[name]; !ok {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	if n := series[`loci_http_request_duration_seconds_count{method="GET",route="/readyz",status="200"}`]; n < 1 {
		t.Errorf("ready /readyz requests recorded = %v, want >= 1", n)
	}
	if n := series[`loci_neo4j_query_duration_seconds_count{access="read",outcome="ok"}`]; n < 1 {
		t.Errorf("Neo4j reads recorded = %v, want >= 1 (the readiness checks)", n)
	}
}

func TestLogFormat(t *testing.T) {
	var buf bytes.Buffer
	newLoggerTo(&buf, "debug", "json").Debug("hello", "request_id", "r-1")
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil || line["msg"] != "hello" || line["request_id"] != "r-1" || line["level"] != "DEBUG" {
		t.Errorf("LOCI_LOG_FORMAT=json wrote %q (%v)", buf.String(), err)
	}

	buf.Reset()
	newLoggerTo(&buf, "info", "text").Info("hello", "request_id", "r-2")
	if s := buf.String(); !strings.Contains(s, "msg=hello") || !strings.Contains(s, "request_id=r-2") {
		t.Errorf("LOCI_LOG_FORMAT=text wrote %q", s)
	}

	buf.Reset()
	log := newLoggerTo(&buf, "warn", "yaml")
	log.Info("hidden")
	if s := buf.String(); !strings.Contains(s, "unknown LOCI_LOG_FORMAT") || strings.Contains(s, "hidden") {
		t.Errorf("unknown format / level filtering wrote %q", s)
	}
}
