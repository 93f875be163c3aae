package bench

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/ontology"
)

// importFixture is the real Neo4j, a fresh tenant, the mini LoCoMo file's
// samples and an ingestor wired as `loci import` wires one.
func importFixture(t *testing.T) (*graph.Store, string, []extract.LoCoMoSample, *extract.Ingestor) {
	t.Helper()
	store := graphtest.Store(t)
	samples, err := extract.ReadLoCoMoFile("../../extract/testdata/mini_locomo.json")
	if err != nil {
		t.Fatal(err)
	}
	return store, graphtest.Tenant(t, store), samples, app.Assemble(app.Parts{Store: store}).Ingest
}

func TestImportLoCoMoThroughIngest(t *testing.T) {
	store, tenant, samples, in := importFixture(t)
	var progress bytes.Buffer
	st, err := importLoCoMo(context.Background(), in, tenant, samples, "p-", 2, false, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if st.Conversations != 1 || st.Sessions != 3 || st.Turns != 4 || st.Created != 4 {
		t.Fatalf("first import: %+v", st)
	}
	if !strings.Contains(progress.String(), "4/4 turns") {
		t.Errorf("progress output %q does not reach 4/4", progress.String())
	}
	st, err = importLoCoMo(context.Background(), in, tenant, samples, "p-", 2, false, &progress)
	if err != nil || st.Created != 0 || st.Existing != 4 {
		t.Fatalf("re-import: %+v, %v; want everything already stored", st, err)
	}
	c, err := store.Conversation(context.Background(), tenant, "p-mini-1")
	if err != nil || c.TurnCount != 4 || len(c.Sessions) != 3 {
		t.Fatalf("imported conversation: %+v, %v", c, err)
	}
	res, err := store.SearchTurns(context.Background(), ontology.FullTextQuery{Tenant: tenant, Conversation: "p-mini-1", Text: "kayak", Limit: 5})
	if err != nil || len(res) != 1 || res[0].ID != "D1:2" {
		t.Fatalf("image caption not searchable: %+v, %v", res, err)
	}
}

func TestImportLoCoMoFacts(t *testing.T) {
	store, tenant, samples, in := importFixture(t)
	ctx := context.Background()
	st, err := importLoCoMo(ctx, in, tenant, samples, "f-", 2, true, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if st.Facts != 2 || st.Events != 1 {
		t.Fatalf("imported knowledge: %+v, want 2 observation facts and 1 event", st)
	}
	res, err := store.SearchFacts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "f-mini-1", Speaker: "Ben", Text: "kayaking lake", Limit: 5})
	if err != nil || len(res) != 1 || res[0].Kind != ontology.KindFact || len(res[0].SourceTurnIDs) != 1 || res[0].SourceTurnIDs[0] != "D1:2" {
		t.Fatalf("fact search = %+v, %v", res, err)
	}
	if res, _ := store.SearchFacts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "f-mini-1", Speaker: "Ana", Text: "kayaking", Limit: 5}); len(res) != 0 {
		t.Fatalf("speaker scope leaked Ben's fact to Ana: %+v", res)
	}
	ana, err := store.ResolveEntity(ctx, tenant, "f-mini-1", "Ana")
	if err != nil {
		t.Fatal(err)
	}
	d, err := store.Entity(ctx, tenant, ana)
	if err != nil || len(d.Facts) != 1 || len(d.Events) != 1 || d.Events[0].When == nil || d.Events[0].Extractor != ontology.ExtractorLoCoMoEvents {
		t.Fatalf("Ana = %+v, %v", d, err)
	}
	// Re-importing stores nothing twice.
	st, err = importLoCoMo(ctx, in, tenant, samples, "f-", 2, true, io.Discard)
	if err != nil || st.Facts != 0 || st.Created != 0 {
		t.Fatalf("re-import: %+v, %v", st, err)
	}
	if d, _ := store.Entity(ctx, tenant, ana); len(d.Facts) != 1 || len(d.Events) != 1 {
		t.Fatalf("after re-import Ana = %+v", d)
	}
}
