package graph_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// windowChat is a chat whose answer names its subject only two messages
// before it: "what does sigrid teach" matches no single turn's text with
// both words, only D3's context window.
func windowChat(answer string) []ontology.Turn {
	return []ontology.Turn{
		{ID: "D1", Session: "s1", Speaker: "Hannah", Text: "How's Sigrid doing?"},
		{ID: "D2", Session: "s1", Speaker: "Hannah", Text: "Is she still at the university?"},
		{ID: "D3", Session: "s1", Speaker: "Ola", Text: answer},
		{ID: "D4", Session: "s1", Speaker: "Hannah", Text: "Lovely. And the dog?"},
		{ID: "D5", Session: "s2", Speaker: "Ola", Text: "Loki sleeps all day"},
	}
}

// storedWindows reads the tenant's stored context windows by turn id.
func storedWindows(t *testing.T, tenant string) map[string]any {
	t.Helper()
	rows := graphtest.Cypher(t, "MATCH (n:Turn) WHERE n.tenant = $tenant RETURN n.conversation + '/' + n.id AS id, n.window AS window",
		map[string]any{"tenant": tenant})
	out := map[string]any{}
	for _, r := range rows {
		out[r["id"].(string)] = r["window"]
	}
	return out
}

// TestContextWindows: ingest stores each turn's context window as
// ontology.ContextWindow builds it, across batches (the first turns of a
// batch take the stored turns before them) and on the asynchronous path;
// `migrate`'s backfill writes the same windows for turns stored without
// one; a window search finds the answer by a subject named before it,
// scoped to the speaker, and never another tenant's turn with the same
// words.
func TestContextWindows(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	turns := windowChat("She is, she teaches linguistics")
	// Two batches: the second's first turn continues the first's window.
	if _, err := s.AddTurns(ctx, tenant, "c1", turns[:2], nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTurns(ctx, tenant, "c1", turns[2:], nil); err != nil {
		t.Fatal(err)
	}
	// The asynchronous ingest path, one turn per batch.
	for _, tr := range turns {
		if _, _, err := s.AddPendingTurns(ctx, tenant, "c2", []ontology.Turn{tr}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddTurns(ctx, other, "c1", windowChat("tenant B's secret: she teaches too"), nil); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{}
	for _, conv := range []string{"c1", "c2"} {
		var before []ontology.WindowTurn
		for _, tr := range turns {
			w := ontology.WindowTurn{Session: tr.Session, Text: tr.Text}
			want[conv+"/"+tr.ID] = ontology.ContextWindow(before, w)
			before = append(before, w)
		}
	}
	if want["c1/D3"] != "How's Sigrid doing?\nIs she still at the university?\nShe is, she teaches linguistics" || want["c1/D5"] != "Loki sleeps all day" {
		t.Fatalf("ContextWindow built %q and %q", want["c1/D3"], want["c1/D5"])
	}
	got := storedWindows(t, tenant)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("stored window of %s = %q, want %q", id, got[id], w)
		}
	}

	// Backfill: turns stored before windows existed get the same ones.
	graphtest.Cypher(t, "MATCH (n:Turn) WHERE n.tenant = $tenant REMOVE n.window", map[string]any{"tenant": tenant})
	if got := storedWindows(t, tenant); got["c1/D3"] != nil {
		t.Fatalf("window not removed: %q", got["c1/D3"])
	}
	if err := s.SetTurnWindows(ctx); err != nil {
		t.Fatal(err)
	}
	got = storedWindows(t, tenant)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("backfilled window of %s = %q, want %q", id, got[id], w)
		}
	}

	search := func(q ontology.FullTextQuery) []string {
		t.Helper()
		res, err := s.SearchTurns(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range res {
			if r.Text == "tenant B's secret: she teaches too" {
				t.Errorf("another tenant's turn: %+v", r)
			}
			ids = append(ids, r.Conversation+"/"+r.ID)
		}
		return ids
	}
	// Every word in one turn's window: only D3's holds both (D4's starts
	// at D2); scoped to Ola, D3, with its own text.
	q := ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Speaker: "ola", Text: "what does Sigrid teach", MatchAll: true, Window: true}
	if ids := search(q); !slices.Equal(ids, []string{"c1/D3"}) {
		t.Errorf("window search, Ola, all words = %v, want [c1/D3]", ids)
	}
	// The same words on the turn text alone match nothing.
	q.Window = false
	if ids := search(q); len(ids) != 0 {
		t.Errorf("text search, all words = %v, want none", ids)
	}
	// Tenant-wide, any speaker: both conversations' D3, no other tenant's.
	q = ontology.FullTextQuery{Tenant: tenant, Text: "sigrid teaches", MatchAll: true, Window: true}
	ids := search(q)
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"c1/D3", "c2/D3"}) {
		t.Errorf("tenant-wide window search = %v, want D3 of c1 and c2", ids)
	}
	if _, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Text: "sigrid", Window: true, Adjacent: ontology.AdjacentReply}); err == nil {
		t.Error("a window search with adjacent turns was accepted")
	}

	// Forgetting a speaker rebuilds the windows over the rejoined chain:
	// none keeps a forgotten turn's text.
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "Hannah"); err != nil {
		t.Fatal(err)
	}
	got = storedWindows(t, tenant)
	for _, id := range []string{"c1/D3", "c1/D5"} {
		w := strings.TrimPrefix(id, "c1/")
		want := map[string]string{"D3": "She is, she teaches linguistics", "D5": "Loki sleeps all day"}[w]
		if got[id] != want {
			t.Errorf("window of %s after forgetting Hannah = %q, want %q", id, got[id], want)
		}
	}
	if len(got) != 7 {
		t.Errorf("after forgetting Hannah in c1: %d turns, want 7 (c1: D3, D5; c2: all five)", len(got))
	}
}
