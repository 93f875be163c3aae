package handlers_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
)

// Without a conversation_id, /v1/context draws on every conversation of
// the tenant, and only of the tenant: an agent starting a new chat can
// recall what an earlier one said. Each memory names its conversation.
func TestContextAcrossTheTenantsConversations(t *testing.T) {
	store := graphtest.Store(t)
	s := newServerWith(t, store, nil)
	other := newServerWith(t, store, nil)
	post := func(s *server, conv string, turns ...map[string]any) {
		t.Helper()
		if code, body := s.do("POST", "/v1/conversations/"+conv+"/turns", map[string]any{"turns": turns}); code != http.StatusCreated {
			t.Fatalf("POST %s: %d %v", conv, code, body)
		}
	}
	post(s, "monday-chat",
		map[string]any{"id": "1", "speaker": "mira", "text": "my climbing gym is Bloc Haus in Leith", "timestamp": "2024-03-04T18:00:00Z"},
		map[string]any{"id": "2", "speaker": "assistant", "text": "Nice, how often do you go?", "timestamp": "2024-03-04T18:01:00Z"})
	post(s, "friday-chat",
		map[string]any{"id": "1", "speaker": "mira", "text": "booked a dentist for tuesday", "timestamp": "2024-03-08T09:00:00Z"})
	post(other, "secret",
		map[string]any{"id": "1", "speaker": "mira", "text": "my climbing gym is Rockhouse Oslo", "timestamp": "2024-03-04T18:00:00Z"})

	code, body := s.do("POST", "/v1/context", map[string]any{"query": "which climbing gym does mira go to?", "budget_tokens": 300})
	if code != http.StatusOK {
		t.Fatalf("tenant-wide context: %d %v", code, body)
	}
	text, _ := body["context"].(string)
	if !strings.Contains(text, "Bloc Haus") || !strings.Contains(text, "in monday-chat") {
		t.Errorf("context %q lacks the earlier conversation's memory, named", text)
	}
	if strings.Contains(text, "Rockhouse") {
		t.Fatalf("context %q carries another tenant's turn", text)
	}
	found := false
	for _, it := range body["items"].([]any) {
		item := it.(map[string]any)
		if strings.Contains(item["text"].(string), "Bloc Haus") {
			found = item["conversation_id"] == "monday-chat" && item["id"] == "1"
		}
		if k := item["kind"]; k != "turn" && k != "fact" && k != "burst" {
			t.Errorf("tenant-wide item of kind %v: want memories only", k)
		}
	}
	if !found {
		t.Errorf("items %v: want the Bloc Haus turn as monday-chat's turn 1", body["items"])
	}

	// Within one conversation the lines name no conversation, as before.
	code, body = s.do("POST", "/v1/context", map[string]any{"conversation_id": "monday-chat", "query": "which climbing gym?", "budget_tokens": 300})
	if text, _ := body["context"].(string); code != http.StatusOK || !strings.Contains(text, "Bloc Haus") || strings.Contains(text, "in monday-chat") {
		t.Errorf("one conversation's context: %d %q", code, text)
	}
}
