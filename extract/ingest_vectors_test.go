package extract_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// Every stored fact and event holds the vector of its own text, whether
// the extractors' knowledge is embedded beside the turns (no precomputed
// knowledge) or after it is merged with an importer's.
func TestKnowledgeVectorsAreTheirOwnTexts(t *testing.T) {
	s, tenant, ctx, emb := enrichSetup(t, true)
	in := extract.NewIngestor(s, emb, rules.New())
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	turns := append(enrichTurns("v", 5),
		ontology.Turn{ID: "e1", Session: "1", Speaker: "Kim", Text: "I ran a half marathon in Portland last Sunday.", Timestamp: &at},
		ontology.Turn{ID: "e2", Session: "1", Speaker: "Sam", Text: "We adopted a beagle called Nutmeg yesterday.", Timestamp: &at})
	if _, err := in.AddTurns(ctx, tenant, "plain", turns); err != nil {
		t.Fatal(err)
	}
	pre := ontology.Extraction{Facts: []ontology.Fact{{Subject: ontology.EntityRef{Name: "Kim", Type: ontology.EntityPerson},
		Statement: "Kim keeps bees on the roof", SourceTurnIDs: []string{"p2"}, Confidence: 0.9}}}
	if _, err := in.Ingest(ctx, tenant, "imported", enrichTurns("p", 5), &pre); err != nil {
		t.Fatal(err)
	}
	for _, conv := range []string{"plain", "imported"} {
		rows := graphtest.Cypher(t, `MATCH (n {tenant: $tenant, conversation: $conv}) WHERE n:Fact OR n:Event
			RETURN labels(n)[0] AS label, coalesce(n.statement, n.what) AS text, n.embedding_test_embedder AS v`,
			map[string]any{"tenant": tenant, "conv": conv})
		kinds := map[string]int{}
		for _, r := range rows {
			kinds[r["label"].(string)]++
			want, err := emb.Embed(ctx, []string{r["text"].(string)})
			if err != nil {
				t.Fatal(err)
			}
			if got := float32s(r["v"]); fmt.Sprint(got) != fmt.Sprint(want[0]) {
				t.Errorf("%s %s %q holds %v, want its own vector %v", conv, r["label"], r["text"], got, want[0])
			}
		}
		if kinds["Fact"] == 0 || conv == "plain" && kinds["Event"] == 0 {
			t.Errorf("%s: stored %v, want facts (and events in plain)", conv, kinds)
		}
	}
}

// float32s is a vector read back from Neo4j (a list of float64).
func float32s(v any) []float32 {
	l, _ := v.([]any)
	out := make([]float32, len(l))
	for i, x := range l {
		f, _ := x.(float64)
		out[i] = float32(f)
	}
	return out
}
