package mcpserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/apptest"
)

// rawMCP is /mcp behind Loci's authentication over the real Neo4j, posted
// to with raw JSON-RPC bodies.
type rawMCP struct {
	t        *testing.T
	url, key string
	keys     map[string]string // by tenant note: "a" (key's) and "b"
}

func newRawMCP(t *testing.T) (rawMCP, func()) {
	srv, keys := apptest.ServeWithKeys(t, graphtest.Store(t), "a", "b")
	return rawMCP{t: t, url: srv.URL + "/mcp", key: keys["a"], keys: keys}, srv.Close
}

// as is m acting for tenant note ("a" or "b").
func (m rawMCP) as(note string) rawMCP {
	m.key = m.keys[note]
	return m
}

// post sends body and returns the status, the raw answer and its JSON-RPC
// fields (id as sent back, error code).
func (m rawMCP) post(body string) (status int, raw string, id string, code int) {
	m.t.Helper()
	return m.do("POST", body, "application/json", "application/json, text/event-stream")
}

// do sends body with the given method, Content-Type and Accept ("": none).
func (m rawMCP) do(method, body, ctype, accept string) (status int, raw string, id string, code int) {
	m.t.Helper()
	req, _ := http.NewRequest(method, m.url, strings.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	req.Header.Set("Authorization", "Bearer "+m.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		m.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if len(b) == 0 {
		return resp.StatusCode, "", "", 0
	}
	var msg struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code json.RawMessage `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &msg); err != nil {
		m.t.Fatalf("%.200s: %d, not a JSON object: %q", body, resp.StatusCode, b)
	}
	if msg.Error != nil {
		_ = json.Unmarshal(msg.Error.Code, &code) // Loci's error bodies have a string code: 0
	}
	return resp.StatusCode, string(b), string(msg.ID), code
}

// TestJSONRPCIDsRoundTrip: a response carries its request's id byte for
// byte; an id the SDK would answer with another (an integer beyond
// ±(2^53−1), a fraction, an exponent, minus zero) is refused with HTTP 400
// and JSON-RPC -32600 naming the reason, carrying the id as sent, and the
// request is not served (nothing stored).
func TestJSONRPCIDsRoundTrip(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	for _, id := range []string{`0`, `1`, `-1`, `9007199254740991`, `-9007199254740991`, `"x"`, `""`, `"9007199254740993"`, `"café 📷"`} {
		status, raw, got, code := m.post(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if status != http.StatusOK || got != id || code != 0 {
			t.Errorf("ping with id %s: %d %s, want 200 with id %s", id, status, raw, id)
		}
	}
	for _, id := range []string{`9007199254740992`, `9007199254740993`, `-9007199254740993`, `9223372036854775807`,
		`18446744073709551616`, `1.5`, `1.0`, `1e2`, `-0`, `1E400`} {
		for _, body := range []string{
			`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"add_turns","arguments":{"conversation_id":"ids","turns":[{"speaker":"Sam","text":"stored?"}]}}}`,
		} {
			status, raw, got, code := m.post(body)
			if status != http.StatusBadRequest || got != id || code != -32600 || !strings.Contains(raw, "id "+id) {
				t.Errorf("%s: %d %s, want 400, JSON-RPC -32600 naming id %s", body, status, raw, id)
			}
		}
	}
	// Nothing of the refused add_turns was stored.
	_, raw, _, _ := m.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_conversations","arguments":{}}}`)
	if !strings.Contains(raw, `"conversations":[]`) {
		t.Errorf("after refused calls, list_conversations: %s", raw)
	}
}

// TestParamsRequired: initialize, tools/call and logging/setLevel without
// params, with null or with params that are not an object are a JSON-RPC
// error -32602 carrying the request's id in a 200 (not an HTTP 400 without
// id, nor an error of code 0); with params they are served.
func TestParamsRequired(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	for _, method := range []string{"initialize", "tools/call", "logging/setLevel"} {
		for _, params := range []string{``, `,"params":null`, `,"params":5`, `,"params":[]`, `,"params":"x"`} {
			for _, id := range []string{`3`, `"init"`} {
				body := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"` + params + `}`
				status, raw, got, code := m.post(body)
				if status != http.StatusOK || got != id || code != -32602 || !strings.Contains(raw, method+" requires params") {
					t.Errorf("%s: %d %s, want 200, JSON-RPC -32602 with id %s", body, status, raw, id)
				}
			}
		}
	}
	status, raw, got, code := m.post(`{"jsonrpc":"2.0","id":9007199254740991,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if status != http.StatusOK || got != "9007199254740991" || code != 0 || !strings.Contains(raw, `"protocolVersion"`) {
		t.Errorf("initialize with params: %d %s", status, raw)
	}
	// A notification has no id to answer: still the transport's (202).
	if status, raw, _, _ := m.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != http.StatusAccepted {
		t.Errorf("notification: %d %s", status, raw)
	}
}
