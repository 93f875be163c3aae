package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// app is Loci wired together: the store, the embedder, the write path and
// the search service. Every command builds it the same way.
type app struct {
	store    *graph.Store
	embedder ontology.Embedder // nil with LOCI_EMBEDDER=none
	ingest   *extract.Ingestor
	search   *query.Service
	closeEmb func() error
}

// newEmbedder builds the embedder LOCI_EMBEDDER names: minilm-q (default:
// all-MiniLM-L6-v2 int8, in process), minilm (the fp32 original: same
// retrieval quality on LoCoMo, ~1.5x slower), openai (any OpenAI-compatible
// endpoint) or none. Each has its own vector index.
func newEmbedder() (ontology.Embedder, func() error, error) {
	switch kind := env("LOCI_EMBEDDER", "minilm-q"); kind {
	case "none":
		return nil, func() error { return nil }, nil
	case "minilm":
		m, err := embed.NewMiniLM(os.Getenv("LOCI_MODELS_DIR"))
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=minilm: %w (run `make models`, or set LOCI_EMBEDDER=none to run without vectors)", err)
		}
		return m, m.Close, nil
	case "minilm-q":
		m, err := embed.NewMiniLM(os.Getenv("LOCI_MODELS_DIR"), embed.WithQuantized())
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=minilm-q: %w (run `make models`, or set LOCI_EMBEDDER=none to run without vectors)", err)
		}
		return m, m.Close, nil
	case "openai":
		cfg, err := embed.OpenAIConfigFromEnv()
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=openai: %w", err)
		}
		o, err := embed.NewOpenAI(cfg)
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=openai: %w", err)
		}
		return o, func() error { return nil }, nil
	default:
		return nil, nil, fmt.Errorf("LOCI_EMBEDDER=%q: want minilm, minilm-q, openai or none", kind)
	}
}

// openApp wires Loci. With ping it also checks that Neo4j answers, for
// commands that can do nothing without it; serve does not, so it can start
// while Neo4j is down.
func openApp(ctx context.Context, ping bool) (*app, error) {
	emb, closeEmb, err := newEmbedder()
	if err != nil {
		return nil, err
	}
	cfg := graphConfig()
	if emb != nil {
		cfg.EmbedderID, cfg.EmbedderDimensions = emb.ID(), emb.Dimensions()
	}
	store, err := graph.Open(cfg)
	if err != nil {
		closeEmb()
		return nil, err
	}
	a := &app{store: store, embedder: emb, closeEmb: closeEmb,
		ingest: extract.NewIngestor(store, emb), search: query.NewService(store, emb)}
	if ping {
		pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		if err := store.Ping(pctx); err != nil {
			a.close()
			return nil, fmt.Errorf("Neo4j at %s: %w (is it running? `make neo4j` starts the local one)", cfg.URI, err)
		}
	}
	return a, nil
}

func (a *app) close() {
	a.store.Close(context.Background())
	if a.closeEmb != nil {
		a.closeEmb()
	}
}

// openMigratedApp wires Loci, checks Neo4j answers and applies the schema:
// what every command that reads or writes conversations needs first.
func openMigratedApp(ctx context.Context) (*app, error) {
	a, err := openApp(ctx, true)
	if err != nil {
		return nil, err
	}
	if err := a.store.Migrate(ctx, 5*time.Minute); err != nil {
		a.close()
		return nil, err
	}
	return a, nil
}

// readLoCoMoFile parses the LoCoMo JSON file at path.
func readLoCoMoFile(path string) ([]extract.LoCoMoSample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return extract.ReadLoCoMo(f)
}
