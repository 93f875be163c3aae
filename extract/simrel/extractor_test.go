//go:build cgo

package simrel

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

var (
	modelOnce sync.Once
	model     *embed.MiniLM
	modelErr  error
)

// minilm returns the default in-process embedder (int8 MiniLM), which
// `make models` fetches; without it the test fails.
func minilm(t *testing.T) *embed.MiniLM {
	t.Helper()
	modelOnce.Do(func() {
		model, modelErr = embed.NewMiniLM(config.MustLoad().ModelsPath(), embed.WithQuantized())
	})
	if modelErr != nil {
		t.Fatalf("the MiniLM model (run `make models`): %v", modelErr)
	}
	return model
}

// relations renders an extraction's relations as "TYPE From>To extractor".
func relations(x ontology.Extraction) map[string]bool {
	out := map[string]bool{}
	for _, r := range x.Relations {
		out[string(r.Type)+" "+r.From.Name+">"+r.To.Name+" "+r.Extractor] = true
	}
	return out
}

func TestExtractorAddsRelationsTheRulesMiss(t *testing.T) {
	x, err := New(minilm(t), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	turns := []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Bea", Text: "Tunde Bakare packed up and relocated to Lisbon", Timestamp: &at},
		{ID: "D1:2", Session: "1", Speaker: "Kit", Text: "Ana Lima visited Porto last summer", Timestamp: &at},
		{ID: "D1:3", Session: "1", Speaker: "Kit", Text: "Ana Lima had lunch at Loop Labs", Timestamp: &at},
		{ID: "D1:4", Session: "1", Speaker: "Kit", Text: "Ana Lima might relocate to Leeds", Timestamp: &at},
	}
	req := ontology.ExtractRequest{Turns: turns, Speakers: []string{"Bea", "Kit"}}
	got, usage, err := x.Extract(context.Background(), req)
	if err != nil || usage.Error != "" {
		t.Fatalf("Extract: %v %q", err, usage.Error)
	}
	rels := relations(got)
	if !rels["MOVED_TO Tunde Bakare>Lisbon "+ExtractorSim] {
		t.Errorf("the move gave no MOVED_TO: %v", rels)
	}
	for _, r := range got.Relations {
		if r.Extractor == ExtractorSim && r.From.Name == "Ana Lima" {
			t.Errorf("a visit, a lunch or a hedged move became %s %s>%s", r.Type, r.From.Name, r.To.Name)
		}
		if r.Extractor == ExtractorSim && (len(r.SourceTurnIDs) != 1 || r.SourceTurnIDs[0] != "D1:1" || r.ValidTo != nil) {
			t.Errorf("%s cites %v, valid to %v", r.Type, r.SourceTurnIDs, r.ValidTo)
		}
	}
	// The rules alone: the stage only adds.
	plain, _, err := x.rules.Extract(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for r := range relations(plain) {
		if !rels[r] {
			t.Errorf("the rules' %s is gone", r)
		}
	}
	if len(got.Relations) <= len(plain.Relations) {
		t.Errorf("no relation added: %v", rels)
	}
}

// countingEmbedder counts the texts it embeds on top of the model.
type countingEmbedder struct {
	ontology.Embedder
	mu    sync.Mutex
	texts int
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.mu.Lock()
	c.texts += len(texts)
	c.mu.Unlock()
	return c.Embedder.Embed(ctx, texts)
}

// Warm embeds the prototypes once, before any batch: the batches then
// embed their candidate sentences only, and type them as without Warm.
func TestWarmEmbedsPrototypesOnce(t *testing.T) {
	emb := &countingEmbedder{Embedder: minilm(t)}
	warm, err := New(emb, DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	if err := warm.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	if emb.texts != len(warm.protos) || emb.texts == 0 {
		t.Fatalf("Warm embedded %d texts, want the %d prototypes", emb.texts, len(warm.protos))
	}
	if err := warm.Warm(context.Background()); err != nil || emb.texts != len(warm.protos) {
		t.Fatalf("a second Warm embedded again (%d texts, %v)", emb.texts, err)
	}
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	req := ontology.ExtractRequest{Speakers: []string{"Bea"}, Turns: []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Bea", Text: "Tunde Bakare packed up and relocated to Lisbon", Timestamp: &at}}}
	got, _, err := warm.Extract(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if n := emb.texts - len(warm.protos); int64(n) != warm.Embedded() || n == 0 {
		t.Errorf("the batch embedded %d texts, want its %d candidate sentences", n, warm.Embedded())
	}
	if warm.Pairs() < warm.Embedded() {
		t.Errorf("%d candidate pairs for %d embedded sentences", warm.Pairs(), warm.Embedded())
	}
	cold, err := New(minilm(t), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := cold.Extract(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := relations(got), relations(want); len(g) != len(w) || !g["MOVED_TO Tunde Bakare>Lisbon "+ExtractorSim] {
		t.Errorf("warm %v, cold %v", g, w)
	}
}
