package main

import (
	"context"
	"os"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// app is internal/app's App under the names the tooling commands (bench,
// eval, vecrecall) use; it goes when they move out of cmd/loci.
type app struct {
	*lociapp.App
	store    *graph.Store
	embedder ontology.Embedder
	ingest   *extract.Ingestor
	search   *query.Service
	contexts *llmcontext.Service
}

// openMigratedApp wires Loci from the environment, checks Neo4j answers and
// applies the schema.
func openMigratedApp(ctx context.Context) (*app, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	a, err := lociapp.OpenMigrated(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &app{App: a, store: a.Store, embedder: a.Embedder, ingest: a.Ingest, search: a.Search, contexts: a.Contexts}, nil
}

func (a *app) close() { a.App.Close() }

// readLoCoMoFile parses the LoCoMo JSON file at path.
func readLoCoMoFile(path string) ([]extract.LoCoMoSample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return extract.ReadLoCoMo(f)
}
