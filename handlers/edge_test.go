package handlers_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/mcpserver/mcptest"
	"github.com/loci-memory/loci/ontology"
)

// edgeServer is the REST API and the MCP tools over the real Neo4j, both
// acting for one fresh tenant, wired as `loci serve` wires them (rules
// extractor, anchors), with their logs captured.
type edgeServer struct {
	*server
	mcp *mcp.ClientSession
	log *lockedBuffer
}

func newEdgeServer(t *testing.T) *edgeServer {
	store := graphtest.Store(t)
	logs := &lockedBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, nil))
	a := apptest.Rules(store)
	s := serveApp(t, store, a, func(d *handlers.Deps) { d.Log = log })
	md := a.MCPDeps()
	md.Tenant, md.Log = s.tenant, log
	return &edgeServer{server: s, mcp: mcptest.Connect(t, mcpserver.New(md)), log: logs}
}

// tool calls an MCP tool; a protocol error fails the test.
func (s *edgeServer) tool(name string, args map[string]any) *mcp.CallToolResult {
	s.t.Helper()
	return mcptest.Call(s.t, s.mcp, name, args)
}

// cypherFile runs a test-only statement from testdata/ for this tenant.
func (s *edgeServer) cypherFile(name string, params map[string]any) []map[string]any {
	s.t.Helper()
	stmt, err := os.ReadFile("testdata/" + name)
	if err != nil {
		s.t.Fatal(err)
	}
	params["tenant"] = s.tenant
	return graphtest.Cypher(s.t, string(stmt), params)
}

// rawGet sends a request and returns the status and raw body.
func (s *edgeServer) raw(method, path string, body any) (int, []byte) {
	s.t.Helper()
	b, _ := json.Marshal(body)
	if body == nil {
		b = nil
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// edgeConversations are the conversations readAll reads: their ids, a
// speaker of each and a place that speaker names.
var edgeConversations = []struct{ id, speaker, place, question string }{
	{"hi", "Sam", "Paris", "Where will Sam move next year? What did Sam do recently?"},
	{"lo", "Ana", "Oslo", "Where did Ana move last year? What did Ana do recently?"},
}

// readAll reads every read route of the API, REST and MCP, for every
// conversation and each of its entities, and fails the test unless each
// answers 200 with a complete JSON body (an MCP result without error). It
// returns the turn timestamps the turn pages show.
func (s *edgeServer) readAll(phase string) []string {
	s.t.Helper()
	ok := func(method, path string, body any, key string) map[string]any {
		s.t.Helper()
		code, raw := s.raw(method, path, body)
		var out map[string]any
		if err := json.Unmarshal(raw, &out); code != http.StatusOK || err != nil || out[key] == nil {
			s.t.Fatalf("%s: %s %s: status %d, %d-byte body %.300q, want 200 with a JSON %q", phase, method, path, code, len(raw), raw, key)
		}
		return out
	}
	tool := func(name string, args map[string]any) {
		s.t.Helper()
		res := s.tool(name, args)
		if res.IsError || res.StructuredContent == nil {
			s.t.Fatalf("%s: MCP %s(%v): error %v, %q", phase, name, args, res.IsError, text(res))
		}
	}
	var stamps []string
	ok("GET", "/v1/conversations", nil, "conversations")
	ok("POST", "/v1/search", map[string]any{"query": "Paris Oslo Acme move"}, "results")
	tool("search_memory", map[string]any{"query": "Paris Oslo Acme move"})
	for _, c := range edgeConversations {
		ok("GET", "/v1/conversations/"+c.id, nil, "created_at")
		page := ok("GET", "/v1/conversations/"+c.id+"/turns", nil, "turns")
		for _, tr := range page["turns"].([]any) {
			if ts, _ := tr.(map[string]any)["timestamp"].(string); ts != "" {
				stamps = append(stamps, ts)
			}
		}
		ok("POST", "/v1/search", map[string]any{"conversation_id": c.id, "query": c.place}, "results")
		ok("POST", "/v1/context", map[string]any{"conversation_id": c.id, "query": c.question}, "context")
		ents := ok("GET", "/v1/entities?conversation_id="+c.id, nil, "entities")["entities"].([]any)
		if len(ents) < 2 {
			s.t.Fatalf("%s: conversation %s has entities %v, want the speaker and the place at least", phase, c.id, ents)
		}
		for _, e := range ents {
			id := url.PathEscape(e.(map[string]any)["id"].(string))
			ok("GET", "/v1/entities/"+id, nil, "relations")
			ok("GET", "/v1/entities/"+id+"/history", nil, "decisions")
		}
		q := url.Values{"conversation_id": {c.id}, "entity": {c.speaker}}
		ok("GET", "/v1/graph/neighborhood?"+q.Encode(), nil, "entities")
		q = url.Values{"conversation_id": {c.id}, "from": {c.speaker}, "to": {c.place}}
		ok("GET", "/v1/graph/paths?"+q.Encode(), nil, "paths")
		tool("search_memory", map[string]any{"conversation_id": c.id, "query": c.place})
		tool("get_context", map[string]any{"conversation_id": c.id, "query": c.question})
		tool("get_entity", map[string]any{"conversation_id": c.id, "entity": c.speaker})
		tool("get_entity", map[string]any{"conversation_id": c.id, "entity": c.place})
	}
	return stamps
}

// TestEdgeOfRangeTimes is the regression test of issue 13's second defect:
// a timestamp whose UTC time leaves years 1–9999 made every read of the
// tenant answer 200 with an empty body. Such timestamps are refused;
// timestamps at the very edges are stored with every derived date inside
// the range; and data stored with times outside it (written here straight
// into Neo4j, as an older version could have) still reads as complete
// JSON, clamped to the range, on every read route of REST and MCP.
func TestEdgeOfRangeTimes(t *testing.T) {
	s := newEdgeServer(t)

	// Refused with a 422 naming the field, nothing stored: 9999-12-31 at
	// -23:59 is in year 10000 in UTC, 0001-01-01 at +23:59 in year 0.
	for _, c := range []struct{ ts, text, year string }{
		{"9999-12-31T23:59:59-23:59", "Hello there.", "year 10000"},
		{"0001-01-01T00:00:00+23:59", "Last year I moved to Oslo.", "year 0"},
	} {
		code, body := s.do("POST", "/v1/conversations/refused/turns", map[string]any{"turns": []map[string]any{
			{"id": "1", "speaker": "Sam", "text": c.text, "timestamp": c.ts}}})
		details, _ := body["error"].(map[string]any)["details"].(map[string]any)
		if code != http.StatusUnprocessableEntity || errCode(body) != ontology.EValidation ||
			!strings.Contains(errMessage(body), "timestamp "+c.ts+" is in "+c.year+" in UTC") || details["field"] != "timestamp" {
			t.Fatalf("timestamp %s: %d %v, want a 422 naming the timestamp and its UTC year", c.ts, code, body)
		}
		res := s.tool("add_turns", map[string]any{"conversation_id": "refused", "turns": []map[string]any{
			{"id": "1", "speaker": "Sam", "text": c.text, "timestamp": c.ts}}})
		if !res.IsError || !strings.HasPrefix(text(res), ontology.EValidation+": ") || !strings.Contains(text(res), c.year+" in UTC") {
			t.Fatalf("MCP add_turns with timestamp %s: %q", c.ts, text(res))
		}
	}
	if code, _ := s.do("GET", "/v1/conversations/refused", nil); code != http.StatusNotFound {
		t.Fatalf("a refused batch stored something: GET answers %d", code)
	}

	// At the edges: accepted, and what the rules derive ("next year",
	// "tomorrow" on 9999-12-31; "last year", "yesterday" on 0001-01-01)
	// does not leave years 1–9999.
	for _, c := range []struct {
		conv  string
		turns []map[string]any
	}{
		{"hi", []map[string]any{
			{"id": "1", "speaker": "Sam", "text": "Next year I will move to Paris; tomorrow I start at Acme.", "timestamp": "9999-12-31T23:59:59Z"},
			{"id": "2", "speaker": "Sam", "text": "Today I met my cousin Dana in Paris.", "timestamp": "9999-12-31T23:59:59.999999999Z"}}},
		{"lo", []map[string]any{
			{"id": "1", "speaker": "Ana", "text": "Last year I moved to Oslo. Yesterday I joined Nordic Labs.", "timestamp": "0001-01-01T12:00:00+02:00"},
			{"id": "2", "speaker": "Ana", "text": "Two years ago I lived in Bergen.", "timestamp": "0001-01-01T00:00:00+00:00"}}},
	} {
		if code, body := s.do("POST", "/v1/conversations/"+c.conv+"/turns", map[string]any{"turns": c.turns}); code != http.StatusCreated {
			t.Fatalf("%s: %d %v", c.conv, code, body)
		}
	}
	stored := s.cypherFile("stored_time_range.cypher", map[string]any{})[0]
	if stored["times"].(int64) == 0 || stored["min_year"].(int64) < 1 || stored["max_year"].(int64) > 9999 {
		t.Fatalf("stored times span years %v to %v (%v times), want within 1–9999", stored["min_year"], stored["max_year"], stored["times"])
	}
	stamps := s.readAll("as stored")
	want := []string{"9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999999999Z", "0001-01-01T10:00:00Z", "0001-01-01T00:00:00Z"}
	if strings.Join(stamps, " ") != strings.Join(want, " ") {
		t.Fatalf("turn timestamps %v, want %v", stamps, want)
	}

	// Data stored before the check, its times beyond either edge: read,
	// clamped to the edges.
	for _, c := range []struct {
		when  time.Time
		stamp string
	}{
		{time.Date(10000, time.January, 1, 23, 58, 59, 0, time.UTC), "9999-12-31T23:59:59.999999999Z"},
		{time.Date(-1, time.December, 31, 0, 1, 0, 0, time.UTC), "0001-01-01T00:00:00Z"},
	} {
		set := s.cypherFile("out_of_range_times.cypher", map[string]any{"when": c.when})[0]
		if set["nodeProps"].(int64) == 0 || set["relProps"].(int64) == 0 {
			t.Fatalf("no stored times were rewritten: %v", set)
		}
		phase := "stored in year " + c.when.Format("2006")
		stamps := s.readAll(phase)
		if len(stamps) != 4 {
			t.Fatalf("%s: turn timestamps %v, want 4", phase, stamps)
		}
		for _, st := range stamps {
			if st != c.stamp {
				t.Fatalf("%s: turn timestamp %s, want it clamped to %s", phase, st, c.stamp)
			}
		}
	}
	for _, l := range s.log.lines(t) {
		if l["level"] == "ERROR" {
			t.Errorf("a read logged an error: %v", l)
		}
	}
}

// TestEncodingFailureIs500 is the regression test of issue 13's third
// defect: a response that fails to encode was a 200 with an empty body
// (Gin writes the status before encoding). A relation's confidence is set
// to NaN straight in Neo4j, which no JSON encoder can write: reading the
// entity must answer a logged 500 with the usual error body over REST,
// and a logged internal tool error over MCP, not an empty success.
func TestEncodingFailureIs500(t *testing.T) {
	s := newEdgeServer(t)
	if code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": []map[string]any{
		{"id": "1", "speaker": "Sam", "text": "I moved to Paris last year.", "timestamp": "2023-05-08T13:56:00Z"}}}); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	if n := s.cypherFile("nan_confidence.cypher", map[string]any{})[0]["relations"].(int64); n == 0 {
		t.Fatal("no relation to corrupt")
	}
	q := url.Values{"conversation_id": {"c"}, "entity": {"Sam"}}
	for _, path := range []string{"/v1/graph/neighborhood?" + q.Encode()} {
		code, raw := s.raw("GET", path, nil)
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil || code != http.StatusInternalServerError || errCode(body) != ontology.EInternal ||
			errMessage(body) != "the response could not be encoded" {
			t.Fatalf("GET %s: %d %q, want a 500 with an internal error body", path, code, raw)
		}
	}
	code, body := s.do("GET", "/v1/entities?conversation_id=c&q=Sam", nil)
	if code != http.StatusOK || len(body["entities"].([]any)) == 0 {
		t.Fatalf("entities: %d %v", code, body)
	}
	id := body["entities"].([]any)[0].(map[string]any)["id"].(string)
	if code, raw := s.raw("GET", "/v1/entities/"+url.PathEscape(id), nil); code != http.StatusInternalServerError || !bytes.Contains(raw, []byte(`"code":"internal"`)) {
		t.Fatalf("GET entity: %d %q, want a 500 with an internal error body", code, raw)
	}
	res := s.tool("get_entity", map[string]any{"conversation_id": "c", "entity": "Sam"})
	if !res.IsError || text(res) != ontology.EInternal+": the result could not be encoded" {
		t.Fatalf("MCP get_entity: error %v %q, want an internal tool error", res.IsError, text(res))
	}
	// Both failures are logged as errors, with the encoder's message.
	var rest, tool bool
	for _, l := range s.log.lines(t) {
		err, _ := l["err"].(string)
		if l["level"] != "ERROR" || !strings.Contains(err, "json: unsupported value: NaN") {
			continue
		}
		rest = rest || l["msg"] == "request failed" && l["status"] == float64(http.StatusInternalServerError)
		tool = tool || l["msg"] == "MCP tool failed" && l["tool"] == "get_entity"
	}
	if !rest || !tool {
		t.Errorf("encoding failures logged: REST %v, MCP %v", rest, tool)
	}
}

var text = mcptest.Text
