// Command loci is the Loci memory service: `loci serve` runs the HTTP API,
// `loci migrate` applies the Neo4j schema, `loci import locomo FILE` loads a
// LoCoMo conversation file through the same ingest path as the API.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/loci-memory/loci/graph"
)

const usage = `loci — long-term memory for LLM agents, as a Neo4j knowledge graph

usage:
  loci serve                         serve the HTTP API on $LOCI_ADDR (default 127.0.0.1:8080)
  loci migrate                       apply the Neo4j schema and wait for indexes
  loci mcp                           serve the MCP tools over stdio (acts for $LOCI_MCP_TENANT, default "default")
  loci import locomo FILE [--conversation-prefix P]
                                     load a LoCoMo JSON file (e.g. ../shared/data/locomo/locomo10.json)
  loci keys create --tenant T [--note N] [--env]
                                     create an API key (printed once; stored hashed in $LOCI_KEYS_FILE)
  loci keys list | revoke ID         list or revoke keys
  loci refresh-anchors               rebuild every stale entity profile and topic set now
                                     (serve also does it in the background)
  loci bench import|search FILE      benchmarks (see scripts/bench.sh and docs/benchmarks.md)
  loci bench graph --url URL         the knowledge graph against testdata/graphgold (scripts/bench-graph.sh)
  loci bench scale [--sizes 10k,100k,500k]
                                     one tenant grown to each size, search and context latency (scripts/bench-scale.sh)
  loci eval locomo FILE [--k 1,5,10] [--config NAME,…] [--json] [--facts]
                                     retrieval quality (hit@k per category) on LoCoMo
  loci vecrecall FILE [--k 40]       recall@k of the vector path (filtered SEARCH on Neo4j 2026) against
                                     exact scans on LoCoMo, per channel and half, with both paths' p50
  loci eval locomo FILE --context [--context-config …] [--budgets 1000,2000,4000]
                                     context quality (evidence present, answer-word recall)

environment:
  LOCI_ADDR        listen address (default 127.0.0.1:8080)
  NEO4J_URI        bolt://host:7687 or neo4j://host:7687 (default bolt://127.0.0.1:7687)
  NEO4J_USER       default neo4j
  NEO4J_PASSWORD   default loci-dev-password (the local server's, see README)
  NEO4J_DATABASE   default: the server's default database
  LOCI_LOG_LEVEL   debug, info (default), warn, error
  LOCI_LOG_FORMAT  text (default) or json (one JSON object a line)
  LOCI_EMBEDDER    minilm-q (default, in process, int8; needs "make models"), minilm (fp32), openai, none
  LOCI_MODELS_DIR  where "make models" put the model (default .local/models)
  OPENAI_BASE_URL, OPENAI_API_KEY, LOCI_EMBED_MODEL, LOCI_EMBED_DIMENSIONS   for LOCI_EMBEDDER=openai
  LOCI_EXTRACTOR   rules (default), llm, rules,llm or none
  LOCI_BURST_GAP   longest pause between one speaker's messages that keeps them in one burst (default 5m; 0 = no bursts)
  LOCI_LLM_MODEL   chat model for LOCI_EXTRACTOR=llm, profile rulings and /v1/answer
  LOCI_KEYS_FILE   API keys file (default .local/keys.json, used when it exists); without any key
                   Loci runs in dev mode: default tenant, loopback addresses only
  LOCI_API_KEYS    more keys, as tenant:id:sha256:hex entries (loci keys create --env prints one)
  LOCI_RATE_LIMIT  requests/s per API key (default 100 with keys, none in dev mode; 0 = no limit); LOCI_RATE_BURST (default 2x)
  LOCI_REQUEST_TIMEOUT  bound on each /v1 request (default 60s)
  GOMEMLIMIT       soft limit on the Go runtime's memory (default 192MiB; off for none)
  LOCI_QUERY_CACHE_SIZE  query embeddings kept, least recently used dropped first (default 4096; 0 for none)
  LOCI_PPROF       serve Go's pprof profiles on this loopback address (e.g. 127.0.0.1:6060; default off)
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := newLogger()
	applyMemoryLimit()
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(ctx, log)
	case "migrate":
		err = migrate(ctx)
	case "import":
		err = importCmd(ctx, os.Args[2:])
	case "bench":
		err = benchCmd(ctx, os.Args[2:])
	case "eval":
		err = evalCmd(ctx, os.Args[2:])
	case "vecrecall":
		err = vecrecallCmd(ctx, os.Args[2:])
	case "mcp":
		err = mcpCmd(ctx, log)
	case "keys":
		err = keysCmd(os.Args[2:], os.Stdout)
	case "refresh-anchors":
		err = refreshAllAnchors(ctx, log)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "loci: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loci:", err)
		os.Exit(1)
	}
}

// envInt reads a whole number from the environment variable key, def when
// it is unset.
func envInt(key string, def int) (int, error) {
	v := strings.TrimSpace(os.Getenv(key))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: want a whole number: %w", key, v, err)
	}
	return n, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// newLogger logs to stderr at LOCI_LOG_LEVEL, as JSON lines when
// LOCI_LOG_FORMAT=json and as text otherwise; it also becomes slog's
// default, which ontology.Logger falls back to outside requests.
func newLogger() *slog.Logger {
	log := newLoggerTo(os.Stderr, env("LOCI_LOG_LEVEL", "info"), env("LOCI_LOG_FORMAT", "text"))
	slog.SetDefault(log)
	return log
}

// newLoggerTo logs to w at the named level ("info" when unknown), in the
// named format: "json", or "text" for anything else (with a warning).
func newLoggerTo(w io.Writer, levelName, format string) *slog.Logger {
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(levelName))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if strings.EqualFold(format, "json") {
		h = slog.NewJSONHandler(w, opts)
	}
	log := slog.New(h)
	if f := strings.ToLower(format); f != "json" && f != "text" {
		log.Warn("unknown LOCI_LOG_FORMAT, logging text", "format", format)
	}
	return log
}

func graphConfig() graph.Config {
	return graph.Config{
		URI:      env("NEO4J_URI", "bolt://127.0.0.1:7687"),
		User:     env("NEO4J_USER", "neo4j"),
		Password: env("NEO4J_PASSWORD", "loci-dev-password"),
		Database: os.Getenv("NEO4J_DATABASE"),
		// auto (default) or exact: see graph.Config.VectorSearch.
		VectorSearch: os.Getenv("LOCI_VECTOR_SEARCH"),
	}
}

func migrate(ctx context.Context) error {
	a, err := openApp(ctx, true)
	if err != nil {
		return err
	}
	defer a.close()
	start := time.Now()
	if err := a.store.Migrate(ctx, 5*time.Minute); err != nil {
		return err
	}
	fmt.Printf("schema applied, every index online (%s)\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// refreshAllAnchors drains the stale anchors: profiles and topic sets are
// rebuilt until none is stale (or a round makes no progress).
func refreshAllAnchors(ctx context.Context, log *slog.Logger) error {
	a, err := openMigratedApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	start := time.Now()
	total := 0
	for {
		work, err := a.store.StaleAnchors(ctx, 200)
		if err != nil {
			return err
		}
		if len(work) == 0 {
			break
		}
		n := a.anchors.RefreshStale(ctx, work, log)
		if n == 0 {
			return fmt.Errorf("refresh-anchors: %d stale anchors could not be rebuilt", len(work))
		}
		total += n
		fmt.Fprintf(os.Stderr, "\rrefreshed %d anchors", total)
	}
	fmt.Fprintf(os.Stderr, "\rrefreshed %d anchors in %s\n", total, time.Since(start).Round(time.Millisecond))
	return nil
}
