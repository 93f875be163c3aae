package graph_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// reindexEmbedder has vector indexes of its own, so the test rebuilds and
// drops only those, on any server.
const reindexEmbedder = "reindex-test"

// reindexIndexNames are every vector index name reindexEmbedder's space
// may have: the five of Migrate and the searched two's twins.
func reindexIndexNames() []string {
	var out []string
	for _, kind := range []string{"turn", "fact", "event", "profile", "topic"} {
		out = append(out, kind+"_embedding_reindex_test_4")
	}
	return append(out, graph.TwinName(out[0]), graph.TwinName(out[1]))
}

// vectorIndexesOf lists the names of the vector indexes among names that
// exist, sorted.
func vectorIndexesOf(t *testing.T, names []string) []string {
	t.Helper()
	var out []string
	for _, r := range graphtest.Cypher(t, "SHOW VECTOR INDEXES YIELD name RETURN name", nil) {
		if n := r["name"].(string); slices.Contains(names, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// addTurnsTo stores the turns and their vectors in each of the
// conversations and returns s on the exact vector path, to compare with.
func addTurnsTo(t *testing.T, s *graph.Store, tenant string, turns []ontology.Turn, vecs [][]float32, conversations ...string) *graph.Store {
	t.Helper()
	for _, conv := range conversations {
		if _, err := s.AddTurns(context.Background(), tenant, conv, turns, vecs); err != nil {
			t.Fatal(err)
		}
	}
	exact, err := s.WithVectorSearch(graph.VectorSearchExact)
	if err != nil {
		t.Fatal(err)
	}
	return exact
}

// sameAsExact reports how the turn vector query q answered by s differs
// from the exact scan's answer ("" when it does not): same turns, scores
// within 0.01 (the index's quantized scores).
func sameAsExact(ctx context.Context, s, exact *graph.Store, q ontology.VectorQuery) string {
	key := func(st *graph.Store) (map[string]float64, error) {
		res, err := st.SearchTurnVectors(ctx, q)
		out := map[string]float64{}
		for _, r := range res {
			out[r.Conversation+"/"+r.ID] = r.Score
		}
		return out, err
	}
	got, err := key(s)
	if err != nil {
		return fmt.Sprintf("error %v", err)
	}
	want, err := key(exact)
	if err != nil {
		return fmt.Sprintf("exact: error %v", err)
	}
	if len(want) == 0 || len(got) != len(want) {
		return fmt.Sprintf("%v, exact %v", got, want)
	}
	for id, w := range want {
		if g, ok := got[id]; !ok || math.Abs(g-w) > 0.01 {
			return fmt.Sprintf("%v, exact %v", got, want)
		}
	}
	return ""
}

// `loci reindex vectors` (ReindexVectors, here from a store of its own, as
// from another process) rebuilds the turn and fact indexes while a store
// keeps searching: every search meanwhile answers as the exact scan does,
// none fails; afterwards the serving store reads the rebuilt index through
// SEARCH, found by itself. A second reindex switches back; Migrate (a
// restart) keeps the switched index rather than creating the first name
// again; with no turn index at all searches scan exactly without an error
// until Migrate builds it, and then use SEARCH again. No vector is lost.
func TestReindexVectorsWhileServing(t *testing.T) {
	graphtest.Store(t)
	ctx := context.Background()
	_, path := wantVectorPath(t)
	names := reindexIndexNames()
	turnIndex, turnTwin, factTwin := names[0], names[5], names[6]
	dropAll := func() {
		for _, n := range names {
			graphtest.Cypher(t, "DROP INDEX "+n+" IF EXISTS", nil)
		}
	}
	dropAll()
	t.Cleanup(dropAll)
	open := func(fallbacks *atomic.Int32) *graph.Store {
		cfg := graphtest.Config()
		cfg.EmbedderID, cfg.EmbedderDimensions, cfg.VectorSearch = reindexEmbedder, 4, "auto"
		if fallbacks != nil {
			cfg.SearchFallback = func(string) { fallbacks.Add(1) }
		}
		s, err := graph.Open(cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close(ctx) }) // after the tenant's cleanup, which uses s
		return s
	}
	var fallbacks atomic.Int32
	s, admin := open(&fallbacks), open(nil)
	s.SetIndexRecheck(0)
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if path != graph.VectorPathSearch {
		if _, err := admin.ReindexVectors(ctx, time.Minute); err == nil {
			t.Error("ReindexVectors on a server without filtered vector indexes did not refuse")
		}
		return
	}
	tenant := graphtest.Tenant(t, s)
	var turns []ontology.Turn
	var vecs [][]float32
	for i := range 150 {
		turns = append(turns, ontology.Turn{ID: fmt.Sprint(i), Session: fmt.Sprint(i / 30), Speaker: []string{"Ann", "Bob"}[i%2], Text: fmt.Sprintf("turn %d", i)})
		vecs = append(vecs, unit(float32(i%7)+0.5, float32(i%5), float32(i%3)-1, float32(i%11)/3))
	}
	exact := addTurnsTo(t, s, tenant, turns, vecs, "c1", "c2")
	queries := []ontology.VectorQuery{
		{Conversation: "c1"}, {Conversation: "c2", Speaker: "bob"}, {}, {Conversation: "c1", Speaker: "ann", Adjacent: ontology.AdjacentReply},
	}
	for i := range queries {
		queries[i].Tenant, queries[i].EmbedderID, queries[i].Vector, queries[i].Limit = tenant, reindexEmbedder, unit(1, 1, 0, float32(i)/2), 10
	}
	checkAll := func(when string) {
		t.Helper()
		for _, q := range queries {
			if d := sameAsExact(ctx, s, exact, q); d != "" {
				t.Errorf("%s: %+v answered %s", when, q, d)
			}
		}
	}
	// reads reports which index the plain query's SEARCH reads ("" when
	// it scans exactly).
	reads := func() string {
		t.Helper()
		stmt, err := s.VectorStatement(ctx, queries[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{turnIndex, turnTwin} {
			if strings.Contains(stmt, "VECTOR INDEX "+n+" FOR") {
				return n
			}
		}
		if strings.Contains(stmt, "SEARCH") {
			t.Fatalf("a SEARCH of another index: %s", stmt)
		}
		return ""
	}
	checkAll("before the reindex")
	if got := reads(); got != turnIndex {
		t.Fatalf("before the reindex SEARCH reads %q, want %s", got, turnIndex)
	}

	reindex := func(want string) {
		t.Helper()
		done := make(chan error, 1)
		go func() {
			res, err := admin.ReindexVectors(ctx, 2*time.Minute)
			if err == nil && (len(res) != 2 || res[0].To != want) {
				err = fmt.Errorf("reindexed %+v, want the turn index at %s", res, want)
			}
			done <- err
		}()
		searches := 0
		for running := true; running; searches++ {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("reindex: %v", err)
				}
				running = false
			default:
			}
			checkAll(fmt.Sprintf("search %d during the reindex", searches))
		}
		checkAll("after the reindex")
		if got := reads(); got != want {
			t.Errorf("after the reindex SEARCH reads %q, want %s", got, want)
		}
		t.Logf("%d rounds of searches while reindexing to %s", searches, want)
	}
	reindex(turnTwin)
	if got, want := vectorIndexesOf(t, names), []string{factTwin, "profile_embedding_reindex_test_4", "topic_embedding_reindex_test_4", turnTwin}; !slices.Equal(got, want) {
		t.Errorf("vector indexes after the reindex: %v, want %v", got, want)
	}
	// A restart migrates: the rebuilt twin is kept, the first name not
	// created again (both would be written on every turn).
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := vectorIndexesOf(t, names); slices.Contains(got, turnIndex) || !slices.Contains(got, turnTwin) {
		t.Errorf("vector indexes after migrating a reindexed store: %v", got)
	}
	reindex(turnIndex)

	// No turn index at all: exact answers, no error, until Migrate builds
	// it; then SEARCH again.
	graphtest.Cypher(t, "DROP INDEX "+turnIndex, nil)
	before := fallbacks.Load()
	checkAll("without a turn index")
	if fallbacks.Load() == before {
		t.Error("the SEARCH of a dropped index was not reported as a fallback")
	}
	if got := reads(); got != "" {
		t.Errorf("without a turn index the query reads %s", got)
	}
	checkAll("without a turn index, known")
	if err := s.Migrate(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := reads(); got != turnIndex {
		t.Errorf("after migrating again SEARCH reads %q, want %s", got, turnIndex)
	}
	checkAll("after migrating again")
	kept := graphtest.Cypher(t, "MATCH (t:Turn {tenant: $tenant}) WHERE t.embedding_reindex_test IS NOT NULL RETURN count(*) AS n",
		map[string]any{"tenant": tenant})
	if kept[0]["n"] != int64(2*len(turns)) {
		t.Errorf("%v turns keep their vector, want %d", kept[0]["n"], 2*len(turns))
	}
}
