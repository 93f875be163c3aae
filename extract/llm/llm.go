// Package llm is an ontology.Extractor backed by a large language model
// behind any OpenAI-compatible chat completions endpoint (OpenAI, Ollama,
// vLLM, ...). It asks for strictly structured JSON output, turns the answer
// into an ontology.Extraction and sanitises it before handing it back.
//
// Each batch costs at most one chat completion call: prompts are bounded in
// size, identical prompts are answered from a TTL/LRU cache, and concurrent
// identical requests share one call.
package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/internal/oai"
	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// Defaults of Config.
const (
	// DefaultTimeout bounds each HTTP attempt of a call.
	DefaultTimeout = 60 * time.Second
	// DefaultMaxRetries is how many times a call is retried after a 429, a
	// 5xx or a timeout.
	DefaultMaxRetries = 2
	// DefaultMaxPromptBytes bounds the system and user messages together.
	DefaultMaxPromptBytes = 48 * 1024
	// DefaultMaxKnownEntities bounds the known-entities hint of a prompt.
	DefaultMaxKnownEntities = 50
	// DefaultCacheTTL is how long an answer is reused for an identical prompt.
	DefaultCacheTTL = 5 * time.Minute
	// DefaultCacheSize is how many answers the cache holds at most.
	DefaultCacheSize = 512

	// firstBackoff is the first wait between attempts when the server sends
	// no Retry-After; it doubles after every retry, with jitter.
	firstBackoff = 250 * time.Millisecond
	// minUserBytes is the least room a user message must have beside the
	// system prompt for a batch to be worth sending.
	minUserBytes = 4 * 1024
)

// Errors of the extractor: the shared OpenAI-protocol client's
// (internal/oai). Extract's and ResolveProfileConflict's errors wrap one of
// them (test with errors.Is) together with the cause (an *openai.APIError,
// *openai.RequestError, net.Error, json error, ...), or are the caller's
// context error.
var (
	// ErrUnavailable: the endpoint could not be used right now (a timeout,
	// a connection failure, a 5xx, or a 429 that persisted through the
	// retries). Trying again later may work.
	ErrUnavailable = oai.ErrUnavailable
	// ErrResponse: the endpoint answered 2xx with something unusable: bad
	// JSON, JSON that does not match the schema, no choices, a refusal, or
	// an answer cut off by the token limit (finish_reason "length").
	ErrResponse = oai.ErrResponse
	// ErrRejected: the endpoint refused the request with a 4xx other than
	// 429 (bad key, unknown model, request too large, ...). Retrying the
	// same request will not help.
	ErrRejected = oai.ErrRejected
)

// Config configures New. Zero values take the defaults named on each field.
type Config struct {
	// BaseURL of the API up to and including the version, e.g.
	// "http://localhost:11434/v1"; empty means https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends none.
	APIKey string
	// Model is the chat model's name at the endpoint (required).
	Model string
	// Timeout bounds each HTTP attempt; 0 means DefaultTimeout (60 s).
	Timeout time.Duration
	// MaxRetries is how many times a call is retried after a 429, a 5xx or
	// a timeout; 0 means DefaultMaxRetries (2), negative means never.
	MaxRetries int
	// MaxPromptBytes bounds the system and user messages of an extraction
	// together (the JSON schema comes on top); 0 means
	// DefaultMaxPromptBytes (48 KiB). It must leave room for the system
	// prompt plus 4 KiB.
	MaxPromptBytes int
	// MaxKnownEntities bounds the known-entities hint; 0 means
	// DefaultMaxKnownEntities (50), negative means no hint.
	MaxKnownEntities int
	// CacheTTL is how long an answer is reused; 0 means DefaultCacheTTL
	// (5 minutes), negative disables the cache.
	CacheTTL time.Duration
	// CacheSize bounds the cache (least recently used answers go first);
	// 0 means DefaultCacheSize (512), negative disables the cache.
	CacheSize int
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
	// Now is the clock for decision times; nil means time.Now. Tests
	// inject one.
	Now func() time.Time
}

var _ ontology.Extractor = (*Extractor)(nil)

// Extractor draws entities, relations, facts, events and profile facts from
// a batch of turns with one structured chat completion call, and resolves
// ambiguous profile merges. It is safe for concurrent use.
type Extractor struct {
	client     *oai.Client
	model      string
	maxPrompt  int
	maxKnown   int
	now        func() time.Time
	system     string // the extraction system prompt
	extractFmt *openai.ChatCompletionResponseFormat
	resolveFmt *openai.ChatCompletionResponseFormat
	extracts   *cache[ontology.Extraction]
	rulings    *cache[ruling]
}

// New returns an extractor for cfg. It checks cfg but does not touch the
// network.
func New(cfg Config) (*Extractor, error) {
	cfg, err := withDefaults(cfg)
	if err != nil {
		return nil, err
	}
	client, err := oai.New(oai.Config{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Timeout: cfg.Timeout,
		MaxRetries: cfg.MaxRetries, Backoff: firstBackoff, HTTPClient: cfg.HTTPClient})
	if err != nil {
		return nil, fmt.Errorf("llm: %w", err)
	}
	e := &Extractor{
		client:     client,
		model:      cfg.Model,
		maxPrompt:  cfg.MaxPromptBytes,
		maxKnown:   cfg.MaxKnownEntities,
		now:        cfg.Now,
		system:     extractionSystemPrompt(),
		extractFmt: extractionFormat(),
		resolveFmt: rulingFormat(),
		extracts:   newCache(cfg.CacheSize, cfg.CacheTTL, cloneExtraction),
		rulings:    newCache(cfg.CacheSize, cfg.CacheTTL, func(r ruling) ruling { return r }),
	}
	if need := len(e.system) + minUserBytes; e.maxPrompt < need {
		return nil, fmt.Errorf("llm: MaxPromptBytes %d is below the %d bytes the system prompt and a minimal batch need", e.maxPrompt, need)
	}
	return e, nil
}

// withDefaults validates cfg and fills in its zero values.
func withDefaults(cfg Config) (Config, error) {
	cfg.Model = strings.TrimSpace(cfg.Model)
	switch {
	case cfg.Model == "":
		return cfg, errors.New("llm: no model given")
	case cfg.Timeout < 0:
		return cfg, fmt.Errorf("llm: negative timeout %v", cfg.Timeout)
	case cfg.MaxPromptBytes < 0:
		return cfg, fmt.Errorf("llm: negative MaxPromptBytes %d", cfg.MaxPromptBytes)
	}
	cfg.Timeout = orDefault(cfg.Timeout, DefaultTimeout)
	cfg.MaxRetries = max(orDefault(cfg.MaxRetries, DefaultMaxRetries), 0)
	cfg.MaxPromptBytes = orDefault(cfg.MaxPromptBytes, DefaultMaxPromptBytes)
	cfg.MaxKnownEntities = max(orDefault(cfg.MaxKnownEntities, DefaultMaxKnownEntities), 0)
	cfg.CacheTTL = orDefault(cfg.CacheTTL, DefaultCacheTTL)
	cfg.CacheSize = orDefault(cfg.CacheSize, DefaultCacheSize)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return cfg, nil
}

// orDefault returns def when v is the zero value, v otherwise.
func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// ID is ontology.ExtractorLLM ("llm"); everything Extract produces carries it.
func (e *Extractor) ID() string { return ontology.ExtractorLLM }

// Extract asks the model, in at most one call, for the knowledge in
// req.Turns and returns it parsed and sanitised. An identical prompt within
// the cache TTL is answered from the cache (usage.Cached, no call). When the
// batch does not fit MaxPromptBytes, long turn texts are cut and, if that is
// not enough, the last turns are left out: the result then covers only the
// turns sent and usage.Error says "prompt truncated: N of M turns sent",
// with a nil error. On failure it returns an empty extraction, usage.Error
// set, and an error wrapping ErrUnavailable, ErrResponse or ErrRejected (or
// ctx's error).
func (e *Extractor) Extract(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, ontology.ExtractUsage, error) {
	usage := ontology.ExtractUsage{Extractor: ontology.ExtractorLLM}
	if len(req.Turns) == 0 {
		return ontology.Extraction{}, usage, nil
	}
	p := e.buildPrompt(req)
	if p.sent == 0 {
		usage.Error = p.truncation()
		return ontology.Extraction{}, usage, nil
	}
	msgs := chatMessages(e.system, p.user)
	x, shared, err := e.extracts.do(ctx, cacheKey(e.model, extractVersion, msgs), &usage, func(ctx context.Context, usage *ontology.ExtractUsage) (ontology.Extraction, error) {
		content, err := e.complete(ctx, msgs, e.extractFmt, usage)
		if err != nil {
			return ontology.Extraction{}, err
		}
		return parseExtraction(content, p)
	})
	if err != nil {
		usage.Error = err.Error()
		return ontology.Extraction{}, usage, err
	}
	usage.Cached = shared
	usage.Error = p.truncation()
	// Ends the model left as pronouns ("he") resolve as the rules resolve
	// them; the cached answer itself stays as the model gave it.
	return rules.ResolvePronouns(req, x), usage, nil
}

// Process-wide token counters, for metrics.
var promptTokensUsed, completionTokensUsed atomic.Int64

// TokensUsed returns the prompt and completion tokens that every extractor
// of this process has been billed for so far (real calls only, cache hits
// cost nothing).
func TokensUsed() (prompt, completion int64) {
	return promptTokensUsed.Load(), completionTokensUsed.Load()
}
