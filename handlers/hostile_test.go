package handlers_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/mcpserver"
)

// The hostile client of the brief: every route and MCP tool gets malformed,
// mistyped, oversized and cross-tenant requests. Each must be refused with a
// 4xx JSON error whose code is the API's (the same code over REST and MCP),
// store nothing, and never show another tenant's data or its existence.

// newTenants serves one app over the shared store for two fresh tenants,
// each with the MCP tools at /mcp, as `loci serve` mounts them.
func newTenants(t *testing.T) (a, b *server) {
	store := graphtest.Store(t)
	app := apptest.Rules(store)
	mcp := func(d *handlers.Deps) { d.MCP = mcpserver.Handler(mcpserver.New(app.MCPDeps())) }
	return serveApp(t, store, app, mcp), serveApp(t, store, app, mcp)
}

// send sends a raw request and returns the status and raw body.
func (s *server) send(method, path, body string) (int, []byte) {
	s.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// callTool calls an MCP tool over HTTP with raw JSON arguments and returns
// its error code ("" on success: then out holds the result) and the text.
// A JSON-RPC error for the shape of the request (parse error, invalid
// params) counts as "invalid", the REST API's code for a malformed body.
func (s *server) callTool(tool, args string) (code, text string, out map[string]any) {
	s.t.Helper()
	status, raw := s.send("POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`)
	var res struct {
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
		Result *struct {
			IsError bool             `json:"isError"`
			Content []map[string]any `json:"content"`
			Out     map[string]any   `json:"structuredContent"`
		} `json:"result"`
	}
	if status >= 400 { // refused before JSON-RPC: Loci's error body
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil || errCode(body) == "" || statusOfCode[errCode(body)] != status {
			s.t.Errorf("MCP %s(%.80s): HTTP %d with %.300q, want Loci's JSON error body", tool, args, status, raw)
		}
		return errCode(body), errMessage(body), nil
	}
	if err := json.Unmarshal(raw, &res); err != nil || (res.Error == nil) == (res.Result == nil) {
		s.t.Fatalf("MCP %s(%.80s): HTTP %d, not a JSON-RPC response: %.300q", tool, args, status, raw)
	}
	if res.Error != nil {
		if res.Error.Code == -32700 || res.Error.Code == -32600 || res.Error.Code == -32602 {
			return "invalid", res.Error.Message, nil
		}
		return fmt.Sprintf("jsonrpc %d", res.Error.Code), res.Error.Message, nil
	}
	if len(res.Result.Content) > 0 {
		text, _ = res.Result.Content[0]["text"].(string)
	}
	if !res.Result.IsError {
		if res.Result.Out == nil {
			s.t.Errorf("MCP %s(%.80s): success without a structured result", tool, args)
		}
		return "", text, res.Result.Out
	}
	code, _, _ = strings.Cut(text, ": ")
	return code, text, nil
}

// statusOfCode is the HTTP status of each error code the API documents.
var statusOfCode = map[string]int{"invalid": 400, "unauthorized": 401, "forbidden": 403, "not_found": 404, "method_not_allowed": 405,
	"conflict": 409, "too_large": 413, "validation": 422, "rate_limited": 429}

// documented is the set of "METHOD /template STATUS" of openapi.json.
func documented(t *testing.T) map[string]bool {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(handlers.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for p, ops := range doc.Paths {
		for m, raw := range ops {
			var op struct {
				Responses map[string]any `json:"responses"`
			}
			_ = json.Unmarshal(raw, &op) // path-level "parameters" are an array
			for st := range op.Responses {
				out[strings.ToUpper(m)+" "+p+" "+st] = true
			}
		}
	}
	return out
}

// probe is one hostile request, over REST (method, route, path, body) and
// its MCP twin (tool, args); either may be left out. want is the error
// code both must answer, "ok" for a 2xx with a complete JSON body, or ""
// for any documented 4xx code (then the same over both).
type probe struct {
	method, route, path, body string
	tool, args                string
	want                      string
}

// j is v as JSON.
func j(v any) string { b, _ := json.Marshal(v); return string(b) }

// footprint is what a tenant holds: its conversations with their turn
// counts, speakers and aliases, and entities. A refused write leaves it
// unchanged.
func (s *server) footprint() string {
	s.t.Helper()
	var b strings.Builder
	_, convs := s.send("GET", "/v1/conversations?limit=1000", "")
	b.Write(convs)
	for _, c := range []string{"c", "only"} {
		_, sp := s.send("GET", "/v1/conversations/"+c+"/speakers", "")
		b.Write(sp)
	}
	_, ents := s.send("GET", "/v1/entities?limit=100", "")
	return b.String() + fmt.Sprint(len(ents))
}

// check sends p over REST and MCP and checks the answers against p.want,
// the status against the OpenAPI document, and, for a refused write, that
// the tenant's footprint did not change.
func (s *server) check(t *testing.T, docs map[string]bool, p probe) {
	t.Helper()
	before := s.footprint()
	restCode, mcpCode := "-", "-"
	if p.path != "" {
		status, raw := s.send(p.method, p.path, p.body)
		var body map[string]any
		what := fmt.Sprintf("%s %.120q body %.80q", p.method, p.path, p.body)
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("%s: %d with a body that is not JSON: %.200q", what, status, raw)
			return
		}
		restCode = errCode(body)
		switch {
		case p.want == "ok" && status/100 != 2:
			t.Errorf("%s: %d %.300s, want 2xx", what, status, raw)
		case p.want != "ok" && (status < 400 || status >= 500 || statusOfCode[restCode] != status):
			t.Errorf("%s: %d %.300s, want a 4xx with its error code", what, status, raw)
		case p.want != "ok" && p.want != "" && restCode != p.want:
			t.Errorf("%s: code %q (%d %.200s), want %q", what, restCode, status, raw, p.want)
		case p.route != "" && status != 405 && !docs[fmt.Sprintf("%s %s %d", p.method, p.route, status)]:
			t.Errorf("%s: status %d is not documented for %s %s", what, status, p.method, p.route)
		}
		if p.want == "ok" {
			restCode = "ok"
		}
	}
	if p.tool != "" {
		code, text, _ := s.callTool(p.tool, p.args)
		mcpCode = code
		if code == "" {
			mcpCode = "ok"
		}
		switch {
		case p.want == "ok" && code != "":
			t.Errorf("MCP %s(%.120s): %q, want success", p.tool, p.args, text)
		case p.want != "ok" && statusOfCode[code] == 0:
			t.Errorf("MCP %s(%.120s): %q, want a tool error with a documented code", p.tool, p.args, text)
		case p.want != "ok" && p.want != "" && code != p.want:
			t.Errorf("MCP %s(%.120s): %q, want code %q", p.tool, p.args, text, p.want)
		}
	}
	if p.path != "" && p.tool != "" && restCode != mcpCode {
		t.Errorf("%s %.80q answers %q but MCP %s(%.80s) answers %q: want the same", p.method, p.path, restCode, p.tool, p.args, mcpCode)
	}
	if p.want != "ok" && s.footprint() != before {
		t.Errorf("refused %s %.80q / %s(%.80s) changed what the tenant holds", p.method, p.path, p.tool, p.args)
	}
}

var (
	long     = strings.Repeat("x", 10_000)
	lucene   = []string{`AND OR NOT ~ * ? : \ / [ ] { } ^ " (`, `"`, `\`, `title:x~2 AND (y OR`, `/.*/`, `[a TO b}`}
	cyphery  = "'}) MATCH (n) DETACH DELETE n // $tenant ` RETURN 1"
	badTimes = []string{"yesterday", "2023-13-45T00:00:00Z", "2023-02-30T10:00:00Z", "2023-05-08 13:56:00", "NaN", "9999999999"}
	// badNumbers are JSON values a number argument must refuse: the shape
	// (invalid) or the range (validation).
	badNumbers = map[string]string{`-1`: "validation", `1000000000`: "validation", `1.5`: "invalid", `"10"`: "invalid",
		`1e400`: "invalid", `99999999999999999999`: "invalid", `NaN`: "invalid", `Infinity`: "invalid", `null`: "ok"}
	// badParams are query-parameter values an integer parameter must refuse.
	badParams = []string{"0", "-1", "1000000000", "99999999999999999999", "NaN", "Infinity", "1.5", "0x10", " 5"}
)

// bodyProbes are hostile bodies of the JSON routes (search, context,
// answer) with their MCP twins (search_memory, get_context).
func bodyProbes() []probe {
	var ps []probe
	type route struct{ path, tool, num string }
	for _, r := range []route{{"/v1/search", "search_memory", "limit"}, {"/v1/context", "get_context", "budget_tokens"}, {"/v1/answer", "", "budget_tokens"}} {
		both := func(args, want string) {
			ps = append(ps, probe{method: "POST", route: r.path, path: r.path, body: args, tool: r.tool, args: args, want: want})
		}
		rest := func(body, want string) {
			ps = append(ps, probe{method: "POST", route: r.path, path: r.path, body: body, want: want})
		}
		base := `"conversation_id":"c","query":"Where does Ria work?"`
		both(`{"conversation_id":"c","query":`, "invalid")
		both(`{`+base+`,"bogus":1}`, "invalid")
		both(`{"conversation_id":5,"query":"x"}`, "invalid")
		both(`{"conversation_id":"c","query":["x"]}`, "invalid")
		both(`{"conversation_id":"c","query":"x","speaker":{}}`, "invalid")
		both(`{`+base+`} {}`, "invalid")
		for v, want := range badNumbers {
			both(`{`+base+`,"`+r.num+`":`+v+`}`, want)
		}
		if r.num == "budget_tokens" {
			both(`{`+base+`,"budget_tokens":10}`, "validation")
		}
		for _, q := range []string{`""`, `"   "`, `"a\u0000b"`, `"\ud800 lone"`, j(strings.Repeat("q", 5000))} {
			both(`{"conversation_id":"c","query":`+q+`}`, "")
		}
		both("{\"conversation_id\":\"c\",\"query\":\"bad \xff\xfe text\"}", "validation")
		for _, conv := range []string{`" "`, j(long), `"a\u0000"`, `"a\u202eb"`, `"\udc00"`} {
			both(`{"conversation_id":`+conv+`,"query":"x"}`, "validation")
		}
		for _, tm := range badTimes {
			both(`{`+base+`,"as_of":`+j(tm)+`}`, "validation")
			both(`{`+base+`,"known_at":`+j(tm)+`}`, "validation")
		}
		for _, q := range append(lucene, cyphery, "🎉 \u202e\u2066 emoji") {
			both(`{"conversation_id":"c","query":`+j(q)+`}`, "ok")
		}
		both(`{"conversation_id":"../c","query":"x"}`, "not_found")
		rest(``, "invalid")
		rest(`   `, "invalid")
		rest(`[]`, "invalid")
		rest(`null`, "")
		rest(`{"query":"`+strings.Repeat("x", 70_000)+`"}`, "too_large")
	}
	// Tenant-wide search: Lucene syntax in every conversation.
	for _, q := range lucene {
		ps = append(ps, probe{method: "POST", route: "/v1/search", path: "/v1/search", body: j(map[string]string{"query": q}),
			tool: "search_memory", args: j(map[string]string{"query": q}), want: "ok"})
	}
	return ps
}

// turnProbes are hostile batches for POST …/turns and add_turns.
func turnProbes() []probe {
	turn := func(change string) string { return `{"id":"n1","speaker":"Sam","text":"hello"` + change + `}` }
	many := func(n int) string {
		ts := make([]string, n)
		for i := range ts {
			ts[i] = fmt.Sprintf(`{"id":"m%d","speaker":"Sam","text":"t"}`, i)
		}
		return "[" + strings.Join(ts, ",") + "]"
	}
	var ps []probe
	both := func(turns, want string) {
		ps = append(ps, probe{method: "POST", route: "/v1/conversations/{conversation_id}/turns", path: "/v1/conversations/c/turns",
			body: `{"turns":` + turns + `}`, tool: "add_turns", args: `{"conversation_id":"c","turns":` + turns + `}`, want: want})
	}
	both(`[`+turn("")+`,`, "invalid")
	both(`"x"`, "invalid")
	both(`[`+turn(`,"bogus":1`)+`]`, "invalid")
	both(`[{"id":1,"speaker":"Sam","text":"t"}]`, "invalid")
	both(`[`+turn(`,"session":1.5`)+`]`, "invalid")
	both(`[`+turn(`,"session":{}`)+`]`, "invalid")
	both(`[`+turn(`,"metadata":"x"`)+`]`, "invalid")
	both(`[]`, "validation")
	both(`null`, "validation")
	both(`[`+turn("")+`,`+turn("")+`]`, "validation")
	both(many(1001), "too_large")
	for _, tm := range badTimes {
		both(`[`+turn(`,"timestamp":`+j(tm))+`]`, "validation")
	}
	for _, id := range []string{`""`, `"  "`, j(long), `"a\u0000"`, `"a\u202eb"`, `"\ud800"`} {
		both(`[{"id":`+id+`,"speaker":"Sam","text":"t"}]`, "validation")
		both(`[{"id":"n1","speaker":`+id+`,"text":"t"}]`, "validation")
	}
	both(`[{"id":"n1","speaker":"Sam","text":"   "}]`, "validation")
	both(`[{"id":"n1","speaker":"Sam","text":"a\u0000b"}]`, "validation")
	both("[{\"id\":\"n1\",\"speaker\":\"Sam\",\"text\":\"bad \xff\"}]", "validation")
	both(`[{"id":"n1","speaker":"Sam","text":`+j(strings.Repeat("t", 33_000))+`}]`, "too_large")
	both(`[`+turn(`,"metadata":{"x":`+j(strings.Repeat("m", 17_000))+`}`)+`]`, "too_large")
	// A turn already stored, resent with other text, is a conflict.
	both(`[{"id":"1","speaker":"Sam","text":"changed"}]`, "conflict")
	rest := func(path, body, want string) {
		ps = append(ps, probe{method: "POST", route: "/v1/conversations/{conversation_id}/turns", path: path, body: body, want: want})
	}
	rest("/v1/conversations/c/turns", `{"turns":[]} x`, "invalid")
	rest("/v1/conversations/c/turns", ``, "invalid")
	rest("/v1/conversations/c/turns?wait=maybe", `{"turns":[`+turn("")+`]}`, "validation")
	rest("/v1/conversations/c/turns", `{"turns":[{"id":"big","speaker":"S","text":"`+strings.Repeat("x", 51<<20)+`"}]}`, "too_large")
	for _, conv := range []string{"%20", "%00", "%FF", url.PathEscape(long), url.PathEscape("a\u202eb")} {
		rest("/v1/conversations/"+conv+"/turns", `{"turns":[`+turn("")+`]}`, "validation")
	}
	for _, conv := range []string{`""`, `" "`, j(long), `"a\u202eb"`, "\"\xff\"", `5`} {
		ps = append(ps, probe{tool: "add_turns", args: `{"conversation_id":` + conv + `,"turns":[` + turn("") + `]}`})
	}
	return ps
}

// idProbes send hostile ids and parameters to every route that names a
// conversation, speaker or entity, and their MCP twins.
func idProbes() []probe {
	var ps []probe
	type id struct{ path, arg, want string }
	ids := []id{{"%20", `" "`, "validation"}, {"%00", `"\u0000"`, "validation"}, {"%FF", "\"\xff\"", "validation"},
		{url.PathEscape(long), j(long), "validation"}, {url.PathEscape("a\u202eb"), `"a\u202eb"`, "validation"},
		{"..%2F..%2Fetc", `"../../etc"`, "not_found"}, {url.PathEscape("🎉"), `"🎉"`, "not_found"}, {"%2500", `"%00"`, "not_found"}}
	for _, v := range ids {
		conv := "/v1/conversations/" + v.path
		add := func(method, route, path, tool, args string) {
			ps = append(ps, probe{method: method, route: route, path: path, tool: tool, args: args, want: v.want})
		}
		add("GET", "/v1/conversations/{conversation_id}", conv, "", "")
		add("GET", "/v1/conversations/{conversation_id}/turns", conv+"/turns", "", "")
		add("DELETE", "/v1/conversations/{conversation_id}", conv, "forget_conversation", `{"conversation_id":`+v.arg+`}`)
		add("GET", "/v1/conversations/{conversation_id}/speakers", conv+"/speakers", "list_speakers", `{"conversation_id":`+v.arg+`}`)
		add("DELETE", "/v1/conversations/{conversation_id}/speakers/{speaker}", conv+"/speakers/Sam", "", "")
		add("DELETE", "/v1/conversations/{conversation_id}/speakers/{speaker}", "/v1/conversations/c/speakers/"+v.path, "", "")
		put := func(path, args string) {
			ps = append(ps, probe{method: "PUT", route: "/v1/conversations/{conversation_id}/speakers/{speaker}/aliases", path: path,
				body: `{"aliases":["Sammy"]}`, tool: "set_speaker_aliases", args: args, want: v.want})
		}
		put(conv+"/speakers/Sam/aliases", `{"conversation_id":`+v.arg+`,"speaker":"Sam","aliases":["Sammy"]}`)
		put("/v1/conversations/c/speakers/"+v.path+"/aliases", `{"conversation_id":"c","speaker":`+v.arg+`,"aliases":["Sammy"]}`)
		// Without a conversation an entity is named by its id: anything
		// else is refused (422) or unknown (404).
		ent := v.want
		if ent == "not_found" {
			ent = ""
		}
		ps = append(ps, probe{method: "GET", route: "/v1/entities/{entity_id}", path: "/v1/entities/" + v.path, want: ent},
			probe{method: "GET", route: "/v1/entities/{entity_id}/history", path: "/v1/entities/" + v.path + "/history", want: ent},
			probe{method: "GET", route: "/v1/graph/neighborhood", path: "/v1/graph/neighborhood?entity=" + v.path, tool: "get_entity",
				args: `{"entity":` + v.arg + `}`, want: ent})
		add("GET", "/v1/graph/paths", "/v1/graph/paths?from="+v.path+"&to=Sam&conversation_id=c", "find_paths",
			`{"from":`+v.arg+`,"to":"Sam","conversation_id":"c"}`)
		list := probe{method: "GET", route: "/v1/entities", path: "/v1/entities?conversation_id=" + v.path, want: v.want}
		if v.want == "not_found" {
			list.want = "ok" // an unknown conversation has no entities
		}
		ps = append(ps, list, probe{method: "DELETE", route: "/v1/tenants/{tenant}", path: "/v1/tenants/" + v.path})
	}
	// Aliases: malformed, mistyped and oversized bodies.
	aliases := "/v1/conversations/c/speakers/Sam/aliases"
	for body, want := range map[string]string{`{"aliases":`: "invalid", `{"aliases":"Sammy"}`: "invalid", `{"aliases":[1]}`: "invalid",
		`{"aliases":["Sammy"],"bogus":1}`: "invalid", `{"x":1}`: "invalid", `{"aliases":null}`: "validation", `{"aliases":[""]}`: "validation",
		`{"aliases":["a\u0000"]}`: "validation", `{"aliases":[` + j(long) + `]}`: "validation", `{"aliases":["Ria"]}`: "conflict"} {
		ps = append(ps, probe{method: "PUT", route: "/v1/conversations/{conversation_id}/speakers/{speaker}/aliases", path: aliases, body: body,
			tool: "set_speaker_aliases", args: strings.Replace(body, "{", `{"conversation_id":"c","speaker":"Sam",`, 1), want: want})
	}
	ps = append(ps, probe{method: "PUT", route: "/v1/conversations/{conversation_id}/speakers/{speaker}/aliases", path: aliases,
		body: `{"aliases":["` + strings.Repeat("a", 70_000) + `"]}`, want: "too_large"})
	// Integer parameters, as query parameters and as tool arguments.
	for _, v := range badParams {
		for _, p := range []struct{ path, tool, arg string }{
			{"/v1/conversations?limit=", "list_conversations", "limit"}, {"/v1/conversations/c/turns?limit=", "", ""},
			{"/v1/conversations/c/turns?after=", "", ""}, {"/v1/entities?limit=", "", ""}, {"/v1/entities/x/history?limit=", "", ""},
			{"/v1/graph/neighborhood?entity=Sam&conversation_id=c&hops=", "", ""}, {"/v1/graph/neighborhood?entity=Sam&conversation_id=c&limit=", "", ""},
			{"/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&max_hops=", "find_paths", "max_hops"},
			{"/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&limit=", "find_paths", "limit"},
		} {
			if strings.HasSuffix(p.path, "after=") && (v == "0" || v == "-1" || v == "1000000000") {
				continue // valid: from the start, after the first turn, past the end
			}
			route, _, _ := strings.Cut(p.path, "?")
			route = strings.Replace(strings.Replace(route, "/c/", "/{conversation_id}/", 1), "/x/", "/{entity_id}/", 1)
			pr := probe{method: "GET", route: route, path: p.path + url.QueryEscape(v), want: "validation"}
			if n, ok := map[string]string{"0": "0", "-1": "-1", "1000000000": "1000000000"}[v]; ok && p.tool != "" {
				args := map[string]any{"from": "Sam", "to": "Ria", "conversation_id": "c"}
				if p.tool == "list_conversations" {
					args = map[string]any{}
				}
				pr.tool, pr.args = p.tool, strings.TrimSuffix(j(args), "}")+`,"`+p.arg+`":`+n+`}`
				pr.args = strings.Replace(pr.args, "{,", "{", 1)
			}
			ps = append(ps, pr)
		}
	}
	// Times, kinds, types and lookups of the entity and graph reads.
	for _, tm := range badTimes {
		q := url.QueryEscape(tm)
		ps = append(ps,
			probe{method: "GET", route: "/v1/entities/{entity_id}", path: "/v1/entities/x?as_of=" + q, tool: "get_entity",
				args: `{"entity":"Sam","conversation_id":"c","as_of":` + j(tm) + `}`, want: "validation"},
			probe{method: "GET", route: "/v1/entities/{entity_id}/history", path: "/v1/entities/x/history?known_at=" + q, want: "validation"},
			probe{method: "GET", route: "/v1/graph/paths", path: "/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&as_of=" + q, tool: "find_paths",
				args: `{"from":"Sam","to":"Ria","conversation_id":"c","as_of":` + j(tm) + `}`, want: "validation"})
	}
	for _, path := range []string{"/v1/entities?type=robot", "/v1/entities?q=" + long, "/v1/graph/neighborhood", "/v1/graph/neighborhood?entity=%20",
		"/v1/graph/neighborhood?entity=Sam&conversation_id=c&kinds=bogus", "/v1/graph/paths?from=Sam&conversation_id=c"} {
		route, _, _ := strings.Cut(path, "?")
		ps = append(ps, probe{method: "GET", route: route, path: path, want: "validation"})
	}
	for _, q := range append(lucene, cyphery) {
		ps = append(ps, probe{method: "GET", route: "/v1/entities", path: "/v1/entities?q=" + url.QueryEscape(q), want: "ok"},
			probe{method: "GET", route: "/v1/graph/neighborhood", path: "/v1/graph/neighborhood?conversation_id=c&entity=" + url.QueryEscape(q),
				tool: "get_entity", args: j(map[string]string{"conversation_id": "c", "entity": q}), want: "not_found"})
	}
	ps = append(ps, probe{tool: "find_paths", args: `{"from":"Sam","to":"Ria","conversation_id":"c","kinds":"bogus"}`, want: "validation"},
		probe{tool: "list_conversations", args: `{"limit":"x"}`, want: "invalid"}, probe{tool: "no_such_tool", args: `{}`, want: "invalid"})
	// Methods a route does not take.
	for _, m := range []struct{ method, path string }{{"PATCH", "/v1/conversations"}, {"POST", "/v1/conversations/c"}, {"PUT", "/v1/conversations/c/turns"},
		{"GET", "/v1/search"}, {"DELETE", "/v1/search"}, {"GET", "/v1/context"}, {"PUT", "/v1/answer"}, {"POST", "/v1/entities"},
		{"DELETE", "/v1/entities/x"}, {"POST", "/v1/entities/x/history"}, {"POST", "/v1/graph/neighborhood"}, {"PUT", "/v1/graph/paths"},
		{"POST", "/v1/conversations/c/speakers"}, {"GET", "/v1/conversations/c/speakers/Sam/aliases"}, {"GET", "/v1/tenants/t"}} {
		ps = append(ps, probe{method: m.method, path: m.path, body: `{}`, want: "method_not_allowed"})
	}
	return ps
}

// seed stores conversations "c" and "only" for s with text naming word.
func (s *server) seed(word string) {
	s.t.Helper()
	turns := append(chat("multi-session"), map[string]any{"id": "7", "session": "3", "speaker": "Sam", "text": "The vault code is " + word + ", Dana told me."})
	s.ingest("c", turns)
	s.ingest("only", []map[string]any{{"id": "1", "speaker": "Sam", "text": "My secret word is " + word + "."}})
}

func TestHostileRequests(t *testing.T) {
	s, _ := newTenants(t)
	s.seed("zanzibar")
	docs := documented(t)
	var ps []probe
	for _, f := range []func() []probe{bodyProbes, turnProbes, idProbes} {
		ps = append(ps, f()...)
	}
	for _, p := range ps {
		s.check(t, docs, p)
	}
	// Odd but valid ids are stored verbatim, each under its own id.
	for _, conv := range []string{"../c", "c/..", "🎉", "%00", "c "} {
		s.ingest(url.PathEscape(conv), []map[string]any{{"id": "1", "speaker": "Sam", "text": cyphery}})
		code, body := s.do("GET", "/v1/conversations/"+url.PathEscape(conv)+"/turns", nil)
		if turns, _ := body["turns"].([]any); code != http.StatusOK || len(turns) != 1 || turns[0].(map[string]any)["text"] != cyphery {
			t.Errorf("conversation %q: %d %v, want its one turn back verbatim", conv, code, body)
		}
	}
	if n := s.turnCount("c"); n != 7 {
		t.Errorf("conversation c holds %v turns after the hostile requests, want 7", n)
	}
}

// TestCrossTenantLooksNotFound: tenant b, asking about tenant a's
// conversations, speakers and entities by id or name, gets exactly the
// answer it gets for ids nobody has, and tenant-wide reads show none of
// a's data, over REST and MCP.
func TestCrossTenantLooksNotFound(t *testing.T) {
	a, b := newTenants(t)
	a.seed("zanzibar")
	b.ingest("c", []map[string]any{{"id": "1", "speaker": "Sam", "text": "I grow tomatoes."}})
	_, ents := a.do("GET", "/v1/entities?conversation_id=c&limit=100", nil)
	var ids []string
	for _, e := range ents["entities"].([]any) {
		ids = append(ids, e.(map[string]any)["id"].(string))
	}
	if len(ids) < 3 {
		t.Fatalf("a's entities: %v", ents)
	}
	leak := func(what string, raw []byte) {
		t.Helper()
		for _, w := range append([]string{"zanzibar", "Lisbon", "Globex", "Dana", "Ria", a.tenant}, ids...) {
			if bytes.Contains(raw, []byte(w)) {
				t.Errorf("%s shows a's %q: %.300s", what, w, raw)
			}
		}
	}
	// same sends a request naming a's id and the same request naming an
	// id of the same length that nobody has: the answers must be equal
	// (the id itself aside).
	same := func(method, tmpl, body, id string) {
		t.Helper()
		ghost := ghostOf(id)
		esc := func(s string) string { return strings.ReplaceAll(tmpl, "ID", url.PathEscape(s)) }
		c1, r1 := b.send(method, esc(id), strings.ReplaceAll(body, "ID", id))
		c2, r2 := b.send(method, esc(ghost), strings.ReplaceAll(body, "ID", ghost))
		n1 := strings.ReplaceAll(string(r1), id, "ID")
		n2 := strings.ReplaceAll(string(r2), ghost, "ID")
		if c1 != c2 || n1 != n2 {
			t.Errorf("b %s %s about a's %q: %d %s; about an unknown id: %d %s", method, tmpl, id, c1, r1, c2, r2)
		}
		leak("b "+method+" "+esc(id), []byte(n1)) // the id b sent aside
	}
	for _, conv := range []string{"only"} {
		for _, p := range []struct{ method, path, body string }{
			{"GET", "/v1/conversations/ID", ""}, {"GET", "/v1/conversations/ID/turns", ""}, {"GET", "/v1/conversations/ID/speakers", ""},
			{"PUT", "/v1/conversations/ID/speakers/Sam/aliases", `{"aliases":["Sammy"]}`}, {"DELETE", "/v1/conversations/ID/speakers/Sam", ""},
			{"POST", "/v1/search", `{"conversation_id":"ID","query":"secret word"}`}, {"POST", "/v1/context", `{"conversation_id":"ID","query":"What is the secret word?"}`},
			{"POST", "/v1/answer", `{"conversation_id":"ID","query":"What is the secret word?"}`}, {"GET", "/v1/entities?conversation_id=ID", ""},
			{"GET", "/v1/graph/neighborhood?conversation_id=ID&entity=Sam", ""}, {"DELETE", "/v1/conversations/ID", ""},
		} {
			same(p.method, p.path, p.body, conv)
		}
	}
	same("DELETE", "/v1/conversations/c/speakers/ID", "", "Ria")
	same("PUT", "/v1/conversations/c/speakers/ID/aliases", `{"aliases":["R"]}`, "Ria")
	same("GET", "/v1/graph/neighborhood?conversation_id=c&entity=ID", "", "Dana")
	same("GET", "/v1/graph/paths?conversation_id=c&from=Sam&to=ID", "", "Dana")
	for _, id := range ids {
		for _, p := range []string{"/v1/entities/ID", "/v1/entities/ID/history", "/v1/graph/neighborhood?entity=ID", "/v1/graph/paths?from=ID&to=" + url.QueryEscape(ids[0])} {
			same("GET", p, "", id)
		}
	}
	// The same over MCP: a's names and ids answer as unknown ones do.
	sameTool := func(tool, args, id string) {
		t.Helper()
		ghost := ghostOf(id)
		c1, t1, _ := b.callTool(tool, strings.ReplaceAll(args, "ID", id))
		c2, t2, _ := b.callTool(tool, strings.ReplaceAll(args, "ID", ghost))
		if c1 == "" || c1 != c2 || strings.ReplaceAll(t1, id, "ID") != strings.ReplaceAll(t2, ghost, "ID") {
			t.Errorf("MCP b %s about a's %q: %q; about an unknown id: %q", tool, id, t1, t2)
		}
		leak("MCP b "+tool, []byte(strings.ReplaceAll(t1, id, "ID")))
	}
	for _, p := range []struct{ tool, args string }{{"search_memory", `{"conversation_id":"ID","query":"secret"}`}, {"get_context", `{"conversation_id":"ID","query":"secret?"}`},
		{"list_speakers", `{"conversation_id":"ID"}`}, {"set_speaker_aliases", `{"conversation_id":"ID","speaker":"Sam","aliases":[]}`},
		{"get_entity", `{"conversation_id":"ID","entity":"Sam"}`}, {"forget_conversation", `{"conversation_id":"ID"}`}} {
		sameTool(p.tool, p.args, "only")
	}
	sameTool("get_entity", `{"conversation_id":"c","entity":"ID"}`, "Dana")
	sameTool("find_paths", `{"conversation_id":"c","from":"Sam","to":"ID"}`, "Dana")
	for _, id := range ids {
		sameTool("get_entity", `{"entity":"ID"}`, id)
		sameTool("find_paths", `{"from":"ID","to":"`+ids[0]+`"}`, id)
	}
	// Tenant-wide reads show only b's own.
	for _, p := range []struct{ method, path, body string }{{"GET", "/v1/conversations", ""}, {"GET", "/v1/entities?limit=100", ""},
		{"GET", "/v1/entities?q=Dana", ""}, {"POST", "/v1/search", `{"query":"zanzibar vault Dana Lisbon Globex"}`},
		{"POST", "/v1/search", `{"query":"zanzibar vault Dana Lisbon Globex","config":"graph"}`}, {"GET", "/v1/conversations/c/turns", ""},
		{"POST", "/v1/context", `{"conversation_id":"c","query":"What did Dana say about the vault in Lisbon?"}`}} {
		code, raw := b.send(p.method, p.path, p.body)
		if code != http.StatusOK {
			t.Errorf("b %s %s: %d %s", p.method, p.path, code, raw)
		}
		leak("b "+p.method+" "+p.path, raw)
	}
	for _, p := range []struct{ tool, args string }{{"list_conversations", `{}`}, {"search_memory", `{"query":"zanzibar vault Dana Lisbon Globex"}`},
		{"get_context", `{"conversation_id":"c","query":"What did Dana say about the vault?"}`}, {"list_speakers", `{"conversation_id":"c"}`}} {
		code, text, out := b.callTool(p.tool, p.args)
		if code != "" {
			t.Errorf("MCP b %s: %q", p.tool, text)
		}
		leak("MCP b "+p.tool, []byte(text+j(out)))
	}
	// b writing to a's conversation id makes its own; a's is untouched.
	if body := b.ingest("only", []map[string]any{{"id": "1", "speaker": "Bo", "text": "Other text."}}); body["created"] != float64(1) {
		t.Errorf("b's own only: %v", body)
	}
	if _, body := a.do("GET", "/v1/conversations/only/turns", nil); !strings.Contains(j(body), "zanzibar") || strings.Contains(j(body), "Other text") {
		t.Errorf("a's only after b wrote its own: %v", body)
	}
	if n := a.turnCount("c"); n != 7 {
		t.Errorf("a's c holds %v turns after b's requests, want 7", n)
	}
}

// ghostOf is an id of the same shape as id that nobody has: a fresh UUID
// for an entity id, else as many z's.
func ghostOf(id string) string {
	if _, err := uuid.Parse(id); err == nil {
		return uuid.NewString()
	}
	return strings.Repeat("z", len(id))
}

// TestConcurrentOverlappingBatches: batches of one conversation sent at
// once, their turn ids overlapping, store each turn once, and every turn
// a batch acknowledged is readable.
func TestConcurrentOverlappingBatches(t *testing.T) {
	s := newServer(t)
	const batches, size, step = 4, 40, 20
	for round := range 3 {
		conv := fmt.Sprintf("race-%d", round)
		var wg sync.WaitGroup
		created := make([]float64, batches)
		for i := range batches {
			turns := make([]map[string]any, size)
			for k := range turns {
				n := i*step + k
				turns[k] = map[string]any{"id": fmt.Sprint(n), "session": "1", "speaker": []string{"Sam", "Ria"}[n%2],
					"text": fmt.Sprintf("Turn %d is about topic %d.", n, n%7)}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, body := s.do("POST", "/v1/conversations/"+conv+"/turns", map[string]any{"turns": turns})
				if code/100 != 2 {
					t.Errorf("batch %d of %s: %d %v", i, conv, code, body)
					return
				}
				created[i] = body["created"].(float64)
			}()
		}
		wg.Wait()
		want := (batches-1)*step + size
		total := 0.0
		for _, c := range created {
			total += c
		}
		code, body := s.do("GET", "/v1/conversations/"+conv+"/turns?limit=1000", nil)
		turns, _ := body["turns"].([]any)
		seen := map[string]int{}
		for _, tr := range turns {
			seen[tr.(map[string]any)["id"].(string)]++
		}
		if code != http.StatusOK || len(turns) != want || len(seen) != want || int(total) != want {
			t.Fatalf("%s: %d turns (%d distinct) readable, %v created in all, want %d each: %d", conv, len(turns), len(seen), total, want, code)
		}
		if n := s.turnCount(conv); int(n) != want {
			t.Fatalf("%s: turn_count %v, want %d", conv, n, want)
		}
	}
}
