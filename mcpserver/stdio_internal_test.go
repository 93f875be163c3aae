package mcpserver

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
)

// TestReadLineBounds: a line longer than the bound is reported and
// skipped whole, without holding it, and the next line is read intact.
func TestReadLineBounds(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader(strings.Repeat("x", 100)+"\n"+`{"a":1}`+"\nlast"), 16)
	for _, want := range []struct {
		line    string
		tooLong bool
	}{{"", true}, {`{"a":1}` + "\n", false}, {"last", false}} {
		line, tooLong, err := readLine(r, 20)
		if string(line) != want.line || tooLong != want.tooLong {
			t.Errorf("readLine: %q, too long %v (%v), want %q, %v", line, tooLong, err, want.line, want.tooLong)
		}
	}
}

// FuzzPrecheck: whatever a client sends, precheck answers with nothing
// (passed on, or a dropped notification) or one JSON-RPC error object
// whose id is null or a string or an integer, never panicking.
func FuzzPrecheck(f *testing.F) {
	for _, seed := range []string{``, `{}`, `[]`, `null`, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":null,"method":"x"}`,
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, `{"jsonrpc":"2.0","id":"\ud800","method":"ping"}`, `{"jsonrpc":"2.0","method":"tools/call"}`,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}`, `{"jsonrpc":"2.0","id":1,"result":{},"error":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping","id":2}`, "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		v := precheck(body)
		if v.body == nil {
			return
		}
		var msg struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(v.body, &msg); err != nil || msg.JSONRPC != "2.0" || msg.Error == nil || msg.Error.Code == 0 || msg.Error.Message == "" {
			t.Fatalf("precheck(%q) answered %s (%v)", body, v.body, err)
		}
		if c := msg.ID[0]; c != 'n' && c != '"' && c != '-' && (c < '0' || c > '9') {
			t.Fatalf("precheck(%q) answered id %s", body, msg.ID)
		}
		if v.status < 200 || v.status >= 500 {
			t.Fatalf("precheck(%q): status %d", body, v.status)
		}
	})
}
