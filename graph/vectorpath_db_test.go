package graph_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// wantVectorPath is the path auto must choose on the server the tests run
// on, read here straight from the server: SEARCH on the 2026 series from
// 2026.02, the over-fetch path on 5.26.
func wantVectorPath(t *testing.T) (version, path string) {
	t.Helper()
	for _, r := range graphtest.Cypher(t, "CALL dbms.components() YIELD name, versions RETURN name, versions", nil) {
		if r["name"] == "Neo4j Kernel" {
			version = r["versions"].([]any)[0].(string)
		}
	}
	switch {
	case strings.HasPrefix(version, "5."), version < "2026.02":
		return version, graph.VectorPathOverfetch
	}
	return version, graph.VectorPathSearch
}

func TestVectorPathChosen(t *testing.T) {
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	ctx := context.Background()
	version, want := wantVectorPath(t)
	info, err := s.Server(ctx)
	if err != nil || info.Version != version || info.Edition == "" {
		t.Fatalf("Server() = %+v, %v; the server reports %s", info, err, version)
	}
	if got, err := s.VectorPath(ctx); err != nil || got != want {
		t.Errorf("on Neo4j %s VectorPath() = %q, %v; want %q", version, got, err, want)
	}
	exact, err := s.WithVectorSearch(graph.VectorSearchExact)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := exact.VectorPath(ctx); err != nil || got != graph.VectorPathExact {
		t.Errorf("with the exact override VectorPath() = %q, %v", got, err)
	}
	if _, err := graph.Open(graph.Config{URI: "bolt://127.0.0.1:1", VectorSearch: "fastest"}); err == nil {
		t.Error("Open accepted LOCI_VECTOR_SEARCH=fastest")
	}
}

// TestVectorIndexMigration starts from vector indexes as an older Loci
// (or 5.26) defined them, with turns and facts stored, and migrates: on a
// server with filtered vector search the indexes are rebuilt with their
// filter properties, every vector is kept, and searches answer through
// the index with the exact scan's results; on 5.26 nothing changes.
func TestVectorIndexMigration(t *testing.T) {
	graphtest.Store(t)
	ctx := context.Background()
	const embedder = "migrate-test"
	names := []string{"turn_embedding_migrate_test_4", "fact_embedding_migrate_test_4", "event_embedding_migrate_test_4",
		"profile_embedding_migrate_test_4", "topic_embedding_migrate_test_4"}
	for _, n := range names {
		graphtest.Cypher(t, "DROP INDEX "+n+" IF EXISTS", nil)
	}
	graphtest.Cypher(t, "CREATE VECTOR INDEX turn_embedding_migrate_test_4 FOR (n:Turn) ON n.embedding_migrate_test "+
		"OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}", nil)
	// An older Loci also indexed events, by vector and by text; no
	// statement reads either, so Migrate drops them.
	graphtest.Cypher(t, "CREATE VECTOR INDEX event_embedding_migrate_test_4 FOR (n:Event) ON n.embedding_migrate_test "+
		"OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}", nil)
	graphtest.Cypher(t, "CREATE FULLTEXT INDEX event_text IF NOT EXISTS FOR (n:Event) ON EACH [n.what, n.tenant_key, n.conversation_key]", nil)
	cfg := graphtest.Config()
	cfg.EmbedderID, cfg.EmbedderDimensions, cfg.VectorSearch = embedder, 4, "auto"
	s, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) }) // after the tenant's cleanup, which uses s
	tenant := graphtest.Tenant(t, s)
	var turns []ontology.Turn
	var vecs [][]float32
	for i := range 60 {
		speaker := []string{"Ann", "Bob"}[i%2]
		turns = append(turns, ontology.Turn{ID: fmt.Sprint(i), Session: fmt.Sprint(i / 20), Speaker: speaker, Text: fmt.Sprintf("turn %d", i)})
		vecs = append(vecs, unit(float32(i%7)+0.5, float32(i%5), float32(i%3)-1, float32(i%11)/3))
	}
	for _, conv := range []string{"c1", "c2"} {
		if _, err := s.AddTurns(ctx, tenant, conv, turns, vecs); err != nil {
			t.Fatal(err)
		}
	}
	// Turns as an older Loci wrote them, without reply keys.
	graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant}) REMOVE t.reply_speaker_key", map[string]any{"tenant": tenant})
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if rows := graphtest.Cypher(t, "SHOW INDEXES YIELD name WHERE name IN ['event_text', 'event_embedding_migrate_test_4'] RETURN name", nil); len(rows) != 0 {
		t.Errorf("retired event indexes still there after Migrate: %v", rows)
	}
	_, path := wantVectorPath(t)
	if path == graph.VectorPathSearch {
		// Every turn answered in its session by the other speaker (all but
		// each session's last, 3 sessions of 20) has its reply key again.
		keyed := graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant}) WHERE t.reply_speaker_key IS NOT NULL RETURN count(*) AS n",
			map[string]any{"tenant": tenant})
		if keyed[0]["n"] != int64(2*(len(turns)-3)) {
			t.Errorf("%v turns have a reply key after migrate, want %d", keyed[0]["n"], 2*(len(turns)-3))
		}
	}
	rows := graphtest.Cypher(t, "SHOW VECTOR INDEXES YIELD name, properties, state WHERE name = $n RETURN properties, state",
		map[string]any{"n": names[0]})
	if len(rows) != 1 || rows[0]["state"] != "ONLINE" {
		t.Fatalf("turn index after migrate: %v", rows)
	}
	wantProps := []any{"embedding_migrate_test"}
	if path == graph.VectorPathSearch {
		wantProps = []any{"embedding_migrate_test", "tenant", "conversation", "speaker_key", "reply_speaker_key"}
	}
	if !reflect.DeepEqual(rows[0]["properties"], wantProps) {
		t.Errorf("turn index properties after migrate = %v, want %v", rows[0]["properties"], wantProps)
	}
	kept := graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant}) WHERE t.embedding_migrate_test IS NOT NULL RETURN count(*) AS n",
		map[string]any{"tenant": tenant})
	if kept[0]["n"] != int64(2*len(turns)) {
		t.Errorf("%v turns keep their vector after migrate, want %d", kept[0]["n"], 2*len(turns))
	}

	exact, err := s.WithVectorSearch(graph.VectorSearchExact)
	if err != nil {
		t.Fatal(err)
	}
	query := unit(1, 1, 0, 0.5)
	// Results as id -> score: the index may order ties otherwise, and on
	// 5.26 its quantized scores differ from the exact ones in the third
	// decimal.
	search := func(st *graph.Store, conv, speaker, adjacent string) map[string]float64 {
		t.Helper()
		res, err := st.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: conv, Speaker: speaker,
			EmbedderID: embedder, Vector: query, Limit: 10, Adjacent: adjacent})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, r := range res {
			if speaker != "" && !strings.EqualFold(r.Speaker, speaker) {
				t.Errorf("speaker-scoped result by %s: %+v", r.Speaker, r)
			}
			out[r.Conversation+"/"+r.ID] = r.Score
		}
		return out
	}
	for _, q := range []struct{ conv, speaker, adjacent string }{
		{"c1", "", ""}, {"c1", "bob", ""}, {"", "", ""}, {"", "ann", ""}, {"c2", "ann", ontology.AdjacentReply}, {"", "bob", ontology.AdjacentPrompt},
	} {
		got, want := search(s, q.conv, q.speaker, q.adjacent), search(exact, q.conv, q.speaker, q.adjacent)
		same := len(want) > 0 && len(got) == len(want)
		for id, w := range want {
			if g, ok := got[id]; !ok || math.Abs(g-w) > 0.01 {
				same = false
			}
		}
		if !same {
			t.Errorf("%+v on the %s path = %v, the exact scan finds %v", q, path, got, want)
		}
	}

	// Without the index every path still answers (the search path falls
	// back to the exact scan: TestReindexVectorsWhileServing); migrating
	// again restores it.
	graphtest.Cypher(t, "DROP INDEX "+names[0], nil)
	res, err := s.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: tenant, Conversation: "c1", EmbedderID: embedder, Vector: query, Limit: 5})
	if err != nil || len(res) != 5 {
		t.Errorf("per-conversation search on the %s path without its index: %d results, err = %v", path, len(res), err)
	}
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := search(s, "c1", "", ""); len(got) != 10 {
		t.Errorf("after migrating again: %v", got)
	}
}

// A turn index that a newer Loci defined with more filter properties than
// this one declares serves this one: Migrate keeps it (no drop, no
// rebuild), so two versions sharing a database during a rolling upgrade
// do not rebuild it in turn and fail each other's searches meanwhile.
func TestMigrateKeepsANewerVectorIndex(t *testing.T) {
	graphtest.Store(t)
	_, path := wantVectorPath(t)
	ctx := context.Background()
	const index = "turn_embedding_newer_test_4"
	graphtest.Cypher(t, "DROP INDEX "+index+" IF EXISTS", nil)
	if path == graph.VectorPathSearch {
		graphtest.Cypher(t, "CYPHER 25 CREATE VECTOR INDEX "+index+" FOR (n:Turn) ON n.embedding_newer_test "+
			"WITH [n.tenant, n.conversation, n.speaker_key, n.reply_speaker_key, n.session] "+
			"OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: 16, "+
			"`vector.hnsw.ef_construction`: 100, `vector.quantization.type`: 'BINARY', `vector.default_search_expansion_factor`: 3}}", nil)
	} else {
		// 5.26 declares no filter properties: the index as this Loci
		// creates it must be kept by a second migration all the same.
		graphtest.Cypher(t, "CREATE VECTOR INDEX "+index+" FOR (n:Turn) ON n.embedding_newer_test "+
			"OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}", nil)
	}
	t.Cleanup(func() {
		for _, n := range []string{index, "fact_embedding_newer_test_4", "event_embedding_newer_test_4", "profile_embedding_newer_test_4", "topic_embedding_newer_test_4"} {
			graphtest.Cypher(t, "DROP INDEX "+n+" IF EXISTS", nil)
		}
	})
	idOf := func() any {
		rows := graphtest.Cypher(t, "SHOW VECTOR INDEXES YIELD name, id, properties WHERE name = $n RETURN id, properties", map[string]any{"n": index})
		if len(rows) != 1 {
			t.Fatalf("%s: %v", index, rows)
		}
		return rows[0]["id"]
	}
	before := idOf()
	cfg := graphtest.Config()
	cfg.EmbedderID, cfg.EmbedderDimensions, cfg.VectorSearch = "newer-test", 4, "auto"
	s, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if after := idOf(); after != before {
		t.Errorf("the newer turn index was dropped and created again (id %v -> %v)", before, after)
	}
	// Its search path works through the kept index.
	if _, err := s.SearchTurnVectors(ctx, ontology.VectorQuery{Tenant: "t-newer-index", Conversation: "c1", EmbedderID: "newer-test",
		Vector: unit(1, 0, 0, 0), Limit: 5}); err != nil {
		t.Errorf("search through the kept index: %v", err)
	}
}

// A SEARCH statement that fails with a DatabaseError (a vector index
// damaged by a kill -9, seen on 2026.08.1) is answered by the exact scan,
// in a transaction run again, with the other channels' results intact;
// the fallback is counted. Any other error still fails the search.
func TestSearchFallsBackToExactOnDatabaseError(t *testing.T) {
	graphtest.StoreWithVectors(t, "test-embedder", 4) // indexes migrated
	ctx := context.Background()
	var fallbacks []string
	cfg := graphtest.Config()
	cfg.EmbedderID, cfg.EmbedderDimensions = "test-embedder", 4
	cfg.SearchFallback = func(statement string) { fallbacks = append(fallbacks, statement) }
	s, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) }) // after the tenant's cleanup, which uses s
	tenant := graphtest.Tenant(t, s)
	turns := []ontology.Turn{
		{ID: "a", Session: "1", Speaker: "Ann", Text: "about north"},
		{ID: "b", Session: "1", Speaker: "Bob", Text: "about east"},
		{ID: "c", Session: "1", Speaker: "Ann", Text: "about south"},
	}
	if _, err := s.AddTurns(ctx, tenant, "c1", turns, [][]float32{unit(1, 0, 0, 0), unit(0, 1, 0, 0), unit(-1, 0, 0, 0.1)}); err != nil {
		t.Fatal(err)
	}
	q := ontology.VectorQuery{Tenant: tenant, Conversation: "c1", EmbedderID: "test-embedder", Vector: unit(1, 0.2, 0, 0), Limit: 2}
	out, err := s.SearchWithBrokenIndex(ctx, q, "Neo.DatabaseError.Statement.ExecutionFailed")
	if err != nil {
		t.Fatalf("search with a broken index: %v", err)
	}
	for i, res := range out {
		if len(res) != 2 || res[0].ID != "a" || res[1].ID != "b" {
			t.Errorf("channel %d = %+v, want a then b", i, res)
		}
	}
	if len(fallbacks) != 1 || fallbacks[0] != "turns_vector_search" {
		t.Errorf("fallbacks reported: %v, want one of turns_vector_search", fallbacks)
	}
	if _, err := s.SearchWithBrokenIndex(ctx, q, "Neo.ClientError.Statement.SyntaxError"); err == nil || len(fallbacks) != 1 {
		t.Errorf("a ClientError from SEARCH: err = %v, fallbacks %v; want the error and no fallback", err, fallbacks)
	}
}
