package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// TestClientAsOf: the client's as-of reads reach the server's as_of,
// known_at and kinds parameters.
func TestClientAsOf(t *testing.T) {
	url, key, tenant := newServer(t, nil)
	ctx := context.Background()
	tl := graphtest.SeedTimeline(t, graphtest.Store(t), tenant, "c1")
	c := client.New(url, client.WithAPIKey(key))
	april := time.Date(2023, 4, 1, 9, 0, 0, 0, time.UTC)
	august := april.AddDate(0, 4, 0)

	ana, err := c.EntityAt(ctx, tl.IDs["Ana"], ontology.TimeView{AsOf: &august})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]string{}
	for _, r := range ana.Relations {
		states[r.ToName] = r.State
	}
	if states["Acme"] != ontology.StatePast || states["Brightwater"] != ontology.StateCurrent {
		t.Errorf("EntityAt August: %v", states)
	}
	if ds, err := c.EntityHistoryAt(ctx, tl.IDs["Ana"], 10, ontology.TimeView{KnownAt: &tl.Mid}); err != nil || len(ds) != 1 {
		t.Errorf("EntityHistoryAt known at Mid = %+v, %v", ds, err)
	}
	nb, err := c.NeighbourhoodAt(ctx, "Bo", client.GraphRequest{ConversationID: "c1", Kinds: ontology.KindsTyped})
	if err != nil || len(nb.Edges) == 0 {
		t.Fatalf("NeighbourhoodAt = %+v, %v", nb, err)
	}
	for _, e := range nb.Edges {
		if e.Kind != ontology.EdgeTyped {
			t.Errorf("typed only holds %+v", e)
		}
	}
	ps, err := c.PathsAt(ctx, "Bo", "Acme", client.GraphRequest{ConversationID: "c1", TimeView: ontology.TimeView{AsOf: &april}})
	if err != nil || len(ps) != 0 {
		t.Errorf("PathsAt as of April = %+v, %v; want none", ps, err)
	}
	ps, err = c.PathsAt(ctx, "Bo", "Acme", client.GraphRequest{ConversationID: "c1", Hops: 4})
	if err != nil || len(ps) < 3 || ps[0].Kind != ontology.EdgeTyped || ps[len(ps)-1].Kind != ontology.EdgeCoMention {
		t.Errorf("PathsAt = %+v, %v", ps, err)
	}
	ents, err := c.Entities(ctx, client.EntitiesRequest{ConversationID: "c1", TimeView: ontology.TimeView{AsOf: &april}})
	if err != nil || len(ents) == 0 {
		t.Fatalf("Entities as of April = %+v, %v", ents, err)
	}
	for _, e := range ents {
		if e.Name == "Bo" || e.Name == "Brightwater" {
			t.Errorf("Entities as of April lists %s, first said later", e.Name)
		}
	}
	sr, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c1", Query: "Brightwater", TimeView: ontology.TimeView{AsOf: &april}})
	if err != nil || len(sr.Results) != 0 {
		t.Errorf("Search as of April for Brightwater = %+v, %v; want nothing", sr.Results, err)
	}
	if sr, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c1", Query: "Brightwater"}); err != nil || len(sr.Results) == 0 {
		t.Errorf("Search now for Brightwater = %+v, %v", sr.Results, err)
	}
}
