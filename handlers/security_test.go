package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/ontology"
)

// keyed is the whole API with API keys, over the real Neo4j.
type keyed struct {
	t     *testing.T
	h     http.Handler
	store *graph.Store
}

// newKeyedServer wires the API as `loci serve` does with keys configured
// and returns it with one fresh tenant and key per name.
func newKeyedServer(t *testing.T, limit handlers.RateLimit, timeout time.Duration, names ...string) (*keyed, map[string]string, map[string]string) {
	store := graphtest.Store(t)
	ring, keys, tenants := apptest.Keys(t, store, names...)
	h := apptest.Handler(apptest.Rules(store), "", func(d *handlers.Deps) {
		d.Auth, d.RateLimit, d.RequestTimeout = ring, limit, timeout
	})
	return &keyed{t: t, h: h, store: store}, keys, tenants
}

// call sends one request with the given Authorization value ("" for none)
// and extra headers, and returns the status, JSON body and response.
func (k *keyed) call(authz, method, path string, body any, headers ...string) (int, map[string]any, *httptest.ResponseRecorder) {
	k.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		raw, _ = json.Marshal(b)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	k.h.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		k.t.Fatalf("%s %s: status %d, body is not JSON: %q", method, path, rec.Code, rec.Body.String())
	}
	return rec.Code, out, rec
}

func (k *keyed) as(key string) func(method, path string, body any) (int, map[string]any) {
	return func(method, path string, body any) (int, map[string]any) {
		k.t.Helper()
		code, out, _ := k.call("Bearer "+key, method, path, body)
		return code, out
	}
}

func TestAPIKeysAreRequired(t *testing.T) {
	k, keys, tenants := newKeyedServer(t, handlers.RateLimit{}, 0, "a", "b")
	for _, authz := range []string{"", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer not-a-key",
		"Bearer loci_000000000000_" + strings.Repeat("x", 43), keys["a"], "Bearer " + keys["a"] + "x"} {
		code, body, rec := k.call(authz, "POST", "/v1/search", map[string]any{"query": "anything"})
		if code != http.StatusUnauthorized || errCode(body) != "unauthorized" || rec.Header().Get("WWW-Authenticate") == "" {
			t.Errorf("Authorization %q: %d %v (WWW-Authenticate %q), want 401 unauthorized", authz, code, body, rec.Header().Get("WWW-Authenticate"))
		}
	}
	// Nothing was written by the refused requests.
	code, _, _ := k.call("", "POST", "/v1/conversations/c/turns", map[string]any{"turns": multiSession})
	if code != http.StatusUnauthorized {
		t.Fatalf("unauthenticated ingest: %d", code)
	}
	if code, _ := k.as(keys["a"])("GET", "/v1/conversations/c", nil); code != http.StatusNotFound {
		t.Fatalf("refused ingest stored something: %d", code)
	}
	// Health, readiness and the API description need no key.
	for _, p := range []string{"/healthz", "/readyz", "/openapi.json"} {
		if code, _, _ := k.call("", "GET", p, nil); code != http.StatusOK {
			t.Errorf("GET %s without a key: %d", p, code)
		}
	}
	// Naming another tenant than the key's is forbidden, naming its own is fine.
	if code, body, _ := k.call("Bearer "+keys["b"], "GET", "/v1/entities", nil, handlers.TenantHeader, tenants["a"]); code != http.StatusForbidden || errCode(body) != "forbidden" {
		t.Errorf("%s of another tenant: %d %v, want 403", handlers.TenantHeader, code, body)
	}
	if code, body, _ := k.call("Bearer "+keys["b"], "GET", "/v1/entities", nil, handlers.TenantHeader, tenants["b"]); code != http.StatusOK {
		t.Errorf("%s of the key's own tenant: %d %v", handlers.TenantHeader, code, body)
	}
	if code, body := k.as(keys["b"])("DELETE", "/v1/tenants/"+tenants["a"], nil); code != http.StatusForbidden {
		t.Errorf("deleting another tenant: %d %v, want 403", code, body)
	}
}

// TestTenantIsolationProbe gives two tenants the same conversation ids,
// speakers and entity names, plus one secret each, and checks that no
// endpoint returns, counts, merges or deletes across them.
func TestTenantIsolationProbe(t *testing.T) {
	k, keys, tenants := newKeyedServer(t, handlers.RateLimit{}, 0, "a", "b")
	a, b := k.as(keys["a"]), k.as(keys["b"])
	secrets := map[string]string{"a": "The vault code is 4721, Dana told me.", "b": "Dana loves kayaking on weekends in Porto."}
	for name, do := range map[string]func(string, string, any) (int, map[string]any){"a": a, "b": b} {
		turns := append(append([]map[string]any{}, multiSession...),
			map[string]any{"id": "7", "session": "3", "speaker": "Sam", "text": secrets[name], "timestamp": "2023-09-01T08:02:00Z"})
		if code, body := do("POST", "/v1/conversations/c/turns", map[string]any{"turns": turns}); code != http.StatusCreated {
			t.Fatalf("%s ingest: %d %v", name, code, body)
		}
		if code, body := do("POST", "/v1/conversations/only-"+name+"/turns", map[string]any{"turns": []map[string]any{
			{"id": "1", "speaker": "Sam", "text": secrets[name]}}}); code != http.StatusCreated {
			t.Fatalf("%s ingest: %d %v", name, code, body)
		}
	}
	leaks := func(who string, code int, body map[string]any, secretOf string) {
		t.Helper()
		raw, _ := json.Marshal(body)
		for _, word := range strings.Fields(secrets[secretOf])[1:4] {
			if strings.Contains(string(raw), strings.Trim(word, ".,")) && len(word) > 4 {
				t.Errorf("%s: response (%d) shows tenant %s's secret %q: %s", who, code, secretOf, word, raw)
			}
		}
		if strings.Contains(string(raw), tenants[secretOf]) {
			t.Errorf("%s: response names tenant %s: %s", who, secretOf, raw)
		}
	}

	// Same conversation id, nothing merged: each sees its own 7 turns.
	for name, do := range map[string]func(string, string, any) (int, map[string]any){"a": a, "b": b} {
		code, body := do("GET", "/v1/conversations/c", nil)
		if code != http.StatusOK || body["turn_count"] != float64(7) {
			t.Fatalf("%s GET c: %d %v, want 7 turns", name, code, body)
		}
		code, body = do("GET", "/v1/conversations/c/turns?limit=100", nil)
		if code != http.StatusOK || len(body["turns"].([]any)) != 7 {
			t.Fatalf("%s turns of c: %d %v", name, code, body)
		}
		other := map[string]string{"a": "b", "b": "a"}[name]
		leaks(name+" turns", code, body, other)
	}

	// Every read endpoint, for b, asked about a's secret or a's ids.
	_, ea := a("GET", "/v1/entities?q=Dana&conversation_id=c", nil)
	_, eb := b("GET", "/v1/entities?q=Dana&conversation_id=c", nil)
	idA := ea["entities"].([]any)[0].(map[string]any)["id"].(string)
	idB := eb["entities"].([]any)[0].(map[string]any)["id"].(string)
	if idA == idB {
		t.Fatalf("both tenants' Dana have id %s", idA)
	}
	q := url.QueryEscape
	for _, probe := range []struct {
		method, path string
		body         any
		want         int // 0: any 2xx
	}{
		{"GET", "/v1/conversations/only-a", nil, 404},
		{"GET", "/v1/conversations/only-a/turns", nil, 404},
		{"POST", "/v1/search", map[string]any{"query": "vault code 4721"}, 0},
		{"POST", "/v1/search", map[string]any{"query": "vault code 4721", "conversation_id": "c", "explain": true}, 0},
		{"POST", "/v1/search", map[string]any{"query": "vault code 4721", "conversation_id": "c", "config": "graph"}, 0},
		{"POST", "/v1/search", map[string]any{"query": "vault code 4721", "conversation_id": "c", "config": "facts-fulltext"}, 0},
		{"POST", "/v1/search", map[string]any{"query": "vault code 4721", "conversation_id": "only-a"}, 404},
		{"GET", "/v1/entities?q=vault", nil, 0},
		{"GET", "/v1/entities", nil, 0},
		{"GET", "/v1/entities/" + q(idA), nil, 404},
		{"GET", "/v1/entities/" + q(idA) + "/history", nil, 404},
		{"GET", "/v1/graph/neighborhood?entity=" + q(idA), nil, 404},
		{"GET", "/v1/graph/paths?from=" + q(idA) + "&to=" + q(idB), nil, 404},
		{"GET", "/v1/graph/paths?from=" + q(idB) + "&to=" + q(idA), nil, 404},
		{"POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "What is the vault code?"}, 0},
		{"POST", "/v1/context", map[string]any{"conversation_id": "only-a", "query": "What is the vault code?"}, 404},
		{"POST", "/v1/answer", map[string]any{"conversation_id": "only-a", "query": "What is the vault code?"}, 404},
		{"DELETE", "/v1/conversations/only-a/speakers/Sam", nil, 404},
		{"DELETE", "/v1/conversations/only-a", nil, 404},
	} {
		code, body := b(probe.method, probe.path, probe.body)
		if (probe.want == 0 && code/100 != 2) || (probe.want != 0 && code != probe.want) {
			t.Errorf("b %s %s: %d %v, want %d", probe.method, probe.path, code, body, probe.want)
		}
		leaks("b "+probe.method+" "+probe.path, code, body, "a")
	}

	// b forgets its Sam, then its whole tenant: a keeps everything.
	if code, body := b("DELETE", "/v1/conversations/c/speakers/Sam", nil); code != http.StatusOK {
		t.Fatalf("b forgets Sam: %d %v", code, body)
	}
	code, body := b("DELETE", "/v1/tenants/"+tenants["b"], nil)
	deleted, _ := body["deleted"].(map[string]any)
	if code != http.StatusOK || deleted["conversations"] != float64(2) {
		t.Fatalf("b deletes its tenant: %d %v", code, body)
	}
	for _, p := range []string{"/v1/conversations/c", "/v1/conversations/only-b"} {
		if code, _ := b("GET", p, nil); code != http.StatusNotFound {
			t.Errorf("b GET %s after deleting its tenant: %d", p, code)
		}
	}
	if code, body := b("GET", "/v1/entities?q=Dana", nil); code != http.StatusOK || len(body["entities"].([]any)) != 0 {
		t.Errorf("b entities after deleting its tenant: %d %v", code, body)
	}
	if code, body := b("POST", "/v1/search", map[string]any{"query": "Dana kayaking vault"}); code != http.StatusOK || len(body["results"].([]any)) != 0 {
		t.Errorf("b search after deleting its tenant: %d %v", code, body)
	}
	code, body = a("GET", "/v1/conversations/c", nil)
	if code != http.StatusOK || body["turn_count"] != float64(7) {
		t.Fatalf("a's c after b deleted everything: %d %v", code, body)
	}
	code, body = a("POST", "/v1/search", map[string]any{"query": "vault code", "conversation_id": "only-a"})
	if code != http.StatusOK || len(body["results"].([]any)) != 1 {
		t.Fatalf("a's secret after b deleted everything: %d %v", code, body)
	}
	if code, body := a("GET", "/v1/entities/"+q(idA), nil); code != http.StatusOK {
		t.Fatalf("a's Dana after b deleted everything: %d %v", code, body)
	}
}

func TestDeleteSpeakerOverHTTP(t *testing.T) {
	k, keys, _ := newKeyedServer(t, handlers.RateLimit{}, 0, "a")
	a := k.as(keys["a"])
	if code, body := a("POST", "/v1/conversations/c/turns", map[string]any{"turns": multiSession}); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	code, body := a("DELETE", "/v1/conversations/c/speakers/ria", nil)
	deleted, _ := body["deleted"].(map[string]any)
	if code != http.StatusOK || deleted["turns"] != float64(3) || deleted["speakers"] != float64(1) {
		t.Fatalf("forget Ria: %d %v", code, body)
	}
	if _, body := a("GET", "/v1/conversations/c", nil); body["turn_count"] != float64(3) {
		t.Fatalf("after forgetting Ria: %v", body)
	}
	for _, query := range []string{"Lisbon Boston moved", "Globex designer", "Initech"} {
		_, body := a("POST", "/v1/search", map[string]any{"query": query, "conversation_id": "c"})
		if n := len(body["results"].([]any)); n != 0 {
			t.Errorf("search %q after forgetting Ria: %d results %v", query, n, body)
		}
		_, body = a("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work? " + query})
		if ctx, _ := body["context"].(string); strings.Contains(ctx, "Globex") || strings.Contains(ctx, "Initech") || strings.Contains(ctx, "Lisbon") {
			t.Errorf("context after forgetting Ria still tells: %s", ctx)
		}
	}
	if code, _ := a("DELETE", "/v1/conversations/c/speakers/Ria", nil); code != http.StatusNotFound {
		t.Errorf("forgetting Ria twice: %d, want 404", code)
	}
	if code, body := a("DELETE", "/v1/conversations/c/speakers/%00", nil); code != http.StatusUnprocessableEntity {
		t.Errorf("speaker with a NUL: %d %v", code, body)
	}
}

func TestRateLimitPerKey(t *testing.T) {
	k, keys, _ := newKeyedServer(t, handlers.RateLimit{PerSecond: 0.5, Burst: 3}, 0, "a", "b")
	a, b := k.as(keys["a"]), k.as(keys["b"])
	for i := 0; i < 3; i++ {
		if code, body := a("GET", "/v1/entities", nil); code != http.StatusOK {
			t.Fatalf("request %d within the burst: %d %v", i+1, code, body)
		}
	}
	code, body, rec := k.call("Bearer "+keys["a"], "GET", "/v1/entities", nil)
	if code != http.StatusTooManyRequests || errCode(body) != "rate_limited" {
		t.Fatalf("request over the burst: %d %v, want 429", code, body)
	}
	if ra := rec.Header().Get("Retry-After"); ra != "2" {
		t.Errorf("Retry-After = %q, want 2 (one token at 0.5/s)", ra)
	}
	// Another key has its own bucket.
	if code, body := b("GET", "/v1/entities", nil); code != http.StatusOK {
		t.Fatalf("key b limited by key a's use: %d %v", code, body)
	}
	// A refused request stores nothing.
	if code, _ := a("POST", "/v1/conversations/limited/turns", map[string]any{"turns": multiSession}); code != http.StatusTooManyRequests {
		t.Fatalf("ingest over the limit: %d", code)
	}
	if code, _ := b("GET", "/v1/conversations/limited", nil); code != http.StatusNotFound {
		t.Fatalf("a refused ingest stored something")
	}
}

func TestRequestTimeoutIs503(t *testing.T) {
	k, keys, tenants := newKeyedServer(t, handlers.RateLimit{}, time.Nanosecond, "a")
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/v1/conversations/c/turns", map[string]any{"turns": multiSession}},
		{"POST", "/v1/search", map[string]any{"query": "Dana"}},
		{"GET", "/v1/entities", nil},
	} {
		code, body, rec := k.call("Bearer "+keys["a"], r.method, r.path, r.body)
		if code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s %s with an expired deadline: %d %v (Retry-After %q), want 503", r.method, r.path, code, body, rec.Header().Get("Retry-After"))
		}
	}
	// Nothing of the timed-out ingest was stored.
	if _, err := k.store.Conversation(context.Background(), tenants["a"], "c"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("timed-out ingest stored the conversation: %v", err)
	}
}

// TestHostileInputNever5xx sends hostile values in every field of every
// body-taking route: each must get a 2xx or a clear 4xx JSON error, never a
// 5xx, and refused ingests must store nothing.
func TestHostileInputNever5xx(t *testing.T) {
	k, keys, _ := newKeyedServer(t, handlers.RateLimit{}, 0, "a")
	a := k.as(keys["a"])
	if code, body := a("POST", "/v1/conversations/c/turns", map[string]any{"turns": multiSession}); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	hostile := []string{
		"\x00", "a\x00b", "\xff\xfe", "\xed\xa0\x80", `"unbalanced`, `(lake`, `lake AND`, `*`, `?`, `\`, `/re/`, `title:x`, `[a TO b}`,
		`'}) MATCH (n) DETACH DELETE n //`, "$tenant", "` RETURN 1", strings.Repeat("x", 70_000), strings.Repeat("(", 5000), "日本語 🎉",
	}
	nested := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	raw := []string{
		nested, `{"query":` + nested + `}`, `{"turns":[` + strings.Repeat(`{"a":`, 10_000) + "1" + strings.Repeat("}", 10_000) + `]}`,
		`{"query":"x","limit":1e400}`, `{"query":"x","limit":99999999999999999999}`, `{"query":"x","limit":-1}`, `{"query":"x","budget_tokens":1e9}`,
		`{"query":"x","unknown":1}`, `{"query":"x"} trailing`, "\xff{", `{"query":"x","hops":1e308}`, `{"turns":[{"id":1e400,"speaker":"S","text":"t"}]}`,
		`{"turns":null}`, `{"turns":{}}`, `{}`, `[]`, `null`, `"x"`, `{"turns":[{"id":"1","speaker":"S","text":"t","timestamp":"2023-99-99"}]}`,
	}
	routes := []struct {
		path   string
		fields []string
		base   map[string]any
	}{
		{"/v1/search", []string{"query", "conversation_id", "speaker", "config"}, map[string]any{"query": "Dana", "conversation_id": "c"}},
		{"/v1/context", []string{"query", "conversation_id", "speaker", "config"}, map[string]any{"query": "Dana", "conversation_id": "c"}},
		{"/v1/answer", []string{"query", "conversation_id", "speaker"}, map[string]any{"query": "Dana", "conversation_id": "c"}},
	}
	check := func(what string, code int, body map[string]any) {
		t.Helper()
		if code >= 500 {
			t.Errorf("%s: %d %v", what, code, body)
		}
		if code >= 400 && errCode(body) == "" {
			t.Errorf("%s: %d without an error code: %v", what, code, body)
		}
	}
	for _, r := range routes {
		for _, f := range r.fields {
			for _, v := range hostile {
				body := map[string]any{}
				for k, x := range r.base {
					body[k] = x
				}
				body[f] = v
				code, out := a("POST", r.path, body)
				check(fmt.Sprintf("POST %s %s=%.40q", r.path, f, v), code, out)
			}
		}
		for _, b := range raw {
			code, out, _ := k.call("Bearer "+keys["a"], "POST", r.path, b)
			check(fmt.Sprintf("POST %s body %.40q", r.path, b), code, out)
		}
	}
	// Ingest: hostile values in every turn field, and hostile raw bodies.
	for _, f := range []string{"id", "session", "speaker", "text", "timestamp"} {
		for i, v := range hostile {
			turn := map[string]any{"id": "h1", "session": "1", "speaker": "Sam", "text": "hello"}
			turn[f] = v
			conv := fmt.Sprintf("hostile-%s-%d", f, i)
			code, out := a("POST", "/v1/conversations/"+conv+"/turns", map[string]any{"turns": []any{turn}})
			check(fmt.Sprintf("ingest %s=%.40q", f, v), code, out)
			if code/100 != 2 {
				if code, _ := a("GET", "/v1/conversations/"+conv, nil); code != http.StatusNotFound {
					t.Errorf("refused ingest %s=%.40q stored the conversation (%d)", f, v, code)
				}
			}
		}
	}
	for i, b := range raw {
		conv := fmt.Sprintf("hostile-raw-%d", i)
		code, out, _ := k.call("Bearer "+keys["a"], "POST", "/v1/conversations/"+conv+"/turns", b)
		check(fmt.Sprintf("ingest body %.40q", b), code, out)
		if code/100 == 2 {
			t.Errorf("ingest body %.40q accepted: %v", b, out)
		}
		if code, _ := a("GET", "/v1/conversations/"+conv, nil); code != http.StatusNotFound {
			t.Errorf("refused ingest body %.40q stored the conversation", b)
		}
	}
	// Query parameters of the GET routes.
	for _, v := range hostile {
		e := url.QueryEscape(v)
		for _, p := range []string{"/v1/entities?q=" + e, "/v1/entities?type=" + e, "/v1/entities?limit=" + e, "/v1/entities?conversation_id=" + e,
			"/v1/graph/neighborhood?entity=" + e, "/v1/graph/neighborhood?entity=Dana&conversation_id=c&hops=" + e,
			"/v1/graph/paths?from=" + e + "&to=Dana&conversation_id=c", "/v1/conversations/c/turns?after=" + e, "/v1/conversations/c/turns?limit=" + e,
			"/v1/entities/" + url.PathEscape(v), "/v1/conversations/" + url.PathEscape(v)} {
			if len(p) > 8000 {
				continue
			}
			code, out := a("GET", p, nil)
			check("GET "+p[:min(len(p), 80)], code, out)
		}
	}
	// The conversation is still whole.
	if _, body := a("GET", "/v1/conversations/c", nil); body["turn_count"] != float64(len(multiSession)) {
		t.Fatalf("conversation c changed: %v", body)
	}
}
