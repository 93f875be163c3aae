package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph/graphtest"
)

// proxy forwards TCP connections from a local port to target once started;
// before that the port refuses connections, as a Neo4j that is down does.
type proxy struct {
	addr, target string
	mu           sync.Mutex
	ln           net.Listener
	conns        []net.Conn
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (p *proxy) start(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
}

// stop closes the listener and cuts every open connection.
func (p *proxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func getJSON(url string) (int, map[string]any) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func postJSON(url, body string) (int, map[string]any, http.Header) {
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, nil, nil
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, resp.Header
}

// startServe runs `loci serve` in dev mode (no embedder, extractor, LLM or
// keys) against neo4jURI on a free loopback port. stop cancels it (as
// SIGTERM does) and returns what serve returned; the test fails if serve
// takes more than 30 s to shut down. A test that never calls stop has it
// called at cleanup.
func startServe(t *testing.T, neo4jURI string) (base, addr string, stop func() error) {
	t.Helper()
	return startServeWith(t, neo4jURI, "none")
}

// startServeWith is startServe with the extractor LOCI_EXTRACTOR names.
func startServeWith(t *testing.T, neo4jURI, extractor string) (base, addr string, stop func() error) {
	t.Helper()
	cfg := graphtest.Config()
	addr = freeAddr(t)
	t.Setenv("NEO4J_URI", neo4jURI)
	t.Setenv("NEO4J_USER", cfg.User)
	t.Setenv("NEO4J_PASSWORD", cfg.Password)
	t.Setenv("LOCI_ADDR", addr)
	t.Setenv("LOCI_EMBEDDER", "none")
	t.Setenv("LOCI_EXTRACTOR", extractor)
	t.Setenv("LOCI_LLM_MODEL", "")
	t.Setenv("LOCI_KEYS_FILE", "")
	t.Setenv("LOCI_API_KEYS", "")
	t.Chdir(t.TempDir()) // no .local/keys.json: dev mode

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	scfg := mustConfig(t)
	go func() { done <- serve(ctx, scfg, slog.New(slog.DiscardHandler)) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				t.Error("serve did not shut down within 30 s")
			}
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return "http://" + addr, addr, stop
}

// waitReadyz polls base/readyz until it answers want, for up to 60 s, and
// returns the answer's body.
func waitReadyz(t *testing.T, base string, want int, what string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		code, body := getJSON(base + "/readyz")
		if code == want {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: /readyz = %d %v after 60 s, want %d", what, code, body, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestServeRidesOutNeo4jOutages starts `loci serve` while Neo4j cannot be
// reached: it must start, say 503 with the reason on /readyz and /v1, then
// become ready by itself when Neo4j appears, go back to 503 when it
// disappears and recover again; SIGTERM (context cancel) shuts it down.
func TestServeRidesOutNeo4jOutages(t *testing.T) {
	graphtest.Store(t) // the real Neo4j must be up (fails under CI=true otherwise)
	cfg := graphtest.Config()
	target := strings.TrimPrefix(strings.TrimPrefix(cfg.URI, "bolt://"), "neo4j://")
	p := &proxy{addr: freeAddr(t), target: target}
	defer p.stop()
	base, addr, stop := startServe(t, "bolt://"+p.addr)
	waitFor := func(what string, want int) map[string]any {
		t.Helper()
		return waitReadyz(t, base, want, what)
	}
	body := waitFor("Neo4j down at start", http.StatusServiceUnavailable)
	if r, _ := body["reason"].(string); !strings.Contains(r, "Neo4j") || strings.Contains(r, p.addr) {
		t.Errorf("/readyz reason = %q, want it to name Neo4j and not its address %s (the driver's text stays in the log)", r, p.addr)
	}
	code, out, hdr := postJSON(base+"/v1/search", `{"query":"hello"}`)
	if code != http.StatusServiceUnavailable || hdr.Get("Retry-After") == "" {
		t.Fatalf("search while Neo4j is down: %d %v (Retry-After %q), want 503", code, out, hdr.Get("Retry-After"))
	}
	if raw, _ := json.Marshal(out); strings.Contains(string(raw), p.addr) {
		t.Errorf("search while Neo4j is down names its address: %s", raw)
	}
	if code, _ := getJSON(base + "/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz while Neo4j is down: %d (the process is alive)", code)
	}

	p.start(t)
	waitFor("Neo4j up", http.StatusOK)
	if code, out, _ := postJSON(base+"/v1/search", `{"query":"hello","conversation_id":"no-such-conversation-here"}`); code != http.StatusNotFound {
		t.Fatalf("search once Neo4j is up: %d %v, want 404 from Neo4j", code, out)
	}

	p.stop()
	waitFor("Neo4j gone again", http.StatusServiceUnavailable)
	if code, out, _ := postJSON(base+"/v1/search", `{"query":"hello"}`); code != http.StatusServiceUnavailable {
		t.Fatalf("search after Neo4j went away: %d %v, want 503", code, out)
	}
	p.start(t)
	waitFor("Neo4j back", http.StatusOK)

	if err := stop(); err != nil {
		t.Fatalf("serve after shutdown: %v", err)
	}
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Fatal("still listening after shutdown")
	}
}

// TestDebugListenerOptIn: pprof is off without LOCI_PPROF, refused on a
// routable address, and serves heap profiles on a loopback one.
func TestDebugListenerOptIn(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	stop, err := startDebugListener("", log)
	if err != nil {
		t.Fatalf("off: %v", err)
	}
	stop()
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:6060", ":6060", "nonsense"} {
		if _, err := startDebugListener(addr, log); err == nil || !strings.Contains(err.Error(), "LOCI_PPROF") {
			t.Errorf("LOCI_PPROF=%s: err %v, want a refusal naming LOCI_PPROF", addr, err)
		}
	}
	addr := freeAddr(t)
	stop, err = startDebugListener(addr, log)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	resp, err := http.Get("http://" + addr + "/debug/pprof/heap?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "# HeapAlloc = ") {
		t.Errorf("heap profile: HTTP %d, body %.200q", resp.StatusCode, body)
	}
}

// TestMemoryLimitDefault: without GOMEMLIMIT the process gets the default
// soft limit; with it, the runtime's value stays.
func TestMemoryLimitDefault(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOMEMLIMIT")
	applyMemoryLimit(mustConfig(t))
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Errorf("limit %d, want %d", got, defaultMemoryLimit)
	}
	debug.SetMemoryLimit(1 << 40)
	t.Setenv("GOMEMLIMIT", "1TiB")
	applyMemoryLimit(mustConfig(t))
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT set the limit became %d", got)
	}
}
