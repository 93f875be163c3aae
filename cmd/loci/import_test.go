package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

func TestImportLoCoMoThroughIngest(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	f, err := os.Open("../../extract/testdata/mini_locomo.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	samples, err := extract.ReadLoCoMo(f)
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	st, err := importLoCoMo(context.Background(), extract.NewIngestor(store, nil), tenant, samples, "p-", 2, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if st.conversations != 1 || st.sessions != 3 || st.turns != 4 || st.created != 4 {
		t.Fatalf("first import: %+v", st)
	}
	if !strings.Contains(progress.String(), "4/4 turns") {
		t.Errorf("progress output %q does not reach 4/4", progress.String())
	}
	st, err = importLoCoMo(context.Background(), extract.NewIngestor(store, nil), tenant, samples, "p-", 2, &progress)
	if err != nil || st.created != 0 || st.existing != 4 {
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
