// Package config is Loci's configuration: every environment variable the
// program reads is a field of Config, loaded and validated once by Load.
// No other package reads the environment. The usage text of `loci help`
// and README.md's configuration table are generated from the same fields
// and the docs table beside them (docs.go), so they cannot drift.
//
// config imports nothing of Loci's, so every package may depend on it; the
// defaults that other packages also name (the burst gap, the query cache
// size, the LLM cache TTL) are checked against theirs by internal/app's
// tests.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"
)

// Config is every setting Loci reads from the environment. Field tags name
// the variable (env) and its default (envDefault); an empty value counts as
// unset. Load fills and validates it.
type Config struct {
	// Addr is where `loci serve` listens.
	Addr string `env:"LOCI_ADDR" envDefault:"127.0.0.1:8080"`

	Neo4jURI      string `env:"NEO4J_URI" envDefault:"bolt://127.0.0.1:7687"`
	Neo4jUser     string `env:"NEO4J_USER" envDefault:"neo4j"`
	Neo4jPassword string `env:"NEO4J_PASSWORD" envDefault:"loci-dev-password"`
	// Neo4jDatabase is empty for the server's default database.
	Neo4jDatabase string `env:"NEO4J_DATABASE"`
	// VectorSearch is "auto" (or empty) or "exact": see graph.Config.
	VectorSearch string `env:"LOCI_VECTOR_SEARCH"`
	// SearchOneStatement runs a search's channels as one Cypher statement
	// (true, the default) or one statement per channel: see
	// graph.Config.StatementPerChannel.
	SearchOneStatement bool `env:"LOCI_SEARCH_ONE_STATEMENT" envDefault:"true"`

	LogLevel  string `env:"LOCI_LOG_LEVEL" envDefault:"info"`
	LogFormat string `env:"LOCI_LOG_FORMAT" envDefault:"text"`

	// Embedder names the embedder: minilm-q, minilm, bge-small-q,
	// bge-small, openai or none.
	Embedder string `env:"LOCI_EMBEDDER" envDefault:"minilm-q"`
	// ModelsDir is where `make models` put the files; empty means the
	// nearest .local/models (see ModelsPath).
	ModelsDir string `env:"LOCI_MODELS_DIR"`

	// OpenAIBaseURL and OpenAIAPIKey reach the OpenAI-compatible endpoint
	// of both the openai embedder and the LLM.
	OpenAIBaseURL string `env:"OPENAI_BASE_URL"`
	OpenAIAPIKey  string `env:"OPENAI_API_KEY"`
	// EmbedModel and EmbedDimensions configure LOCI_EMBEDDER=openai;
	// dimensions 0 means probe the endpoint.
	EmbedModel      string `env:"LOCI_EMBED_MODEL"`
	EmbedDimensions int    `env:"LOCI_EMBED_DIMENSIONS"`

	// Extractor is the comma-separated list of extractors: rules, llm, none.
	Extractor string `env:"LOCI_EXTRACTOR" envDefault:"rules"`
	// RelSim adds to the rules extractor the stage that types relations
	// the patterns miss by the similarity of the sentence to prototype
	// phrasings (extract/simrel, with the embedder; without an embedder it
	// is off). See docs/benchmarks.md, "Relations typed by similarity".
	RelSim bool `env:"LOCI_RELSIM" envDefault:"true"`
	// BurstGap is the longest pause between one speaker's messages that
	// keeps them in one burst; 0 stores no bursts.
	BurstGap time.Duration `env:"LOCI_BURST_GAP" envDefault:"5m"`
	// LLMModel is the chat model; empty means no LLM.
	LLMModel string `env:"LOCI_LLM_MODEL"`
	// LLMCacheTTL is how long an LLM answer is reused; 0 or less disables
	// the cache.
	LLMCacheTTL time.Duration `env:"LOCI_LLM_CACHE_TTL" envDefault:"5m"`

	// KeysFile is the API keys file; empty means DefaultKeysFile, used
	// only when it exists.
	KeysFile string `env:"LOCI_KEYS_FILE"`
	// APIKeys are more keys, as tenant:id:sha256:hex entries.
	APIKeys string `env:"LOCI_API_KEYS"`
	// RateLimit and RateBurst are nil when unset: their defaults depend on
	// whether keys are configured (see handlers and cmd/loci).
	RateLimit      *float64      `env:"LOCI_RATE_LIMIT"`
	RateBurst      *float64      `env:"LOCI_RATE_BURST"`
	RequestTimeout time.Duration `env:"LOCI_REQUEST_TIMEOUT" envDefault:"60s"`

	// GoMemLimit is Go's own GOMEMLIMIT, read by the runtime; Loci only
	// checks whether it is set, to apply its own default otherwise.
	GoMemLimit     string `env:"GOMEMLIMIT"`
	QueryCacheSize int    `env:"LOCI_QUERY_CACHE_SIZE" envDefault:"4096"`
	PProf          string `env:"LOCI_PPROF"`

	// IngestMode is how `loci serve` acknowledges a batch of turns: "sync"
	// once everything is stored, "async" once its turns are stored and
	// full-text searchable, enriching them in the background.
	IngestMode string `env:"LOCI_INGEST_MODE" envDefault:"sync"`
	// IngestConcurrency is, in sync mode, how many batches of turns `loci
	// serve` ingests at once (embedding, extraction, write); the others
	// wait their turn in arrival order. 0: no limit.
	IngestConcurrency int `env:"LOCI_INGEST_CONCURRENCY" envDefault:"0"`
	// IngestNice, when above 0, runs the in-process embedder's network
	// calls for writes (a batch's turns, the relation stage, the anchor
	// rebuilds) on threads whose nice value is that much higher (Linux),
	// so that searches embedding their queries get the CPU first. 0: off.
	IngestNice int `env:"LOCI_INGEST_NICE" envDefault:"0"`
	// EnrichBacklog is, in async mode, the most turns waiting for
	// enrichment before add_turns waits for room.
	EnrichBacklog int `env:"LOCI_ENRICH_BACKLOG" envDefault:"10000"`
	// EnrichWorkers is, in async mode, how many conversations are enriched
	// at once.
	EnrichWorkers int `env:"LOCI_ENRICH_WORKERS" envDefault:"2"`

	// MCPTenant is the tenant `loci mcp` acts for.
	MCPTenant string `env:"LOCI_MCP_TENANT" envDefault:"default"`
	// APIKey is the key the commands that talk to a running Loci send.
	APIKey string `env:"LOCI_API_KEY"`

	// CI is set in continuous integration, where tests that need Neo4j or
	// the model files fail instead of skipping.
	CI string `env:"CI"`
	// LoCoMo is the LoCoMo dataset file the tests and dev tools read;
	// empty means the nearest shared/data/locomo/locomo10.json (see
	// LoCoMoPath).
	LoCoMo string `env:"LOCOMO"`
}

// DefaultKeysFile is where `loci keys create` writes and `loci serve` reads
// keys when LOCI_KEYS_FILE is not set.
const DefaultKeysFile = ".local/keys.json"

// Embedders are the values LOCI_EMBEDDER accepts.
var Embedders = []string{"minilm-q", "minilm", "bge-small-q", "bge-small", "openai", "none"}

// Extractors are the names LOCI_EXTRACTOR lists.
var Extractors = []string{"rules", "llm", "none"}

// IngestModes are the values LOCI_INGEST_MODE accepts.
var IngestModes = []string{"sync", "async"}

// untrimmed are the variables whose values are taken verbatim; every other
// value loses its surrounding white space.
var untrimmed = map[string]bool{"NEO4J_PASSWORD": true}

// Load reads the environment into a Config and validates it. Its error
// names every variable that is malformed or out of range.
func Load() (Config, error) { return LoadFrom(os.Environ()) }

// LoadFrom is Load over environ, a list of KEY=value entries as
// os.Environ returns.
func LoadFrom(environ []string) (Config, error) {
	vars := make(map[string]string, len(environ))
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if !untrimmed[k] {
			v = strings.TrimSpace(v)
		}
		vars[k] = v
	}
	var c Config
	if err := env.ParseWithOptions(&c, env.Options{Environment: vars}); err != nil {
		return c, namedError(err, vars)
	}
	return c, c.validate()
}

// namedError rewrites the library's per-field errors into "NAME=value:
// cause" lines, naming the variable rather than the Go field.
func namedError(err error, vars map[string]string) error {
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		return fmt.Errorf("config: %w", err)
	}
	t := reflect.TypeFor[Config]()
	var errs []error
	for _, e := range agg.Errors {
		var pe env.ParseError
		if !errors.As(e, &pe) {
			errs = append(errs, e)
			continue
		}
		f, _ := t.FieldByName(pe.Name)
		name := f.Tag.Get("env")
		errs = append(errs, fmt.Errorf("%s=%q: want %s: %w", name, vars[name], want(f.Type), pe.Err))
	}
	return errors.Join(errs...)
}

// want says in words what a field of type t takes.
func want(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeFor[time.Duration]():
		return "a duration such as 5m or 30s"
	case t.Kind() == reflect.Int:
		return "a whole number"
	case t.Kind() == reflect.Float64:
		return "a number"
	}
	return t.String()
}

// validate checks the ranges and names the types alone do not.
func (c Config) validate() error {
	var errs []error
	bad := func(name string, v any, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s=%q: %s", name, fmt.Sprint(v), fmt.Sprintf(format, args...)))
	}
	if !contains(Embedders, c.Embedder) {
		bad("LOCI_EMBEDDER", c.Embedder, "want one of %s", strings.Join(Embedders, ", "))
	}
	for _, name := range strings.Split(c.Extractor, ",") {
		if name = strings.TrimSpace(name); name != "" && !contains(Extractors, name) {
			bad("LOCI_EXTRACTOR", name, "want a comma-separated list of rules, llm, or none")
		}
	}
	if c.EmbedDimensions < 0 {
		bad("LOCI_EMBED_DIMENSIONS", c.EmbedDimensions, "want a whole number >= 0 (0: probe the endpoint)")
	}
	if c.BurstGap < 0 {
		bad("LOCI_BURST_GAP", c.BurstGap, "want a duration such as 5m, or 0 for no bursts")
	}
	if c.QueryCacheSize < 0 {
		bad("LOCI_QUERY_CACHE_SIZE", c.QueryCacheSize, "want a whole number >= 0 (0: no cache)")
	}
	for name, p := range map[string]*float64{"LOCI_RATE_LIMIT": c.RateLimit, "LOCI_RATE_BURST": c.RateBurst} {
		if p != nil && *p < 0 {
			bad(name, strconv.FormatFloat(*p, 'g', -1, 64), "want a number >= 0")
		}
	}
	if !contains(IngestModes, c.IngestMode) {
		bad("LOCI_INGEST_MODE", c.IngestMode, "want sync or async")
	}
	if c.IngestConcurrency < 0 {
		bad("LOCI_INGEST_CONCURRENCY", c.IngestConcurrency, "want a whole number >= 0 (0: no limit)")
	}
	if c.IngestNice < 0 || c.IngestNice > 19 {
		bad("LOCI_INGEST_NICE", c.IngestNice, "want a whole number from 0 (off) to 19")
	}
	if c.EnrichBacklog < 1 {
		bad("LOCI_ENRICH_BACKLOG", c.EnrichBacklog, "want a whole number >= 1")
	}
	if c.EnrichWorkers < 1 {
		bad("LOCI_ENRICH_WORKERS", c.EnrichWorkers, "want a whole number >= 1")
	}
	if v := c.VectorSearch; v != "" && v != "auto" && v != "exact" {
		bad("LOCI_VECTOR_SEARCH", c.VectorSearch, "want auto or exact")
	}
	return errors.Join(errs...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// KeysFilePath returns the API keys file and whether LOCI_KEYS_FILE named
// it (a named file must exist; the default is used only when it does).
func (c Config) KeysFilePath() (string, bool) {
	if c.KeysFile != "" {
		return c.KeysFile, true
	}
	return DefaultKeysFile, false
}

// ExtractorNames returns LOCI_EXTRACTOR's names, trimmed, "none" and empty
// entries left out.
func (c Config) ExtractorNames() []string {
	var out []string
	for _, name := range strings.Split(c.Extractor, ",") {
		if name = strings.TrimSpace(name); name != "" && name != "none" {
			out = append(out, name)
		}
	}
	return out
}

// ModelsPath returns the directory of the model files: LOCI_MODELS_DIR
// when set, else the nearest .local/models in the working directory or
// one of its parents (so tests and tools run from a subdirectory of the
// repository find the files `make models` put at its root), else
// .local/models.
func (c Config) ModelsPath() string {
	if c.ModelsDir != "" {
		return c.ModelsDir
	}
	rel := filepath.Join(".local", "models")
	if p, ok := findUp(rel, true); ok {
		return p
	}
	return rel
}

// LoCoMoPath returns the LoCoMo file: LOCOMO when set, else the nearest
// shared/data/locomo/locomo10.json in the working directory or one of its
// parents (the data beside the clone, as CI lays it out), else "" when
// there is none.
func (c Config) LoCoMoPath() string {
	if c.LoCoMo != "" {
		return c.LoCoMo
	}
	p, _ := findUp(filepath.Join("shared", "data", "locomo", "locomo10.json"), false)
	return p
}

// findUp looks for rel (a directory when dir, else a file) in the working
// directory and then each of its parents, and returns the first found.
func findUp(rel string, dir bool) (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; {
		p := filepath.Join(d, rel)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() == dir {
			return p, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// InCI reports whether CI is set: tests that need Neo4j or model files then
// fail rather than skip.
func (c Config) InCI() bool { return c.CI != "" }

// MustLoad is Load for code that runs after main has loaded and validated
// the environment (so it cannot fail there); it panics on an invalid one.
func MustLoad() Config {
	c, err := Load()
	if err != nil {
		panic(fmt.Sprintf("config: %v", err))
	}
	return c
}
