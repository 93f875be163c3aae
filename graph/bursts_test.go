package graph_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// topicEmbedder embeds a text as 4 counts: words about cooking, travel,
// work and anything else, so tests know which vectors are near.
type topicEmbedder struct{}

func (topicEmbedder) ID() string      { return "test-embedder" }
func (topicEmbedder) Dimensions() int { return 4 }
func (topicEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	topics := []string{"pasta sauce recipe cook", "flight trip paris travel", "job boss office work"}
	out := make([][]float32, len(texts))
	for i, text := range texts {
		v := []float32{0, 0, 0, 0.1}
		for _, w := range strings.Fields(strings.ToLower(text)) {
			w = strings.Trim(w, ".,!?")
			for k, ws := range topics {
				if strings.Contains(" "+ws+" ", " "+w+" ") {
					v[k]++
				}
			}
		}
		out[i] = v
	}
	return out, nil
}

// burstRows reads the stored bursts of a conversation: id, members, text.
func burstRows(t *testing.T, tenant, conv string) []map[string]any {
	t.Helper()
	return graphtest.Cypher(t, `MATCH (b:Burst {tenant: $tenant, conversation: $conv})
		OPTIONAL MATCH (b)-[:HAS_MEMBER]->(m:Turn)
		WITH b, m ORDER BY m.seq
		RETURN b.id AS id, b.turn_ids AS turn_ids, collect(m.id) AS members, b.text AS text,
		       b.embedding_test_embedder IS NOT NULL AS has_vector, b.seq AS seq
		ORDER BY seq`, map[string]any{"tenant": tenant, "conv": conv})
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// messages are Ann's and Bob's chat: Ann's first three messages a minute
// apart, then Bob's two, then Ann alone after an hour.
func messages() []ontology.Turn {
	return []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Ann", Text: "Guess what", Timestamp: graphtest.At("2024-03-01T09:00:00Z")},
		{ID: "2", Session: "s1", Speaker: "Ann", Text: "I booked a flight", Timestamp: graphtest.At("2024-03-01T09:00:20Z")},
		{ID: "3", Session: "s1", Speaker: "Ann", Text: "to Paris for the trip", Timestamp: graphtest.At("2024-03-01T09:01:00Z")},
		{ID: "4", Session: "s1", Speaker: "Bob", Text: "Amazing", Timestamp: graphtest.At("2024-03-01T09:02:00Z")},
		{ID: "5", Session: "s1", Speaker: "Bob", Text: "cook me a pasta sauce when you are back", Timestamp: graphtest.At("2024-03-01T09:02:30Z")},
		{ID: "6", Session: "s1", Speaker: "Ann", Text: "my boss says hi from the office", Timestamp: graphtest.At("2024-03-01T10:30:00Z")},
	}
}

// burstStore opens a store with topicEmbedder's vector indexes, a fresh
// tenant in it, and an ingestor that embeds with topicEmbedder.
func burstStore(t *testing.T) (topicEmbedder, *graph.Store, string, *extract.Ingestor) {
	t.Helper()
	emb := topicEmbedder{}
	s := graphtest.StoreWithVectors(t, emb.ID(), emb.Dimensions())
	return emb, s, graphtest.Tenant(t, s), extract.NewIngestor(s, emb)
}

// burstsInTwoTenants is burstStore with messages stored as conversation
// "c" of its tenant and of another one.
func burstsInTwoTenants(t *testing.T) (topicEmbedder, *graph.Store, string) {
	t.Helper()
	emb, s, tenant, in := burstStore(t)
	for _, ten := range []string{tenant, graphtest.Tenant(t, s)} {
		if _, err := in.AddTurns(context.Background(), ten, "c", messages()); err != nil {
			t.Fatal(err)
		}
	}
	return emb, s, tenant
}

func TestBurstsBuiltAcrossBatches(t *testing.T) {
	ctx := context.Background()
	_, _, tenant, in := burstStore(t)
	turns := messages()
	// Turn by turn, as an agent would send them: bursts grow batch by batch.
	for i := range turns[:4] {
		if _, err := in.AddTurns(ctx, tenant, "c", turns[i:i+1]); err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
		if i == 1 {
			rows := burstRows(t, tenant, "c")
			if len(rows) != 1 || !reflect.DeepEqual(strs(rows[0]["members"]), []string{"1", "2"}) {
				t.Fatalf("after two of Ann's messages: %v", rows)
			}
		}
	}
	if _, err := in.AddTurns(ctx, tenant, "c", turns[4:]); err != nil {
		t.Fatal(err)
	}
	rows := burstRows(t, tenant, "c")
	if len(rows) != 2 {
		t.Fatalf("bursts %v, want Ann's 1-3 and Bob's 4-5 (turn 6 is alone: an hour later)", rows)
	}
	for i, want := range [][]string{{"1", "2", "3"}, {"4", "5"}} {
		r := rows[i]
		if r["id"] != want[0] || !reflect.DeepEqual(strs(r["members"]), want) || !reflect.DeepEqual(strs(r["turn_ids"]), want) || r["has_vector"] != true {
			t.Fatalf("burst %d = %v, want members %v with a vector", i, r, want)
		}
	}
	if rows[0]["text"] != "Guess what\nI booked a flight\nto Paris for the trip" {
		t.Fatalf("burst text %q", rows[0]["text"])
	}
	// Resending stores nothing twice.
	if _, err := in.AddTurns(ctx, tenant, "c", turns); err != nil {
		t.Fatal(err)
	}
	if again := burstRows(t, tenant, "c"); !reflect.DeepEqual(again, rows) {
		t.Fatalf("resent batch changed the bursts: %v", again)
	}
}

func TestBurstSearchCitesMembersAndPairsReplies(t *testing.T) {
	ctx := context.Background()
	emb, s, tenant := burstsInTwoTenants(t)
	// "flight" and "Paris" are in different messages: the burst holds both.
	res, err := s.SearchBursts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c", Text: "Paris flight", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Kind != ontology.KindBurst || res[0].ID != "1" || !reflect.DeepEqual(res[0].SourceTurnIDs, []string{"1", "2", "3"}) || res[0].Speaker != "Ann" {
		t.Fatalf("burst search: %+v", res)
	}
	// Tenant-wide search stays in the tenant.
	res, err = s.SearchBursts(ctx, ontology.FullTextQuery{Tenant: tenant, Text: "Paris flight", Limit: 5})
	if err != nil || len(res) != 1 || res[0].Conversation != "c" {
		t.Fatalf("tenant-wide: %+v %v", res, err)
	}
	// Speaker scope: Bob has no burst about Paris.
	if res, err = s.SearchBursts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c", Speaker: "bob", Text: "Paris flight", Limit: 5}); err != nil || len(res) != 0 {
		t.Fatalf("Bob's Paris bursts: %+v %v", res, err)
	}
	// The reply to Ann's burst is Bob's burst, as one unit.
	res, err = s.SearchBursts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c", Speaker: "Bob", Text: "Paris flight", Limit: 5, Adjacent: ontology.AdjacentReply})
	if err != nil || len(res) != 1 || res[0].Kind != ontology.KindBurst || !reflect.DeepEqual(res[0].SourceTurnIDs, []string{"4", "5"}) {
		t.Fatalf("reply to Ann's burst: %+v %v", res, err)
	}
	// And the prompt of Bob's burst is Ann's.
	res, err = s.SearchBursts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c", Speaker: "Ann", Text: "pasta", Limit: 5, Adjacent: ontology.AdjacentPrompt})
	if err != nil || len(res) != 1 || !reflect.DeepEqual(res[0].SourceTurnIDs, []string{"1", "2", "3"}) {
		t.Fatalf("prompt of Bob's burst: %+v %v", res, err)
	}
	// Vectors: Bob's cooking burst is nearest a cooking query; the unit
	// after it, Ann's lone message, comes back as a turn.
	vec, _ := emb.Embed(ctx, []string{"a recipe to cook"})
	res, err = s.SearchBurstVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: "c", EmbedderID: emb.ID(), Vector: vec[0], Limit: 1})
	if err != nil || len(res) != 1 || res[0].ID != "4" || !reflect.DeepEqual(res[0].SourceTurnIDs, []string{"4", "5"}) {
		t.Fatalf("nearest burst: %+v %v", res, err)
	}
	res, err = s.SearchBurstVectors(ctx, ontology.VectorQuery{Tenant: tenant, EmbedderID: emb.ID(), Vector: vec[0], Limit: 5, Speaker: "Ann", Adjacent: ontology.AdjacentReply})
	if err != nil || len(res) != 1 || res[0].Kind != ontology.KindTurn || res[0].ID != "6" {
		t.Fatalf("reply to Bob's burst: %+v %v", res, err)
	}
}

func TestBurstsGoWithTheirSpeakerConversationAndTenant(t *testing.T) {
	ctx := context.Background()
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	in := extract.NewIngestor(s, nil)
	for _, c := range []string{"c1", "c2", "c3"} {
		if _, err := in.AddTurns(ctx, tenant, c, messages()); err != nil {
			t.Fatal(err)
		}
	}
	count := func(conv string) int {
		return len(burstRows(t, tenant, conv))
	}
	if count("c1") != 2 {
		t.Fatalf("c1 has %d bursts, want 2 (no embedder: bursts are stored for full-text search alone)", count("c1"))
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "ann"); err != nil {
		t.Fatal(err)
	}
	rows := burstRows(t, tenant, "c1")
	if len(rows) != 1 || rows[0]["id"] != "4" {
		t.Fatalf("after forgetting Ann: %v, want Bob's burst only", rows)
	}
	if _, err := s.DeleteConversation(ctx, tenant, "c2"); err != nil {
		t.Fatal(err)
	}
	if count("c2") != 0 || count("c3") != 2 {
		t.Fatalf("after deleting c2: c2 %d, c3 %d bursts", count("c2"), count("c3"))
	}
	if _, err := s.DeleteTenant(ctx, tenant); err != nil {
		t.Fatal(err)
	}
	left := graphtest.Cypher(t, `MATCH (b:Burst {tenant: $tenant}) RETURN count(b) AS n`, map[string]any{"tenant": tenant})
	if left[0]["n"].(int64) != 0 {
		t.Fatalf("%d bursts left after deleting the tenant", left[0]["n"])
	}
}

func TestTurnBurstsMapsMembersOnlyInTheirTenant(t *testing.T) {
	ctx := context.Background()
	_, s, tenant, in := burstStore(t)
	other := graphtest.Tenant(t, s)
	if _, err := in.AddTurns(ctx, tenant, "c", messages()); err != nil {
		t.Fatal(err)
	}
	refs := []ontology.TurnRef{{Conversation: "c", ID: "1"}, {Conversation: "c", ID: "3"}, {Conversation: "c", ID: "5"},
		{Conversation: "c", ID: "6"}, {Conversation: "c", ID: "missing"}}
	got, err := s.TurnBursts(ctx, tenant, refs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got["c\x1f1"] == "" || got["c\x1f1"] != got["c\x1f3"] || got["c\x1f5"] == got["c\x1f1"] || got["c\x1f5"] == "" {
		t.Fatalf("TurnBursts = %v, want turns 1 and 3 in one burst, 5 in another, 6 (alone) and the missing turn absent", got)
	}
	// Another tenant sees none of them.
	if got, err := s.TurnBursts(ctx, other, refs); err != nil || len(got) != 0 {
		t.Fatalf("other tenant: %v, %v", got, err)
	}
	// Read in a managed transaction instead of an auto-commit one, the
	// same map; and the same speakers.
	managed := s.WithAutoCommit(false)
	if m, err := managed.TurnBursts(ctx, tenant, refs); err != nil || !reflect.DeepEqual(m, got) {
		t.Errorf("managed TurnBursts = %v, %v; auto-commit %v", m, err, got)
	}
	auto, err := s.Speakers(ctx, tenant, "c")
	if err != nil || len(auto) == 0 {
		t.Fatalf("Speakers = %v, %v", auto, err)
	}
	if m, err := managed.Speakers(ctx, tenant, "c"); err != nil || !reflect.DeepEqual(m, auto) {
		t.Errorf("managed Speakers = %v, %v; auto-commit %v", m, err, auto)
	}
}

// Burst channels run through SearchChannels (beside a turn channel, in
// one transaction, the plain ones in the combined statement) rank as
// SearchBursts and SearchBurstVectors alone do, adjacent ones included.
func TestBurstChannelsMatchOneByOne(t *testing.T) {
	ctx := context.Background()
	emb, s, tenant := burstsInTwoTenants(t)
	vec, _ := emb.Embed(ctx, []string{"a recipe to cook"})
	f := func(speaker, text, adjacent string) *ontology.FullTextQuery {
		return &ontology.FullTextQuery{Tenant: tenant, Conversation: "c", Speaker: speaker, Text: text, Limit: 5, Adjacent: adjacent}
	}
	v := func(conv, speaker, adjacent string) *ontology.VectorQuery {
		return &ontology.VectorQuery{Tenant: tenant, Conversation: conv, Speaker: speaker, EmbedderID: emb.ID(), Vector: vec[0], Limit: 5, Adjacent: adjacent}
	}
	qs := []ontology.ChannelQuery{
		{FullText: f("", "Paris flight", "")},
		{Bursts: true, FullText: f("", "Paris flight", "")},
		{Bursts: true, FullText: f("Bob", "Paris flight", ontology.AdjacentReply)},
		{Bursts: true, FullText: f("Ann", "pasta", ontology.AdjacentPrompt)},
		{Bursts: true, FullText: f("", "the", "")},
		{Bursts: true, Vector: v("c", "", "")},
		{Bursts: true, Vector: v("", "Ann", ontology.AdjacentReply)},
	}
	for name, search := range map[string]func(context.Context, []ontology.ChannelQuery) ([][]ontology.SearchResult, error){
		"one statement per channel": s.SearchChannelsApart, "default": s.SearchChannels, "managed transactions": s.SearchChannelsManaged} {
		t.Run(name, func(t *testing.T) {
			got, found := matchesOneByOne(ctx, t, s, qs, "c", search)
			if found < 6 || len(got[2]) != 1 || got[2][0].Kind != ontology.KindBurst || len(got[4]) != 0 {
				t.Errorf("%d results in all, reply %+v, stop words %+v: the comparison proves little", found, got[2], got[4])
			}
		})
	}
	if _, err := s.SearchChannels(ctx, []ontology.ChannelQuery{{Bursts: true, Facts: true, FullText: f("", "Paris", "")}}); ontology.ErrorCode(err) != ontology.EInternal {
		t.Errorf("a channel of facts and bursts: %v, want an internal error", err)
	}
}
