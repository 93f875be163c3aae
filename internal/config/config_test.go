package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite README.md's configuration table from Docs")

func TestLoadDefaults(t *testing.T) {
	c, err := LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Addr: "127.0.0.1:8080", Neo4jURI: "bolt://127.0.0.1:7687", Neo4jUser: "neo4j", Neo4jPassword: "loci-dev-password",
		LogLevel: "info", LogFormat: "text", Embedder: "minilm-q", Extractor: "rules", RelSim: true, BurstGap: 5 * time.Minute,
		LLMCacheTTL: 5 * time.Minute, RequestTimeout: 60 * time.Second, QueryCacheSize: 4096, MCPTenant: "default",
		IngestMode: "sync", EnrichBacklog: 10000, EnrichWorkers: 2, SearchOneStatement: true}
	if c.RateLimit != nil || c.RateBurst != nil {
		t.Errorf("rate limit and burst set without the variables: %v %v", c.RateLimit, c.RateBurst)
	}
	if c != want {
		t.Errorf("defaults:\n got %+v\nwant %+v", c, want)
	}
	if p, explicit := c.KeysFilePath(); p != DefaultKeysFile || explicit {
		t.Errorf("KeysFilePath = %q, %v", p, explicit)
	}
}

func TestLoadValues(t *testing.T) {
	c, err := LoadFrom([]string{"LOCI_ADDR=0.0.0.0:9", "NEO4J_PASSWORD= spaced ", "OPENAI_API_KEY=  sk-1 ", "LOCI_EMBED_DIMENSIONS= 768",
		"LOCI_BURST_GAP=0", "LOCI_LLM_CACHE_TTL=0", "LOCI_RATE_LIMIT=2.5", "LOCI_EXTRACTOR=rules, llm", "LOCI_KEYS_FILE=k.json",
		"LOCI_QUERY_CACHE_SIZE=", "LOCI_VECTOR_SEARCH=exact", "LOCI_SEARCH_ONE_STATEMENT=false",
		"LOCI_INGEST_CONCURRENCY= 1"})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case c.Addr != "0.0.0.0:9", c.Neo4jPassword != " spaced ", c.OpenAIAPIKey != "sk-1", c.EmbedDimensions != 768:
		t.Errorf("values: %+v", c)
	case c.BurstGap != 0, c.LLMCacheTTL != 0, c.RateLimit == nil || *c.RateLimit != 2.5, c.RateBurst != nil:
		t.Errorf("durations and rates: %+v", c)
	case c.SearchOneStatement:
		t.Errorf("LOCI_SEARCH_ONE_STATEMENT=false left it on")
	case c.IngestConcurrency != 1:
		t.Errorf("LOCI_INGEST_CONCURRENCY= 1 read as %d", c.IngestConcurrency)
	case c.QueryCacheSize != 4096:
		t.Errorf("an empty value should take the default: %d", c.QueryCacheSize)
	case strings.Join(c.ExtractorNames(), "|") != "rules|llm":
		t.Errorf("ExtractorNames = %q", c.ExtractorNames())
	}
	if p, explicit := c.KeysFilePath(); p != "k.json" || !explicit {
		t.Errorf("KeysFilePath = %q, %v", p, explicit)
	}
}

func TestLoadRejects(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"LOCI_EMBEDDER=bert", `LOCI_EMBEDDER="bert": want one of minilm-q`},
		{"LOCI_EXTRACTOR=rules,gpt", `LOCI_EXTRACTOR="gpt": want a comma-separated list`},
		{"LOCI_EMBED_DIMENSIONS=many", `LOCI_EMBED_DIMENSIONS="many": want a whole number`},
		{"LOCI_EMBED_DIMENSIONS=-1", `LOCI_EMBED_DIMENSIONS="-1": want a whole number >= 0`},
		{"LOCI_BURST_GAP=5 minutes", `LOCI_BURST_GAP="5 minutes": want a duration`},
		{"LOCI_BURST_GAP=-1s", `LOCI_BURST_GAP="-1s": want a duration such as 5m, or 0`},
		{"LOCI_LLM_CACHE_TTL=soon", `LOCI_LLM_CACHE_TTL="soon": want a duration`},
		{"LOCI_REQUEST_TIMEOUT=60", `LOCI_REQUEST_TIMEOUT="60": want a duration`},
		{"LOCI_QUERY_CACHE_SIZE=lots", `LOCI_QUERY_CACHE_SIZE="lots": want a whole number`},
		{"LOCI_QUERY_CACHE_SIZE=-5", `LOCI_QUERY_CACHE_SIZE="-5": want a whole number >= 0`},
		{"LOCI_RATE_LIMIT=fast", `LOCI_RATE_LIMIT="fast": want a number`},
		{"LOCI_RATE_LIMIT=-1", `LOCI_RATE_LIMIT="-1": want a number >= 0`},
		{"LOCI_RATE_BURST=-3", `LOCI_RATE_BURST="-3": want a number >= 0`},
		{"LOCI_VECTOR_SEARCH=AUTO", `LOCI_VECTOR_SEARCH="AUTO": want auto or exact`},
		{"LOCI_INGEST_MODE=later", `LOCI_INGEST_MODE="later": want sync or async`},
		{"LOCI_INGEST_CONCURRENCY=-1", `LOCI_INGEST_CONCURRENCY="-1": want a whole number >= 0 (0: no limit)`},
		{"LOCI_INGEST_CONCURRENCY=two", `LOCI_INGEST_CONCURRENCY="two": want a whole number`},
		{"LOCI_INGEST_CONCURRENCY=1.5", `LOCI_INGEST_CONCURRENCY="1.5": want a whole number`},
		{"LOCI_INGEST_NICE=-1", `LOCI_INGEST_NICE="-1": want a whole number from 0 (off) to 19`},
		{"LOCI_INGEST_NICE=20", `LOCI_INGEST_NICE="20": want a whole number from 0 (off) to 19`},
		{"LOCI_ENRICH_BACKLOG=0", `LOCI_ENRICH_BACKLOG="0": want a whole number >= 1`},
		{"LOCI_ENRICH_WORKERS=-1", `LOCI_ENRICH_WORKERS="-1": want a whole number >= 1`},
	} {
		_, err := LoadFrom([]string{tc.env})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.env, err, tc.want)
		}
	}
	// Every malformed variable is reported at once.
	_, err := LoadFrom([]string{"LOCI_BURST_GAP=x", "LOCI_QUERY_CACHE_SIZE=y"})
	if err == nil || !strings.Contains(err.Error(), "LOCI_BURST_GAP") || !strings.Contains(err.Error(), "LOCI_QUERY_CACHE_SIZE") {
		t.Errorf("two bad values: %v", err)
	}
}

// TestDocsCoverConfig: every variable Config reads is documented, and every
// documented variable is read (or marked as the scripts').
func TestDocsCoverConfig(t *testing.T) {
	documented := map[string]Doc{}
	for _, d := range Docs {
		if _, dup := documented[d.Name]; dup {
			t.Errorf("%s documented twice", d.Name)
		}
		documented[d.Name] = d
	}
	read := map[string]bool{}
	for _, name := range Variables() {
		read[name] = true
		d, ok := documented[name]
		switch {
		case !ok:
			t.Errorf("%s is read but not in Docs", name)
		case d.Script:
			t.Errorf("%s is read by Go but marked Script", name)
		case !d.Hidden && d.Usage == "":
			t.Errorf("%s has no usage line", name)
		}
	}
	for name, d := range documented {
		if !read[name] && !d.Script {
			t.Errorf("%s is documented but Config does not read it", name)
		}
	}
	for _, want := range []string{"LOCI_LLM_CACHE_TTL", "bge-small-q", "LOCI_MCP_TENANT"} {
		if !strings.Contains(Usage(), want) {
			t.Errorf("usage text misses %s", want)
		}
	}
}

const (
	tableBegin = "<!-- config table: generated from internal/config (go test ./internal/config -update) -->\n"
	tableEnd   = "<!-- end of config table -->"
)

// TestReadmeTable fails when README.md's configuration table differs from
// MarkdownTable; -update rewrites it.
func TestReadmeTable(t *testing.T) {
	const path = "../../README.md"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	before, rest, ok := strings.Cut(readme, tableBegin)
	got, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok || !ok2 {
		t.Fatalf("README.md has no %q ... %q markers around its configuration table", strings.TrimSpace(tableBegin), tableEnd)
	}
	want := MarkdownTable()
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(before+tableBegin+want+tableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's configuration table differs from internal/config's Docs; run `go test ./internal/config -update`.\n got:\n%s\nwant:\n%s", got, want)
}

// TestFoundPaths: LOCI_MODELS_DIR and LOCOMO win when set; unset, the
// nearest .local/models and shared/data/locomo/locomo10.json in the
// working directory or a parent are found, from a subdirectory too.
func TestFoundPaths(t *testing.T) {
	c, err := LoadFrom([]string{"LOCI_MODELS_DIR=/m", "LOCOMO=/l.json"})
	if err != nil {
		t.Fatal(err)
	}
	if c.ModelsPath() != "/m" || c.LoCoMoPath() != "/l.json" {
		t.Errorf("set: ModelsPath %q, LoCoMoPath %q", c.ModelsPath(), c.LoCoMoPath())
	}
	root := t.TempDir()
	sub := filepath.Join(root, "repo", "pkg")
	for _, d := range []string{sub, filepath.Join(root, "repo", ".local", "models"), filepath.Join(root, "shared", "data", "locomo")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(sub)
	var unset Config
	if got, want := unset.ModelsPath(), filepath.Join(root, "repo", ".local", "models"); got != want {
		t.Errorf("ModelsPath = %q, want %q", got, want)
	}
	if got := unset.LoCoMoPath(); got != "" {
		t.Errorf("LoCoMoPath without the file = %q, want \"\"", got)
	}
	locomo := filepath.Join(root, "shared", "data", "locomo", "locomo10.json")
	if err := os.WriteFile(locomo, []byte("[]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := unset.LoCoMoPath(); got != locomo {
		t.Errorf("LoCoMoPath = %q, want %q", got, locomo)
	}
}
