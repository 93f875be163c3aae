// Package bench holds Loci's LoCoMo importer and its benchmark and load
// tools: `loci import locomo`, `loci bench import|search|load|graph|scale`,
// `loci eval locomo` and `loci vecrecall`. None of it is on the serving
// path: cmd/loci only hands each command its arguments and an Env (how to
// wire Loci, where Neo4j is, the default LoCoMo file and API key), so this
// package reads no environment variable itself.
package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// App is the part of a wired Loci the tools use.
type App struct {
	Store    *graph.Store
	Embedder ontology.Embedder // nil without an embedder
	Ingest   *extract.Ingestor
	Search   *query.Service
	Contexts *llmcontext.Service
	// RefreshStale rebuilds up to limit stale entity profiles and topic
	// sets and says how many it found stale and rebuilt (internal/app's
	// App.RefreshStale, the background pass's step).
	RefreshStale func(ctx context.Context, limit int) (stale, rebuilt int, err error)
	Close        func()
}

// TurnAdder is the ingest path an import feeds: the in-process ingestor or
// a running Loci's API.
type TurnAdder interface {
	Ingest(ctx context.Context, tenant, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error)
}

// ImportStats is what an import of LoCoMo samples did.
type ImportStats struct {
	Conversations, Sessions, Turns, Created, Existing int
	Facts, Events, Relations, Profile, ExtractErrors  int
	Elapsed                                           time.Duration
}

// Env is what the command running a tool gives it.
type Env struct {
	// Open wires Loci, checks Neo4j answers and applies the schema.
	Open func(ctx context.Context) (*App, error)
	// Graph is the Neo4j configuration (for tools that read the store alone).
	Graph graph.Config
	// LoCoMo is the default LoCoMo file of the tools' --locomo flags
	// (internal/config's Config.LoCoMoPath: $LOCOMO, else the nearest
	// shared/data/locomo/locomo10.json; "" when there is none).
	LoCoMo string
	// APIKey is the default key of the tools' own HTTP clients (--key
	// overrides it).
	APIKey string
}

// parseLoCoMoArgs parses args into fs (as parseArgs) and reads the LoCoMo
// file that must be the one positional argument; usage is the error
// otherwise.
func parseLoCoMoArgs(fs *flag.FlagSet, args []string, usage string) ([]extract.LoCoMoSample, error) {
	if err := parseArgs(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		return nil, errors.New(usage)
	}
	return extract.ReadLoCoMoFile(fs.Arg(0))
}

// openWithEmbedder is Open for the tools that need an embedder (who names
// the tool in the error).
func (e Env) openWithEmbedder(ctx context.Context, who string) (*App, error) {
	a, err := e.Open(ctx)
	if err != nil {
		return nil, err
	}
	if a.Embedder == nil {
		a.Close()
		return nil, fmt.Errorf("%s needs an embedder (LOCI_EMBEDDER other than none)", who)
	}
	return a, nil
}

// parseArgs parses args into fs with positional arguments allowed among
// the flags (`bench import FILE --workers 4` and the flag-first form), and
// leaves the positional ones in fs.Args().
func parseArgs(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}
