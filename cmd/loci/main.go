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
	"strings"
	"syscall"
	"time"

	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
)

const usage = `loci — long-term memory for LLM agents, as a Neo4j knowledge graph

usage:
  loci serve                         serve the HTTP API on $LOCI_ADDR (default 127.0.0.1:8080)
  loci migrate                       apply the Neo4j schema and wait for indexes
  loci reindex vectors [--wait 30m]  rebuild the turn and fact vector indexes while serving (fewer Lucene
                                     segments, cheaper SEARCH; docs/deploy.md)
  loci mcp                           serve the MCP tools over stdio (acts for $LOCI_MCP_TENANT, default "default")
  loci import locomo FILE [--conversation-prefix P]
                                     load a LoCoMo JSON file (e.g. ../shared/data/locomo/locomo10.json)
  loci keys create --tenant T [--note N] [--env]
                                     create an API key (printed once; stored hashed in $LOCI_KEYS_FILE)
  loci keys list | revoke ID         list or revoke keys
  loci refresh-anchors               rebuild every stale entity profile and topic set now
                                     (serve also does it in the background)
  loci bench import|search FILE      benchmarks (see scripts/bench.sh and docs/benchmarks.md)
  loci bench import FILE --bare      ingest (LOCI_EMBEDDER=none LOCI_EXTRACTOR=none) against a bare UNWIND of the same turns
  loci bench graph --url URL         the knowledge graph against testdata/graphgold (scripts/bench-graph.sh)
  loci bench scale [--sizes 10k,100k,500k]
                                     one tenant grown to each size, search and context latency (scripts/bench-scale.sh)
  loci eval locomo FILE [--k 1,5,10] [--config NAME,…] [--json] [--facts]
                                     retrieval quality (hit@k per category) on LoCoMo
  loci vecrecall FILE [--k 40]       recall@k of the vector path (filtered SEARCH on Neo4j 2026) against
                                     exact scans on LoCoMo, per channel and half, with both paths' p50
  loci eval locomo FILE --context [--context-config …] [--budgets 1000,2000,4000]
                                     context quality (evidence present, answer-word recall)

`

// helpText is the usage, followed by the environment variables.
func helpText() string { return usage + config.Usage() }

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, helpText())
		os.Exit(2)
	}
	switch os.Args[1] {
	case "help", "-h", "--help":
		fmt.Print(helpText())
		return
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "loci: invalid configuration:\n%v\n", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := newLogger(cfg)
	applyMemoryLimit(cfg)
	switch os.Args[1] {
	case "serve":
		err = serve(ctx, cfg, log)
	case "migrate":
		err = migrate(ctx, cfg)
	case "reindex":
		err = reindexCmd(ctx, cfg, os.Args[2:], os.Stdout)
	case "import":
		err = importCmd(ctx, os.Args[2:])
	case "bench":
		err = benchCmd(ctx, os.Args[2:])
	case "eval":
		err = evalCmd(ctx, os.Args[2:])
	case "vecrecall":
		err = vecrecallCmd(ctx, os.Args[2:])
	case "mcp":
		err = mcpCmd(ctx, cfg, log)
	case "keys":
		err = keysCmd(cfg, os.Args[2:], os.Stdout)
	case "refresh-anchors":
		err = refreshAllAnchors(ctx, cfg)
	default:
		fmt.Fprintf(os.Stderr, "loci: unknown command %q\n\n%s", os.Args[1], helpText())
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loci:", err)
		os.Exit(1)
	}
}

// newLogger logs to stderr at LOCI_LOG_LEVEL, as JSON lines when
// LOCI_LOG_FORMAT=json and as text otherwise; it also becomes slog's
// default, which ontology.Logger falls back to outside requests.
func newLogger(cfg config.Config) *slog.Logger {
	log := newLoggerTo(os.Stderr, cfg.LogLevel, cfg.LogFormat)
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

func migrate(ctx context.Context, cfg config.Config) error {
	a, err := lociapp.Open(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	start := time.Now()
	if err := a.Store.Migrate(ctx, 5*time.Minute); err != nil {
		return err
	}
	fmt.Printf("schema applied, every index online (%s)\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// refreshAllAnchors drains the stale anchors: profiles and topic sets are
// rebuilt until none is stale (or a round makes no progress).
func refreshAllAnchors(ctx context.Context, cfg config.Config) error {
	a, err := lociapp.OpenMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	start := time.Now()
	total := 0
	for {
		stale, n, err := a.RefreshStale(ctx, 200, slog.Default())
		if err != nil {
			return err
		}
		if stale == 0 {
			break
		}
		if n == 0 {
			return fmt.Errorf("refresh-anchors: %d stale anchors could not be rebuilt", stale)
		}
		total += n
		fmt.Fprintf(os.Stderr, "\rrefreshed %d anchors", total)
	}
	fmt.Fprintf(os.Stderr, "\rrefreshed %d anchors in %s\n", total, time.Since(start).Round(time.Millisecond))
	return nil
}
