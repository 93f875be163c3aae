// Package graphtest connects tests to the real Neo4j that `make test`
// starts. Each test gets a tenant of its own, deleted when it ends, so tests
// never see each other's data or the data of a developer's local Loci.
package graphtest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/internal/config"
)

// Settings is the environment's configuration, as `loci serve` reads it; a
// malformed environment panics, since no test could run under it.
func Settings() config.Config { return config.MustLoad() }

// Config is the Neo4j part of Settings, as internal/app.GraphConfig maps
// it (graphtest cannot import internal/app: the packages it wires test with
// graphtest).
func Config() graph.Config {
	c := Settings()
	return graph.Config{URI: c.Neo4jURI, User: c.Neo4jUser, Password: c.Neo4jPassword, Database: c.Neo4jDatabase,
		VectorSearch: c.VectorSearch}
}

var (
	once     sync.Once
	shared   *graph.Store
	setupErr error
)

// Store returns a migrated Store shared by the tests of a package. Without
// a reachable Neo4j the test fails when CI=true (CI must never skip) and is
// skipped otherwise, with a hint to run `make test`.
func Store(t testing.TB) *graph.Store {
	t.Helper()
	once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		shared, setupErr = graph.Open(Config())
		if setupErr == nil {
			setupErr = shared.Ping(ctx)
		}
		if setupErr == nil {
			setupErr = shared.Migrate(ctx, 2*time.Minute)
		}
	})
	if setupErr != nil {
		if Settings().InCI() {
			t.Fatalf("Neo4j is required and not usable at %s: %v", Config().URI, setupErr)
		}
		t.Skipf("no usable Neo4j at %s (%v); run `make test`, which starts one", Config().URI, setupErr)
	}
	return shared
}

var (
	vecMu     sync.Mutex
	vecStores = map[string]*graph.Store{}
)

// StoreWithVectors returns a migrated Store whose turns carry vectors of the
// given embedder id and dimensions (its vector index created and online).
func StoreWithVectors(t testing.TB, embedderID string, dimensions int) *graph.Store {
	t.Helper()
	Store(t) // fails or skips as Store does when Neo4j is unusable
	vecMu.Lock()
	defer vecMu.Unlock()
	key := fmt.Sprintf("%s/%d", embedderID, dimensions)
	if s, ok := vecStores[key]; ok {
		return s
	}
	cfg := Config()
	cfg.EmbedderID, cfg.EmbedderDimensions = embedderID, dimensions
	s, err := graph.Open(cfg)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		err = s.Migrate(ctx, 2*time.Minute)
	}
	if err != nil {
		t.Fatalf("store with %s vectors: %v", key, err)
	}
	vecStores[key] = s
	return s
}

// Tenant returns a fresh tenant name whose data is deleted after the test.
func Tenant(t testing.TB, s *graph.Store) string {
	t.Helper()
	tenant := "test-" + uuid.NewString()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := s.DeleteTenant(ctx, tenant); err != nil {
			t.Errorf("cleaning up tenant %s: %v", tenant, err)
		}
	})
	return tenant
}

// Cypher runs one statement against the test Neo4j, outside any Store, and
// returns its rows. It is for tests that must put data into the graph the
// way Loci itself never would, such as values an older version stored, to
// show that reads cope with them; the statement must scope itself to the
// test's tenant.
func Cypher(t testing.TB, stmt string, params map[string]any) []map[string]any {
	t.Helper()
	Store(t) // fails or skips as Store does when Neo4j is unusable
	cfg := Config()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	driver, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""))
	if err != nil {
		t.Fatalf("graphtest.Cypher: %v", err)
	}
	defer driver.Close(ctx)
	res, err := neo4j.ExecuteQuery(ctx, driver, stmt, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithDatabase(cfg.Database), neo4j.ExecuteQueryWithWritersRouting())
	if err != nil {
		t.Fatalf("graphtest.Cypher: %v", err)
	}
	rows := make([]map[string]any, len(res.Records))
	for i, r := range res.Records {
		rows[i] = r.AsMap()
	}
	return rows
}
