package main

import (
	"context"
	"io"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/extract"
	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/bench"
	"github.com/loci-memory/loci/internal/config"
)

// The benchmark and load tools live in internal/bench; these entries hand
// them their arguments and the wiring of this command.

func benchCmd(ctx context.Context, args []string) error { return bench.Bench(ctx, benchEnv(), args) }

func evalCmd(ctx context.Context, args []string) error { return bench.Eval(ctx, benchEnv(), args) }

func vecrecallCmd(ctx context.Context, args []string) error {
	return bench.VecRecall(ctx, benchEnv(), args)
}

// benchEnv is what the tools take from loci: its wiring, its Neo4j
// settings, its LoCoMo importer and its API key.
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
		Import: func(ctx context.Context, in bench.TurnAdder, tenant string, samples []extract.LoCoMoSample, prefix string, workers int, facts bool, progress io.Writer) (bench.ImportStats, error) {
			st, err := importLoCoMo(ctx, in, tenant, samples, prefix, workers, facts, progress)
			return bench.ImportStats{Conversations: st.conversations, Sessions: st.sessions, Turns: st.turns,
				Created: st.created, Existing: st.existing, Elapsed: st.elapsed}, err
		},
		Remote: func(ctx context.Context, url, key string) (*client.Client, bench.TurnAdder, error) {
			c, err := remoteClient(ctx, url, key)
			if err != nil {
				return nil, nil, err
			}
			return c, remoteIngest{c}, nil
		},
		Progress: func(w io.Writer, total int, unit string) bench.Progress {
			p := newProgress(w, total)
			p.unit = unit
			return benchProgress{p}
		},
		APIKey: cfg.APIKey,
	}
}

// benchProgress is the import's progress bar as the tools' bench.Progress.
type benchProgress struct{ p *progress }

func (b benchProgress) Set(n int, label string) { b.p.set(n, label) }
func (b benchProgress) Done()                   { b.p.done() }
