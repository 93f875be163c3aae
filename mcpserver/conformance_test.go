package mcpserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// addTurns is a tools/call of add_turns storing one turn in conversation
// conv; with a defect spliced into its envelope it must store nothing.
func addTurns(id, conv string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"add_turns","arguments":{"conversation_id":"` + conv +
		`","turns":[{"id":"t1","speaker":"Sam","text":"I moved to Oslo last May."}]}}}`
}

// rpcCase is one POST to /mcp and the answer JSON-RPC 2.0 and MCP's
// streamable HTTP transport call for: the HTTP status, the JSON-RPC error
// code (0: none) and the id the answer carries ("": no body).
type rpcCase struct {
	name, body string
	status     int
	code       int
	id         string
}

// TestJSONRPCConformance: every defect of a JSON-RPC envelope is answered
// with a JSON-RPC error object (parse error -32700 and invalid request
// -32600 with id null unless the id is usable, unknown method -32601 with
// the request's id), a notification of an unknown method with 202 and no
// body, and nothing a refused request carried is stored.
func TestJSONRPCConformance(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	ping := `{"jsonrpc":"2.0","id":7,"method":"ping"}`
	cases := []rpcCase{
		{"ping", ping, 200, 0, `7`},
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"nope"}`, 200, -32601, `1`},
		{"unknown method, string id", `{"jsonrpc":"2.0","id":"q","method":"tools/nope","params":{}}`, 200, -32601, `"q"`},
		{"method the server does not offer", `{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"x"}}`, 200, -32601, `2`},
		{"streaming method", `{"jsonrpc":"2.0","id":3,"method":"subscriptions/listen","params":{}}`, 200, -32601, `3`},
		{"method not UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\xff\"}", 200, -32601, `4`},
		{"id null", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, 400, -32600, `null`},
		{"id object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, 400, -32600, `null`},
		{"id array", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, 400, -32600, `null`},
		{"id bool", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, 400, -32600, `null`},
		{"id not UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}", 400, -32600, `null`},
		{"id lone surrogate", `{"jsonrpc":"2.0","id":"\ud800","method":"ping"}`, 400, -32600, `null`},
		{"id given twice", `{"jsonrpc":"2.0","id":1,"method":"ping","id":2}`, 400, -32600, `null`},
		{"invalid JSON", `{"jsonrpc":"2.0","id":1,"method":"ping"`, 400, -32700, `null`},
		{"not JSON", `nope`, 400, -32700, `null`},
		{"empty body", ``, 400, -32700, `null`},
		{"trailing garbage", ping + ` x`, 400, -32700, `null`},
		{"two messages", ping + ping, 400, -32700, `null`},
		{"empty batch", `[]`, 400, -32600, `null`},
		{"number", `5`, 400, -32600, `null`},
		{"string", `"ping"`, 400, -32600, `null`},
		{"null", `null`, 400, -32600, `null`},
		{"jsonrpc missing", `{"id":1,"method":"ping"}`, 400, -32600, `1`},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, 400, -32600, `1`},
		{"jsonrpc number", `{"jsonrpc":2.0,"id":1,"method":"ping"}`, 400, -32600, `1`},
		{"method not a string", `{"jsonrpc":"2.0","id":1,"method":["ping"]}`, 400, -32600, `1`},
		{"neither method nor result", `{"jsonrpc":"2.0","id":1}`, 400, -32600, `null`},
		{"result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}`, 400, -32600, `null`},
		{"notification with an id", `{"jsonrpc":"2.0","id":5,"method":"notifications/initialized"}`, 400, -32600, `5`},
		{"unknown notification", `{"jsonrpc":"2.0","method":"notifications/nope"}`, 202, 0, ``},
		{"request method as notification", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"list_conversations"}}`, 400, -32600, `null`},
		{"ping as notification", `{"jsonrpc":"2.0","method":"ping"}`, 400, -32600, `null`},
		{"known notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, 202, 0, ``},
		{"response", `{"jsonrpc":"2.0","id":1,"result":{}}`, 202, 0, ``},
		{"setLevel to no level", `{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"loud"}}`, 200, -32602, `6`},
		{"setLevel", `{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"warning"}}`, 200, 0, `6`},
		{"completion without completions", `{"jsonrpc":"2.0","id":9,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"x"},"argument":{"name":"a","value":"b"}}}`, 200, -32601, `9`},
		{"initialize, protocolVersion a number", `{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":5,"capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, 200, -32602, `9`},
		{"initialize, clientInfo a string", `{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":"t"}}`, 200, -32602, `9`},
		{"initialize without protocolVersion", `{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, 200, -32602, `9`},
		{"tools/list", `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`, 200, 0, `9`},
		{"resources/list", `{"jsonrpc":"2.0","id":9,"method":"resources/list"}`, 200, 0, `9`},
		{"resources/templates/list", `{"jsonrpc":"2.0","id":9,"method":"resources/templates/list"}`, 200, 0, `9`},
		{"prompts/list", `{"jsonrpc":"2.0","id":9,"method":"prompts/list","params":{}}`, 200, 0, `9`},
		{"ping, params a number", `{"jsonrpc":"2.0","id":9,"method":"ping","params":5}`, 200, -32602, `9`},
		{"ping, params null", `{"jsonrpc":"2.0","id":9,"method":"ping","params":null}`, 200, 0, `9`},
		{"tools/list, cursor a number", `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"cursor":5}}`, 200, -32602, `9`},
		{"tools/call without a name", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"arguments":{}}}`, 200, -32602, `9`},
		{"unknown tool", `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"nope","arguments":{}}}`, 200, -32602, `8`},
		{"tool name not a string", `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5,"arguments":{}}}`, 200, -32602, `8`},
		// add_turns whose envelope is refused: nothing stored (checked below).
		{"add_turns id null", addTurns(`null`, "refused"), 400, -32600, `null`},
		{"add_turns id object", addTurns(`{}`, "refused"), 400, -32600, `null`},
		{"add_turns in a batch, id null", `[` + addTurns(`null`, "refused") + `]`, 400, -32600, `null`},
		{"add_turns in a batch beside a bad message", `[` + addTurns(`1`, "refused") + `,{"jsonrpc":"2.0","id":true,"method":"ping"}]`, 400, -32600, `null`},
		{"batch in a batch", `[[` + ping + `]]`, 400, -32600, `null`},
		{"add_turns with trailing garbage", addTurns(`1`, "refused") + `}`, 400, -32700, `null`},
		{"add_turns without jsonrpc", strings.Replace(addTurns(`1`, "refused"), `"jsonrpc":"2.0",`, ``, 1), 400, -32600, `1`},
		{"add_turns id twice", strings.Replace(addTurns(`1`, "refused"), `"id":1,`, `"id":1,"id":2,`, 1), 400, -32600, `null`},
		{"add_turns as a notification", strings.Replace(addTurns(`1`, "refused"), `"id":1,`, ``, 1), 400, -32600, `null`},
		{"add_turns id 2^53", addTurns(`9007199254740993`, "refused"), 400, -32600, `9007199254740993`},
	}
	for _, c := range cases {
		status, raw, id, code := m.post(c.body)
		if status != c.status || code != c.code || id != c.id {
			t.Errorf("%s: %d %s, want %d, JSON-RPC code %d, id %q", c.name, status, raw, c.status, c.code, c.id)
		}
		if c.id == "" && raw != "" {
			t.Errorf("%s: 202 with a body %q", c.name, raw)
		}
		if c.code != 0 && !strings.Contains(raw, `"jsonrpc":"2.0"`) {
			t.Errorf("%s: %s is not a JSON-RPC error", c.name, raw)
		}
		if strings.Contains(raw, "Go struct") || strings.Contains(raw, "Go value") || strings.Contains(raw, "*mcp.") {
			t.Errorf("%s: %s names Go's types", c.name, raw)
		}
	}
	// An MCP-Protocol-Version the server does not know (the SDK read one
	// sorting after its newest as that one and asked for _meta fields).
	for _, v := range []string{"bogus", "2099-01-01", "2025-06-18x"} {
		status, raw := m.withVersion(v, addTurns(`"pv"`, "refused"))
		var msg struct {
			ID    string
			Error struct{ Code int }
		}
		if err := json.Unmarshal([]byte(raw), &msg); err != nil || status != http.StatusBadRequest || msg.ID != "pv" || msg.Error.Code != -32600 {
			t.Errorf("MCP-Protocol-Version %s: %d %s, want 400, -32600 with id \"pv\"", v, status, raw)
		}
	}
	if status, raw := m.withVersion("2025-06-18", `{"jsonrpc":"2.0","id":1,"method":"ping"}`); status != http.StatusOK || !strings.Contains(raw, `"result"`) {
		t.Errorf("MCP-Protocol-Version 2025-06-18: %d %s", status, raw)
	}
	if _, raw, _, _ := m.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_conversations","arguments":{}}}`); !strings.Contains(raw, `"conversations":[]`) {
		t.Errorf("after refused calls, list_conversations: %s", raw)
	}
}

// withVersion posts body with the MCP-Protocol-Version header set to v.
func (m rawMCP) withVersion(v, body string) (int, string) {
	m.t.Helper()
	req, _ := http.NewRequest("POST", m.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+m.key)
	if v != "" {
		req.Header.Set("MCP-Protocol-Version", v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		m.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestTransportRefusals: what the streamable HTTP transport refuses before
// reading a message (the media type, Accept, the size, the HTTP method)
// is a 4xx with Loci's JSON error body, never text or an empty answer.
func TestTransportRefusals(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	ping, both := `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "application/json, text/event-stream"
	type transportCase struct {
		name, method, body, ctype, accept string
		status                            int
		code                              string
	}
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("x", 50<<20) + `"}}`
	for _, c := range []transportCase{
		{"text/plain", "POST", ping, "text/plain", both, 415, "unsupported_media_type"},
		{"no Content-Type", "POST", ping, "", both, 415, "unsupported_media_type"},
		{"no Accept", "POST", ping, "application/json", "", 406, "invalid"},
		{"Accept JSON only", "POST", ping, "application/json", "application/json", 406, "invalid"},
		{"Accept event stream only", "POST", ping, "application/json", "text/event-stream", 406, "invalid"},
		{"Accept text/html", "POST", ping, "application/json", "text/html", 406, "invalid"},
		{"no Accept, bad JSON", "POST", `{`, "application/json", "", 406, "invalid"},
		{"over 50 MiB", "POST", big, "application/json", both, 413, "too_large"},
		{"GET", "GET", "", "", both, 405, "method_not_allowed"},
		{"DELETE", "DELETE", "", "", both, 405, "method_not_allowed"},
		{"PUT", "PUT", ping, "application/json", both, 405, "method_not_allowed"},
	} {
		status, raw, _, _ := m.do(c.method, c.body, c.ctype, c.accept)
		var body struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(raw), &body); err != nil || status != c.status || body.Error.Code != c.code || body.Error.Message == "" {
			t.Errorf("%s: %d %.300s, want %d with Loci's error %s", c.name, status, raw, c.status, c.code)
		}
	}
	if status, _, id, code := m.do("POST", ping, "application/json", "*/*"); status != http.StatusOK || id != "1" || code != 0 {
		t.Errorf("ping accepting */*: %d id %s code %d", status, id, code)
	}
}

// TestToolCallsRefused: tools/call with arguments of the wrong types,
// extra fields, or a conversation of another tenant is a tool error (the
// result's isError, its text starting with Loci's code) with the request's
// id in a 200, never an HTTP error, and stores nothing.
func TestToolCallsRefused(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	call := func(mm rawMCP, tool, args string) (int, string, string) {
		t.Helper()
		status, raw, id, code := mm.post(`{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`)
		var res struct {
			Result struct {
				IsError bool
				Content []struct{ Text string }
			}
		}
		_ = json.Unmarshal([]byte(raw), &res)
		if id != `"c"` || code != 0 {
			t.Errorf("%s(%s): %d %s, want a result with id \"c\"", tool, args, status, raw)
		}
		text := ""
		if len(res.Result.Content) > 0 {
			text = res.Result.Content[0].Text
		}
		if !res.Result.IsError {
			return status, "", text
		}
		c, _, _ := strings.Cut(text, ": ")
		return status, c, text
	}
	if _, code, text := call(m.as("b"), "add_turns", `{"conversation_id":"b-only","turns":[{"id":"1","speaker":"Bo","text":"I keep bees on the roof."}]}`); code != "" {
		t.Fatalf("b's add_turns: %s", text)
	}
	for _, c := range []struct{ tool, args, code string }{
		{"search_memory", `{"query":5}`, "invalid"},
		{"search_memory", `{"query":"x","limit":"10"}`, "invalid"},
		{"search_memory", `{"query":"x","limit":1.5}`, "invalid"},
		{"search_memory", `{"query":"x","limit":1e400}`, "invalid"},
		{"search_memory", `{"query":"x","limit":-1}`, "validation"},
		{"search_memory", `{"query":"x","unknown":1}`, "invalid"},
		{"search_memory", `{"query":null}`, "invalid"},
		{"search_memory", `"query"`, "invalid"},
		{"search_memory", `["query"]`, "invalid"},
		{"list_conversations", `5`, "invalid"},
		{"get_context", `{"query":"x","budget_tokens":99999999999999999999}`, "invalid"},
		{"get_context", `{"query":"x","budget_tokens":-1e400}`, "invalid"},
		{"get_context", `{"query":"x","budget_tokens":1e+308}`, "invalid"},
		{"search_memory", `{"query":"x","limit":-9.3e18}`, "invalid"},
		{"find_paths", `{"from":"a","to":"b","max_hops":9223372036854775808}`, "invalid"},
		{"list_conversations", `{"limit":1e400}`, "invalid"},
		{"get_context", `{"query":"x","as_of":"yesterday"}`, "validation"},
		{"add_turns", `{"conversation_id":"refused","turns":{"id":"1"}}`, "invalid"},
		{"add_turns", `{"conversation_id":"refused","turns":[{"id":"1","speaker":"Sam","text":"x","mood":"odd"}]}`, "invalid"},
		{"add_turns", `{"conversation_id":["refused"],"turns":[{"id":"1","speaker":"Sam","text":"x"}]}`, "invalid"},
		{"add_turns", `{"conversation_id":"refused","turns":[{"id":"1","speaker":"Sam","text":"x"}],"extra":true}`, "invalid"},
		{"add_turns", `{"conversation_id":"b-only","turns":[{"id":"1","speaker":"Bo","text":"I keep wasps."}],"conversation_id":"refused"}`, "invalid"},
		// b's conversation, asked for by a: not found, as if it did not exist.
		{"get_context", `{"conversation_id":"b-only","query":"What does Bo keep?"}`, "not_found"},
		{"get_entity", `{"entity":"Bo","conversation_id":"b-only"}`, "not_found"},
		{"list_speakers", `{"conversation_id":"b-only"}`, "not_found"},
		{"set_speaker_aliases", `{"conversation_id":"b-only","speaker":"Bo","aliases":["B"]}`, "not_found"},
		{"forget_conversation", `{"conversation_id":"b-only"}`, "not_found"},
	} {
		status, code, text := call(m, c.tool, c.args)
		if status != http.StatusOK || code != c.code {
			t.Errorf("%s(%s): %d %q, want a tool error %s", c.tool, c.args, status, text, c.code)
		}
		if strings.Contains(text, "Go struct") || strings.Contains(text, "Go value") || strings.Contains(text, "interface {}") || strings.Contains(text, "mcpserver.") {
			t.Errorf("%s(%s): %q names Go's types", c.tool, c.args, text)
		}
	}
	// a's searches do not reach b's turn, and a stored nothing.
	if _, code, text := call(m, "search_memory", `{"query":"bees roof","conversation_id":"b-only"}`); code != "" && code != "not_found" || strings.Contains(text, "bees") {
		t.Errorf("a's search of b's conversation: %s %s", code, text)
	}
	if _, _, text := call(m, "list_conversations", `{}`); !strings.Contains(text, `"conversations":[]`) {
		t.Errorf("a stored: %s", text)
	}
	if _, _, text := call(m.as("b"), "list_speakers", `{"conversation_id":"b-only"}`); !strings.Contains(text, `"Bo"`) || strings.Contains(text, `"B"`) {
		t.Errorf("b's speakers after a's calls: %s", text)
	}
}

// TestBatchesByProtocolVersion: MCP 2025-03-26 (and a request without
// MCP-Protocol-Version, read as 2025-03-26) requires a server to take
// JSON-RPC batches, answered with an array; 2025-06-18 and later have none.
func TestBatchesByProtocolVersion(t *testing.T) {
	m, done := newRawMCP(t)
	defer done()
	batch := `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":"b","method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`
	for _, v := range []string{"", "2025-03-26"} {
		status, raw := m.withVersion(v, batch)
		var answers []struct {
			ID     json.RawMessage
			Result json.RawMessage
		}
		if err := json.Unmarshal([]byte(raw), &answers); err != nil || status != http.StatusOK || len(answers) != 2 {
			t.Fatalf("version %q: %d %s, want 200 with an array of two answers", v, status, raw)
		}
		ids := map[string]bool{}
		for _, a := range answers {
			ids[string(a.ID)] = len(a.Result) > 0
		}
		if !ids[`1`] || !ids[`"b"`] {
			t.Errorf("version %q: answers %s, want results for ids 1 and \"b\"", v, raw)
		}
	}
	for _, v := range []string{"2025-06-18", "2025-11-25"} {
		status, raw := m.withVersion(v, batch)
		var e struct {
			ID    json.RawMessage
			Error struct{ Code int }
		}
		if err := json.Unmarshal([]byte(raw), &e); err != nil || status != http.StatusBadRequest || e.Error.Code != -32600 || string(e.ID) != "null" {
			t.Errorf("version %s: %d %s, want 400, -32600, id null", v, status, raw)
		}
	}
	// A batch with one defective message is refused whole: its add_turns is
	// not done.
	status, raw := m.withVersion("2025-03-26", `[`+addTurns(`1`, "batch-refused")+`,{"jsonrpc":"2.0","id":null,"method":"ping"}]`)
	if status != http.StatusBadRequest || !strings.Contains(raw, "message 2 of the batch") {
		t.Errorf("defective batch: %d %s", status, raw)
	}
	if _, raw, _, _ := m.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_conversations","arguments":{}}}`); strings.Contains(raw, "batch-refused") {
		t.Errorf("a refused batch stored its turns: %s", raw)
	}
}
