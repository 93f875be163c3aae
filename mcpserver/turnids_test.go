package mcpserver_test

import (
	"strings"
	"testing"
)

// An agent may send turns without ids: add_turns's schema does not require
// one, Loci assigns them, and the answer lists every turn's id in order.
// get_context without a conversation draws on all of the tenant's.
func TestAgentWithoutIDsOrConversation(t *testing.T) {
	s, _, _ := newSession(t)
	var added struct {
		IDs     []string `json:"ids"`
		Created int      `json:"created"`
	}
	turns := []map[string]any{
		{"speaker": "user", "text": "my sister Ana moved to Porto"},
		{"speaker": "assistant", "text": "Nice, when did she move?"},
	}
	s.ok("add_turns", map[string]any{"conversation_id": "agent", "turns": turns}, &added)
	if added.Created != 2 || len(added.IDs) != 2 || added.IDs[0] == "" || added.IDs[0] == added.IDs[1] {
		t.Fatalf("add_turns = %+v, want two distinct assigned ids", added)
	}
	s.ok("add_turns", map[string]any{"conversation_id": "agent", "turns": turns[:1]}, &added)
	if added.Created != 1 || len(added.IDs) != 1 {
		t.Fatalf("second add_turns = %+v, want the turn stored again under a new id", added)
	}
	var cx struct {
		Context string `json:"context"`
		Items   []struct {
			Conversation string `json:"conversation_id"`
		} `json:"items"`
	}
	s.ok("get_context", map[string]any{"query": "where did Ana move?"}, &cx)
	if !strings.Contains(cx.Context, "Porto") || !strings.Contains(cx.Context, "in agent") || len(cx.Items) == 0 || cx.Items[0].Conversation != "agent" {
		t.Fatalf("get_context without a conversation = %+v", cx)
	}
}
