package graph_test

import (
	"context"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// TestRoutingURI runs Loci's store through a neo4j:// routing URI, as it
// does against a cluster or Aura: the driver asks the server for a routing
// table, sends writes (ingest) to a writer and reads (search) to a reader.
// A single Community server routes to itself, which is enough to prove the
// store works unchanged under routing.
func TestRoutingURI(t *testing.T) {
	shared := graphtest.Store(t) // fails under CI=true when Neo4j is down
	cfg := graphtest.Config()
	host := cfg.URI[strings.Index(cfg.URI, "://")+3:]
	cfg.URI = "neo4j://" + host
	s, err := graph.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	ctx := context.Background()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("ping through %s: %v", cfg.URI, err)
	}
	tenant := graphtest.Tenant(t, shared)
	if res := add(t, s, tenant, "c1", sampleTurns()); res.Created != 4 {
		t.Fatalf("ingest through %s: %+v", cfg.URI, res)
	}
	res, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: "camping kids", Limit: 5})
	if err != nil || len(res) == 0 || res[0].ID != "D2:1" {
		t.Fatalf("search through %s: %+v, %v", cfg.URI, res, err)
	}
	// The routed store and the direct one see the same data.
	page, err := shared.Turns(ctx, tenant, "c1", -1, 10)
	if err != nil || len(page.Turns) != 4 {
		t.Fatalf("direct read of the routed write: %d turns, %v", len(page.Turns), err)
	}
}
