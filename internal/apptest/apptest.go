// Package apptest wires Loci for tests the way internal/app wires it for
// `loci serve`, over a test's own store: the API in dev mode for one
// tenant, always ready, with the changes a test needs on top.
package apptest

import (
	"context"
	"net/http"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/ontology"
)

// Rules is Loci over store with the rules extractor and no embedder, as
// `loci serve` runs by default without model files.
func Rules(store *graph.Store) *app.App {
	return app.Assemble(app.Parts{Store: store, Extractors: []ontology.Extractor{rules.New()}})
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
