package extract_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// The rules extractor through the whole write path into Neo4j: each
// relation pattern and each time expression is read back from the graph.
func TestRulesPatternsStoredInNeo4j(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC) // a Monday
	rels := []struct {
		text string
		typ  ontology.RelationType
		from string
		to   string
		role string
	}{
		{"I moved to Boston from Sweden 4 years ago.", ontology.RelMovedTo, "Sam", "Boston", ""},
		{"I moved to Boston from Sweden 4 years ago.", ontology.RelMovedFrom, "Sam", "Sweden", ""},
		{"I live in Seattle.", ontology.RelLivesIn, "Sam", "Seattle", ""},
		{"I work at Google as a software engineer.", ontology.RelWorksAt, "Sam", "Google", ""},
		{"My sister Dana lives in Ohio.", ontology.RelFamilyOf, "Sam", "Dana", "sister"},
		{"Maya is my girlfriend.", ontology.RelPartnerOf, "Sam", "Maya", ""},
		{"My best friend Jess visited me.", ontology.RelFriendOf, "Sam", "Jess", ""},
		{"My dog Rex is a golden retriever.", ontology.RelOwns, "Sam", "Rex", "dog"},
		{"I love hiking.", ontology.RelLikes, "Sam", "hiking", ""},
		{"I joined the Seattle Chess Club.", ontology.RelMemberOf, "Sam", "Seattle Chess Club", ""},
		{"I graduated from Stanford University.", ontology.RelAttended, "Sam", "Stanford University", ""},
		{"My cousin Priya founded Nimbus Labs.", ontology.RelCreated, "Priya", "Nimbus Labs", ""},
		{"Nimbus Labs makes weather drones.", ontology.RelMakes, "Nimbus Labs", "weather drones", ""},
	}
	times := []struct {
		text       string
		start, end string // dates, end exclusive
		phrase     string
	}{
		{"I went to a pottery class yesterday.", "2023-05-07", "2023-05-08", "yesterday"},
		{"I ran a charity race last week.", "2023-05-01", "2023-05-08", "last week"},
		{"I visited Rome two weeks ago.", "2023-04-24", "2023-05-01", "two weeks ago"},
		{"I adopted a cat last month.", "2023-04-01", "2023-05-01", "last month"},
		{"I went camping last summer.", "2022-06-01", "2022-09-01", "last summer"},
		{"I painted a mural last Friday.", "2023-05-05", "2023-05-06", "last Friday"},
		{"I started a new job in 2022.", "2022-01-01", "2023-01-01", "in 2022"},
		{"I climbed Mount Rainier last year.", "2022-01-01", "2023-01-01", "last year"},
	}
	var turns []ontology.Turn
	for i, r := range rels {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("r%d", i), Session: "1", Speaker: "Sam", Text: r.text, Timestamp: &at})
	}
	for i, tc := range times {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: "1", Speaker: "Sam", Text: tc.text, Timestamp: &at})
	}
	in := extract.NewIngestor(store, nil, rules.New())
	res, err := in.AddTurns(ctx, tenant, "c", turns)
	if err != nil {
		t.Fatal(err)
	}
	if res.Knowledge == nil || res.Knowledge.Relations < len(rels) {
		t.Fatalf("knowledge report = %+v", res.Knowledge)
	}
	detail := func(name string) ontology.EntityDetail {
		t.Helper()
		id, err := store.ResolveEntity(ctx, tenant, "c", name)
		if err != nil {
			t.Fatalf("entity %q: %v", name, err)
		}
		d, err := store.Entity(ctx, tenant, id)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for i, r := range rels {
		d := detail(r.from)
		found := false
		for _, e := range d.Relations {
			if e.Type == r.typ && e.FromID == d.ID && ontology.NormaliseName(e.ToName) == ontology.NormaliseName(r.to) && (r.role == "" || e.Role == r.role) {
				for _, id := range e.SourceTurnIDs {
					found = found || id == fmt.Sprintf("r%d", i)
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s %s→%s (role %q) in Neo4j; %s has %+v", r.text, r.typ, r.from, r.to, r.role, r.from, d.Relations)
		}
	}
	sam := detail("Sam")
	for i, tc := range times {
		id := fmt.Sprintf("t%d", i)
		var got *ontology.Event
		for j, e := range sam.Events {
			for _, s := range e.SourceTurnIDs {
				if s == id {
					got = &sam.Events[j]
				}
			}
		}
		if got == nil || got.When == nil {
			t.Errorf("%q: no dated event in Neo4j (events %+v)", tc.text, sam.Events)
			continue
		}
		if d := got.When.Start.Format("2006-01-02"); d != tc.start || got.When.End.Format("2006-01-02") != tc.end || got.When.Phrase != tc.phrase {
			t.Errorf("%q: when = %s..%s %q, want %s..%s %q", tc.text, d, got.When.End.Format("2006-01-02"), got.When.Phrase, tc.start, tc.end, tc.phrase)
		}
	}
}
