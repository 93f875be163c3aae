package graph_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

func sampleTurns() []ontology.Turn {
	return []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Caroline", Text: "I went to the LGBTQ support group yesterday.", Timestamp: graphtest.At("2023-05-08T13:56:00Z")},
		{ID: "D1:2", Session: "1", Speaker: "Melanie", Text: "That sounds great. I painted a sunrise over the lake.", Timestamp: graphtest.At("2023-05-08T13:57:00Z")},
		{ID: "D1:3", Session: "1", Speaker: "Caroline", Text: "Painting is lovely; I want to adopt a child someday.", Timestamp: graphtest.At("2023-05-08T13:58:00Z"), Metadata: map[string]any{"mood": "hopeful"}},
		{ID: "D2:1", Session: "2", Speaker: "Melanie", Text: "We went camping with the kids at the lake last weekend."},
	}
}

func add(t *testing.T, s *graph.Store, tenant, conv string, turns []ontology.Turn) ontology.IngestResult {
	t.Helper()
	res, err := s.AddTurns(context.Background(), tenant, conv, turns, nil)
	if err != nil {
		t.Fatalf("AddTurns(%s): %v", conv, err)
	}
	return res
}

func TestMigrateTwice(t *testing.T) {
	s := graphtest.Store(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := s.Migrate(ctx, time.Minute); err != nil {
			t.Fatalf("migration run %d: %v", i+1, err)
		}
	}
	pending, err := s.PendingIndexes(ctx)
	if err != nil || len(pending) != 0 {
		t.Fatalf("pending indexes after migrate: %v, %v", pending, err)
	}
}

// Test packages, and Loci processes started together, migrate at once;
// none of them may fail for it.
func TestMigrateConcurrently(t *testing.T) {
	s := graphtest.Store(t)
	ctx := context.Background()
	errs := make(chan error, 4)
	for range 4 {
		go func() { errs <- s.Migrate(ctx, time.Minute) }()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatalf("concurrent migrate: %v", err)
		}
	}
}

func TestAddTurnsIsIdempotent(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	first := add(t, s, tenant, "c1", sampleTurns())
	if first.Created != 4 || first.Existing != 0 {
		t.Fatalf("first ingest = %+v, want 4 created", first)
	}
	again := add(t, s, tenant, "c1", sampleTurns())
	if again.Created != 0 || again.Existing != 4 || len(again.ExistingIDs) != 4 {
		t.Fatalf("resend = %+v, want 0 created, 4 existing", again)
	}
	// A batch mixing old and new turns creates only the new ones.
	mixed := append(sampleTurns()[:2], ontology.Turn{ID: "D2:2", Session: "2", Speaker: "Caroline", Text: "Camping sounds fun!"})
	r := add(t, s, tenant, "c1", mixed)
	if r.Created != 1 || r.Existing != 2 {
		t.Fatalf("mixed batch = %+v, want 1 created, 2 existing", r)
	}
	c, err := s.Conversation(context.Background(), tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if c.TurnCount != 5 || len(c.Sessions) != 2 || len(c.Speakers) != 2 {
		t.Fatalf("conversation = %+v, want 5 turns, 2 sessions, 2 speakers", c)
	}
	if c.Sessions[0].ID != "1" || c.Sessions[0].TurnCount != 3 || c.Sessions[0].StartedAt == nil ||
		!c.Sessions[0].StartedAt.Equal(*graphtest.At("2023-05-08T13:56:00Z")) {
		t.Errorf("session 1 = %+v", c.Sessions[0])
	}
}

func TestAddTurnsIsAllOrNothing(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	add(t, s, tenant, "c1", sampleTurns()[:2])
	// A new turn plus a changed old one: the whole batch is refused.
	changed := sampleTurns()[1]
	changed.Text = "something else"
	batch := []ontology.Turn{{ID: "D9:1", Session: "9", Speaker: "Caroline", Text: "brand new"}, changed}
	_, err := s.AddTurns(context.Background(), tenant, "c1", batch, nil)
	if ontology.ErrorCode(err) != ontology.EConflict {
		t.Fatalf("changed turn: err = %v, want conflict", err)
	}
	page, err := s.Turns(context.Background(), tenant, "c1", -1, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Turns) != 2 {
		t.Fatalf("after refused batch: %d turns stored, want 2", len(page.Turns))
	}
}

func TestSequenceAndNextChainUnderConcurrency(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	const writers, perBatch = 4, 25
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			batch := make([]ontology.Turn, perBatch)
			for i := range batch {
				batch[i] = ontology.Turn{ID: fmt.Sprintf("w%d-%d", w, i), Session: fmt.Sprint(w), Speaker: "A", Text: fmt.Sprintf("turn %d of writer %d", i, w)}
			}
			if _, err := s.AddTurns(context.Background(), tenant, "busy", batch, nil); err != nil {
				errs <- err
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	page, err := s.Turns(context.Background(), tenant, "busy", -1, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Turns) != writers*perBatch {
		t.Fatalf("%d turns stored, want %d", len(page.Turns), writers*perBatch)
	}
	for i, turn := range page.Turns {
		if turn.Seq != int64(i) {
			t.Fatalf("turn %d has seq %d: sequence has gaps or repeats", i, turn.Seq)
		}
		wantNext := ""
		if i+1 < len(page.Turns) {
			wantNext = page.Turns[i+1].ID
		}
		if turn.NextID != wantNext {
			t.Fatalf("turn %s: NEXT -> %q, want %q", turn.ID, turn.NextID, wantNext)
		}
	}
}

func TestSearchScopesByTenantConversationAndSpeaker(t *testing.T) {
	ctx, s, tenantA := storetest.Open(t)
	tenantB := graphtest.Tenant(t, s)
	add(t, s, tenantA, "c1", sampleTurns())
	add(t, s, tenantA, "c2", []ontology.Turn{{ID: "D1:1", Session: "1", Speaker: "Caroline", Text: "The lake was frozen when we went painting."}})
	add(t, s, tenantB, "c1", []ontology.Turn{{ID: "D1:1", Session: "1", Speaker: "Caroline", Text: "Secret lake painting notes of tenant B."}})

	search := func(tenant, conv, speaker, text string) []ontology.SearchResult {
		t.Helper()
		res, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: conv, Speaker: speaker, Text: text, Limit: 10})
		if err != nil {
			t.Fatalf("search %q: %v", text, err)
		}
		return res
	}
	res := search(tenantA, "c1", "", "lake painting")
	if len(res) != 3 {
		t.Fatalf("tenant A c1 'lake painting': %d results, want 3: %+v", len(res), res)
	}
	for _, r := range res {
		if r.Conversation != "c1" || len(r.SourceTurnIDs) != 1 || r.SourceTurnIDs[0] != r.ID {
			t.Errorf("result %+v: wrong conversation or source ids", r)
		}
	}
	if res[0].ID != "D1:2" {
		t.Errorf("best match = %s, want D1:2 (lake + painted)", res[0].ID)
	}
	for _, r := range search(tenantA, "c1", "caroline", "lake painting") {
		if r.Speaker != "Caroline" {
			t.Errorf("speaker-scoped search returned %s's turn %s", r.Speaker, r.ID)
		}
	}
	if got := search(tenantA, "", "", "lake painting"); len(got) != 4 {
		t.Errorf("tenant-wide search: %d results, want 4 (3 in c1, 1 in c2)", len(got))
	}
	for _, r := range search(tenantA, "", "", "secret notes tenant") {
		t.Errorf("tenant A saw tenant B's turn: %+v", r)
	}
	if got := search(tenantB, "c1", "", "lake"); len(got) != 1 || got[0].Text != "Secret lake painting notes of tenant B." {
		t.Errorf("tenant B search = %+v", got)
	}
}

func TestSearchSurvivesLuceneSyntax(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	add(t, s, tenant, "c1", sampleTurns())
	nasty := []string{
		`"unbalanced quote`, `(lake`, `lake)`, `[lake TO painting}`, `lake AND`, `OR lake`, `NOT`, `AND OR NOT`,
		`lake~2`, `lake^10`, `*lake`, `la?e`, `lake\`, `/lake/`, `title:lake`, `+lake -painting`, `lake && painting || x`,
		`!lake`, `{}`, `"`, `\`, `:`, `~`, `the and of`, `?`, `lake' OR 1=1 --`, `$tenant`, `}) RETURN 1 //`,
	}
	for _, q := range nasty {
		res, err := s.SearchTurns(context.Background(), ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: q, Limit: 10})
		if err != nil {
			t.Errorf("query %q: %v", q, err)
			continue
		}
		for _, r := range res {
			if r.Conversation != "c1" {
				t.Errorf("query %q escaped its scope: %+v", q, r)
			}
		}
	}
	// Only stop words or punctuation: nothing to search, so nothing found
	// (never every turn of the conversation).
	for _, q := range []string{"the and of", "?!", `"" ()`} {
		res, _ := s.SearchTurns(context.Background(), ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: q, Limit: 10})
		if len(res) != 0 {
			t.Errorf("query %q returned %d results, want 0", q, len(res))
		}
	}
	// Escaped syntax still finds the words it contains.
	res, err := s.SearchTurns(context.Background(), ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: `(camping) AND [kids]`, Limit: 10})
	if err != nil || len(res) == 0 || res[0].ID != "D2:1" {
		t.Errorf("escaped query: %+v, %v; want D2:1 first", res, err)
	}
}

// TestProximityRanksWordsTogetherFirst searches two words that one short
// turn holds far apart and one long turn holds side by side: plain BM25
// prefers the short turn, the pair clause the long one, and a turn holding
// only one of the words still matches (the clause is optional).
//
// BM25 weighs each word by how many documents of the whole index hold it,
// and each turn's length against the index's average, and every test
// package running against the server writes to that index at once. So the
// turns are chosen for orders no statistics can change: the turn with one
// word is no shorter than the one with both (more matched words at no
// shorter length always scores more), and the long turn is at most twice
// the short one's length (one pair clause, as much as the words' own
// clauses, then lifts it above the short turn whatever the average). With
// "That trip cost a lot." as the one-word turn, 3000 other turns holding
// "road" ranked it first.
func TestProximityRanksWordsTogetherFirst(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	add(t, s, tenant, "c1", []ontology.Turn{
		// 9 indexed words (stop words left out): road close so our whole famili trip got cancel
		{ID: "apart", Session: "1", Speaker: "Rosa", Text: "The road was closed, so our whole family trip got cancelled."},
		// 16 indexed words
		{ID: "together", Session: "1", Speaker: "Rosa", Text: "We finally went on the road trip we had talked about for months with my cousins, my aunt and two dogs."},
		// 10 indexed words: trip cost us far more monei than anyon had plan
		{ID: "one", Session: "1", Speaker: "Rosa", Text: "That trip cost us far more money than anyone had planned."},
		{ID: "none", Session: "1", Speaker: "Rosa", Text: "I adopted a greyhound."},
	})
	// Another tenant's turn with the exact phrase must never show.
	add(t, s, graphtest.Tenant(t, s), "c1", []ontology.Turn{{ID: "x", Session: "1", Speaker: "Rosa", Text: "road trip road trip"}})
	search := func(text string, boost float64) []string {
		t.Helper()
		res, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Speaker: "Rosa", Text: text, Limit: 10,
			ProximitySlop: 3, ProximityBoost: boost})
		if err != nil {
			t.Fatal(err)
		}
		return ids(res)
	}
	if plain := search("road trip", 0); len(plain) != 3 || plain[0] != "c1/apart" {
		t.Fatalf("without proximity: %v, want the short turn 'apart' first of 3 (the contrast this test relies on)", plain)
	}
	if got := search("road trip", 1); len(got) != 3 || got[0] != "c1/together" || got[2] != "c1/one" {
		t.Fatalf("with proximity: %v, want [together apart one]", got)
	}
	// Lucene syntax in the question is escaped, pairs and all.
	if got := search(`"road" trip~9 AND (x:y)`, 1); len(got) == 0 || got[0] != "c1/together" {
		t.Fatalf("with syntax characters: %v, want 'together' first", got)
	}
}

func TestDeleteConversation(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	add(t, s, tenant, "c1", sampleTurns())
	add(t, s, tenant, "keep", sampleTurns()[:1])
	receipt, err := s.DeleteConversation(ctx, tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	want := ontology.DeleteReceipt{Conversations: 1, Sessions: 2, Turns: 4, Speakers: 2}
	if receipt != want {
		t.Fatalf("receipt = %+v, want %+v", receipt, want)
	}
	if _, err := s.Conversation(ctx, tenant, "c1"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("after delete: %v, want not found", err)
	}
	if _, err := s.DeleteConversation(ctx, tenant, "c1"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("second delete: %v, want not found", err)
	}
	res, _ := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Text: "support group lake painting camping", Limit: 10})
	if len(res) != 1 || res[0].Conversation != "keep" {
		t.Fatalf("after delete, search found %+v; want only the kept conversation", res)
	}
	if names, _ := s.Speakers(ctx, tenant, "c1"); len(names) != 0 {
		t.Errorf("speakers of deleted conversation: %v", names)
	}
}

func TestMetadataAndTimestampsRoundTrip(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	add(t, s, tenant, "c1", sampleTurns())
	page, err := s.Turns(context.Background(), tenant, "c1", -1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Turns) != 2 || page.NextAfter == nil || *page.NextAfter != 1 {
		t.Fatalf("first page = %+v", page)
	}
	page, _ = s.Turns(context.Background(), tenant, "c1", *page.NextAfter, 2)
	got := page.Turns[0]
	if got.ID != "D1:3" || got.Metadata["mood"] != "hopeful" || got.Timestamp == nil || !got.Timestamp.Equal(*graphtest.At("2023-05-08T13:58:00Z")) {
		t.Fatalf("turn D1:3 = %+v", got)
	}
}

func TestNeo4jDownIsUnavailable(t *testing.T) {
	s, err := graph.Open(graph.Config{URI: "bolt://127.0.0.1:1", User: "neo4j", Password: "x"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err = s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: "t", Text: "hello"})
	if ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("search with Neo4j down: %v, want unavailable", err)
	}
	if _, err := s.AddTurns(ctx, "t", "c", []ontology.Turn{{ID: "1", Session: "1", Speaker: "A", Text: "x"}}, nil); ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("ingest with Neo4j down: %v, want unavailable", err)
	}
}

func TestWrongPasswordIsUnavailable(t *testing.T) {
	graphtest.Store(t) // only runs where the real server is up
	cfg := graphtest.Config()
	cfg.Password = "definitely-wrong"
	s, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	if err := s.Ping(context.Background()); ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("wrong password: %v, want unavailable", err)
	}
}

// SearchTurnsMany and SearchFactsMany must rank exactly as one SearchTurns
// or SearchFacts call per text would, in the same scope, with texts that
// have no searchable terms (or Lucene syntax) answered as empty rankings.
func TestSearchManyMatchesOneByOne(t *testing.T) {
	ctx, s, tenantA := storetest.Open(t)
	tenantB := graphtest.Tenant(t, s)
	turns, x := samKnowledge()
	addKnowledge(t, s, tenantA, "c1", turns, x)
	add(t, s, tenantA, "c2", sampleTurns())
	addKnowledge(t, s, tenantB, "c1", turns, x)
	texts := []string{"lake painting", "the and of", "Dana hiking", `(camping) AND [kids]`, "solar panels", "cousin Dana company", "", "nothing matches zzzz"}
	for _, q := range []ontology.FullTextQuery{
		{Tenant: tenantA, Conversation: "c1", Limit: 5},
		{Tenant: tenantA, Limit: 3},
		{Tenant: tenantA, Conversation: "c2", Speaker: "caroline", Limit: 10},
		{Tenant: tenantB, Conversation: "c1", MatchAll: true, Limit: 10},
	} {
		// The full-text index is shared by every test package running
		// against the server, and its term statistics move with their
		// writes, so two queries a moment apart can score a near pair
		// either way. The one-by-one rankings are read before and after
		// the batched ones: where the two reads agree, nothing moved in
		// between and the batched rankings must be exactly theirs; where
		// they differ, the window is read again.
		var diffs []string
		stable := false
		for try := 0; try < 20 && !stable; try++ {
			if try > 0 {
				time.Sleep(100 * time.Millisecond)
			}
			before := oneByOne(ctx, t, s, q, texts)
			many := manyAtOnce(ctx, t, s, q, texts)
			after := oneByOne(ctx, t, s, q, texts)
			if before.found == 0 {
				t.Fatalf("%+v: nothing found at all, the comparison proves nothing", q)
			}
			stable = slices.Equal(before.ids, after.ids)
			diffs = diffRankings(q, texts, many, before)
		}
		if !stable {
			t.Fatalf("%+v: the one-by-one rankings changed between two reads on each of 20 tries", q)
		}
		for _, d := range diffs {
			t.Error(d)
		}
	}
}

// rankings are the turn and fact rankings of several texts, as result
// ids (turns then facts, per text), and how many results they hold.
type rankings struct {
	ids   []string
	found int
}

// oneByOne ranks each text with SearchTurns and SearchFacts on its own.
func oneByOne(ctx context.Context, t *testing.T, s *graph.Store, q ontology.FullTextQuery, texts []string) rankings {
	t.Helper()
	var r rankings
	for _, text := range texts {
		one := q
		one.Text = text
		turns, err := s.SearchTurns(ctx, one)
		if err != nil {
			t.Fatal(err)
		}
		facts, err := s.SearchFacts(ctx, one)
		if err != nil {
			t.Fatal(err)
		}
		r.found += len(turns) + len(facts)
		r.ids = append(r.ids, fmt.Sprint(ids(turns)), fmt.Sprint(ids(facts)))
	}
	return r
}

// manyAtOnce ranks the texts with SearchTurnsMany and SearchFactsMany.
func manyAtOnce(ctx context.Context, t *testing.T, s *graph.Store, q ontology.FullTextQuery, texts []string) rankings {
	t.Helper()
	turnsMany, err := s.SearchTurnsMany(ctx, q, texts)
	if err != nil {
		t.Fatalf("SearchTurnsMany(%+v): %v", q, err)
	}
	factsMany, err := s.SearchFactsMany(ctx, q, texts)
	if err != nil {
		t.Fatalf("SearchFactsMany(%+v): %v", q, err)
	}
	if len(turnsMany) != len(texts) || len(factsMany) != len(texts) {
		t.Fatalf("got %d/%d rankings for %d texts", len(turnsMany), len(factsMany), len(texts))
	}
	var r rankings
	for i := range texts {
		r.found += len(turnsMany[i]) + len(factsMany[i])
		r.ids = append(r.ids, fmt.Sprint(ids(turnsMany[i])), fmt.Sprint(ids(factsMany[i])))
	}
	return r
}

// diffRankings describes every ranking of many that is not want's.
func diffRankings(q ontology.FullTextQuery, texts []string, many, want rankings) []string {
	var diffs []string
	for i, text := range texts {
		for k, kind := range []string{"turns", "facts"} {
			if got, w := many.ids[2*i+k], want.ids[2*i+k]; got != w {
				diffs = append(diffs, fmt.Sprintf("%+v %q: %s many %v, one by one %v", q, text, kind, got, w))
			}
		}
	}
	return diffs
}

func ids(rs []ontology.SearchResult) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Conversation + "/" + r.ID
	}
	return out
}

func TestConversationsListsTheTenantsOwn(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	start := time.Now().Add(-time.Second)

	add(t, s, tenant, "older", sampleTurns()[:1])
	add(t, s, other, "theirs", sampleTurns())
	add(t, s, tenant, "newer", sampleTurns())

	got, err := s.Conversations(ctx, tenant, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "newer" || got[1].ID != "older" {
		t.Fatalf("Conversations = %+v, want newer then older (and nothing of the other tenant)", got)
	}
	if got[0].TurnCount != 4 || got[1].TurnCount != 1 {
		t.Fatalf("turn counts = %d, %d; want 4, 1", got[0].TurnCount, got[1].TurnCount)
	}
	for _, c := range got {
		if c.CreatedAt.Before(start) || c.LastActivity.Before(c.CreatedAt) {
			t.Fatalf("%s: created %v, last activity %v (test began %v)", c.ID, c.CreatedAt, c.LastActivity, start)
		}
	}

	// Sending turns again makes a conversation the most recent.
	add(t, s, tenant, "older", sampleTurns()[1:2])
	got, err = s.Conversations(ctx, tenant, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "older" || got[0].TurnCount != 2 {
		t.Fatalf("Conversations(limit 1) after a new batch = %+v, want only older with 2 turns", got)
	}

	if _, err := s.Conversations(ctx, tenant, 0); ontology.ErrorCode(err) != ontology.EValidation {
		t.Fatalf("limit 0: err %v, want a validation error", err)
	}
	none, err := s.Conversations(ctx, graphtest.Tenant(t, s), 10)
	if err != nil || len(none) != 0 {
		t.Fatalf("a fresh tenant lists %v, %v; want nothing", none, err)
	}
}

// TestDecodedReads reads back, field by field, what the reads without a
// test of their own decode: the entities a query names, event anchors
// with their time span, a conversation's burst tail and its speakers'
// aliases.
func TestDecodedReads(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	turns, x := samKnowledge()
	addKnowledge(t, s, tenant, "c1", turns, x)

	named, err := s.NamedEntities(ctx, tenant, "c1", "What does Acme make?")
	if err != nil {
		t.Fatal(err)
	}
	if len(named) != 1 || named[0].Name != "Acme" || named[0].Conversation != "c1" || named[0].ID != entityID(t, s, tenant, "c1", "Acme") {
		t.Fatalf("NamedEntities = %+v, want Acme", named)
	}
	speaker, err := s.NamedEntities(ctx, tenant, "c1", "Where does Sam live?")
	if err != nil || len(speaker) != 1 || speaker[0].Speaker != "Sam" || speaker[0].ID != graph.SpeakerEntityID(tenant, "c1", "Sam") {
		t.Fatalf("NamedEntities(Sam) = %+v, %v; want Sam's speaker entity", speaker, err)
	}

	events, err := s.EventAnchors(ctx, tenant, "c1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 {
		t.Fatalf("EventAnchors = %+v, want one", events)
	}
	e := events[0]
	want := ontology.TimeSpan{Start: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), Granularity: "year", Phrase: "last year"}
	if e.Kind != ontology.AnchorEvent || e.ID == "" || e.Title != "Dana founded Acme" || e.When == nil || *e.When != want ||
		len(e.SourceTurnIDs) != 1 || e.SourceTurnIDs[0] != "1" || len(e.Participants) != 1 || e.Similarity != 0 {
		t.Fatalf("event anchor = %+v (when %+v)", e, e.When)
	}

	tail, err := s.BurstTail(ctx, tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) == 0 {
		t.Fatal("BurstTail is empty")
	}
	last := tail[len(tail)-1]
	if last.ID != "4" || last.Session != "s2" || last.Speaker != "Sam" || last.Text != turns[3].Text || last.Seq != 3 ||
		last.Timestamp == nil || !last.Timestamp.Equal(*turns[3].Timestamp) || last.Timestamp.Location() != time.UTC {
		t.Fatalf("BurstTail's last turn = %+v", last)
	}
	if none, err := s.BurstTail(ctx, tenant, "nope"); err != nil || len(none) != 0 {
		t.Fatalf("BurstTail of an unknown conversation = %v, %v", none, err)
	}

	if _, err := s.SetSpeakerAliases(ctx, tenant, "c1", "sam", []string{"Sammy"}); err != nil {
		t.Fatal(err)
	}
	ids, err := s.SpeakerIdentities(ctx, tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 || ids[0].Name != "Ria" || len(ids[0].Aliases) != 0 || ids[0].Aliases == nil || ids[1].Name != "Sam" ||
		len(ids[1].Aliases) != 1 || ids[1].Aliases[0].Alias != "Sammy" || ids[1].Aliases[0].How != ontology.AliasExplicit {
		t.Fatalf("SpeakerIdentities = %+v", ids)
	}
}
