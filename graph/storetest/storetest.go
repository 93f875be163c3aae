// Package storetest is where a test against Neo4j starts: the shared test
// store and a tenant of the test's own (graph/graphtest opens them).
package storetest

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// Open returns a background context, the test store and a fresh tenant of
// it, dropped when the test ends.
func Open(t testing.TB) (context.Context, *graph.Store, string) {
	t.Helper()
	s := graphtest.Store(t)
	return context.Background(), s, graphtest.Tenant(t, s)
}

// Entity resolves name in conversation conv of tenant and reads the
// entity's detail (relations, facts, profile); either failing fails the test.
func Entity(t testing.TB, ctx context.Context, s *graph.Store, tenant, conv, name string) ontology.EntityDetail {
	t.Helper()
	id, err := s.ResolveEntity(ctx, tenant, conv, name)
	if err != nil {
		t.Fatalf("entity %q: %v", name, err)
	}
	d, err := s.Entity(ctx, tenant, id)
	if err != nil {
		t.Fatalf("entity %q: %v", name, err)
	}
	return d
}
