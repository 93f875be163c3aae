package handlers_test

import (
	"testing"
)

// TestQuestionDiscountPrefersTheStatement asks about something one speaker
// both asked about and told: without question_discount (the default before
// it) the question ranks first, with it (the default) the turn that tells.
func TestQuestionDiscountPrefersTheStatement(t *testing.T) {
	s := newHybridServer(t)
	s.ingest("c1", chat("hiking"))
	top := func(config string) map[string]any {
		t.Helper()
		rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": "Where did Rosa go hiking in the mountains?", "config": config, "explain": true})
		if len(rs) == 0 {
			t.Fatalf("%s: no results", config)
		}
		return rs[0]
	}
	if r := top("default-before-rank"); r["id"] != "1" {
		t.Fatalf("without the discount the top is %v, want the question, turn 1 (the contrast this test relies on)", r)
	}
	r := top("default")
	if r["id"] != "3" {
		t.Fatalf("with question_discount the top is %v, want the statement, turn 3", r)
	}
	rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": "Where did Rosa go hiking in the mountains?", "config": "default", "explain": true})
	for _, r := range rs {
		ch := r["channels"].(map[string]any)
		if (r["id"] == "1") != (ch["question"] != nil) {
			t.Errorf("turn %v: discount recorded %v, want it on the question (turn 1) only", r["id"], ch["question"])
		}
	}
}
