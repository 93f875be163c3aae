package extract_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// gatedEmbedder is a small deterministic embedder (4 dimensions, from a
// hash of the text) whose Embed waits while its gate is closed, so a test
// can hold enrichment back and let it go.
type gatedEmbedder struct {
	mu     sync.Mutex
	open   chan struct{}
	closed bool
	calls  int
}

func newGatedEmbedder(open bool) *gatedEmbedder {
	g := &gatedEmbedder{open: make(chan struct{})}
	if open {
		g.release()
	}
	return g
}

func (g *gatedEmbedder) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed {
		close(g.open)
		g.closed = true
	}
}

func (g *gatedEmbedder) ID() string      { return "test-embedder" }
func (g *gatedEmbedder) Dimensions() int { return 4 }
func (g *gatedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	select {
	case <-g.open:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	g.mu.Lock()
	g.calls++
	g.mu.Unlock()
	out := make([][]float32, len(texts))
	for i, t := range texts {
		h := fnv.New64a()
		h.Write([]byte(t))
		x := h.Sum64()
		v := make([]float32, 4)
		var n float64
		for j := range v {
			v[j] = float32(int64(x>>(16*j))&0xffff) + 1
			n += float64(v[j]) * float64(v[j])
		}
		for j := range v {
			v[j] /= float32(math.Sqrt(n))
		}
		out[i] = v
	}
	return out, nil
}

// enrichTurns is a batch the rules extractor draws relations and facts
// from, with two turns of one speaker in a row (a burst).
func enrichTurns(prefix string, n int) []ontology.Turn {
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	texts := []string{
		"I live in Seattle with my dog Rex.",
		"I work at Google as a software engineer.",
		"My sister Dana lives in Ohio.",
		"I joined the Seattle Chess Club last week.",
		"Maya is my girlfriend.",
	}
	speakers := []string{"Sam", "Sam", "Kim", "Sam", "Kim"}
	out := make([]ontology.Turn, n)
	for i := range out {
		ts := at.Add(time.Duration(i) * time.Minute)
		out[i] = ontology.Turn{ID: fmt.Sprintf("%s%d", prefix, i), Session: "1", Speaker: speakers[i%len(speakers)],
			Text: texts[i%len(texts)], Timestamp: &ts}
	}
	return out
}

// anchorKinds are what the background anchor pass builds (of any process
// sharing the test Neo4j, at any time), left out of graphCounts.
var anchorKinds = map[string]bool{"Profile": true, "Topic": true}

// graphCounts counts a conversation's nodes by label and relationships by
// type, for comparing two graphs; anchors and their relationships are left
// out.
func graphCounts(t *testing.T, tenant, conv string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, r := range graphtest.Cypher(t, `MATCH (n) WHERE n.tenant = $tenant AND n.conversation = $conv
		RETURN labels(n)[0] AS label, count(*) AS n`, map[string]any{"tenant": tenant, "conv": conv}) {
		if !anchorKinds[r["label"].(string)] {
			out[r["label"].(string)] = r["n"].(int64)
		}
	}
	for _, r := range graphtest.Cypher(t, `MATCH (n)-[r]->(m) WHERE n.tenant = $tenant AND n.conversation = $conv
		AND NOT n:Profile AND NOT n:Topic AND NOT m:Profile AND NOT m:Topic
		RETURN type(r) AS type, count(*) AS n`, map[string]any{"tenant": tenant, "conv": conv}) {
		out["-"+r["type"].(string)+"->"] = r["n"].(int64)
	}
	return out
}

// pendingStateQuery reads a conversation's pending marks: its count, and
// how many of its turns carry a batch mark. It returns one row per
// Conversation node even while an enrichment commits beside it: the marked
// turns are counted in a subquery. Grouped by the count instead (RETURN
// coalesce(c.enrich_pending, 0), count(t)), it read enrich_pending once per
// marked turn, and Neo4j reads at read committed, so a commit between two
// of those reads split one conversation into two rows, one per value (the
// "2 rows" of a fresh-clone CI run; TestPendingStateIsOneRowWhileEnrichmentCommits).
const pendingStateQuery = `MATCH (c:Conversation {tenant: $tenant, id: $conv})
	RETURN coalesce(c.enrich_pending, 0) AS count,
	       COUNT { MATCH (t:Turn {tenant: $tenant, conversation: $conv}) WHERE t.enrich_batch IS NOT NULL } AS marked`

// pendingState runs pendingStateQuery; more or fewer than one row (as many
// as there are Conversation nodes of the tenant and id) fails the test.
func pendingState(t *testing.T, tenant, conv string) (count, marked int64) {
	t.Helper()
	rows := graphtest.Cypher(t, pendingStateQuery, map[string]any{"tenant": tenant, "conv": conv})
	if len(rows) != 1 {
		t.Fatalf("conversation %q: %d rows", conv, len(rows))
	}
	return rows[0]["count"].(int64), rows[0]["marked"].(int64)
}

// embeddedTurns counts conv's turns that hold a vector of the test
// embedder ("test-embedder", stored as embedding_test_embedder), read
// exactly: an approximate (HNSW) search over the 4-dimension test index,
// which concurrent tests fill with near-identical vectors, may miss some.
func embeddedTurns(t *testing.T, tenant, conv string) int64 {
	t.Helper()
	rows := graphtest.Cypher(t, `MATCH (t:Turn {tenant: $tenant, conversation: $conv})
		WHERE t.embedding_test_embedder IS NOT NULL RETURN count(t) AS n`, map[string]any{"tenant": tenant, "conv": conv})
	return rows[0]["n"].(int64)
}

// enrichSetup gives a test a store with 4-dimension vectors, its own
// tenant, a background context and a gatedEmbedder, open or closed.
func enrichSetup(t *testing.T, open bool) (*graph.Store, string, context.Context, *gatedEmbedder) {
	t.Helper()
	s := graphtest.StoreWithVectors(t, "test-embedder", 4)
	return s, graphtest.Tenant(t, s), context.Background(), newGatedEmbedder(open)
}

func newAsync(t *testing.T, s *graph.Store, tenant string, emb ontology.Embedder, backlog int) (*extract.Enricher, func()) {
	t.Helper()
	return newAsyncResuming(t, s, tenant, emb, backlog, 200*time.Millisecond)
}

// newAsyncResuming is newAsync taking up pending work acknowledged more
// than resumeAfter ago.
func newAsyncResuming(t *testing.T, s *graph.Store, tenant string, emb ontology.Embedder, backlog int, resumeAfter time.Duration) (*extract.Enricher, func()) {
	t.Helper()
	in := extract.NewIngestor(s, emb, rules.New())
	e := extract.NewEnricher(in, tenantPending{s, tenant}, extract.EnrichConfig{Backlog: backlog, Workers: 2, Retry: 50 * time.Millisecond, ResumeAfter: resumeAfter})
	stop := e.Start(context.Background())
	return e, stop
}

// tenantPending is the store with the pending work of one tenant only, for
// the enrichers of these tests. An enricher takes up every tenant's work
// acknowledged more than ResumeAfter ago (here as little as 200ms), and
// other test packages running against the same server at once acknowledge
// work their own enrichers must do (asynchronous ingest in handlers and
// internal/app, with the MiniLM embedder): taken up here, it would be
// enriched with this package's test embedder, and theirs would find it
// done without their vectors.
type tenantPending struct {
	*graph.Store
	tenant string
}

func (s tenantPending) PendingConversations(ctx context.Context, before time.Time) ([]ontology.PendingConversation, error) {
	all, err := s.Store.PendingConversations(ctx, before)
	return slices.DeleteFunc(all, func(p ontology.PendingConversation) bool { return p.Tenant != s.tenant }), err
}

// A turn acknowledged in async mode is full-text searchable at once, and
// gets its vector and its knowledge afterwards; the enriched graph is the
// one synchronous ingest builds from the same batches.
func TestAsyncAcknowledgesThenEnriches(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	e, stop := newAsync(t, s, tenant, emb, 1000)
	defer stop()

	batches := [][]ontology.Turn{enrichTurns("a", 10), enrichTurns("b", 10)}
	for _, b := range batches {
		res, err := e.AddTurns(ctx, tenant, "async", b)
		if err != nil {
			t.Fatal(err)
		}
		if res.Created != len(b) || res.Enrichment != ontology.EnrichmentPending || res.Knowledge != nil {
			t.Fatalf("async ack = %+v, want %d created, pending, no knowledge yet", res, len(b))
		}
	}
	hits, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "async", Text: "chess club", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		t.Fatal("an acknowledged turn is not full-text searchable")
	}
	if n := embeddedTurns(t, tenant, "async"); n != 0 {
		t.Fatalf("%d turns have vectors before enrichment ran", n)
	}
	if c := graphCounts(t, tenant, "async"); c["Fact"]+c["Entity"] != 0 {
		t.Fatalf("knowledge stored before enrichment: %v", c)
	}
	if count, marked := pendingState(t, tenant, "async"); count != 20 || marked != 20 {
		t.Fatalf("pending marks = %d / %d turns, want 20 / 20", count, marked)
	}
	if got := e.Backlog(); got != 20 {
		t.Fatalf("backlog = %d, want 20", got)
	}

	emb.release()
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	if err := e.WaitConversation(wctx, tenant, "async"); err != nil {
		t.Fatal(err)
	}
	if n := embeddedTurns(t, tenant, "async"); n != 20 {
		t.Fatalf("%d turns have vectors after enrichment, want 20", n)
	}
	if count, marked := pendingState(t, tenant, "async"); count != 0 || marked != 0 {
		t.Fatalf("pending marks after enrichment = %d / %d", count, marked)
	}

	in := extract.NewIngestor(s, emb, rules.New())
	for _, b := range batches {
		if _, err := in.AddTurns(ctx, tenant, "sync", b); err != nil {
			t.Fatal(err)
		}
	}
	async, sync := graphCounts(t, tenant, "async"), graphCounts(t, tenant, "sync")
	if async["Fact"] == 0 || async["Entity"] == 0 || async["Burst"] == 0 {
		t.Fatalf("enrichment stored no facts, entities or bursts: %v", async)
	}
	if fmt.Sprint(async) != fmt.Sprint(sync) {
		t.Fatalf("async graph differs from the sync one:\nasync %v\nsync  %v", async, sync)
	}
}

// Pending work is in Neo4j: a worker stopped before it enriched anything
// leaves it there, and a new one finds and finishes it. Work acknowledged
// moments ago is left to the process that acknowledged it: another
// process starting (Loci scaled out over one database) does not take it.
func TestPendingSurvivesWorkerRestart(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	first, stop := newAsync(t, s, tenant, emb, 1000)
	if _, err := first.AddTurns(ctx, tenant, "restart", enrichTurns("r", 15)); err != nil {
		t.Fatal(err)
	}
	other, stopOther := newAsyncResuming(t, s, tenant, emb, 1000, time.Minute)
	dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := other.Drain(dctx); err != nil || other.Backlog() != 0 {
		t.Fatalf("another process took up fresh work: backlog %d, %v", other.Backlog(), err)
	}
	stopOther()
	stop() // the worker is waiting in Embed: cancelled, its transaction never ran
	if count, marked := pendingState(t, tenant, "restart"); count != 15 || marked != 15 {
		t.Fatalf("after the stop: pending marks = %d / %d turns, want 15 / 15", count, marked)
	}

	emb.release()
	_, stop2 := newAsync(t, s, tenant, emb, 1000)
	defer stop2()
	// The second enricher knows of the conversation only through Neo4j.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		count, marked := pendingState(t, tenant, "restart")
		if count == 0 && marked == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("pending work not finished after a restart: %d / %d", count, marked)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := embeddedTurns(t, tenant, "restart"); n != 15 {
		t.Fatalf("%d turns have vectors after the restart, want 15", n)
	}
	if c := graphCounts(t, tenant, "restart"); c["Fact"] == 0 {
		t.Fatalf("no facts after the restart: %v", c)
	}
}

// pendingStateQuery answers one row for one conversation of marked turns
// while its pending count changes beside the read, read after read, as it
// does whenever a batch is acknowledged or enriched (here the product's
// enrich_mark, one turn at a time). Its numbers may mix the states before
// and after a commit (read committed); the tests only poll them until the
// marks are gone. With the count as a grouping key, reads split into two
// rows within the test's time (docs/benchmarks.md).
func TestPendingStateIsOneRowWhileEnrichmentCommits(t *testing.T) {
	s, tenant, ctx, _ := enrichSetup(t, true)
	if _, _, err := s.AddPendingTurns(ctx, tenant, "flip", enrichTurns("f", 100)); err != nil {
		t.Fatal(err)
	}
	cfg := graphtest.Config()
	driver, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer driver.Close(ctx)
	run := func(stmt string, params map[string]any) ([]*neo4j.Record, error) {
		res, err := neo4j.ExecuteQuery(ctx, driver, stmt, params, neo4j.EagerResultTransformer,
			neo4j.ExecuteQueryWithDatabase(cfg.Database), neo4j.ExecuteQueryWithWritersRouting())
		if err != nil {
			return nil, err
		}
		return res.Records, nil
	}

	// (The driver's first connection is made here, before the writer
	// starts: two at once race inside the driver.)
	conv, err := run(`MATCH (c:Conversation {tenant: $tenant, id: 'flip'}) RETURN c.uid AS uid`, map[string]any{"tenant": tenant})
	if err != nil || len(conv) != 1 {
		t.Fatalf("the conversation: %d rows, %v", len(conv), err)
	}
	uid, _ := conv[0].Get("uid")
	mark := map[string]any{"tenant": tenant, "conversation_uid": uid, "created": int64(1), "batch": int64(0)}
	stop, written := make(chan struct{}), make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				written <- nil
				return
			default:
			}
			if _, err := run(cypher.Get("enrich_mark"), mark); err != nil {
				written <- err
				return
			}
		}
	}()
	reads := 0
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); reads++ {
		rows, err := run(pendingStateQuery, map[string]any{"tenant": tenant, "conv": "flip"})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 {
			close(stop)
			<-written
			var got []map[string]any
			for _, r := range rows {
				got = append(got, r.AsMap())
			}
			t.Fatalf("read %d: %d rows for one conversation: %v", reads, len(rows), got)
		}
	}
	close(stop)
	if err := <-written; err != nil {
		t.Fatal(err)
	}
	t.Logf("%d reads, one row each", reads)
}

// Past the bound a batch waits for room, and stores nothing if its
// deadline comes first; once enrichment makes room it goes through.
func TestBackPressureAtBound(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	e, stop := newAsync(t, s, tenant, emb, 20)
	defer stop()
	if _, err := e.AddTurns(ctx, tenant, "bp", enrichTurns("x", 20)); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	_, err := e.AddTurns(short, tenant, "bp", enrichTurns("y", 5))
	if ontology.ErrorCode(err) != ontology.EUnavailable {
		t.Fatalf("a batch past the bound: err = %v, want unavailable", err)
	}
	page, err := s.Turns(ctx, tenant, "bp", -1, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Turns) != 20 {
		t.Fatalf("%d turns stored, want 20 (the refused batch must store nothing)", len(page.Turns))
	}

	done := make(chan error, 1)
	go func() {
		_, err := e.AddTurns(ctx, tenant, "bp", enrichTurns("y", 5))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("a batch past the bound went through while the backlog was full (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	emb.release()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Minute):
		t.Fatal("the waiting batch was not admitted after enrichment made room")
	}
}

// With WithEnrichmentWait an async ingest returns only once its batch is
// enriched, with the knowledge report.
func TestWaitReturnsAfterEnrichment(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, false)
	e, stop := newAsync(t, s, tenant, emb, 1000)
	defer stop()
	type answer struct {
		res ontology.IngestResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := e.AddTurns(ontology.WithEnrichmentWait(ctx), tenant, "wait", enrichTurns("w", 10))
		done <- answer{res, err}
	}()
	select {
	case a := <-done:
		t.Fatalf("wait=true returned before enrichment: %+v, %v", a.res, a.err)
	case <-time.After(500 * time.Millisecond):
	}
	emb.release()
	var a answer
	select {
	case a = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("wait=true did not return after enrichment")
	}
	if a.err != nil {
		t.Fatal(a.err)
	}
	if a.res.Enrichment != ontology.EnrichmentDone || a.res.Knowledge == nil || a.res.Knowledge.Relations == 0 {
		t.Fatalf("wait=true answer = %+v (knowledge %+v), want done with relations", a.res, a.res.Knowledge)
	}
	if n := embeddedTurns(t, tenant, "wait"); n != 10 {
		t.Fatalf("%d turns have vectors when wait=true returned, want 10", n)
	}
}

// Enriching a batch again, or sending it again, changes nothing.
func TestEnrichmentIsIdempotent(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, true)
	in := extract.NewIngestor(s, emb, rules.New())
	e := extract.NewEnricher(in, s, extract.EnrichConfig{Backlog: 1000})
	// Not started: the test runs the enrichment itself, twice.
	_, seq, err := s.AddPendingTurns(ctx, tenant, "idem", enrichTurns("i", 10))
	if err != nil {
		t.Fatal(err)
	}
	pending, err := s.PendingBatches(ctx, tenant, "idem", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 1 || pending[0].Seq != seq || len(pending[0].Turns) != 10 {
		t.Fatalf("pending batches = %+v, want one of 10 turns at seq %d", pending, seq)
	}
	first, err := e.EnrichBatch(ctx, tenant, "idem", pending[0])
	if err != nil {
		t.Fatal(err)
	}
	if first.Created != 10 || first.Knowledge == nil || first.Knowledge.Facts == 0 {
		t.Fatalf("first enrichment = %+v", first)
	}
	after := graphCounts(t, tenant, "idem")
	second, err := e.EnrichBatch(ctx, tenant, "idem", pending[0])
	if err != nil {
		t.Fatal(err)
	}
	if second.Created != 0 || second.Knowledge != nil {
		t.Fatalf("second enrichment of the same batch = %+v, want nothing", second)
	}
	res, seq2, err := s.AddPendingTurns(ctx, tenant, "idem", enrichTurns("i", 10))
	if err != nil {
		t.Fatal(err)
	}
	if res.Created != 0 || res.Existing != 10 || seq2 != -1 {
		t.Fatalf("the batch sent again = %+v (seq %d), want 10 existing", res, seq2)
	}
	if again := graphCounts(t, tenant, "idem"); fmt.Sprint(again) != fmt.Sprint(after) {
		t.Fatalf("graph changed by a repeated enrichment:\nbefore %v\nafter  %v", after, again)
	}
	if count, marked := pendingState(t, tenant, "idem"); count != 0 || marked != 0 {
		t.Fatalf("pending marks = %d / %d", count, marked)
	}
}
