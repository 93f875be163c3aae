package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/embed/niced"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// NewEmbedder builds the embedder cfg.Embedder names: minilm-q (default:
// all-MiniLM-L6-v2 int8, in process), minilm (the fp32 original),
// bge-small-q and bge-small (BAAI/bge-small-en-v1.5 int8 and fp32, in
// process), openai (any OpenAI-compatible endpoint) or none. Each has its
// own vector index. The returned func releases it.
func NewEmbedder(cfg config.Config) (ontology.Embedder, func() error, error) {
	noop := func() error { return nil }
	kind := cfg.Embedder
	var opts []embed.Option
	switch kind {
	case "none":
		return nil, noop, nil
	case "openai":
		if cfg.EmbedModel == "" {
			return nil, nil, errors.New("LOCI_EMBEDDER=openai: embed: LOCI_EMBED_MODEL is not set (the name of the embedding model at the OpenAI-compatible endpoint)")
		}
		o, err := embed.NewOpenAI(embed.OpenAIConfig{BaseURL: cfg.OpenAIBaseURL, APIKey: cfg.OpenAIAPIKey,
			Model: cfg.EmbedModel, Dimensions: cfg.EmbedDimensions})
		if err != nil {
			return nil, nil, fmt.Errorf("LOCI_EMBEDDER=openai: %w", err)
		}
		return o, noop, nil
	case "minilm-q", "bge-small-q":
		opts = append(opts, embed.WithQuantized())
	case "minilm", "bge-small":
	default:
		return nil, nil, fmt.Errorf("LOCI_EMBEDDER=%q: want minilm, minilm-q, bge-small, bge-small-q, openai or none", kind)
	}
	newModel := embed.NewMiniLM
	if kind == "bge-small" || kind == "bge-small-q" {
		newModel = embed.NewBGE
	}
	m, err := newModel(cfg.ModelsPath(), opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("LOCI_EMBEDDER=%s: %w (run `make models`, or set LOCI_EMBEDDER=none to run without vectors)", kind, err)
	}
	return m, m.Close, nil
}

// NewIngestEmbedder returns the embedder the write path uses (a batch's
// turns, the relation stage, anchor rebuilds, async enrichment) when it is
// not emb itself: with LOCI_INGEST_NICE above 0 and an in-process model,
// emb running its network calls on low-priority threads (embed/niced), one
// per batch emb may run at once, so that searches embedding their queries
// on emb at normal priority get the CPU first. The vectors are the same.
// Otherwise it returns nil: the write path uses emb. The returned func
// stops the threads; call it after emb's own close.
func NewIngestEmbedder(cfg config.Config, emb ontology.Embedder) (ontology.Embedder, func() error, error) {
	noop := func() error { return nil }
	m, ok := emb.(*embed.MiniLM)
	if cfg.IngestNice == 0 || !ok {
		return nil, noop, nil
	}
	if !niced.Supported {
		slog.Warn("LOCI_INGEST_NICE is ignored: threads have no nice values of their own on this system")
		return nil, noop, nil
	}
	pool, err := niced.New(m.Parallel(), cfg.IngestNice)
	if err != nil {
		return nil, nil, fmt.Errorf("LOCI_INGEST_NICE=%d: %w", cfg.IngestNice, err)
	}
	return m.WithRunner(pool), pool.Close, nil
}

// NewLLM builds the one client of the chat model at OPENAI_BASE_URL with
// OPENAI_API_KEY, or returns nil when LOCI_LLM_MODEL is not set.
func NewLLM(cfg config.Config) (*llm.Extractor, error) {
	if cfg.LLMModel == "" {
		return nil, nil
	}
	ttl := cfg.LLMCacheTTL
	if ttl <= 0 {
		ttl = -1 // no cache
	}
	x, err := llm.New(llm.Config{BaseURL: cfg.OpenAIBaseURL, APIKey: cfg.OpenAIAPIKey, Model: cfg.LLMModel, CacheTTL: ttl})
	if err != nil {
		return nil, fmt.Errorf("LOCI_LLM_MODEL: %w", err)
	}
	return x, nil
}

// newExtractors builds the extractors cfg.Extractor lists: rules
// (patterns, no LLM, inline at ingest) and llm (one structured call per
// batch to client). With llm the client also decides the profile
// conflicts the merge rules find ambiguous. With LOCI_RELSIM (the
// default) and an embedder, the rules extractor is followed by the
// similarity stage over emb (extract/simrel).
func newExtractors(cfg config.Config, client *llm.Extractor, emb ontology.Embedder) ([]ontology.Extractor, extract.ConflictResolver, error) {
	var out []ontology.Extractor
	var resolver extract.ConflictResolver
	for _, name := range cfg.ExtractorNames() {
		switch name {
		case "rules":
			if !cfg.RelSim || emb == nil { // the stage compares vectors: none without an embedder
				out = append(out, rules.New())
				break
			}
			x, err := simrel.New(emb, simrel.DefaultParams)
			if err != nil {
				return nil, nil, fmt.Errorf("LOCI_RELSIM: %w", err)
			}
			warmSimilarity(x)
			out = append(out, x)
		case "llm":
			if client == nil {
				return nil, nil, errors.New("LOCI_EXTRACTOR=llm needs LOCI_LLM_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY)")
			}
			out = append(out, client)
			resolver = client
		default:
			return nil, nil, fmt.Errorf("LOCI_EXTRACTOR=%q: want a comma-separated list of rules, llm, or none", name)
		}
	}
	return out, resolver, nil
}

// warmTimeout bounds the embedding of the similarity stage's prototypes
// at start (a remote embedder may be down: the first batch tries again).
const warmTimeout = 10 * time.Second

// warmSimilarity embeds the similarity stage's prototypes at start, once
// per process like loading the model, instead of in the first batches of
// ingest, which would all wait for them. A failure is only logged.
func warmSimilarity(x *simrel.Extractor) {
	ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
	defer cancel()
	if err := x.Warm(ctx); err != nil {
		slog.Warn("similarity stage: prototypes not embedded at start; the first batch tries again", "error", err)
	}
}
