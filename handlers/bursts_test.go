package handlers_test

import (
	"net/http"
	"reflect"
	"testing"
)

// TestSearchReturnsBurstsCitingTheirMessages sends a chat in short
// messages, one batch per message as a messaging app would, and asks about
// words spread over one speaker's burst: the burst comes back as one
// result citing every message, and a message it holds is not listed again
// below it.
func TestSearchReturnsBurstsCitingTheirMessages(t *testing.T) {
	s := newHybridServer(t)
	msgs := chat("greyhound-burst")
	for _, m := range msgs {
		if code, body := s.do("POST", "/v1/conversations/chat/turns", map[string]any{"turns": []any{m}}); code != http.StatusCreated {
			t.Fatalf("ingest %v: %d %v", m["id"], code, body)
		}
	}
	code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "Which dog did Rosa adopt from the shelter?",
		"config": "turns-default-bursts", "explain": true})
	if code != http.StatusOK {
		t.Fatalf("search: %d %v", code, body)
	}
	results := body["results"].([]any)
	var burst map[string]any
	seen := map[string]int{}
	for _, r := range results {
		m := r.(map[string]any)
		if m["kind"] == "burst" && burst == nil {
			burst = m
		}
		for _, id := range m["source_turn_ids"].([]any) {
			if m["kind"] != "fact" {
				seen[id.(string)]++
			}
		}
	}
	if burst == nil {
		t.Fatalf("no burst among %v", results)
	}
	ids := []string{}
	for _, id := range burst["source_turn_ids"].([]any) {
		ids = append(ids, id.(string))
	}
	if burst["id"] != "m1" || burst["speaker"] != "Rosa" || !reflect.DeepEqual(ids, []string{"m1", "m2", "m3"}) ||
		burst["text"] != "guess what\nI finally adopted a dog\na greyhound from the shelter" {
		t.Fatalf("burst result %v", burst)
	}
	if ch := burst["channels"].(map[string]any); ch["bursts_fulltext"] == nil {
		t.Fatalf("burst found by %v, want the burst full-text channel among them", ch)
	}
	for id, n := range seen {
		if n > 1 && burst["score"].(float64) >= 0 {
			// A member listed twice must sit above its burst (dropCited).
			for _, r := range results {
				m := r.(map[string]any)
				if m["kind"] == "turn" && m["id"] == id && m["score"].(float64) < burst["score"].(float64) {
					t.Fatalf("message %s listed again below its burst: %v", id, results)
				}
			}
		}
	}
}
