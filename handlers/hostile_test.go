package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
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
	mcp := apptest.MCP(app)
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
// request, invalid params) counts as "invalid", the REST API's code for a
// malformed body.
func (s *server) callTool(tool, args string) (code, text string, out map[string]any) {
	s.t.Helper()
	status, raw := s.send("POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`)
	var res struct {
		Error  *struct{ Code int }
		Result *struct {
			IsError bool
			Content []struct{ Text string }
			Out     map[string]any `json:"structuredContent"`
		}
	}
	var body map[string]any
	switch {
	case status == http.StatusBadRequest && json.Unmarshal(raw, &res) == nil && res.Error != nil && (res.Error.Code == -32700 || res.Error.Code == -32600):
		return "invalid", string(raw), nil // a malformed JSON-RPC message: a JSON-RPC error in a 400
	case status >= 400: // refused before JSON-RPC: Loci's error body
		if err := json.Unmarshal(raw, &body); err != nil || statusOfCode[errCode(body)] != status {
			s.t.Errorf("MCP %s(%.80s): HTTP %d with %.300q, want Loci's JSON error body", tool, args, status, raw)
		}
		return errCode(body), errMessage(body), nil
	case json.Unmarshal(raw, &res) != nil || (res.Error == nil) == (res.Result == nil):
		s.t.Fatalf("MCP %s(%.80s): HTTP %d, not a JSON-RPC response: %.300q", tool, args, status, raw)
	case res.Error != nil && (res.Error.Code == -32700 || res.Error.Code == -32600 || res.Error.Code == -32602):
		return "invalid", string(raw), nil
	case res.Error != nil:
		return fmt.Sprintf("jsonrpc %d", res.Error.Code), string(raw), nil
	}
	if len(res.Result.Content) > 0 {
		text = res.Result.Content[0].Text
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

// openAPI holds the statuses openapi.json documents, by "METHOD template",
// with each template as a pattern of the paths it names.
type openAPI struct {
	statuses map[string]map[string]bool
	patterns map[string]*regexp.Regexp
}

func documented(t *testing.T) openAPI {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(handlers.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	d := openAPI{map[string]map[string]bool{}, map[string]*regexp.Regexp{}}
	for p, ops := range doc.Paths {
		d.patterns[p] = regexp.MustCompile("^" + regexp.MustCompile(`\{[a-z_]+\}`).ReplaceAllString(p, "[^/]+") + "$")
		for m, raw := range ops {
			var op struct{ Responses map[string]any }
			_ = json.Unmarshal(raw, &op) // path-level "parameters" are an array
			for st := range op.Responses {
				if d.statuses[strings.ToUpper(m)+" "+p] == nil {
					d.statuses[strings.ToUpper(m)+" "+p] = map[string]bool{}
				}
				d.statuses[strings.ToUpper(m)+" "+p][st] = true
			}
		}
	}
	return d
}

// lists reports whether the document lists status for the route of
// method and path (true for a route it does not have: 405).
func (d openAPI) lists(method, path string, status int) bool {
	path, _, _ = strings.Cut(path, "?")
	for tmpl, re := range d.patterns {
		if ops := d.statuses[method+" "+tmpl]; ops != nil && re.MatchString(path) {
			return ops[fmt.Sprint(status)]
		}
	}
	return true
}

// probe is one hostile request, over REST (method, route, path, body) and
// its MCP twin (tool, args); either may be left out. want is the error
// code both must answer, "ok" for a 2xx with a complete JSON body, or ""
// for any documented 4xx code (then the same over both).
type probe struct{ method, path, body, tool, args, want string }

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
func (s *server) check(t *testing.T, docs openAPI, p probe) {
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
		if goTypes.MatchString(errMessage(body)) {
			t.Errorf("%s: %q names Go's types", what, errMessage(body))
		}
		switch {
		case p.want == "ok" && status/100 != 2:
			t.Errorf("%s: %d %.300s, want 2xx", what, status, raw)
		case p.want != "ok" && (status < 400 || status >= 500 || statusOfCode[restCode] != status):
			t.Errorf("%s: %d %.300s, want a 4xx with its error code", what, status, raw)
		case p.want != "ok" && p.want != "" && restCode != p.want:
			t.Errorf("%s: code %q (%d %.200s), want %q", what, restCode, status, raw, p.want)
		case !docs.lists(p.method, p.path, status):
			t.Errorf("%s: status %d is not in openapi.json for the route", what, status)
		}
		if p.want == "ok" {
			restCode = "ok"
		}
	}
	if p.tool != "" {
		code, text, _ := s.callTool(p.tool, p.args)
		mcpCode = code
		if goTypes.MatchString(text) {
			t.Errorf("MCP %s(%.120s): %q names Go's types", p.tool, p.args, text)
		}
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
			ps = append(ps, probe{method: "POST", path: r.path, body: args, tool: r.tool, args: args, want: want})
		}
		rest := func(body, want string) {
			ps = append(ps, probe{method: "POST", path: r.path, body: body, want: want})
		}
		base := `"conversation_id":"c","query":"Where does Ria work?"`
		for _, args := range []string{`{"conversation_id":"c","query":`, `{` + base + `,"bogus":1}`, `{"conversation_id":5,"query":"x"}`,
			`{"conversation_id":"c","query":["x"]}`, `{"conversation_id":"c","query":"x","speaker":{}}`, `{` + base + `} {}`} {
			both(args, "invalid")
		}
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
		for body, want := range map[string]string{``: "invalid", `   `: "invalid", `[]`: "invalid", `null`: "",
			`{"query":"` + strings.Repeat("x", 70_000) + `"}`: "too_large"} {
			rest(body, want)
		}
	}
	// Tenant-wide search: Lucene syntax in every conversation.
	for _, q := range lucene {
		ps = append(ps, probe{method: "POST", path: "/v1/search", body: j(map[string]string{"query": q}),
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
		ps = append(ps, probe{method: "POST", path: "/v1/conversations/c/turns",
			body: `{"turns":` + turns + `}`, tool: "add_turns", args: `{"conversation_id":"c","turns":` + turns + `}`, want: want})
	}
	for turns, want := range map[string]string{`[` + turn("") + `,`: "invalid", `"x"`: "invalid", `[` + turn(`,"bogus":1`) + `]`: "invalid",
		`[{"id":1,"speaker":"Sam","text":"t"}]`: "invalid", `[` + turn(`,"session":1.5`) + `]`: "invalid", `[` + turn(`,"session":{}`) + `]`: "invalid",
		`[` + turn(`,"metadata":"x"`) + `]`: "invalid", `[]`: "validation", `null`: "validation", `[` + turn("") + `,` + turn("") + `]`: "validation",
		many(1001): "too_large", `[{"id":"n1","speaker":"Sam","text":"   "}]`: "validation", `[{"id":"n1","speaker":"Sam","text":"a\u0000b"}]`: "validation",
		"[{\"id\":\"n1\",\"speaker\":\"Sam\",\"text\":\"bad \xff\"}]":                 "validation",
		`[{"id":"n1","speaker":"Sam","text":` + j(strings.Repeat("t", 33_000)) + `}]`: "too_large",
		`[` + turn(`,"metadata":{"x":`+j(strings.Repeat("m", 17_000))+`}`) + `]`:      "too_large",
		`[{"id":"1","speaker":"Sam","text":"changed"}]`:                               "conflict", // a stored turn resent with other text
	} {
		both(turns, want)
	}
	for _, tm := range badTimes {
		both(`[`+turn(`,"timestamp":`+j(tm))+`]`, "validation")
	}
	for _, id := range []string{`""`, `"  "`, j(long), `"a\u0000"`, `"a\u202eb"`, `"\ud800"`} {
		both(`[{"id":`+id+`,"speaker":"Sam","text":"t"}]`, "validation")
		both(`[{"id":"n1","speaker":`+id+`,"text":"t"}]`, "validation")
	}
	rest := func(path, body, want string) {
		ps = append(ps, probe{method: "POST", path: path, body: body, want: want})
	}
	for body, want := range map[string]string{`{"turns":[]} x`: "invalid", ``: "invalid"} {
		rest("/v1/conversations/c/turns", body, want)
	}
	both(`[{"id":"big","speaker":"S","text":"`+strings.Repeat("x", 51<<20)+`"}]`, "too_large") // over the 50 MiB body limit
	rest("/v1/conversations/c/turns?wait=maybe", `{"turns":[`+turn("")+`]}`, "validation")
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
		conv, c := "/v1/conversations/"+v.path, `{"conversation_id":`+v.arg
		// Without a conversation an entity is named by its id: anything
		// else is refused (422) or unknown (404); an unknown conversation
		// has no entities.
		ent, list := v.want, v.want
		if v.want == "not_found" {
			ent, list = "", "ok"
		}
		ps = append(ps, probe{"GET", conv, "", "", "", v.want}, probe{"GET", conv + "/turns", "", "", "", v.want},
			probe{"DELETE", conv, "", "forget_conversation", c + "}", v.want},
			probe{"GET", conv + "/speakers", "", "list_speakers", c + "}", v.want},
			probe{"DELETE", conv + "/speakers/Sam", "", "", "", v.want}, probe{"DELETE", "/v1/conversations/c/speakers/" + v.path, "", "", "", v.want},
			probe{"PUT", conv + "/speakers/Sam/aliases", `{"aliases":["Sammy"]}`, "set_speaker_aliases", c + `,"speaker":"Sam","aliases":["Sammy"]}`, v.want},
			probe{"PUT", "/v1/conversations/c/speakers/" + v.path + "/aliases", `{"aliases":["Sammy"]}`, "set_speaker_aliases",
				`{"conversation_id":"c","speaker":` + v.arg + `,"aliases":["Sammy"]}`, v.want},
			probe{"GET", "/v1/entities/" + v.path, "", "", "", ent}, probe{"GET", "/v1/entities/" + v.path + "/history", "", "", "", ent},
			probe{"GET", "/v1/graph/neighborhood?entity=" + v.path, "", "get_entity", `{"entity":` + v.arg + `}`, ent},
			probe{"GET", "/v1/graph/paths?from=" + v.path + "&to=Sam&conversation_id=c", "", "find_paths", `{"from":` + v.arg + `,"to":"Sam","conversation_id":"c"}`, v.want},
			probe{"GET", "/v1/entities?conversation_id=" + v.path, "", "", "", list}, probe{"DELETE", "/v1/tenants/" + v.path, "", "", "", ""})
	}
	// Aliases: malformed, mistyped and oversized bodies.
	aliases := "/v1/conversations/c/speakers/Sam/aliases"
	for body, want := range map[string]string{`{"aliases":`: "invalid", `{"aliases":"Sammy"}`: "invalid", `{"aliases":[1]}`: "invalid",
		`{"aliases":["Sammy"],"bogus":1}`: "invalid", `{"x":1}`: "invalid", `{"aliases":null}`: "validation", `{"aliases":[""]}`: "validation",
		`{"aliases":["a\u0000"]}`: "validation", `{"aliases":[` + j(long) + `]}`: "validation", `{"aliases":["Ria"]}`: "conflict"} {
		ps = append(ps, probe{method: "PUT", path: aliases, body: body,
			tool: "set_speaker_aliases", args: strings.Replace(body, "{", `{"conversation_id":"c","speaker":"Sam",`, 1), want: want})
	}
	ps = append(ps, probe{method: "PUT", path: aliases,
		body: `{"aliases":["` + strings.Repeat("a", 70_000) + `"]}`, want: "too_large"})
	// Integer parameters, as query parameters and (0, -1, 1e9) as tool
	// arguments.
	paths := `"from":"Sam","to":"Ria","conversation_id":"c",`
	for _, v := range badParams {
		for _, p := range []struct{ path, tool, args string }{{"/v1/conversations?limit=", "list_conversations", `{"limit":`},
			{"/v1/conversations/c/turns?limit=", "", ""}, {"/v1/conversations/c/turns?after=", "", ""}, {"/v1/entities?limit=", "", ""},
			{"/v1/entities/x/history?limit=", "", ""}, {"/v1/graph/neighborhood?entity=Sam&conversation_id=c&hops=", "", ""},
			{"/v1/graph/neighborhood?entity=Sam&conversation_id=c&limit=", "", ""},
			{"/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&max_hops=", "find_paths", `{` + paths + `"max_hops":`},
			{"/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&limit=", "find_paths", `{` + paths + `"limit":`}} {
			if strings.HasSuffix(p.path, "after=") && (v == "0" || v == "-1" || v == "1000000000") {
				continue // valid: after the first turn, from the start, past the end
			}
			pr := probe{method: "GET", path: p.path + url.QueryEscape(v), want: "validation"}
			if _, err := strconv.Atoi(v); err == nil && p.tool != "" {
				pr.tool, pr.args = p.tool, p.args+v+"}"
			}
			ps = append(ps, pr)
		}
	}
	// Times, kinds, types and lookups of the entity and graph reads.
	for _, tm := range badTimes {
		q := url.QueryEscape(tm)
		ps = append(ps,
			probe{method: "GET", path: "/v1/entities/x?as_of=" + q, tool: "get_entity",
				args: `{"entity":"Sam","conversation_id":"c","as_of":` + j(tm) + `}`, want: "validation"},
			probe{method: "GET", path: "/v1/entities/x/history?known_at=" + q, want: "validation"},
			probe{method: "GET", path: "/v1/graph/paths?from=Sam&to=Ria&conversation_id=c&as_of=" + q, tool: "find_paths",
				args: `{"from":"Sam","to":"Ria","conversation_id":"c","as_of":` + j(tm) + `}`, want: "validation"})
	}
	for _, path := range []string{"/v1/entities?type=robot", "/v1/entities?q=" + long, "/v1/graph/neighborhood", "/v1/graph/neighborhood?entity=%20",
		"/v1/graph/neighborhood?entity=Sam&conversation_id=c&kinds=bogus", "/v1/graph/paths?from=Sam&conversation_id=c"} {
		ps = append(ps, probe{method: "GET", path: path, want: "validation"})
	}
	for _, q := range append(lucene, cyphery) {
		ps = append(ps, probe{method: "GET", path: "/v1/entities?q=" + url.QueryEscape(q), want: "ok"},
			probe{method: "GET", path: "/v1/graph/neighborhood?conversation_id=c&entity=" + url.QueryEscape(q),
				tool: "get_entity", args: j(map[string]string{"conversation_id": "c", "entity": q}), want: "not_found"})
	}
	ps = append(ps, probe{tool: "find_paths", args: `{"from":"Sam","to":"Ria","conversation_id":"c","kinds":"bogus"}`, want: "validation"},
		probe{tool: "list_conversations", args: `{"limit":"x"}`, want: "invalid"}, probe{tool: "no_such_tool", args: `{}`, want: "invalid"})
	for _, tool := range []string{"add_turns", "search_memory", "get_context", "get_entity", "find_paths", "list_conversations",
		"forget_conversation", "list_speakers", "set_speaker_aliases"} {
		for _, args := range []string{`"x"`, `[]`, `1e400`, `{"bogus":1}`} {
			ps = append(ps, probe{tool: tool, args: args, want: "invalid"})
		}
	}
	// Methods a route does not take.
	for _, m := range []struct{ method, path string }{{"PATCH", "/v1/conversations"}, {"POST", "/v1/conversations/c"}, {"PUT", "/v1/conversations/c/turns"},
		{"GET", "/v1/search"}, {"DELETE", "/v1/search"}, {"GET", "/v1/context"}, {"PUT", "/v1/answer"}, {"POST", "/v1/entities"},
		{"DELETE", "/v1/entities/x"}, {"POST", "/v1/entities/x/history"}, {"POST", "/v1/graph/neighborhood"}, {"PUT", "/v1/graph/paths"},
		{"POST", "/v1/conversations/c/speakers"}, {"GET", "/v1/conversations/c/speakers/Sam/aliases"}, {"GET", "/v1/tenants/t"}} {
		ps = append(ps, probe{method: m.method, path: m.path, body: `{}`, want: "method_not_allowed"})
	}
	// Empty path segments and trailing slashes: no route (never a redirect).
	for _, m := range []struct{ method, path string }{{"GET", "/v1/conversations/"}, {"GET", "/v1/conversations//turns"},
		{"POST", "/v1/conversations//turns"}, {"DELETE", "/v1/conversations/"}, {"GET", "/v1/entities/"}, {"POST", "/v1/search/"},
		{"GET", "/v1/entities//history"}, {"DELETE", "/v1/conversations/c/speakers/"}, {"PUT", "/v1/conversations/c/speakers//aliases"}} {
		ps = append(ps, probe{method: m.method, path: m.path, body: `{"query":"x","turns":[]}`})
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
