package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/ontology"
)

// server is the whole API over the real Neo4j, acting for a fresh tenant.
type server struct {
	t      *testing.T
	h      http.Handler
	store  *graph.Store
	tenant string
}

func newServer(t *testing.T) *server {
	return newServerWith(t, graphtest.Store(t), nil)
}

// newServerWith wires the whole API over store, embedding with emb (nil: no
// vectors), acting for a fresh tenant of its own.
func newServerWith(t *testing.T, store *graph.Store, emb ontology.Embedder) *server {
	return serveApp(t, store, app.Assemble(app.Parts{Store: store, Embedder: emb}), nil)
}

// newVectorServer is newServerWith over a fresh store with the vector
// indexes of emb.
func newVectorServer(t *testing.T, emb ontology.Embedder) *server {
	return newServerWith(t, graphtest.StoreWithVectors(t, emb.ID(), emb.Dimensions()), emb)
}

// newHybridServer embeds with the real in-process model (`make models`);
// CI must have it.
func newHybridServer(t *testing.T) *server { return newVectorServer(t, apptest.MiniLM(t)) }

// newRulesServer wires the API with the rules extractor on, as `loci serve`
// runs by default; change, when not nil, adjusts the dependencies first.
func newRulesServer(t *testing.T, change func(*handlers.Deps)) *server {
	store := graphtest.Store(t)
	return serveApp(t, store, apptest.Rules(store), change)
}

// serveApp is a's whole API over store, acting for a fresh tenant of
// store; change, when not nil, adjusts the dependencies first.
func serveApp(t *testing.T, store *graph.Store, a *app.App, change func(*handlers.Deps)) *server {
	tenant := graphtest.Tenant(t, store)
	return &server{t: t, store: store, tenant: tenant, h: apptest.Handler(a, tenant, change)}
}

func (s *server) do(method, path string, body any) (int, map[string]any) {
	s.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		s.t.Fatalf("%s %s: status %d, body is not JSON: %q", method, path, rec.Code, rec.Body.String())
	}
	return rec.Code, out
}

// chats are the hand-written conversations of testdata/chats.json, by name,
// as the turns a client posts.
var chats = sync.OnceValue(func() map[string][]map[string]any {
	b, err := os.ReadFile("testdata/chats.json")
	if err != nil {
		panic(err)
	}
	var out map[string][]map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Errorf("testdata/chats.json: %w", err))
	}
	return out
})

// chat returns a fresh copy of the named chat of testdata/chats.json (a test
// may change its turns); an unknown name panics.
func chat(name string) []map[string]any {
	turns, ok := chats()[name]
	if !ok {
		panic("testdata/chats.json has no chat " + name)
	}
	out := make([]map[string]any, len(turns))
	for i, t := range turns {
		out[i] = maps.Clone(t)
	}
	return out
}

// ingest posts turns to conversation conv, which must answer 201, and
// returns the body.
func (s *server) ingest(conv string, turns []map[string]any) map[string]any {
	s.t.Helper()
	code, body := s.do("POST", "/v1/conversations/"+conv+"/turns", map[string]any{"turns": turns})
	if code != http.StatusCreated {
		s.t.Fatalf("ingest into %s: %d %v", conv, code, body)
	}
	return body
}

// search posts a search that must answer 200 and returns its results and
// the whole body.
func (s *server) search(req map[string]any) ([]map[string]any, map[string]any) {
	s.t.Helper()
	code, body := s.do("POST", "/v1/search", req)
	if code != http.StatusOK {
		s.t.Fatalf("search %v: %d %v", req, code, body)
	}
	var results []map[string]any
	for _, r := range body["results"].([]any) {
		results = append(results, r.(map[string]any))
	}
	return results, body
}

func errCode(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func errMessage(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

var dialogue = map[string]any{"turns": []map[string]any{
	{"id": "D1:1", "session": "1", "speaker": "Caroline", "text": "I went to a LGBTQ support group yesterday and it was so powerful.", "timestamp": "2023-05-08T13:56:00Z"},
	{"id": "D1:2", "session": "1", "speaker": "Melanie", "text": "Wow, that's cool, Caroline! I painted a lake sunrise last year.", "timestamp": "2023-05-08T13:56:30Z"},
	{"id": "D1:3", "session": 1, "speaker": "Caroline", "text": "The support group made me want to research adoption agencies.", "metadata": map[string]any{"source": "test"}},
	{"id": "D1:4", "session": "1", "speaker": "Melanie", "text": "Painting helps me relax; the support of my family matters too."},
}}

func (s *server) turnCount(conv string) float64 {
	s.t.Helper()
	code, body := s.do("GET", "/v1/conversations/"+conv, nil)
	if code == http.StatusNotFound {
		return 0
	}
	if code != http.StatusOK {
		s.t.Fatalf("GET conversation: %d %v", code, body)
	}
	return body["turn_count"].(float64)
}

func TestIngestIsIdempotentOverHTTP(t *testing.T) {
	s := newServer(t)
	code, body := s.do("POST", "/v1/conversations/c1/turns", dialogue)
	if code != http.StatusCreated || body["created"].(float64) != 4 || body["existing"].(float64) != 0 {
		t.Fatalf("first POST: %d %v", code, body)
	}
	code, body = s.do("POST", "/v1/conversations/c1/turns", dialogue)
	if code != http.StatusOK || body["created"].(float64) != 0 || body["existing"].(float64) != 4 || len(body["existing_ids"].([]any)) != 4 {
		t.Fatalf("resend: %d %v", code, body)
	}
	if n := s.turnCount("c1"); n != 4 {
		t.Fatalf("turn_count = %v, want 4", n)
	}
	code, body = s.do("GET", "/v1/conversations/c1", nil)
	if sessions := body["sessions"].([]any); len(sessions) != 1 || sessions[0].(map[string]any)["turn_count"].(float64) != 4 {
		t.Errorf("sessions = %v", body["sessions"])
	}
	if speakers := body["speakers"].([]any); len(speakers) != 2 {
		t.Errorf("speakers = %v", body["speakers"])
	}
	code, body = s.do("GET", "/v1/conversations/c1/turns?limit=3", nil)
	if code != http.StatusOK || len(body["turns"].([]any)) != 3 || body["next_after"].(float64) != 2 {
		t.Fatalf("turn page: %d %v", code, body)
	}
}

func TestBadBatchesStoreNothing(t *testing.T) {
	s := newServer(t)
	valid := `{"id":"ok","session":"1","speaker":"A","text":"fine"}`
	cases := []struct {
		name     string
		body     []byte
		status   int
		mentions string
	}{
		{"empty id", []byte(`{"turns":[` + valid + `,{"id":"","session":"1","speaker":"A","text":"x"}]}`), 422, "turn 1: id is empty"},
		{"missing speaker", []byte(`{"turns":[` + valid + `,{"id":"b","text":"x"}]}`), 422, `turn 1 (id "b")`},
		{"missing text", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A"}]}`), 422, "text is required"},
		{"blank text", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"   "}]}`), 422, "text is required"},
		{"text over 32 KiB", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"` + strings.Repeat("x", 32*1024+1) + `"}]}`), 413, "32768"},
		{"bad timestamp", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"x","timestamp":"yesterday"}]}`), 422, "RFC 3339"},
		{"bad UTF-8", append(append([]byte(`{"turns":[`+valid+`,{"id":"b","speaker":"A","text":"`), 0xff, 0xfe), []byte(`"}]}`)...), 422, "UTF-8"},
		{"lone surrogate", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"bad \ud800 escape"}]}`), 422, "surrogate"},
		{"NUL byte", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"a\u0000b"}]}`), 422, "NUL"},
		{"duplicate id", []byte(`{"turns":[` + valid + `,` + valid + `]}`), 422, "twice"},
		{"wrong type", []byte(`{"turns":[` + valid + `,{"id":7,"speaker":"A","text":"x"}]}`), 400, "turn 1"},
		{"unknown field", []byte(`{"turns":[` + valid + `,{"id":"b","speakr":"A","text":"x"}]}`), 400, "speakr"},
		{"session of a wrong type", []byte(`{"turns":[` + valid + `,{"id":"b","session":true,"speaker":"A","text":"x"}]}`), 400, "session must be"},
		{"timestamp of a wrong type", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"x","timestamp":20230508}]}`), 400, "timestamp"},
		{"timestamp in year 10000 in UTC", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"x","timestamp":"9999-12-31T23:59:59-23:59"}]}`), 422, "timestamp 9999-12-31T23:59:59-23:59 is in year 10000 in UTC"},
		{"timestamp in year 0 in UTC", []byte(`{"turns":[` + valid + `,{"id":"b","speaker":"A","text":"x","timestamp":"0001-01-01T00:00:00+23:59"}]}`), 422, "year 0 in UTC"},
		{"malformed JSON", []byte(`{"turns":[` + valid), 400, "malformed JSON"},
		{"not an object", []byte(`[1,2,3]`), 400, ""},
		{"empty body", []byte(``), 400, "empty"},
		{"no turns field", []byte(`{}`), 422, "turns"},
		{"empty turns", []byte(`{"turns":[]}`), 422, "at least one"},
		{"trailing garbage", []byte(`{"turns":[` + valid + `]} xyz`), 400, ""},
	}
	for _, c := range cases {
		code, body := s.do("POST", "/v1/conversations/c1/turns", c.body)
		if code != c.status {
			t.Errorf("%s: status %d, want %d (%v)", c.name, code, c.status, body)
			continue
		}
		if errCode(body) == "" || !strings.Contains(errMessage(body), c.mentions) {
			t.Errorf("%s: error %v does not mention %q", c.name, body, c.mentions)
		}
	}
	if n := s.turnCount("c1"); n != 0 {
		t.Fatalf("%v turns stored from rejected batches, want 0", n)
	}
}

func TestOversizedBatches(t *testing.T) {
	s := newServer(t)
	turns := make([]map[string]any, 1001)
	for i := range turns {
		turns[i] = map[string]any{"id": fmt.Sprint(i), "session": "1", "speaker": "A", "text": "t"}
	}
	code, body := s.do("POST", "/v1/conversations/c1/turns", map[string]any{"turns": turns})
	if code != http.StatusRequestEntityTooLarge || errCode(body) != "too_large" {
		t.Fatalf("1,001 turns: %d %v", code, body)
	}
	huge := bytes.Repeat([]byte(" "), 51<<20)
	code, body = s.do("POST", "/v1/conversations/c1/turns", append([]byte(`{"turns":[]`), huge...))
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("51 MiB body: %d %v", code, body)
	}
	code, _ = s.do("POST", "/v1/conversations/c1/turns", map[string]any{"turns": turns[:1000]})
	if code != http.StatusCreated {
		t.Fatalf("1,000 turns: status %d, want 201", code)
	}
	if n := s.turnCount("c1"); n != 1000 {
		t.Fatalf("turn_count = %v, want 1000", n)
	}
}

func TestSearchScopesBySpeaker(t *testing.T) {
	s := newServer(t)
	s.do("POST", "/v1/conversations/c1/turns", dialogue)
	search := func(req map[string]any) ([]map[string]any, map[string]any) {
		t.Helper()
		rs, body := s.search(req)
		return rs, body["scope"].(map[string]any)
	}
	speakersOf := func(rs []map[string]any) map[string]bool {
		out := map[string]bool{}
		for _, r := range rs {
			out[r["speaker"].(string)] = true
			ids := r["source_turn_ids"].([]any)
			if len(ids) != 1 || ids[0] != r["id"] {
				t.Errorf("result %v: source_turn_ids should cite the turn itself", r)
			}
		}
		return out
	}
	// Unscoped: both speakers talk about support.
	rs, scope := search(map[string]any{"conversation_id": "c1", "query": "support"})
	if len(rs) != 3 || scope["speaker"] != nil || !speakersOf(rs)["Melanie"] || !speakersOf(rs)["Caroline"] {
		t.Fatalf("unscoped: %v %v", rs, scope)
	}
	// Inferred from the question, whatever the case or possessive form.
	for _, q := range []string{"What support did Caroline find?", "caroline support", "Caroline's support group?"} {
		rs, scope = search(map[string]any{"conversation_id": "c1", "query": q})
		if scope["speaker"] != "Caroline" || scope["speaker_source"] != "query" {
			t.Errorf("%q: scope %v, want Caroline inferred", q, scope)
		}
		if sp := speakersOf(rs); len(sp) != 1 || !sp["Caroline"] || len(rs) != 2 {
			t.Errorf("%q: results from %v (%d), want Caroline's 2", q, sp, len(rs))
		}
	}
	// Both named: no scope.
	_, scope = search(map[string]any{"conversation_id": "c1", "query": "Did Caroline support Melanie?"})
	if scope["speaker"] != nil {
		t.Errorf("two speakers named: scope %v, want none", scope)
	}
	// Explicit speaker wins and is matched case-insensitively.
	rs, scope = search(map[string]any{"conversation_id": "c1", "query": "What support did Caroline find?", "speaker": "melanie"})
	if scope["speaker"] != "Melanie" || scope["speaker_source"] != "request" || !speakersOf(rs)["Melanie"] || speakersOf(rs)["Caroline"] {
		t.Errorf("explicit speaker: %v %v", rs, scope)
	}
	// limit is honoured and capped.
	rs, _ = search(map[string]any{"conversation_id": "c1", "query": "support painting group", "limit": 1})
	if len(rs) != 1 {
		t.Errorf("limit 1 gave %d results", len(rs))
	}
	for _, bad := range []map[string]any{
		{"conversation_id": "c1", "query": "x", "limit": 101},
		{"conversation_id": "c1", "query": "x", "limit": -1},
		{"conversation_id": "c1", "query": ""},
		{"conversation_id": "c1", "query": strings.Repeat("x", 5000)},
		{"conversation_id": "c1", "query": "x", "speakr": "A"},
	} {
		if code, body := s.do("POST", "/v1/search", bad); code < 400 || code >= 500 || errCode(body) == "" {
			t.Errorf("search %v: %d %v, want a 4xx error", bad, code, body)
		}
	}
	if code, _ := s.do("POST", "/v1/search", map[string]any{"conversation_id": "nope", "query": "x"}); code != http.StatusNotFound {
		t.Errorf("unknown conversation: %d, want 404", code)
	}
}

func TestSearchWithLuceneSyntaxAnswers200(t *testing.T) {
	s := newServer(t)
	s.do("POST", "/v1/conversations/c1/turns", dialogue)
	for _, q := range []string{`"support`, `support AND`, `(painting]`, `support~ ^2 *`, `a:b OR NOT c`, `\`, `&& ||`, `{!}`, `/`, `?`} {
		code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": q})
		if code != http.StatusOK {
			t.Errorf("query %q: %d %v", q, code, body)
		}
	}
}

func TestConversationsAreIsolated(t *testing.T) {
	s := newServer(t)
	s.do("POST", "/v1/conversations/c1/turns", dialogue)
	s.do("POST", "/v1/conversations/c2/turns", map[string]any{"turns": []map[string]any{
		{"id": "D1:1", "session": "1", "speaker": "Caroline", "text": "A different conversation about the support group."},
	}})
	code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c2", "query": "support group lake painting"})
	if code != http.StatusOK {
		t.Fatal(code, body)
	}
	results := body["results"].([]any)
	if len(results) != 1 || results[0].(map[string]any)["conversation_id"] != "c2" {
		t.Fatalf("c2 search returned %v", results)
	}
}

func TestDeleteConversationOverHTTP(t *testing.T) {
	s := newServer(t)
	s.do("POST", "/v1/conversations/c1/turns", dialogue)
	code, body := s.do("DELETE", "/v1/conversations/c1", nil)
	if code != http.StatusOK || body["deleted"].(map[string]any)["turns"].(float64) != 4 {
		t.Fatalf("delete: %d %v", code, body)
	}
	if code, _ := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "support"}); code != http.StatusNotFound {
		t.Errorf("search after delete: %d, want 404", code)
	}
	code, body = s.do("POST", "/v1/search", map[string]any{"query": "support painting lake"})
	if code != http.StatusOK || len(body["results"].([]any)) != 0 {
		t.Errorf("tenant-wide search after delete: %d %v, want no results", code, body)
	}
	if code, _ := s.do("DELETE", "/v1/conversations/c1", nil); code != http.StatusNotFound {
		t.Errorf("second delete: %d, want 404", code)
	}
}

func TestEscapedConversationIDs(t *testing.T) {
	s := newServer(t)
	code, body := s.do("POST", "/v1/conversations/team%2Falpha%20one/turns", dialogue)
	if code != http.StatusCreated {
		t.Fatalf("POST with escaped id: %d %v", code, body)
	}
	code, body = s.do("GET", "/v1/conversations/team%2Falpha%20one", nil)
	if code != http.StatusOK || body["id"] != "team/alpha one" {
		t.Fatalf("GET with escaped id: %d %v", code, body)
	}
}

func TestUnavailableAndUnknownRoutes(t *testing.T) {
	store := graphtest.Store(t)
	h := apptest.Handler(app.Assemble(app.Parts{Store: store}), "", func(d *handlers.Deps) {
		d.Ready = func(context.Context) error { return errors.New("Neo4j unreachable") }
	})
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"POST", "/v1/search", 503},
		{"GET", "/readyz", 503},
		{"GET", "/healthz", 200},
		{"GET", "/nope", 404},
		{"PUT", "/v1/search", 405},
		{"GET", "/openapi.json", 200},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader(`{"query":"x"}`)))
		if rec.Code != c.status || !json.Valid(rec.Body.Bytes()) {
			t.Errorf("%s %s: %d %q, want %d with a JSON body", c.method, c.path, rec.Code, rec.Body.String(), c.status)
		}
	}
}
