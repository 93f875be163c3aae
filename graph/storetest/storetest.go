// Package storetest is where a test against Neo4j starts: the shared test
// store and a tenant of the test's own (graph/graphtest opens them).
package storetest

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
)

// Open returns a background context, the test store and a fresh tenant of
// it, dropped when the test ends.
func Open(t testing.TB) (context.Context, *graph.Store, string) {
	t.Helper()
	s := graphtest.Store(t)
	return context.Background(), s, graphtest.Tenant(t, s)
}
