package config

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/caarlos0/env/v11"
)

// Doc documents one environment variable: what `loci help` prints and
// what README.md's configuration table says.
type Doc struct {
	// Name is the variable.
	Name string
	// Default is shown instead of the field's envDefault when the default
	// is not a plain value (it depends on something else, or lives in
	// another package).
	Default string
	// Usage is the line of `loci help`.
	Usage string
	// Readme is README.md's longer text; empty means Usage.
	Readme string
	// Script marks a variable only the scripts and the Makefile read; it
	// is in the README's table, not in Config or the usage text.
	Script bool
	// Hidden leaves the variable out of both (CI and LOCOMO, read by tests
	// and dev tools).
	Hidden bool
}

// Docs lists the variables in the order the usage text and README show them.
var Docs = []Doc{
	{Name: "LOCI_ADDR", Usage: "listen address of `loci serve`", Readme: "where `loci serve` listens"},
	{Name: "NEO4J_URI", Usage: "bolt://host:7687 for one server, neo4j://host:7687 for a cluster (routing)"},
	{Name: "NEO4J_USER", Usage: "Neo4j user"},
	{Name: "NEO4J_PASSWORD", Usage: "Neo4j password (the local server's, see README)", Readme: "also the initial password of the local server"},
	{Name: "NEO4J_DATABASE", Default: "the server's default", Usage: "the Neo4j database"},
	{Name: "NEO4J_SERIES", Default: "2026", Script: true, Readme: "the local server `make neo4j`/`run`/`test` start: `2026` (2026.08.1) or `5.26` (5.26.29, the LTS); see docs/deploy.md"},
	{Name: "NEO4J_HOME", Default: ".local/neo4j-<series>", Script: true, Readme: "the local server's home (scripts/neo4j.sh, scripts/bench-scale.sh)"},
	{Name: "NEO4J_HTTP_PORT", Default: "7474", Script: true, Readme: "the local server's HTTP port (scripts/neo4j.sh)"},
	{Name: "NEO4J_HEAP", Default: "4g", Script: true, Readme: "the local server's heap (scripts/neo4j.sh)"},
	{Name: "NEO4J_PAGECACHE", Default: "4g", Script: true, Readme: "the local server's page cache (scripts/neo4j.sh)"},
	{Name: "LOCI_LOG_LEVEL", Usage: "debug, info, warn, error", Readme: "`debug` logs every request"},
	{Name: "LOCI_LOG_FORMAT", Usage: "text, or json (one JSON object a line)", Readme: "`json` writes one JSON object per log line"},
	{Name: "LOCI_EMBEDDER", Usage: "minilm-q (in process, int8; needs \"make models\"), minilm (fp32), bge-small-q, bge-small, openai, none",
		Readme: "`minilm-q` (all-MiniLM-L6-v2 int8, in process, ONNX Runtime, CPU), `minilm` (the fp32 original), " +
			"`bge-small-q` / `bge-small` (BAAI/bge-small-en-v1.5 int8 / fp32; more embedding CPU, see docs/benchmarks.md), " +
			"`openai` (any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM) or `none` (full-text only)"},
	{Name: "LOCI_VECTOR_SEARCH", Default: "auto", Usage: "auto or exact: how vector channels search (see README)",
		Readme: "how vector channels search: `auto` reads the Neo4j version once at startup (logged) and uses in-index filtered vector search " +
			"(Cypher 25 `SEARCH`, vector indexes declaring tenant, conversation and speaker) on Neo4j 2026.02 and later, and on 5.26 exact scans " +
			"within a conversation and an index over-fetch across a tenant; `exact` scans every scope exactly (for comparison). " +
			"`loci vecrecall FILE` measures the recall of `auto` against `exact` on LoCoMo"},
	{Name: "LOCI_SEARCH_ONE_STATEMENT", Usage: "true: a search's channels run as one Cypher statement; false: one statement per channel (for comparison)",
		Readme: "`true` runs a search's channels (full text and vectors, turns and facts) as one combined Cypher statement, one round trip to Neo4j; " +
			"`false` runs one statement per channel in the same transaction, as before (the same results; it cost more Neo4j and Loci CPU per search, see docs/benchmarks.md)"},
	{Name: "LOCI_MODELS_DIR", Default: ".local/models", Usage: "where \"make models\" put the model files", Readme: "where `make models` put the model files"},
	{Name: "OPENAI_BASE_URL", Default: "https://api.openai.com/v1", Usage: "OpenAI-compatible endpoint of LOCI_EMBEDDER=openai and the LLM"},
	{Name: "OPENAI_API_KEY", Usage: "its API key (sent as a bearer token)"},
	{Name: "LOCI_EMBED_MODEL", Usage: "embedding model for LOCI_EMBEDDER=openai (required with it)"},
	{Name: "LOCI_EMBED_DIMENSIONS", Default: "probed", Usage: "its vectors' dimensions (0 or unset: probed at startup)"},
	{Name: "LOCI_EXTRACTOR", Usage: "rules, llm, rules,llm or none",
		Readme: "comma-separated extractors run on every batch: `rules` (patterns, no LLM, inline), `llm` (one structured call per batch), or `none`"},
	{Name: "LOCI_RELSIM", Usage: "with the rules extractor and an embedder, also type relations by similarity to prototype phrasings (true/false)",
		Readme: "with the `rules` extractor and an embedder, also type relations the patterns miss by the similarity of the sentence to " +
			"prototype phrasings (extract/simrel: about 1.6 extra sentences embedded per 100 LoCoMo turns); `false` runs the patterns alone " +
			"(docs/benchmarks.md, \"Relations typed by similarity\")"},
	{Name: "LOCI_BURST_GAP", Usage: "longest pause between one speaker's messages that keeps them in one burst (0 = no bursts)",
		Readme: "the longest pause between two messages of one speaker (same session) that keeps them in one *burst*, a retrieval unit stored " +
			"beside its turns (full-text and vector indexed, citing all its members); messages without a time go by their session alone; `0` stores no bursts"},
	{Name: "LOCI_LLM_MODEL", Usage: "chat model for LOCI_EXTRACTOR=llm, profile rulings, topic summaries and /v1/answer",
		Readme: "the chat model for `LOCI_EXTRACTOR=llm`, profile rulings, topic summaries and `/v1/answer`, at `OPENAI_BASE_URL` with `OPENAI_API_KEY`"},
	{Name: "LOCI_LLM_CACHE_TTL", Usage: "how long an LLM answer is reused for an identical prompt (0 = no cache)",
		Readme: "LLM answers are cached by prompt hash for the TTL (LRU, 512 entries), so a retried batch costs nothing; `0` turns the cache off"},
	{Name: "LOCI_KEYS_FILE", Default: DefaultKeysFile + " (when it exists)", Usage: "API keys file; without any key Loci runs in dev mode (default tenant, loopback only)",
		Readme: "API keys (hashed) written by `loci keys create`; re-read within a second of a change; without any key Loci runs in dev mode: default tenant, loopback addresses only"},
	{Name: "LOCI_API_KEYS", Usage: "more keys, as tenant:id:sha256:hex entries (loci keys create --env prints one)",
		Readme: "more keys as `tenant:id:sha256:hex` entries (what `loci keys create --env` prints), for containers"},
	{Name: "LOCI_RATE_LIMIT", Default: "100 with keys; none in dev mode", Usage: "requests/s per API key (0 = no limit)",
		Readme: "requests/s per API key (token bucket, per Loci process); 429 with `Retry-After` past it; `0` = no limit"},
	{Name: "LOCI_RATE_BURST", Default: "2x LOCI_RATE_LIMIT", Usage: "requests a key may send at once above the rate"},
	{Name: "LOCI_REQUEST_TIMEOUT", Usage: "bound on each /v1 request", Readme: "bound on each `/v1` request (its Neo4j transactions and embedding); 503 past it"},
	{Name: "GOMEMLIMIT", Default: "192MiB", Usage: "soft limit on the Go runtime's memory (off for none)",
		Readme: "soft limit on the Go runtime's memory (Go's own variable; `off` for none); ONNX Runtime's memory comes on top (see docs/benchmarks.md, memory)"},
	{Name: "LOCI_QUERY_CACHE_SIZE", Usage: "query embeddings kept, least recently used dropped first (0 = no cache)",
		Readme: "query embeddings kept (least recently used dropped first), keyed by embedder and query text, so a repeated or retried question " +
			"is not embedded again; `0` turns the cache off. Hits and misses: `loci_query_embedding_cache_total`"},
	{Name: "LOCI_PPROF", Default: "off", Usage: "serve Go's pprof profiles on this loopback address (e.g. 127.0.0.1:6060)",
		Readme: "serve Go's pprof profiles (`/debug/pprof/`) on this loopback address, e.g. `127.0.0.1:6060`; never on a routable one"},
	{Name: "LOCI_INGEST_MODE", Usage: "sync: serve acknowledges a batch once everything is stored; async: once its turns are stored and " +
		"full-text searchable, vectors and knowledge following in the background (for bursts of writes)",
		Readme: "`sync`: `loci serve` acknowledges a batch once its turns, vectors, bursts and knowledge are stored. `async` (for bursts of " +
			"writes: once the backlog is full it acknowledges no faster than enrichment runs, docs/benchmarks.md): acknowledged once its turns are stored and full-text searchable (recorded as pending in the same transaction); vectors, " +
			"bursts and knowledge are stored in the background, in order per conversation, resuming after a restart; `?wait=true` on the " +
			"POST waits for them. Import, eval and the benchmarks always ingest synchronously (docs/api.md)"},
	{Name: "LOCI_INGEST_CONCURRENCY", Usage: "sync: batches of turns ingested at once, the others waiting their turn (0 = no limit)",
		Readme: "sync: how many batches of turns `loci serve` ingests at once (embedding, extraction, write transaction); the others wait in " +
			"arrival order, holding no CPU, transaction or lock, and a batch whose request ends while it waits stores nothing (503). `0`: no limit. " +
			"Under `make reliability`'s mixed load `1` served more reads, with a lower context p95, but acknowledged fewer turns/s, and `2` and `4` " +
			"changed nothing clearly (docs/benchmarks.md, \"Admission control for writes\"). Waits: `loci_ingest_admission_wait_seconds`"},
	{Name: "LOCI_INGEST_NICE", Usage: "run the write path's in-process embedding on threads this much nicer (Linux; 0 = off, up to 19)",
		Readme: "Linux, in-process embedders: the embedding the write path does (a batch's turns, the relation stage, anchor rebuilds, async " +
			"enrichment) runs on dedicated threads whose nice value is this much higher, so that searches, which embed their query at normal " +
			"priority, get the CPU first. `0`: off. Under `make reliability`'s mixed load on 2 cores `19` lowered search p50 and context p95 " +
			"at the same turns/s but not search p95, with a higher add_turns p95; `5` and `10` shifted CPU to writes (docs/benchmarks.md, " +
			"\"Ingest embedding at a lower priority\"; docs/deploy.md)"},
	{Name: "LOCI_ENRICH_BACKLOG", Usage: "async: most turns waiting for enrichment before add_turns waits for room",
		Readme: "async: the most turns waiting for enrichment (past it a new batch waits for room). Backlog: `/readyz` and `loci_enrichment_backlog_turns`"},
	{Name: "LOCI_ENRICH_WORKERS", Usage: "async: conversations enriched at once"},
	{Name: "LOCI_MCP_TENANT", Usage: "the tenant `loci mcp` acts for"},
	{Name: "LOCI_API_KEY", Usage: "the key commands that call a running Loci (--url) send, when --key is not given"},
	{Name: "CI", Hidden: true},
	{Name: "LOCOMO", Hidden: true},
}

// defaults returns each Config variable's envDefault ("" when none).
func defaults() map[string]string {
	params, err := env.GetFieldParams(&Config{})
	if err != nil {
		panic(fmt.Sprintf("config: struct tags: %v", err)) // a programming error, caught by the tests
	}
	out := make(map[string]string, len(params))
	for _, p := range params {
		out[p.Key] = p.DefaultValue
	}
	return out
}

// Variables returns the names of the variables Config reads, in field order.
func Variables() []string {
	t := reflect.TypeFor[Config]()
	out := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		out = append(out, t.Field(i).Tag.Get("env"))
	}
	return out
}

// defaultOf is what the docs show as d's default: Doc.Default, else the
// field's envDefault.
func defaultOf(d Doc, defs map[string]string) string {
	if d.Default != "" {
		return d.Default
	}
	return defs[d.Name]
}

// Usage returns the environment section of `loci help`: one variable a
// line, its default in parentheses.
func Usage() string {
	defs := defaults()
	width := 0
	for _, d := range Docs {
		if !d.Script && !d.Hidden {
			width = max(width, len(d.Name))
		}
	}
	var b strings.Builder
	b.WriteString("environment:\n")
	for _, d := range Docs {
		if d.Script || d.Hidden {
			continue
		}
		line := d.Usage
		if def := defaultOf(d, defs); def != "" {
			line += " (default " + def + ")"
		}
		fmt.Fprintf(&b, "  %-*s  %s\n", width, d.Name, line)
	}
	return b.String()
}

// MarkdownTable returns README.md's configuration table.
func MarkdownTable() string {
	defs := defaults()
	var b strings.Builder
	b.WriteString("| variable | default | meaning |\n| --- | --- | --- |\n")
	for _, d := range Docs {
		if d.Hidden {
			continue
		}
		text := d.Readme
		if text == "" {
			text = d.Usage
		}
		def := defaultOf(d, defs)
		if def != "" {
			def = "`" + def + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", d.Name, def, text)
	}
	return b.String()
}
