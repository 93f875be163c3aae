// Package app wires Loci together: the store, the embedder, one LLM
// client, the ingestor, the search and context services and the background
// anchor pass. cmd/loci, the eval commands and the tests build Loci through
// it, so every one of them runs the same wiring.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/internal/periodic"
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/metrics"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// App is Loci wired together.
type App struct {
	Config   config.Config
	Store    *graph.Store
	Embedder ontology.Embedder // nil with LOCI_EMBEDDER=none
	// LLM is the one client of the chat model (nil without
	// LOCI_LLM_MODEL): the llm extractor, the profile rulings, the topic
	// summaries and /v1/answer all use it.
	LLM      *llm.Extractor
	Ingest   *extract.Ingestor
	Search   *query.Service
	Contexts *llmcontext.Service
	Anchors  *extract.AnchorBuilder
	Answerer handlers.Answerer // nil without an LLM
	Metrics  *metrics.Registry // nil when assembled without metrics
	closers  []func() error
}

// Parts are what Assemble wires together. Only Store is required.
type Parts struct {
	Store    *graph.Store
	Embedder ontology.Embedder
	// IngestEmbedder, when set, embeds for the write path (the ingestor
	// and the anchor rebuilds) instead of Embedder: the same vectors,
	// computed at a lower priority (NewIngestEmbedder). Searches always
	// use Embedder.
	IngestEmbedder ontology.Embedder
	// Extractors run on every ingested batch (none: turns only).
	Extractors []ontology.Extractor
	// Resolver decides the profile conflicts the merge rules find
	// ambiguous (nil: the rules decide alone).
	Resolver extract.ConflictResolver
	// LLM, when set, writes topic summaries and answers /v1/answer.
	LLM *llm.Extractor
	// BurstGap overrides the default burst gap when not nil.
	BurstGap *time.Duration
	// Nicknames lets search match a speaker a question names by a
	// nickname (nil: not at all).
	Nicknames *lang.Nicknames
	// QueryCache caches query embeddings (nil: none).
	QueryCache *query.QueryCache
	// Metrics observes ingest when set (the store, embedder and extractors
	// must already report to it).
	Metrics *metrics.Registry
}

// Assemble builds the services over p's store and embedder, as Open does
// for a configured Loci; tests use it with their own store.
func Assemble(p Parts) *App {
	writeEmb := p.Embedder
	if p.IngestEmbedder != nil {
		writeEmb = p.IngestEmbedder
	}
	ingest := extract.NewIngestor(p.Store, writeEmb, p.Extractors...).WithNameLexicon(rules.Lexicon{})
	if p.Metrics != nil {
		ingest.WithObserver(p.Metrics.ObserveIngest)
	}
	if p.BurstGap != nil {
		ingest.WithBurstGap(*p.BurstGap)
	}
	if p.Resolver != nil {
		ingest.WithConflictResolver(p.Resolver, p.Store)
	}
	anchors := extract.NewAnchorBuilder(p.Store, writeEmb)
	search := query.NewService(p.Store, p.Embedder)
	if p.QueryCache != nil {
		search.WithQueryCache(p.QueryCache)
	}
	if p.Nicknames != nil {
		search.WithNicknames(p.Nicknames)
	}
	a := &App{Store: p.Store, Embedder: p.Embedder, LLM: p.LLM, Ingest: ingest, Search: search, Anchors: anchors, Metrics: p.Metrics}
	if p.LLM != nil {
		a.Answerer = llmAnswerer{p.LLM}
		// With an LLM, topic summaries are written by it (one call per
		// topic update), each line citing the topic's turns.
		anchors.WithTopicWriter(p.LLM)
	}
	// The anchors a read waits for (never built before) are built with
	// the search embedder, the rest (the background pass, the rebuilds a
	// read starts and does not wait for) with the write path's.
	a.Contexts = llmcontext.New(search, p.Store, anchors.WithEmbedder(p.Embedder), graph.SpeakerEntityID).
		WithBackgroundRefresher(anchors)
	return a
}

// Open wires Loci from cfg. With ping it also checks that Neo4j answers,
// for commands that can do nothing without it; serve does not, so it can
// start while Neo4j is down.
func Open(ctx context.Context, cfg config.Config, ping bool) (*App, error) {
	emb, closeEmb, err := NewEmbedder(cfg)
	if err != nil {
		return nil, err
	}
	writeEmb, closePool, err := NewIngestEmbedder(cfg, emb)
	if err != nil {
		closeEmb()
		return nil, err
	}
	fail := func(err error) (*App, error) {
		closeEmb()
		closePool()
		return nil, err
	}
	reg := metrics.New()
	emb, writeEmb = reg.Embedder(emb), reg.Embedder(writeEmb)
	if writeEmb == nil {
		writeEmb = emb
	}
	gcfg := GraphConfig(cfg)
	gcfg.Observe = reg.ObserveQuery
	gcfg.SearchFallback = reg.ObserveSearchFallback
	if emb != nil {
		gcfg.EmbedderID, gcfg.EmbedderDimensions = emb.ID(), emb.Dimensions()
	}
	store, err := graph.Open(gcfg)
	if err != nil {
		return fail(err)
	}
	client, err := NewLLM(cfg)
	if err != nil {
		return fail(err)
	}
	extractors, resolver, err := newExtractors(cfg, client, writeEmb)
	if err != nil {
		return fail(err)
	}
	for i, x := range extractors {
		extractors[i] = reg.Extractor(x)
	}
	reg.LLMTokens(cfg.LLMModel, llm.TokensUsed)
	queries, err := query.NewQueryCache(cfg.QueryCacheSize, reg.ObserveQueryCache)
	if err != nil {
		return fail(err)
	}
	nicks, err := LoadNicknames(cfg)
	if errors.Is(err, fs.ErrNotExist) {
		slog.Warn("no nickname list: questions naming a speaker by a nickname are not scoped to them (`make models` installs it)", "error", err)
	} else if err != nil {
		return fail(err)
	}
	gap := cfg.BurstGap
	a := Assemble(Parts{Store: store, Embedder: emb, IngestEmbedder: writeEmb, Extractors: extractors, Resolver: resolver, LLM: client,
		BurstGap: &gap, QueryCache: queries, Metrics: reg, Nicknames: nicks})
	a.Config = cfg
	a.closers = []func() error{closeEmb, closePool}
	if ping {
		pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		if err := store.Ping(pctx); err != nil {
			a.Close()
			return nil, fmt.Errorf("Neo4j at %s: %w (is it running? `make neo4j` starts the local one)", gcfg.URI, err)
		}
	}
	return a, nil
}

// OpenMigrated wires Loci, checks Neo4j answers and applies the schema:
// what every command that reads or writes conversations needs first.
func OpenMigrated(ctx context.Context, cfg config.Config) (*App, error) {
	a, err := Open(ctx, cfg, true)
	if err != nil {
		return nil, err
	}
	if err := a.Store.Migrate(ctx, 5*time.Minute); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

// Close closes the store and the embedder.
func (a *App) Close() {
	a.Store.Close(context.Background())
	for _, c := range a.closers {
		c()
	}
}

// LoadNicknames reads the nickname list `make models` installs in the
// models directory; an error wrapping fs.ErrNotExist when it is not there.
func LoadNicknames(cfg config.Config) (*lang.Nicknames, error) {
	return lang.LoadNicknames(filepath.Join(cfg.ModelsPath(), lang.NicknamesFile))
}

// GraphConfig is the store's configuration from cfg.
func GraphConfig(cfg config.Config) graph.Config {
	return graph.Config{URI: cfg.Neo4jURI, User: cfg.Neo4jUser, Password: cfg.Neo4jPassword, Database: cfg.Neo4jDatabase,
		VectorSearch: cfg.VectorSearch, StatementPerChannel: !cfg.SearchOneStatement}
}

// HandlerDeps returns the REST API's dependencies on a's services; the
// caller adds readiness, authentication, limits and logging.
func (a *App) HandlerDeps() handlers.Deps {
	return handlers.Deps{Ingest: a.Ingest, Search: a.Search, Conversations: a.Store, Knowledge: a.Store,
		Contexts: a.Contexts, Answerer: a.Answerer, Metrics: a.Metrics}
}

// MCPDeps returns the MCP tools' dependencies on a's services.
func (a *App) MCPDeps() mcpserver.Deps {
	return mcpserver.Deps{Ingest: a.Ingest, Search: a.Search, Contexts: a.Contexts, Knowledge: a.Store, Conversations: a.Store}
}

// RefreshStale rebuilds up to limit stale entity profiles and topic sets
// and returns how many it found stale and how many it rebuilt.
func (a *App) RefreshStale(ctx context.Context, limit int, log *slog.Logger) (stale, rebuilt int, err error) {
	work, err := a.Store.StaleAnchors(ctx, limit)
	if err != nil || len(work) == 0 {
		return 0, 0, err
	}
	// One at a time with the rebuilds reads start (llmcontext.Service.Rebuild).
	for _, w := range work {
		_ = a.Contexts.Rebuild(ctx, func(ctx context.Context) error {
			rebuilt += a.Anchors.RefreshStale(ctx, []ontology.StaleWork{w}, log)
			return nil
		})
	}
	return len(work), rebuilt, nil
}

// StartAnchorPass runs the background anchor pass until ctx ends or the
// returned stop is called: every few seconds it rebuilds some stale entity
// profiles and topic sets, so reads rarely find them stale (reads rebuild
// what is still stale when they need it). stop waits for the pass to
// finish its round, so the driver is never closed under it.
func (a *App) StartAnchorPass(ctx context.Context, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		periodic.Every(ctx, 5*time.Second, func() {
			// An error is Neo4j down: readiness reports it.
			if _, n, err := a.RefreshStale(ctx, 20, log); err == nil && n > 0 {
				log.Debug("anchors refreshed", "count", n)
			}
		})
	}()
	return func() {
		cancel()
		<-done
	}
}

// llmAnswerer adapts the LLM client to the API's Answerer.
type llmAnswerer struct{ x *llm.Extractor }

func (l llmAnswerer) Answer(ctx context.Context, question, memoryContext string) (handlers.Answer, error) {
	a, err := l.x.Answer(ctx, question, memoryContext)
	return handlers.Answer{Text: a.Text, CitedTurnIDs: a.CitedTurnIDs, PromptTokens: a.PromptTokens, CompletionTokens: a.CompletionTok}, err
}
