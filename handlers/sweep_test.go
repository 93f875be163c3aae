package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/loci-memory/loci/handlers"
)

// The route sweep: every operation openapi.json documents (but /mcp, which
// mcpserver's tests sweep, and /metrics, which is text) is sent hostile
// variants of each of its path parameters, query parameters and body
// members, hostile bodies, and the methods its path does not take. Each
// answer must be below 500 and a complete JSON object; a 4xx carries an
// error code whose status it is and a message, with a status the document
// lists for the route; a refused write leaves the tenant as it was; and
// nothing of the other tenant ever shows or changes.

// sweepSecret is a word only the other tenant's conversation holds.
const sweepSecret = "quokkaverse"

var (
	// hostilePathValues replace one path parameter each (already escaped
	// for the path, as a client would send them).
	hostilePathValues = []string{"%2F", "a%2Fb", "..", "%2e%2e", "%2E%2E%2Fc", "%00", "a%00b", "%FF", "%C3%28", "%20", "%09",
		url.PathEscape(`AND OR ~ * ? \ " :`), url.PathEscape("'}) MATCH (n) DETACH DELETE n //"), url.PathEscape(`*:*`),
		strings.Repeat("x", 10_000), "b-only", "%E2%80%AE", "c%0A", "c%3Fx%3D1", "%25"}
	// hostileQueryValues replace one query parameter each (escaped).
	hostileQueryValues = []string{"", "-1", "0", "1.5", "1e309", "99999999999999999999", "-99999999999999999999", "NaN", "0x10", "true",
		"null", "%00", "%FF", url.QueryEscape(`AND OR ~ * ? \ " :`), url.QueryEscape("'}) MATCH (n) DETACH DELETE n //"),
		strings.Repeat("x", 10_000), "yesterday", "0000-01-01T00:00:00Z", "2023-05-08T13:56:00+24:00", "b-only", "%2F..%2F", "a%26b%3Dc"}
	// hostileJSONValues replace one body member each (raw JSON).
	hostileJSONValues = []string{`5`, `-1`, `0`, `1.5`, `1e400`, `-1e400`, `99999999999999999999`, `-99999999999999999999`, `true`, `null`,
		`[]`, `{}`, `[null]`, `{"a":1}`, `""`, `"\u0000"`, "\"\xff\xfe\"", `"\ud800"`, j(strings.Repeat("w", 100_000)), j(`AND OR ~ * ? \ " :`),
		j("'}) MATCH (n) DETACH DELETE n // $tenant"), `"yesterday"`, `"0000-01-01T00:00:00Z"`, `"b-only"`, `"../c"`, `"c/d"`}
)

// sweepOp is one documented operation with a valid request to vary.
type sweepOp struct {
	method, tmpl string
	path         map[string]string // path parameter → valid value
	query        map[string]string // query parameter → valid value ("" when optional)
	required     map[string]bool   // required query parameters
	body         map[string]json.RawMessage
	turn         map[string]json.RawMessage // for turn batches: one valid turn
	write        bool
}

// url is the request's target with path and query values overridden.
func (o sweepOp) url(path, query map[string]string) string {
	p := o.tmpl
	for name, v := range o.path {
		if over, ok := path[name]; ok {
			v = over
		}
		p = strings.ReplaceAll(p, "{"+name+"}", v)
	}
	var q []string
	names := make([]string, 0, len(o.query))
	for name := range o.query {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v, over := query[name]
		if !over {
			v = o.query[name]
			if !o.required[name] {
				continue
			}
		}
		q = append(q, name+"="+v)
	}
	if len(q) > 0 {
		p += "?" + strings.Join(q, "&")
	}
	return p
}

// encode writes a JSON object with members in a fixed order, raw values as
// given (so invalid JSON can be spliced in).
func encode(m map[string]json.RawMessage) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	for _, k := range names {
		parts = append(parts, j(k)+":"+string(m[k]))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func with(m map[string]json.RawMessage, k, v string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for a, b := range m {
		out[a] = b
	}
	out[k] = json.RawMessage(v)
	return out
}

// sweepOps reads the operations from openapi.json, with valid values for
// the parameters and bodies the sweep varies.
func sweepOps(t *testing.T) []sweepOp {
	var doc struct {
		Paths      map[string]map[string]json.RawMessage
		Components struct {
			Parameters map[string]struct{ Name, In string }
			Schemas    map[string]struct{ Properties map[string]json.RawMessage }
		}
	}
	if err := json.Unmarshal(handlers.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	valid := map[string]string{"conversation_id": "c", "speaker": "Sam", "entity_id": "sweep-none", "tenant": "sweep-none",
		"entity": "Sam", "from": "Sam", "to": "Ria", "q": "Sam"}
	bodies := map[string]string{
		"/v1/search":  `{"conversation_id":"c","query":"Where does Ria work?"}`,
		"/v1/context": `{"conversation_id":"c","query":"Where does Ria work?"}`, "/v1/answer": `{"conversation_id":"c","query":"Where does Ria work?"}`,
		"/v1/conversations/{conversation_id}/turns":                      `{"turns":[]}`,
		"/v1/conversations/{conversation_id}/speakers/{speaker}/aliases": `{"aliases":["Sammy"]}`,
	}
	var ops []sweepOp
	for tmpl, methods := range doc.Paths {
		if tmpl == "/mcp" || tmpl == "/metrics" {
			continue
		}
		for m, raw := range methods {
			if m == "parameters" {
				continue
			}
			var op struct {
				Parameters []struct {
					Ref      string `json:"$ref"`
					Name, In string
					Required bool
				}
			}
			_ = json.Unmarshal(raw, &op)
			var shared []struct {
				Ref      string `json:"$ref"`
				Name, In string
				Required bool
			}
			_ = json.Unmarshal(methods["parameters"], &shared) // the path's own, for every method
			for _, p := range shared {
				op.Parameters = append(op.Parameters, p)
			}
			o := sweepOp{method: strings.ToUpper(m), tmpl: tmpl, path: map[string]string{}, query: map[string]string{}, required: map[string]bool{},
				write: m != "get"}
			for _, p := range op.Parameters {
				if p.Ref != "" {
					ref := doc.Components.Parameters[strings.TrimPrefix(p.Ref, "#/components/parameters/")]
					p.Name, p.In = ref.Name, ref.In
				}
				switch p.In {
				case "path":
					o.path[p.Name] = valid[p.Name]
				case "query":
					o.query[p.Name], o.required[p.Name] = valid[p.Name], p.Required
				}
			}
			if b, ok := bodies[tmpl]; ok && o.method != "GET" && o.method != "DELETE" {
				_ = json.Unmarshal([]byte(b), &o.body)
				if strings.HasSuffix(tmpl, "/turns") {
					o.turn = map[string]json.RawMessage{"id": json.RawMessage(`"sw"`), "speaker": json.RawMessage(`"Sam"`), "text": json.RawMessage(`"I swept the floor."`),
						"session": json.RawMessage(`"s"`), "timestamp": json.RawMessage(`"2023-05-08T13:56:00Z"`), "metadata": json.RawMessage(`{}`)}
				}
			}
			ops = append(ops, o)
		}
	}
	sort.Slice(ops, func(i, k int) bool { return ops[i].tmpl+ops[i].method < ops[k].tmpl+ops[k].method })
	return ops
}

// sweepReq is one request of the sweep.
type sweepReq struct{ method, path, body, what string }

// variants are o's hostile requests; other are more path values (the
// other tenant's name).
func (o sweepOp) variants(other ...string) []sweepReq {
	var rs []sweepReq
	body := ""
	if o.body != nil {
		body = encode(o.body)
		if o.turn != nil {
			body = encode(with(o.body, "turns", "["+encode(o.turn)+"]"))
		}
	}
	add := func(path, b, what string) { rs = append(rs, sweepReq{o.method, path, b, what}) }
	for name := range o.path {
		for _, v := range append(hostilePathValues, other...) {
			add(o.url(map[string]string{name: v}, nil), body, "path "+name+"="+v)
		}
	}
	for name := range o.query {
		for _, v := range hostileQueryValues {
			add(o.url(nil, map[string]string{name: v}), body, "query "+name+"="+v)
		}
		add(o.url(nil, nil)+sep(o.url(nil, nil))+name+"=1&"+name+"=2", body, "query "+name+" twice")
	}
	if o.body == nil {
		return rs
	}
	u := o.url(nil, nil)
	for name := range o.body {
		for _, v := range hostileJSONValues {
			b := with(o.body, name, v)
			if o.turn != nil && name == "turns" {
				continue
			}
			if o.turn != nil {
				b = with(b, "turns", "["+encode(o.turn)+"]")
			}
			add(u, encode(b), "member "+name+"="+v)
		}
	}
	if o.turn != nil {
		for name := range o.turn {
			for _, v := range hostileJSONValues {
				add(u, encode(with(o.body, "turns", "["+encode(with(o.turn, name, v))+"]")), "turn member "+name+"="+v)
			}
		}
		for _, v := range hostileJSONValues {
			add(u, encode(with(o.body, "turns", v)), "member turns="+v)
		}
	}
	for _, b := range []string{"", " ", "null", "[]", "{}", "5", `"x"`, body + " x", body + body, body[:len(body)-1], "\ufeff" + body,
		"{\"a\":1,\x00}", strings.Replace(body, "{", `{"zz":1,"zz":2,`, 1), strings.Replace(body, "{", `{"unknown_member":1,`, 1)} {
		add(u, b, "body "+b)
	}
	return rs
}

func sep(u string) string {
	if strings.Contains(u, "?") {
		return "&"
	}
	return "?"
}

// TestOpenAPISweep walks every documented route with hostile variants.
func TestOpenAPISweep(t *testing.T) {
	a, b := newTenants(t)
	a.seed("zanzibar")
	b.ingest("b-only", []map[string]any{{"id": "1", "speaker": "Bo", "text": "My secret word is " + sweepSecret + "."}})
	docs := documented(t)
	bBefore := b.footprint()
	methods := []string{"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"}
	byPath := map[string]map[string]bool{}
	n := 0
	for _, o := range sweepOps(t) {
		if byPath[o.tmpl] == nil {
			byPath[o.tmpl] = map[string]bool{}
		}
		byPath[o.tmpl][o.method] = true
		for _, r := range o.variants(b.tenant, url.PathEscape(a.tenant+"/../"+b.tenant)) {
			n++
			before := ""
			if o.write {
				before = a.footprint()
			}
			status, raw := a.send(r.method, r.path, r.body)
			if !sweepAnswer(t, docs, r, status, raw) {
				continue
			}
			if o.write && status >= 400 && a.footprint() != before {
				t.Errorf("%s %s (%s): refused with %d but changed what the tenant holds", r.method, o.tmpl, trim(r.what), status)
			}
		}
	}
	// Methods a path does not take: 405 with Allow, as a JSON error.
	for _, o := range sweepOps(t) {
		for _, m := range methods {
			if byPath[o.tmpl][m] {
				continue
			}
			n++
			r := sweepReq{m, o.url(nil, nil), `{}`, "method " + m}
			status, raw := a.send(m, r.path, r.body)
			if sweepAnswer(t, docs, r, status, raw) && status != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: %d %.200s, want 405", m, o.tmpl, status, raw)
			}
		}
	}
	if b.footprint() != bBefore {
		t.Errorf("the sweep of tenant a changed what tenant b holds")
	}
	t.Logf("%d hostile requests", n)
}

// sweepAnswer checks one answer; false when it is not even JSON.
func sweepAnswer(t *testing.T, docs openAPI, r sweepReq, status int, raw []byte) bool {
	t.Helper()
	what := fmt.Sprintf("%s %.100s (%s)", r.method, r.path, trim(r.what))
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Errorf("%s: %d with a body that is not a JSON object: %.200q", what, status, raw)
		return false
	}
	code, msg := errCode(body), errMessage(body)
	switch {
	case status >= 500:
		t.Errorf("%s: %d %.300s, want no 5xx", what, status, raw)
	case status >= 400 && (statusOfCode[code] != status || msg == ""):
		t.Errorf("%s: %d %.300s, want an error code of that status and a message", what, status, raw)
	case !docs.lists(r.method, r.path, status) && status != http.StatusNotFound:
		t.Errorf("%s: status %d is not in openapi.json for the route", what, status)
	case goTypes.MatchString(msg):
		t.Errorf("%s: %d, the message %q names Go's types", what, status, msg)
	case strings.Contains(string(raw), sweepSecret):
		t.Errorf("%s: answer shows the other tenant's data: %.300s", what, raw)
	}
	return true
}

var (
	nonPrint = regexp.MustCompile(`[^ -~]`)
	// goTypes are the marks of a Go decoder's message passed on as is.
	goTypes = regexp.MustCompile(`json: |Go (struct|value)|interface \{\}|\b(ontology|handlers|mcp|json)\.[A-Z]|map\[string\]`)
)

func trim(s string) string {
	s = nonPrint.ReplaceAllString(s, "?")
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
