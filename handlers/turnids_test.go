package handlers_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
)

// unnamedBatch is three chat messages, the middle one named by the client.
func unnamedBatch() map[string]any {
	return map[string]any{"turns": []map[string]any{
		{"speaker": "kiko", "text": "ok so the new job is at Norvik Shipping"},
		{"id": "m-2", "speaker": "kiko", "text": "start monday"},
		{"speaker": "Ana", "text": "congrats!!"},
	}}
}

// checkAssignedIDs checks an answer to unnamedBatch: ids in the order
// sent, the client's kept, the others distinct UUIDs, all stored.
func checkAssignedIDs(s *server, conv string, body map[string]any) []string {
	s.t.Helper()
	raw, _ := body["ids"].([]any)
	if len(raw) != 3 || raw[1] != "m-2" {
		s.t.Fatalf("ids = %v, want 3 with the client's m-2 second", body["ids"])
	}
	ids := make([]string, len(raw))
	for i, r := range raw {
		ids[i], _ = r.(string)
	}
	for _, i := range []int{0, 2} {
		if _, err := uuid.Parse(ids[i]); err != nil {
			s.t.Errorf("assigned id %q is not a UUID: %v", ids[i], err)
		}
	}
	if ids[0] == ids[2] {
		s.t.Errorf("two turns got the same id %q", ids[0])
	}
	code, page := s.do("GET", "/v1/conversations/"+conv+"/turns", nil)
	turns, _ := page["turns"].([]any)
	if code != http.StatusOK || len(turns) < 3 {
		s.t.Fatalf("GET turns: %d %v", code, page)
	}
	for i, tr := range turns[len(turns)-3:] {
		if got := tr.(map[string]any)["id"]; got != ids[i] {
			s.t.Errorf("stored turn %d has id %v, want %q", i, got, ids[i])
		}
	}
	return ids
}

// A turn sent without an id is stored under one Loci assigns, returned in
// the answer's ids; a resent batch without ids is stored again (nothing
// tells it from new messages), while a named turn is stored once.
func TestTurnsWithoutIDsGetOnesAssigned(t *testing.T) {
	s := newServer(t)
	code, body := s.do("POST", "/v1/conversations/c1/turns", unnamedBatch())
	if code != http.StatusCreated || body["created"].(float64) != 3 {
		t.Fatalf("POST: %d %v", code, body)
	}
	first := checkAssignedIDs(s, "c1", body)

	code, body = s.do("POST", "/v1/conversations/c1/turns", unnamedBatch())
	if code != http.StatusCreated || body["created"].(float64) != 2 || body["existing"].(float64) != 1 {
		t.Fatalf("resend: %d %v, want the two unnamed turns stored again and m-2 existing", code, body)
	}
	if ids := body["ids"].([]any); ids[0] == first[0] || ids[2] == first[2] || ids[1] != "m-2" {
		t.Errorf("resend ids = %v, first %v", ids, first)
	}
	if n := s.turnCount("c1"); n != 5 {
		t.Errorf("turn_count = %v, want 5", n)
	}
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "where is the new job"})
	if res, _ := body["results"].([]any); code != http.StatusOK || len(res) == 0 {
		t.Fatalf("search: %d %v", code, body)
	}
	// A blank id is still refused: only an absent (or empty) one is filled.
	code, body = s.do("POST", "/v1/conversations/c1/turns", map[string]any{"turns": []map[string]any{{"id": "  ", "speaker": "kiko", "text": "hi"}}})
	if code != http.StatusUnprocessableEntity {
		t.Errorf("blank id: %d %v, want 422", code, body)
	}
}

// The asynchronous path assigns ids the same way before it acknowledges.
func TestAsyncTurnsWithoutIDs(t *testing.T) {
	s, _ := newAsyncServer(t, 1)
	code, body := s.do("POST", "/v1/conversations/c1/turns?wait=true", unnamedBatch())
	if code != http.StatusCreated || body["created"].(float64) != 3 {
		t.Fatalf("POST: %d %v", code, body)
	}
	checkAssignedIDs(s, "c1", body)
}
