package main

import (
	"context"

	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/bench"
	"github.com/loci-memory/loci/internal/config"
)

// The benchmark and load tools live in internal/bench; these entries hand
// them their arguments and the wiring of this command.

func importCmd(ctx context.Context, args []string) error { return bench.Import(ctx, benchEnv(), args) }

func benchCmd(ctx context.Context, args []string) error { return bench.Bench(ctx, benchEnv(), args) }

func evalCmd(ctx context.Context, args []string) error { return bench.Eval(ctx, benchEnv(), args) }

func vecrecallCmd(ctx context.Context, args []string) error {
	return bench.VecRecall(ctx, benchEnv(), args)
}

// benchEnv is what the tools take from loci: its wiring, its Neo4j
// settings, its LoCoMo file and its API key.
func benchEnv() bench.Env {
	cfg := config.MustLoad() // main has validated the environment
	return bench.Env{
		Open: func(ctx context.Context) (*bench.App, error) {
			a, err := lociapp.OpenMigrated(ctx, cfg)
			if err != nil {
				return nil, err
			}
			return &bench.App{Store: a.Store, Embedder: a.Embedder, Ingest: a.Ingest, Search: a.Search, Contexts: a.Contexts, Close: a.Close,
				RefreshStale: func(ctx context.Context, limit int) (int, int, error) { return a.RefreshStale(ctx, limit, nil) }}, nil
		},
		Graph:  lociapp.GraphConfig(cfg),
		LoCoMo: cfg.LoCoMoPath(),
		APIKey: cfg.APIKey,
	}
}
