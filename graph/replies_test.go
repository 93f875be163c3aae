package graph_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// replyTurns is a conversation where the scoped speaker (Sam) says the
// searched words and is nearest to the searched vector more often than the
// reply channels read candidates when they cannot leave Sam's turns out
// in the index (limit 2: full text read 4, the vector search 16), and the one turn by Evan that has them too is answered by
// Sam: the reply channels must find that answer past Sam's own matches.
func replyTurns(secret string) ([]ontology.Turn, [][]float32) {
	var turns []ontology.Turn
	var vecs [][]float32
	for i := range 20 {
		turns = append(turns, ontology.Turn{ID: fmt.Sprint("sam", i), Session: fmt.Sprint("s", i), Speaker: "Sam",
			Text: "watercolor watercolor painting at the lake"})
		vecs = append(vecs, unit(1, 0, float32(i)/100, 0))
	}
	turns = append(turns,
		ontology.Turn{ID: "ask", Session: "s9", Speaker: "Evan", Text: "do you like watercolor?"},
		ontology.Turn{ID: "answer", Session: "s9", Speaker: "Sam", Text: secret},
		ontology.Turn{ID: "after", Session: "s9", Speaker: "Evan", Text: "nice"},
	)
	vecs = append(vecs, unit(1, 0.3, 0, 0), unit(0, 0, 0, 1), unit(0, 1, 0, 1))
	return turns, vecs
}

// TestReplyChannelsReadPastOwnTurns: the full-text and vector reply
// channels, per conversation and tenant-wide, on the store's vector path
// and on exact scans, find the scoped speaker's reply even when the
// speaker's own matches outnumber the candidates read, and never a reply
// of another tenant that shares the words, the speaker names and vectors.
func TestReplyChannelsReadPastOwnTurns(t *testing.T) {
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	ctx := context.Background()
	tenant, other := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	turns, vecs := replyTurns("I paint every weekend")
	if _, err := s.AddTurns(ctx, tenant, "c1", turns, vecs); err != nil {
		t.Fatal(err)
	}
	// Another tenant: the same words, speakers and vectors, a reply of its own.
	otherTurns, otherVecs := replyTurns("tenant B's secret answer")
	exact := addTurnsTo(t, s, other, otherTurns, otherVecs, "c1", "c2")
	check := func(what string, res []ontology.SearchResult, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var ids []string
		for _, r := range res {
			if r.Text == "tenant B's secret answer" {
				t.Errorf("%s: another tenant's turn %+v", what, r)
			}
			ids = append(ids, r.Conversation+"/"+r.ID)
		}
		if !slices.Equal(ids, []string{"c1/answer"}) {
			t.Errorf("%s = %v, want [c1/answer] (Sam's answer to Evan, past Sam's own matches)", what, ids)
		}
	}
	for _, conv := range []string{"c1", ""} {
		q := ontology.FullTextQuery{Tenant: tenant, Conversation: conv, Speaker: "sam", Text: "watercolor", Limit: 2, Adjacent: ontology.AdjacentReply}
		res, err := s.SearchTurns(ctx, q)
		check(fmt.Sprintf("full-text replies by Sam (conversation %q)", conv), res, err)
		for name, st := range map[string]*graph.Store{"store's path": s, "exact": exact} {
			res, err := st.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: conv, Speaker: "sam",
				EmbedderID: "test-embedder", Vector: unit(1, 0, 0, 0), Limit: 2, Adjacent: ontology.AdjacentReply})
			check(fmt.Sprintf("vector replies by Sam, %s (conversation %q)", name, conv), res, err)
		}
	}
}

// TestReplyKeysFollowTheChain: a turn's reply key names the speaker of the
// next turn in its session when that is another speaker, across batches,
// and is rewritten when forgetting a speaker rejoins the chain.
func TestReplyKeysFollowTheChain(t *testing.T) {
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	ctx := context.Background()
	tenant := graphtest.Tenant(t, s)
	add := func(turns ...ontology.Turn) {
		t.Helper()
		vecs := make([][]float32, len(turns))
		for i := range vecs {
			vecs[i] = unit(1, float32(i), 0, 0)
		}
		if _, err := s.AddTurns(ctx, tenant, "c1", turns, vecs); err != nil {
			t.Fatal(err)
		}
	}
	add(ontology.Turn{ID: "1", Session: "s1", Speaker: "Ann", Text: "one"},
		ontology.Turn{ID: "2", Session: "s1", Speaker: "Ann", Text: "two"},
		ontology.Turn{ID: "3", Session: "s1", Speaker: "Bob", Text: "three"})
	// The next batch answers the last turn of the first one, and starts a
	// session whose first turn answers nothing of the last one.
	add(ontology.Turn{ID: "4", Session: "s1", Speaker: "Cat", Text: "four"},
		ontology.Turn{ID: "5", Session: "s1", Speaker: "Bob", Text: "five"},
		ontology.Turn{ID: "6", Session: "s2", Speaker: "Ann", Text: "six"})
	// Each turn's reply key, as the name of the speaker whose key it is.
	speakerOf := map[any]any{}
	for _, r := range graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant}) RETURN DISTINCT t.speaker_key AS key, t.speaker AS speaker",
		map[string]any{"tenant": tenant}) {
		speakerOf[r["key"]] = r["speaker"]
	}
	keys := func() map[string]any {
		t.Helper()
		out := map[string]any{}
		for _, r := range graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant, conversation: 'c1'}) RETURN t.id AS id, t.reply_speaker_key AS key",
			map[string]any{"tenant": tenant}) {
			out[r["id"].(string)] = nil
			if r["key"] != nil {
				out[r["id"].(string)] = speakerOf[r["key"]]
			}
		}
		return out
	}
	want := map[string]any{"1": nil, "2": "Bob", "3": "Cat", "4": "Bob", "5": nil, "6": nil}
	if got := keys(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("reply keys = %v, want %v", got, want)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "cat"); err != nil {
		t.Fatal(err)
	}
	want = map[string]any{"1": nil, "2": "Bob", "3": nil, "5": nil, "6": nil}
	if got := keys(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("reply keys after forgetting Cat = %v, want %v (3 is now followed by Bob's 5)", got, want)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "bob"); err != nil {
		t.Fatal(err)
	}
	want = map[string]any{"1": nil, "2": nil, "6": nil}
	if got := keys(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("reply keys after forgetting Bob = %v, want %v", got, want)
	}
}
