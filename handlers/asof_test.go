package handlers_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
)

const (
	april  = "2023-04-01T09:00:00Z"
	august = "2023-08-01T09:00:00Z"
)

// citedTurns lists the turn ids a search or context response cites.
func citedTurns(items []any) map[string]bool {
	out := map[string]bool{}
	for _, it := range items {
		for _, id := range it.(map[string]any)["source_turn_ids"].([]any) {
			out[id.(string)] = true
		}
	}
	return out
}

// relationStates maps an entity response's typed relations to their state,
// by the far end's name.
func relationStates(body map[string]any) map[string]string {
	out := map[string]string{}
	for _, r := range body["relations"].([]any) {
		m := r.(map[string]any)
		name := m["to_name"].(string)
		if name == body["name"] {
			name = m["from_name"].(string)
		}
		out[name] = m["state"].(string)
	}
	return out
}

// TestAsOfRoutes: as_of and known_at on every read route that takes them.
func TestAsOfRoutes(t *testing.T) {
	s := newContextServer(t, nil)
	tl := graphtest.SeedTimeline(t, s.store, s.tenant, "c1")
	mid := url.QueryEscape(tl.Mid.Format("2006-01-02T15:04:05.999999999Z07:00"))
	ana, bo := tl.IDs["Ana"], tl.IDs["Bo"]

	code, body := s.do("GET", "/v1/entities/"+ana+"?as_of="+april, nil)
	if st := relationStates(body); code != http.StatusOK || st["Acme"] != "current" || st["Brightwater"] != "" || st["Bo"] != "" {
		t.Errorf("Ana as of April: %d %v", code, st)
	}
	code, body = s.do("GET", "/v1/entities/"+ana+"?as_of="+august, nil)
	if st := relationStates(body); code != http.StatusOK || st["Acme"] != "past" || st["Brightwater"] != "current" {
		t.Errorf("Ana as of August: %d %v", code, st)
	}
	for _, r := range body["relations"].([]any) {
		if m := r.(map[string]any); m["to_name"] == "Acme" && (m["valid_to"] == nil || m["valid_from"] == nil || m["kind"] != "typed") {
			t.Errorf("the job left lacks its dates or kind: %v", m)
		}
	}
	code, body = s.do("GET", "/v1/entities/"+ana+"?known_at="+mid, nil)
	if st := relationStates(body); code != http.StatusOK || st["Bo"] != "" || st["Acme"] == "" {
		t.Errorf("Ana known at Mid: %d %v", code, st)
	}

	code, body = s.do("GET", "/v1/entities/"+ana+"/history?known_at="+mid, nil)
	if ds, _ := body["decisions"].([]any); code != http.StatusOK || len(ds) != 1 {
		t.Errorf("history known at Mid: %d %v", code, body)
	}
	code, body = s.do("GET", "/v1/entities/"+ana+"/history", nil)
	if ds, _ := body["decisions"].([]any); code != http.StatusOK || len(ds) != 2 {
		t.Errorf("history now: %d %v", code, body)
	}

	// Neighbourhood: flags, typed only, as of.
	code, body = s.do("GET", "/v1/graph/neighborhood?entity="+bo, nil)
	kinds := map[string]int{}
	for _, e := range body["edges"].([]any) {
		kinds[e.(map[string]any)["kind"].(string)]++
	}
	if code != http.StatusOK || kinds["typed"] == 0 || kinds["co_mention"] == 0 {
		t.Errorf("Bo's neighbourhood: %d %v", code, kinds)
	}
	code, body = s.do("GET", "/v1/graph/neighborhood?kinds=typed&entity="+bo, nil)
	for _, e := range body["edges"].([]any) {
		if k := e.(map[string]any)["kind"]; code != http.StatusOK || k != "typed" {
			t.Errorf("typed only: %d, edge kind %v", code, k)
		}
	}
	code, body = s.do("GET", "/v1/graph/neighborhood?conversation_id=c1&entity=Ana&as_of="+april, nil)
	var names []string
	for _, e := range body["entities"].([]any) {
		names = append(names, e.(map[string]any)["name"].(string))
	}
	if got := strings.Join(names, ","); code != http.StatusOK || strings.Contains(got, "Brightwater") || !strings.Contains(got, "Acme") {
		t.Errorf("Ana's neighbourhood as of April: %d %s", code, got)
	}

	// Paths: typed first, then co-mentions; as of April none.
	code, body = s.do("GET", "/v1/graph/paths?conversation_id=c1&from=Bo&to=Acme", nil)
	paths, _ := body["paths"].([]any)
	if code != http.StatusOK || len(paths) < 3 || paths[0].(map[string]any)["kind"] != "typed" {
		t.Fatalf("paths Bo→Acme: %d %v", code, body)
	}
	last := paths[len(paths)-1].(map[string]any)
	if last["kind"] != "co_mention" {
		t.Errorf("last path = %v, want a co-mention path", last)
	}
	code, body = s.do("GET", "/v1/graph/paths?conversation_id=c1&from=Bo&to=Acme&as_of="+april, nil)
	if paths, _ := body["paths"].([]any); code != http.StatusOK || len(paths) != 0 {
		t.Errorf("paths as of April: %d %v", code, body)
	}

	// Search and context.
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "Acme", "as_of": april})
	if got := citedTurns(body["results"].([]any)); code != http.StatusOK || !got["1"] || got["3"] || got["4"] {
		t.Errorf("search as of April: %d %v", code, got)
	}
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "Acme", "known_at": tl.Mid})
	if got := citedTurns(body["results"].([]any)); code != http.StatusOK || !got["3"] || got["4"] {
		t.Errorf("search known at Mid: %d %v", code, got)
	}
	code, body = s.do("POST", "/v1/context", map[string]any{"conversation_id": "c1", "query": "Where does Ana work, Acme or Brightwater?", "as_of": april})
	if got := citedTurns(body["items"].([]any)); code != http.StatusOK || !got["1"] || got["3"] || got["4"] {
		t.Errorf("context as of April: %d cites %v", code, got)
	}
	if ps, _ := body["blocks"].(map[string]any)["profiles"].([]any); len(ps) != 0 {
		t.Errorf("context as of April carries today's profiles: %v", ps)
	}
	code, body = s.do("POST", "/v1/context", map[string]any{"conversation_id": "c1", "query": "Where does Ana work, Acme or Brightwater?"})
	if got := citedTurns(body["items"].([]any)); code != http.StatusOK || !got["3"] {
		t.Errorf("context now: %d cites %v, want turn 3", code, got)
	}

	// Another tenant sees none of it, as of any time.
	other := newContextServer(t, nil)
	if code, body := other.do("GET", "/v1/entities?as_of="+august, nil); code != http.StatusOK || len(body["entities"].([]any)) != 0 {
		t.Errorf("other tenant lists entities as of August: %d %v", code, body)
	}
	for _, path := range []string{"/v1/entities/" + ana + "?as_of=" + august, "/v1/entities/" + ana + "/history?known_at=" + mid,
		"/v1/graph/neighborhood?as_of=" + august + "&entity=" + ana, "/v1/graph/paths?as_of=" + august + "&from=" + bo + "&to=" + ana} {
		if code, body := other.do("GET", path, nil); code != http.StatusNotFound {
			t.Errorf("other tenant GET %s: %d %v", path, code, body)
		}
	}
	if code, body := other.do("POST", "/v1/search", map[string]any{"query": "Acme", "as_of": august}); code != http.StatusOK || len(body["results"].([]any)) != 0 {
		t.Errorf("other tenant search: %d %v", code, body)
	}
}

func TestAsOfRejectsBadInput(t *testing.T) {
	s := newContextServer(t, nil)
	tl := graphtest.SeedTimeline(t, s.store, s.tenant, "c1")
	ana := tl.IDs["Ana"]
	for _, path := range []string{
		"/v1/entities/" + ana + "?as_of=yesterday",
		"/v1/entities/" + ana + "?known_at=2023-04-01",
		"/v1/entities?conversation_id=c1&as_of=last%20spring",
		"/v1/entities?q=Ana&known_at=2023-04-01",
		"/v1/entities/" + ana + "/history?as_of=" + url.QueryEscape("2023-04-01 09:00"),
		"/v1/graph/neighborhood?entity=" + ana + "&as_of=1680339600",
		"/v1/graph/neighborhood?entity=" + ana + "&kinds=co",
		"/v1/graph/paths?from=" + ana + "&to=" + ana + "&known_at=soon",
		"/v1/graph/paths?from=" + ana + "&to=" + ana + "&kinds=TYPED",
		"/v1/entities?conversation_id=c1&as_of=" + url.QueryEscape("0001-01-01T00:00:00+01:00"),
	} {
		code, body := s.do("GET", path, nil)
		msg, _ := body["error"].(map[string]any)["message"].(string)
		if code != http.StatusUnprocessableEntity || errCode(body) != "validation" ||
			!(strings.Contains(msg, "RFC 3339") || strings.Contains(msg, "kinds") || strings.Contains(msg, "years 1 to 9999")) {
			t.Errorf("GET %s: %d %v, want 422 naming the format", path, code, body)
		}
	}
	for _, route := range []string{"/v1/search", "/v1/context"} {
		code, body := s.do("POST", route, map[string]any{"conversation_id": "c1", "query": "Acme", "as_of": "last spring"})
		if code != http.StatusUnprocessableEntity || !strings.Contains(body["error"].(map[string]any)["message"].(string), "RFC 3339") {
			t.Errorf("POST %s with as_of \"last spring\": %d %v, want 422", route, code, body)
		}
		if code, body := s.do("POST", route, map[string]any{"conversation_id": "c1", "query": "Acme", "known_at": 5}); code != http.StatusBadRequest {
			t.Errorf("POST %s with known_at 5: %d %v, want 400", route, code, body)
		}
	}
}
