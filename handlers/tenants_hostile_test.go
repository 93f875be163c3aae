package handlers_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
)

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
	// b asks about a's ids and names, and then about ids of the same
	// shape that nobody has: the answers must be equal, the id aside.
	type ask struct{ method, path, body, tool, args, id string }
	asks := []ask{{"DELETE", "/v1/conversations/c/speakers/ID", "", "", "", "Ria"},
		{"PUT", "/v1/conversations/c/speakers/ID/aliases", `{"aliases":["R"]}`, "set_speaker_aliases", `{"conversation_id":"c","speaker":"ID","aliases":[]}`, "Ria"},
		{"GET", "/v1/graph/neighborhood?conversation_id=c&entity=ID", "", "get_entity", `{"conversation_id":"c","entity":"ID"}`, "Dana"},
		{"GET", "/v1/graph/paths?conversation_id=c&from=Sam&to=ID", "", "find_paths", `{"conversation_id":"c","from":"Sam","to":"ID"}`, "Dana"}}
	for _, p := range []ask{{"GET", "/v1/conversations/ID", "", "", "", ""}, {"GET", "/v1/conversations/ID/turns", "", "", "", ""},
		{"GET", "/v1/conversations/ID/speakers", "", "list_speakers", `{"conversation_id":"ID"}`, ""},
		{"PUT", "/v1/conversations/ID/speakers/Sam/aliases", `{"aliases":["Sammy"]}`, "set_speaker_aliases", `{"conversation_id":"ID","speaker":"Sam","aliases":[]}`, ""},
		{"DELETE", "/v1/conversations/ID/speakers/Sam", "", "", "", ""},
		{"POST", "/v1/search", `{"conversation_id":"ID","query":"secret word"}`, "search_memory", `{"conversation_id":"ID","query":"secret word"}`, ""},
		{"POST", "/v1/context", `{"conversation_id":"ID","query":"What is the secret word?"}`, "get_context", `{"conversation_id":"ID","query":"What is the secret word?"}`, ""},
		{"POST", "/v1/answer", `{"conversation_id":"ID","query":"What is the secret word?"}`, "", "", ""}, {"GET", "/v1/entities?conversation_id=ID", "", "", "", ""},
		{"GET", "/v1/graph/neighborhood?conversation_id=ID&entity=Sam", "", "get_entity", `{"conversation_id":"ID","entity":"Sam"}`, ""},
		{"DELETE", "/v1/conversations/ID", "", "forget_conversation", `{"conversation_id":"ID"}`, ""}} {
		p.id = "only"
		asks = append(asks, p)
	}
	for _, id := range ids {
		asks = append(asks, ask{"GET", "/v1/entities/ID", "", "", "", id}, ask{"GET", "/v1/entities/ID/history", "", "", "", id},
			ask{"GET", "/v1/graph/neighborhood?entity=ID", "", "get_entity", `{"entity":"ID"}`, id},
			ask{"GET", "/v1/graph/paths?from=ID&to=" + ids[0], "", "find_paths", `{"from":"ID","to":"` + ids[0] + `"}`, id})
	}
	// What a holds, read before b's requests and after: b's writes and
	// deletes aimed at a's ids changed none of it.
	snapshot := func() map[string]string {
		out := map[string]string{}
		for _, path := range []string{"/v1/conversations/c/speakers", "/v1/conversations/only/speakers", "/v1/conversations/c/turns?limit=1000",
			"/v1/conversations/only/turns?limit=1000", "/v1/entities?conversation_id=c&limit=100", "/v1/entities?conversation_id=only&limit=100"} {
			code, raw := a.send("GET", path, "")
			out[path] = fmt.Sprintf("%d %s", code, raw)
		}
		for _, id := range ids {
			_, raw := a.send("GET", "/v1/entities/"+id, "")
			out[id] = string(raw)
		}
		return out
	}
	before := snapshot()
	for _, p := range asks {
		ghost := ghostOf(p.id)
		at := func(s, id string, esc func(string) string) string { return strings.ReplaceAll(s, "ID", esc(id)) }
		same := func(id string) string { return id }
		c1, r1 := b.send(p.method, at(p.path, p.id, url.PathEscape), at(p.body, p.id, same))
		c2, r2 := b.send(p.method, at(p.path, ghost, url.PathEscape), at(p.body, ghost, same))
		n1, n2 := strings.ReplaceAll(string(r1), p.id, "ID"), strings.ReplaceAll(string(r2), ghost, "ID")
		if c1 != c2 || n1 != n2 {
			t.Errorf("b %s %s about a's %q: %d %s; about an unknown id: %d %s", p.method, p.path, p.id, c1, r1, c2, r2)
		}
		leak("b "+p.method+" "+p.path, []byte(n1)) // the id b sent aside
		if p.tool == "" {
			continue
		}
		m1, t1, _ := b.callTool(p.tool, at(p.args, p.id, same))
		m2, t2, _ := b.callTool(p.tool, at(p.args, ghost, same))
		if t1 = strings.ReplaceAll(t1, p.id, "ID"); m1 == "" || m1 != m2 || t1 != strings.ReplaceAll(t2, ghost, "ID") {
			t.Errorf("MCP b %s about a's %q: %q; about an unknown id: %q", p.tool, p.id, t1, t2)
		}
		leak("MCP b "+p.tool, []byte(t1))
	}
	for path, was := range snapshot() {
		if was != before[path] {
			t.Errorf("a's %s changed under b's requests:\nbefore %.300s\nafter  %.300s", path, before[path], was)
		}
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

// TestCrossTenantPathsMixingIDs: paths and neighbourhoods that name one
// of tenant a's entities beside one of b's own (either end, with or
// without b's conversation) find nothing of a's: the answer b gets for an
// id nobody has.
func TestCrossTenantPathsMixingIDs(t *testing.T) {
	a, b := newTenants(t)
	a.seed("zanzibar")
	b.seed("tomatoes")
	ids := func(s *server) []string {
		_, body := s.do("GET", "/v1/entities?conversation_id=c&limit=100", nil)
		var out []string
		for _, e := range body["entities"].([]any) {
			out = append(out, e.(map[string]any)["id"].(string))
		}
		return out
	}
	aIDs, bIDs := ids(a), ids(b)
	if len(aIDs) == 0 || len(bIDs) == 0 {
		t.Fatalf("entities: a %v, b %v", aIDs, bIDs)
	}
	for _, x := range aIDs {
		for _, path := range []string{"/v1/graph/paths?from=" + x + "&to=" + bIDs[0], "/v1/graph/paths?from=" + bIDs[0] + "&to=" + x,
			"/v1/graph/paths?conversation_id=c&from=" + bIDs[0] + "&to=" + x, "/v1/graph/paths?conversation_id=c&from=" + x + "&to=Sam",
			"/v1/graph/neighborhood?conversation_id=c&entity=" + x, "/v1/entities/" + x + "?as_of=2030-01-01T00:00:00Z"} {
			g := ghostOf(x)
			c1, r1 := b.send("GET", path, "")
			c2, r2 := b.send("GET", strings.ReplaceAll(path, x, g), "")
			if c1 != c2 || c1 != http.StatusNotFound || strings.ReplaceAll(string(r1), x, "ID") != strings.ReplaceAll(string(r2), g, "ID") {
				t.Errorf("b GET %s: %d %s; for an unknown id: %d %s", path, c1, r1, c2, r2)
			}
		}
	}
}
