// Package apptest wires Loci for tests the way internal/app wires it for
// `loci serve`, over a test's own store: the API in dev mode for one
// tenant, always ready, with the changes a test needs on top.
package apptest

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
)

// Rules is Loci over store with the rules extractor and no embedder, as
// `loci serve` runs by default without model files.
func Rules(store *graph.Store) *app.App {
	return app.Assemble(app.Parts{Store: store, Extractors: []ontology.Extractor{rules.New()}})
}

// MiniLM is the real in-process fp32 embedder, built by app.NewEmbedder
// from the test's configuration, so its files are where `loci serve` would
// look (LOCI_MODELS_DIR, else the nearest .local/models). Without the
// files (`make models`) it skips the test, or fails it in CI.
func MiniLM(t testing.TB) ontology.Embedder {
	t.Helper()
	cfg := graphtest.Settings()
	cfg.Embedder = "minilm"
	emb, release, err := app.NewEmbedder(cfg)
	if err != nil {
		if cfg.InCI() || !errors.Is(err, embed.ErrMissingFiles) {
			t.Fatalf("loading MiniLM: %v", err)
		}
		t.Skipf("model files missing (%v): run `make models`", err)
	}
	t.Cleanup(func() { release() })
	return emb
}

// Nicknames is the nickname list `loci serve` loads (app.LoadNicknames,
// from the test's configuration). Without it (`make models`) it skips the
// test, or fails it in CI.
func Nicknames(t testing.TB) *lang.Nicknames {
	t.Helper()
	cfg := graphtest.Settings()
	n, err := app.LoadNicknames(cfg)
	if err != nil {
		if cfg.InCI() || !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("loading the nickname list: %v", err)
		}
		t.Skipf("nickname list missing (%v): run `make models`", err)
	}
	return n
}

// Handler is a's REST API in dev mode, acting for tenant (the default
// tenant when ""), always ready; change, when not nil, adjusts the
// dependencies first.
func Handler(a *app.App, tenant string, change func(*handlers.Deps)) http.Handler {
	d := a.HandlerDeps()
	d.Ready = func(context.Context) error { return nil }
	if tenant != "" {
		d.Tenant = func(*http.Request) string { return tenant }
	}
	if change != nil {
		change(&d)
	}
	return handlers.New(d)
}

// MCP mounts a's MCP tools at /mcp, as `loci serve` mounts them: a change
// for Handler.
func MCP(a *app.App) func(*handlers.Deps) {
	return func(d *handlers.Deps) { d.MCP = mcpserver.Handler(mcpserver.New(a.MCPDeps())) }
}

// ServeWithKeys serves the API of Rules over store, with the MCP tools
// at /mcp, on an httptest server that authenticates every request by API
// key: one key per note, each for a fresh tenant (secrets by note, as
// Keys returns them). The caller closes the server.
func ServeWithKeys(t testing.TB, store *graph.Store, notes ...string) (srv *httptest.Server, secrets map[string]string) {
	t.Helper()
	ring, secrets, _ := Keys(t, store, notes...)
	a := Rules(store)
	mcp := MCP(a)
	return httptest.NewServer(Handler(a, "", func(d *handlers.Deps) {
		d.Auth = ring
		mcp(d)
	})), secrets
}

// Keys gives each note a fresh tenant of store and one API key for it (the
// note is the key's note), and returns the keyring holding them all with
// the keys' secrets and the tenants, both by note: what a test of the API
// with keys configured needs.
func Keys(t testing.TB, store *graph.Store, notes ...string) (ring *auth.Keyring, secrets, tenants map[string]string) {
	t.Helper()
	secrets, tenants = map[string]string{}, map[string]string{}
	var stored []auth.Key
	for _, n := range notes {
		tenants[n] = graphtest.Tenant(t, store)
		secret, k, err := auth.NewKey(tenants[n], n)
		if err != nil {
			t.Fatal(err)
		}
		secrets[n] = secret
		stored = append(stored, k)
	}
	ring, err := auth.NewKeyring("", stored)
	if err != nil {
		t.Fatal(err)
	}
	return ring, secrets, tenants
}
