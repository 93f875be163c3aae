package graph_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
)

// docQueries returns the ```cypher blocks of docs/analyst.md marked
// "<!-- tested: name -->", by name.
func docQueries(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("../docs/analyst.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range regexp.MustCompile("(?s)<!-- tested: ([a-z-]+) -->\\s*```cypher\\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = m[2]
	}
	return out
}

// TestAnalystDocQueries runs the co-mention and as-of Browser queries of
// docs/analyst.md as they are printed, on the dated timeline.
func TestAnalystDocQueries(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	tl := graphtest.SeedTimeline(t, s, tenant, "c1")
	qs := docQueries(t)
	if len(qs) != 3 {
		t.Fatalf("docs/analyst.md has %d tested queries, want 3: %v", len(qs), qs)
	}
	params := func(person string, asOf, knownAt any) map[string]any {
		return map[string]any{"tenant": tenant, "conversation": "c1", "person": person, "as_of": asOf, "known_at": knownAt}
	}
	august := day("2023-08-01")

	rows := graphtest.Cypher(t, qs["co-mentions"], params("bo", august, nil))
	if len(rows) != 2 || rows[0]["turns"] != int64(1) || rows[0]["typed_too"] != false {
		t.Errorf("co-mentions of Bo = %v, want Acme and Cy, once each, not otherwise linked", rows)
	}

	states := func(rows []map[string]any) map[string]string {
		out := map[string]string{}
		for _, r := range rows {
			to := r["to"].(string)
			if to == "Ana" {
				to = r["from"].(string)
			}
			out[to] = r["state"].(string)
		}
		return out
	}
	got := states(graphtest.Cypher(t, qs["as-of-relations"], params("Ana", august, nil)))
	if got["Acme"] != "past" || got["Brightwater"] != "current" || got["Bo"] != "current" || got["Porto"] != "current" {
		t.Errorf("Ana's relations as of August = %v", got)
	}
	got = states(graphtest.Cypher(t, qs["as-of-relations"], params("ana", day("2023-04-01"), nil)))
	if got["Acme"] != "current" || got["Brightwater"] != "" || got["Bo"] != "" {
		t.Errorf("Ana's relations as of April = %v", got)
	}
	got = states(graphtest.Cypher(t, qs["as-of-relations"], params("Ana", august, tl.Mid)))
	if got["Bo"] != "" || got["Acme"] != "past" {
		t.Errorf("Ana's relations known at Mid = %v", got)
	}

	// Two hops from Bo as of August: Bo–Ana, Ana–Brightwater/Porto,
	// and the co-mentions; not Ana–Acme (left).
	rows = graphtest.Cypher(t, qs["two-hop"], params("Bo", august, nil))
	if len(rows) < 4 {
		t.Errorf("Bo's two-hop graph = %d paths", len(rows))
	}
	rows = graphtest.Cypher(t, qs["two-hop"], params("Bo", day("2023-04-01"), nil))
	if len(rows) != 0 {
		t.Errorf("Bo's two-hop graph as of April = %v, want nothing", rows)
	}
	if rows := graphtest.Cypher(t, qs["co-mentions"], map[string]any{"tenant": graphtest.Tenant(t, s), "conversation": "c1",
		"person": "Bo", "as_of": august, "known_at": nil}); len(rows) != 0 {
		t.Errorf("another tenant sees %v", rows)
	}
}
