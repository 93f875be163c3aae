// Package apitest wires the REST API and the MCP tools over the real Neo4j
// for tests, as `loci serve` wires them, and makes API keys for fresh
// tenants: the one place the handlers, mcpserver and client tests build
// their services.
package apitest

import (
	"context"
	"net/http"
	"testing"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// Wiring is the services of the API over one store.
type Wiring struct {
	Store    *graph.Store
	Ingest   *extract.Ingestor
	Search   *query.Service
	Contexts *llmcontext.Service
}

// Wire builds the services over store, embedding with emb (nil: no
// vectors) and extracting with extractors (none: turns only), with
// anchors and speaker entities as `loci serve` has them.
func Wire(store *graph.Store, emb ontology.Embedder, extractors ...ontology.Extractor) Wiring {
	svc := query.NewService(store, emb)
	return Wiring{
		Store:    store,
		Ingest:   extract.NewIngestor(store, emb, extractors...),
		Search:   svc,
		Contexts: llmcontext.New(svc, store, extract.NewAnchorBuilder(store, emb), graph.SpeakerEntityID),
	}
}

// Rules wires the services over store as `loci serve` runs without an
// embedder or an LLM: the rules extractor only.
func Rules(store *graph.Store) Wiring { return Wire(store, nil, rules.New()) }

// REST returns the API's dependencies on w, always ready; in dev mode (no
// Auth set) every request acts for tenant.
func (w Wiring) REST(tenant string) handlers.Deps {
	return handlers.Deps{
		Ingest: w.Ingest, Search: w.Search, Contexts: w.Contexts, Conversations: w.Store, Knowledge: w.Store,
		Ready:  func(context.Context) error { return nil },
		Tenant: func(*http.Request) string { return tenant },
	}
}

// MCP returns the MCP tools' dependencies on w; calls without a principal
// act for tenant.
func (w Wiring) MCP(tenant string) mcpserver.Deps {
	return mcpserver.Deps{Ingest: w.Ingest, Search: w.Search, Contexts: w.Contexts, Knowledge: w.Store, Conversations: w.Store,
		Tenant: tenant}
}

// Keys makes a fresh tenant of store and an API key for it per name, and
// returns the keyring holding the keys with the secrets and the tenants by
// name.
func Keys(t testing.TB, store *graph.Store, names ...string) (ring *auth.Keyring, secrets, tenants map[string]string) {
	t.Helper()
	secrets, tenants = map[string]string{}, map[string]string{}
	var stored []auth.Key
	for _, n := range names {
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
