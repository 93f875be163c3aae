package handlers_test

import (
	"net/http"
	"net/url"
	"testing"
)

// TestBurstCoMentionConnects: news split over two messages of one speaker
// ("Rui got a new job!!" / "at Norvik Shipping") connects the person to
// the organisation through a co-mention edge citing both turns, though no
// single turn names both.
func TestBurstCoMentionConnects(t *testing.T) {
	s := newRulesServer(t, nil)
	s.ingest("burst", []map[string]any{
		{"id": "1", "session": "1", "speaker": "kiko", "text": "omg Rui got a new job!!", "timestamp": "2025-05-02T18:00:00Z"},
		{"id": "2", "session": "1", "speaker": "kiko", "text": "at Norvik Shipping", "timestamp": "2025-05-02T18:00:40Z"},
		{"id": "3", "session": "1", "speaker": "ana", "text": "no way 🎉", "timestamp": "2025-05-02T18:02:00Z"},
	})
	code, body := s.do("GET", "/v1/graph/paths?conversation_id=burst&from=Rui&to="+url.QueryEscape("Norvik Shipping"), nil)
	if code != http.StatusOK {
		t.Fatalf("paths: %d %v", code, body)
	}
	paths := body["paths"].([]any)
	if len(paths) == 0 {
		t.Fatalf("no path from Rui to Norvik Shipping: %v", body)
	}
	// The rules extractor reads the burst as one statement too ("got a new
	// job" / "at Norvik Shipping": WORKS_AT, ranked first); the co-mention
	// edge is there beside it.
	for _, p := range paths {
		edges := p.(map[string]any)["edges"].([]any)
		if len(edges) != 1 || edges[0].(map[string]any)["kind"] != "co_mention" {
			continue
		}
		e := edges[0].(map[string]any)
		cites := map[string]bool{}
		for _, id := range e["source_turn_ids"].([]any) {
			cites[id.(string)] = true
		}
		if e["type"] != "MENTIONED_WITH" || !cites["1"] || !cites["2"] || cites["3"] {
			t.Fatalf("edge = %v, want a co-mention citing turns 1 and 2 only", e)
		}
		return
	}
	t.Fatalf("paths = %v, want a one-edge co-mention path", paths)
}
