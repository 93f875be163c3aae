package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/metrics"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
	"github.com/loci-memory/loci/query"
)

// app is Loci wired together: the store, the embedder, the write path and
// the search service. Every command builds it the same way.
type app struct {
	store    *graph.Store
	embedder ontology.Embedder // nil with LOCI_EMBEDDER=none
	ingest   *extract.Ingestor
	search   *query.Service
	contexts *llmcontext.Service
	anchors  *extract.AnchorBuilder
	answerer handlers.Answerer // nil without an LLM
	closeEmb func() error
	metrics  *metrics.Registry // fed by the store, embedder, extractors and ingest
}

// llmAnswerer adapts the LLM client to the API's Answerer.
type llmAnswerer struct{ x *llm.Extractor }

func (l llmAnswerer) Answer(ctx context.Context, question, memoryContext string) (handlers.Answer, error) {
	a, err := l.x.Answer(ctx, question, memoryContext)
	return handlers.Answer{Text: a.Text, CitedTurnIDs: a.CitedTurnIDs, PromptTokens: a.PromptTokens, CompletionTokens: a.CompletionTok}, err
}

// newEmbedder builds the embedder LOCI_EMBEDDER names: minilm-q (default:
// all-MiniLM-L6-v2 int8, in process), minilm (the fp32 original: same
// retrieval quality on LoCoMo, ~1.5x slower), bge-small-q and bge-small
// (BAAI/bge-small-en-v1.5 int8 and fp32, in process), openai (any
// OpenAI-compatible endpoint) or none. Each has its own vector index.
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
	case "bge-small", "bge-small-q":
		var opts []embed.Option
		if kind == "bge-small-q" {
			opts = append(opts, embed.WithQuantized())
		}
		m, err := embed.NewBGE(os.Getenv("LOCI_MODELS_DIR"), opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=%s: %w (run `make models`, or set LOCI_EMBEDDER=none to run without vectors)", kind, err)
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
		return nil, nil, fmt.Errorf("LOCI_EMBEDDER=%q: want minilm, minilm-q, bge-small, bge-small-q, openai or none", kind)
	}
}

// newExtractors builds the extractors LOCI_EXTRACTOR lists, comma-separated:
// rules (default: patterns, no LLM, inline at ingest), llm (one structured
// call per batch to the OpenAI-compatible endpoint of OPENAI_BASE_URL,
// OPENAI_API_KEY and LOCI_LLM_MODEL) or none. When an LLM is configured it
// also decides the profile conflicts the merge rules find ambiguous.
func newExtractors() ([]ontology.Extractor, extract.ConflictResolver, error) {
	var out []ontology.Extractor
	var resolver extract.ConflictResolver
	for _, name := range strings.Split(env("LOCI_EXTRACTOR", "rules"), ",") {
		switch name = strings.TrimSpace(name); name {
		case "none", "":
		case "rules":
			out = append(out, rules.New())
		case "llm":
			cfg, ok := llm.ConfigFromEnv()
			if !ok {
				return nil, nil, fmt.Errorf("LOCI_EXTRACTOR=llm needs LOCI_LLM_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY)")
			}
			x, err := llm.New(cfg)
			if err != nil {
				return nil, nil, fmt.Errorf("LOCI_EXTRACTOR=llm: %w", err)
			}
			out = append(out, x)
			resolver = x
		default:
			return nil, nil, fmt.Errorf("LOCI_EXTRACTOR=%q: want a comma-separated list of rules, llm, or none", name)
		}
	}
	return out, resolver, nil
}

// openApp wires Loci. With ping it also checks that Neo4j answers, for
// commands that can do nothing without it; serve does not, so it can start
// while Neo4j is down.
func openApp(ctx context.Context, ping bool) (*app, error) {
	emb, closeEmb, err := newEmbedder()
	if err != nil {
		return nil, err
	}
	reg := metrics.New()
	emb = reg.Embedder(emb)
	cfg := graphConfig()
	cfg.Observe = reg.ObserveQuery
	if emb != nil {
		cfg.EmbedderID, cfg.EmbedderDimensions = emb.ID(), emb.Dimensions()
	}
	store, err := graph.Open(cfg)
	if err != nil {
		closeEmb()
		return nil, err
	}
	extractors, resolver, err := newExtractors()
	if err != nil {
		closeEmb()
		return nil, err
	}
	for i, x := range extractors {
		extractors[i] = reg.Extractor(x)
	}
	gap, err := burstGap()
	if err != nil {
		closeEmb()
		return nil, err
	}
	ingest := extract.NewIngestor(store, emb, extractors...).WithObserver(reg.ObserveIngest).WithBurstGap(gap)
	if resolver != nil {
		ingest.WithConflictResolver(resolver, store)
	}
	anchors := extract.NewAnchorBuilder(store, emb)
	var model string
	if cfg, ok := llm.ConfigFromEnv(); ok {
		model = cfg.Model
	}
	reg.LLMTokens(model, llm.TokensUsed)
	size, err := envInt("LOCI_QUERY_CACHE_SIZE", query.DefaultQueryCacheSize)
	if err != nil {
		closeEmb()
		return nil, err
	}
	queries, err := query.NewQueryCache(size, reg.ObserveQueryCache)
	if err != nil {
		closeEmb()
		return nil, err
	}
	a := &app{store: store, embedder: emb, closeEmb: closeEmb, anchors: anchors, metrics: reg,
		ingest: ingest, search: query.NewService(store, emb).WithQueryCache(queries)}
	a.contexts = llmcontext.New(a.search, store, anchors, graph.SpeakerEntityID)
	if cfg, ok := llm.ConfigFromEnv(); ok {
		x, err := llm.New(cfg)
		if err != nil {
			a.close()
			return nil, fmt.Errorf("LOCI_LLM_MODEL: %w", err)
		}
		a.answerer = llmAnswerer{x}
		// With an LLM, topic summaries are written by it (one call per
		// topic update), each line citing the topic's turns.
		anchors.WithTopicWriter(x)
	}
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

// burstGap reads LOCI_BURST_GAP: the longest pause between two messages of
// one speaker that keeps them in one burst (a Go duration, default
// plan.DefaultBurstGap; 0 stores no bursts).
func burstGap() (time.Duration, error) {
	v := os.Getenv("LOCI_BURST_GAP")
	if v == "" {
		return plan.DefaultBurstGap, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("LOCI_BURST_GAP=%q: want a duration such as 5m, or 0 for no bursts", v)
	}
	return d, nil
}
