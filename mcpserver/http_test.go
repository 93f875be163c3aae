package mcpserver_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
)

// bearer adds an API key to every request.
type bearer struct {
	key  string
	next http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return b.next.RoundTrip(r)
}

func TestToolsOverHTTPWithKeys(t *testing.T) {
	store := graphtest.Store(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// Over HTTP every call has a principal: no fallback tenant is used.
	srv, keys := apptest.ServeWithKeys(t, store, "a", "b")
	defer srv.Close()

	connect := func(key string) (*mcp.ClientSession, error) {
		client := &http.Client{Timeout: time.Minute}
		if key != "" {
			client.Transport = bearer{key: key, next: http.DefaultTransport}
		}
		return mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "1"}, nil).
			Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp", HTTPClient: client, MaxRetries: -1}, nil)
	}

	// Without a key, or with an unknown one, the endpoint answers 401.
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`
	for _, authz := range []string{"", "Bearer loci_nope_nope"} {
		req, _ := http.NewRequest("POST", srv.URL+"/mcp", strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if authz != "" {
			req.Header.Set("Authorization", authz)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("POST /mcp with Authorization %q: %d, want 401", authz, resp.StatusCode)
		}
	}
	if cs, err := connect(""); err == nil {
		cs.Close()
		t.Fatal("the SDK client connected without a key")
	}

	// With a key the raw endpoint answers initialize with JSON; GET (no
	// standalone stream: stateless) is 405.
	for _, method := range []string{"POST", "GET"} {
		req, _ := http.NewRequest(method, srv.URL+"/mcp", strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+keys["a"])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := map[string]int{"POST": http.StatusOK, "GET": http.StatusMethodNotAllowed}[method]
		if resp.StatusCode != want || resp.Header.Get("Mcp-Session-Id") != "" {
			t.Fatalf("%s /mcp with a key: %d (session %q), want %d and no session", method, resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), want)
		}
	}

	sessions := map[string]*session{}
	for _, n := range []string{"a", "b"} {
		cs, err := connect(keys[n])
		if err != nil {
			t.Fatalf("connect as %s: %v", n, err)
		}
		defer cs.Close()
		sessions[n] = &session{t: t, cs: cs}
	}
	a, b := sessions["a"], sessions["b"]
	list, err := a.cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != len(toolNames) {
		t.Fatalf("tools/list over HTTP: %v, %v", list, err)
	}

	// Both tenants use the same conversation id; neither sees the other's.
	var added struct {
		Created int `json:"created"`
	}
	a.ok("add_turns", map[string]any{"conversation_id": "shared", "turns": firstSession}, &added)
	b.ok("add_turns", map[string]any{"conversation_id": "shared", "turns": []map[string]any{
		{"id": "1", "speaker": "Bo", "text": "I keep bees on the roof."}}}, &added)
	a.ok("add_turns", map[string]any{"conversation_id": "only-a", "turns": secondSession}, &added)

	var convs struct {
		Conversations []struct {
			ID        string `json:"id"`
			TurnCount int64  `json:"turn_count"`
		} `json:"conversations"`
	}
	b.ok("list_conversations", nil, &convs)
	if len(convs.Conversations) != 1 || convs.Conversations[0].ID != "shared" || convs.Conversations[0].TurnCount != 1 {
		t.Fatalf("b lists %+v, want only its own shared (1 turn)", convs)
	}
	a.ok("list_conversations", nil, &convs)
	if len(convs.Conversations) != 2 || convs.Conversations[0].ID != "only-a" || convs.Conversations[1].TurnCount != 2 {
		t.Fatalf("a lists %+v", convs)
	}
	var found ontology.SearchResponse
	b.ok("search_memory", map[string]any{"query": "cousin Dana founded Acme Labs"}, &found)
	if len(found.Results) != 0 {
		t.Fatalf("b finds a's turns: %+v", found)
	}
	a.ok("search_memory", map[string]any{"query": "bees roof"}, &found)
	if len(found.Results) != 0 {
		t.Fatalf("a finds b's turns: %+v", found)
	}
	a.ok("search_memory", map[string]any{"conversation_id": "shared", "query": "cousin Dana founded Acme Labs"}, &found)
	if len(found.Results) == 0 || found.Results[0].ID != "1" {
		t.Fatalf("a does not find its own turn: %+v", found)
	}
	b.fails("get_context", map[string]any{"conversation_id": "only-a", "query": "What does Acme Labs make?"}, ontology.ENotFound)
	b.fails("get_entity", map[string]any{"entity": "Sam", "conversation_id": "shared"}, ontology.ENotFound)
	b.fails("forget_conversation", map[string]any{"conversation_id": "only-a"}, ontology.ENotFound)
	a.ok("list_conversations", nil, &convs)
	if len(convs.Conversations) != 2 {
		t.Fatalf("a lost a conversation to b's forget: %+v", convs)
	}
	// Nothing was written to the default tenant, the fallback of calls
	// without a principal.
	if cs, err := store.Conversations(ctx, ontology.DefaultTenant, 1000); err != nil || slices.ContainsFunc(cs, func(c ontology.ConversationSummary) bool {
		return c.ID == "only-a"
	}) {
		t.Fatalf("default tenant holds %v, %v", cs, err)
	}
}

// TestHandlerRefusesWithoutPrincipal: mounted without authentication, the
// handler fails closed instead of serving the fallback tenant.
func TestHandlerRefusesWithoutPrincipal(t *testing.T) {
	h := mcpserver.Handler(mcp.NewServer(&mcp.Implementation{Name: "x", Version: "1"}, nil))
	req := httptest.NewRequest("POST", "/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", rec.Code)
	}
}
