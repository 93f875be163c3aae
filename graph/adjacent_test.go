package graph_test

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// adjacentTurns is a two-session exchange where the words of each question
// are only in the turn that asks it, or in the turn that replies.
func adjacentTurns() []ontology.Turn {
	return []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "How did you get into watercolor painting?"},
		{ID: "2", Session: "s1", Speaker: "Evan", Text: "My friend got me into it and gave me some advice."},
		{ID: "3", Session: "s1", Speaker: "Evan", Text: "Here is my latest one."},
		{ID: "4", Session: "s1", Speaker: "Sam", Text: "Wow, that sunrise over the lake is gorgeous!"},
		{ID: "5", Session: "s1", Speaker: "Sam", Text: "Do you still paint watercolor at night?"},
		// A new session: its first turn answers nothing of the last one.
		{ID: "6", Session: "s2", Speaker: "Evan", Text: "Hey Sam, long time no see."},
	}
}

func TestSearchAdjacentTurns(t *testing.T) {
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	ctx := context.Background()
	tenant, other := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	vecs := [][]float32{unit(1, 0, 0, 0), unit(0, 1, 0, 0), unit(0, 0, 1, 0), unit(0, 0, 0, 1), unit(1, 0, 0, 0.2), unit(0, 1, 1, 0)}
	if _, err := s.AddTurns(ctx, tenant, "c1", adjacentTurns(), vecs); err != nil {
		t.Fatal(err)
	}
	// The same conversation in another tenant: its reply to the same words must never show.
	if _, err := s.AddTurns(ctx, other, "c1", []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "How did you get into watercolor painting?"},
		{ID: "2", Session: "s1", Speaker: "Evan", Text: "Tenant B's secret answer."},
	}, [][]float32{unit(1, 0, 0, 0), unit(1, 0, 0, 0)}); err != nil {
		t.Fatal(err)
	}
	ids := func(res []ontology.SearchResult) []string {
		var out []string
		for _, r := range res {
			if r.Conversation != "c1" || len(r.SourceTurnIDs) != 1 || r.SourceTurnIDs[0] != r.ID {
				t.Errorf("bad result %+v", r)
			}
			if r.Text == "Tenant B's secret answer." {
				t.Errorf("another tenant's turn: %+v", r)
			}
			out = append(out, r.ID)
		}
		return out
	}
	fulltext := func(speaker, text, adjacent string) []string {
		t.Helper()
		res, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Speaker: speaker, Text: text, Limit: 10, Adjacent: adjacent})
		if err != nil {
			t.Fatal(err)
		}
		return ids(res)
	}
	// The reply to the turn that asks about watercolor, which itself has none of the words.
	if got := fulltext("evan", "watercolor painting", ontology.AdjacentReply); len(got) != 1 || got[0] != "2" {
		t.Errorf("replies by Evan to 'watercolor painting' = %v, want [2] (turn 5's next turn starts another session)", got)
	}
	// Unscoped: any speaker's reply, never a same-speaker continuation.
	if got := fulltext("", "latest", ontology.AdjacentReply); len(got) != 1 || got[0] != "4" {
		t.Errorf("replies to 'latest' = %v, want [4]", got)
	}
	if got := fulltext("", "advice", ontology.AdjacentReply); len(got) != 0 {
		t.Errorf("replies to 'advice' = %v, want none (turn 3 is the same speaker)", got)
	}
	// The turn a matching reply answers.
	if got := fulltext("evan", "sunrise lake", ontology.AdjacentPrompt); len(got) != 1 || got[0] != "3" {
		t.Errorf("prompts by Evan of 'sunrise lake' = %v, want [3]", got)
	}
	// The scoped speaker's own matches are not neighbours of anything.
	if got := fulltext("sam", "watercolor", ontology.AdjacentReply); len(got) != 0 {
		t.Errorf("replies by Sam to 'watercolor' = %v, want none (only Sam's turns match)", got)
	}
	if _, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: "x y", Limit: 10, Adjacent: "sideways"}); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("unknown adjacent: %v, want a validation error", err)
	}

	vector := func(conv, speaker string, v []float32, adjacent string) []string {
		t.Helper()
		res, err := s.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: conv, Speaker: speaker,
			EmbedderID: "test-embedder", Vector: v, Limit: 10, Adjacent: adjacent})
		if err != nil {
			t.Fatal(err)
		}
		return ids(res)
	}
	// Nearest to turn 1's direction: turns 1 and 5 (Sam's); their replies by Evan: turn 2 only
	// (turn 5's next turn is in another session).
	if got := vector("c1", "evan", unit(1, 0, 0, 0), ontology.AdjacentReply); len(got) != 1 || got[0] != "2" {
		t.Errorf("vector replies by Evan = %v, want [2]", got)
	}
	// Tenant-wide, the same.
	if got := vector("", "evan", unit(1, 0, 0, 0), ontology.AdjacentReply); len(got) != 1 || got[0] != "2" {
		t.Errorf("tenant-wide vector replies by Evan = %v, want [2]", got)
	}
	// Prompts: nearest to turn 4 (Sam) is answered-from turn 3 (Evan), ranked first.
	if got := vector("c1", "evan", unit(0, 0, 0, 1), ontology.AdjacentPrompt); len(got) == 0 || got[0] != "3" {
		t.Errorf("vector prompts by Evan = %v, want 3 first", got)
	}
}
