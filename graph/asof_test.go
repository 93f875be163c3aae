package graph_test

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

func asOf(t time.Time) ontology.TimeView    { return ontology.TimeView{AsOf: &t} }
func knownAt(t time.Time) ontology.TimeView { return ontology.TimeView{KnownAt: &t} }

// seededTimeline stores graphtest's Timeline as conversation c1 of a
// fresh tenant.
func seededTimeline(t *testing.T) (*graph.Store, context.Context, string, graphtest.Timeline) {
	t.Helper()
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	return s, context.Background(), tenant, graphtest.SeedTimeline(t, s, tenant, "c1")
}

// relationsByTarget indexes an entity's typed relations by the far end's
// name.
func relationsByTarget(d ontology.EntityDetail) map[string]ontology.RelationEdge {
	out := map[string]ontology.RelationEdge{}
	for _, r := range d.Relations {
		name := r.ToName
		if r.ToID == d.ID {
			name = r.FromName
		}
		out[name] = r
	}
	return out
}

// TestEntityAsOf: the entity view as of a date holds what had begun by
// then; a job left shows as past with its valid_to; known_at drops what
// was recorded later; facts, mentions and profile facts follow.
func TestEntityAsOf(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	ana := tl.IDs["Ana"]

	d, err := s.EntityAt(ctx, tenant, ana, asOf(day("2023-04-01")))
	if err != nil {
		t.Fatal(err)
	}
	rels := relationsByTarget(d)
	if r, ok := rels["Acme"]; !ok || r.State != ontology.StateCurrent || r.Kind != ontology.EdgeTyped {
		t.Errorf("as of April, Acme = %+v, want a current typed WORKS_AT", r)
	}
	if _, ok := rels["Brightwater"]; ok {
		t.Errorf("as of April, Brightwater (joined in June) is listed: %+v", d.Relations)
	}
	if _, ok := rels["Bo"]; ok {
		t.Errorf("as of April, Bo (met in July) is listed: %+v", d.Relations)
	}
	if len(d.Facts) != 1 || d.Facts[0].Statement != "Ana works at Acme." {
		t.Errorf("as of April, facts = %+v, want only the Acme one", d.Facts)
	}
	for _, m := range d.Mentions {
		if m.Timestamp != nil && m.Timestamp.After(day("2023-04-01")) {
			t.Errorf("as of April, mention %+v is later", m)
		}
	}

	d, err = s.EntityAt(ctx, tenant, ana, asOf(day("2023-08-01")))
	if err != nil {
		t.Fatal(err)
	}
	rels = relationsByTarget(d)
	acme := rels["Acme"]
	if acme.State != ontology.StatePast || acme.ValidTo == nil || !acme.ValidTo.Equal(graphtest.TimelineLeftAcme) ||
		acme.ValidFrom == nil || !acme.ValidFrom.Equal(graphtest.TimelineJoinedAcme) {
		t.Errorf("as of August, Acme = %+v, want past with its dates", acme)
	}
	for _, name := range []string{"Brightwater", "Porto", "Bo"} {
		if r, ok := rels[name]; !ok || r.State != ontology.StateCurrent {
			t.Errorf("as of August, %s = %+v (listed %v), want current", name, r, ok)
		}
	}

	// Now: the job left is past too.
	d, _ = s.Entity(ctx, tenant, ana)
	if r := relationsByTarget(d)["Acme"]; r.State != ontology.StatePast {
		t.Errorf("now, Acme = %+v, want past", r)
	}

	// Known at Mid: Bo, recorded in the second batch, is unknown.
	d, err = s.EntityAt(ctx, tenant, ana, knownAt(tl.Mid))
	if err != nil {
		t.Fatal(err)
	}
	rels = relationsByTarget(d)
	if _, ok := rels["Bo"]; ok {
		t.Errorf("known at Mid, Bo is listed: %+v", d.Relations)
	}
	if _, ok := rels["Acme"]; !ok {
		t.Errorf("known at Mid, Acme is missing: %+v", d.Relations)
	}
	for _, p := range d.Profile {
		if p.Value == "Bo" {
			t.Errorf("known at Mid, profile fact %+v recorded later is listed", p)
		}
	}
	for _, m := range d.Mentions {
		if m.TurnID == "4" {
			t.Errorf("known at Mid, turn 4 (stored later) is a mention")
		}
	}

	// Co-mentions are apart from relations, flagged, and filtered too.
	bo, _ := s.Entity(ctx, tenant, tl.IDs["Bo"])
	if len(bo.CoMentions) != 2 || bo.CoMentions[0].Kind != ontology.EdgeCoMention || bo.CoMentions[0].Count != 1 {
		t.Errorf("Bo's co-mentions = %+v, want Acme and Cy", bo.CoMentions)
	}
	for _, r := range bo.Relations {
		if r.Kind != ontology.EdgeTyped {
			t.Errorf("Bo's relations hold %+v", r)
		}
	}
	if bo, _ := s.EntityAt(ctx, tenant, tl.IDs["Bo"], asOf(day("2023-06-15"))); len(bo.CoMentions) != 0 || len(bo.Relations) != 0 {
		t.Errorf("Bo as of June = %+v, want no relation nor co-mention yet", bo)
	}
}

func TestEntityHistoryAsOf(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	ana := tl.IDs["Ana"]
	all, err := s.EntityHistory(ctx, tenant, ana, 0)
	if err != nil || len(all) != 2 {
		t.Fatalf("history = %+v (%v), want the Acme and Bo decisions", all, err)
	}
	for name, view := range map[string]ontology.TimeView{"as of June": asOf(day("2023-06-15")), "known at Mid": knownAt(tl.Mid)} {
		got, err := s.EntityHistoryAt(ctx, tenant, ana, 0, view)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Value != "Acme" {
			t.Errorf("%s: history = %+v, want the Acme decision only", name, got)
		}
	}
	if _, err := s.EntityHistoryAt(ctx, graphtest.Tenant(t, s), ana, 0, asOf(day("2023-06-15"))); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Errorf("another tenant's history: %v, want not found", err)
	}
}

// TestNeighbourhoodAsOfAndKinds: a neighbourhood as of a date follows only
// the edges that held then; co-mentions are flagged and can be left out.
func TestNeighbourhoodAsOfAndKinds(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	names := func(n ontology.Neighbourhood) map[string]bool {
		out := map[string]bool{}
		for _, e := range n.Entities {
			out[e.Name] = true
		}
		return out
	}
	q := ontology.GraphQuery{Tenant: tenant, From: tl.IDs["Ana"], Hops: 1, Limit: 50}
	q.TimeView = asOf(day("2023-04-01"))
	n, err := s.GraphNeighbourhood(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(n); !got["Acme"] || !got["Porto"] || got["Brightwater"] || got["Bo"] || len(got) != 2 {
		t.Errorf("Ana as of April: %v, want Acme and Porto", got)
	}
	q.TimeView = asOf(day("2023-08-01"))
	n, _ = s.GraphNeighbourhood(ctx, q)
	if got := names(n); got["Acme"] || !got["Brightwater"] || !got["Porto"] || !got["Bo"] {
		t.Errorf("Ana as of August: %v, want Brightwater, Porto, Bo and not Acme (left)", got)
	}
	q.TimeView = knownAt(tl.Mid)
	n, _ = s.GraphNeighbourhood(ctx, q)
	if got := names(n); got["Bo"] || !got["Acme"] {
		t.Errorf("Ana known at Mid: %v, want Acme and not Bo", got)
	}

	// Bo's neighbourhood: Ana (typed), Acme and Cy (co-mentions).
	q = ontology.GraphQuery{Tenant: tenant, From: tl.IDs["Bo"], Hops: 1, Limit: 50}
	n, err = s.GraphNeighbourhood(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(n); !got["Ana"] || !got["Cy"] || !got["Acme"] {
		t.Errorf("Bo, all kinds: %v", got)
	}
	kinds := map[string]int{}
	for _, e := range n.Edges {
		kinds[e.Kind]++
		if e.Kind == ontology.EdgeCoMention && (e.Type != ontology.RelMentionedWith || e.Count != 1 || e.FirstSeen == nil || len(e.SourceTurnIDs) == 0) {
			t.Errorf("co-mention edge %+v lacks its type, count, first_seen or turns", e)
		}
	}
	if kinds[ontology.EdgeTyped] == 0 || kinds[ontology.EdgeCoMention] < 3 || len(kinds) != 2 {
		t.Errorf("Bo's edge kinds = %v, want typed and co_mention (Bo–Acme, Bo–Cy, Cy–Acme)", kinds)
	}
	q.Kinds = ontology.KindsTyped
	n, _ = s.GraphNeighbourhood(ctx, q)
	if got := names(n); !got["Ana"] || got["Cy"] {
		t.Errorf("Bo, typed only: %v, want Ana and not Cy", got)
	}
	for _, e := range n.Edges {
		if e.Kind != ontology.EdgeTyped {
			t.Errorf("typed only holds %+v", e)
		}
	}
	q.Kinds = "bogus"
	if _, err := s.GraphNeighbourhood(ctx, q); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("kinds bogus: %v", err)
	}
	other := graphtest.Tenant(t, s)
	if _, err := s.GraphNeighbourhood(ctx, ontology.GraphQuery{Tenant: other, From: tl.IDs["Bo"], Hops: 1, TimeView: asOf(day("2023-08-01"))}); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Errorf("another tenant's neighbourhood: %v, want not found", err)
	}
}

// TestPathsRanking: typed paths come first, then paths through
// co-mentions, shorter before longer within each; as_of and known_at keep
// only the edges of that time.
func TestPathsRanking(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	q := ontology.GraphQuery{Tenant: tenant, From: tl.IDs["Bo"], To: tl.IDs["Acme"], Hops: 4, Limit: 10}
	ps, err := s.GraphPaths(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	// Typed: Bo–Ana–Acme (2), Bo–Ana–Porto–Acme (3); co-mention: Bo~Acme
	// (1), Bo~Cy~Acme (2), ...
	if len(ps) < 4 {
		t.Fatalf("paths Bo→Acme = %+v, want at least 4", ps)
	}
	if ps[0].Kind != ontology.EdgeTyped || ps[0].Length != 2 || ps[1].Kind != ontology.EdgeTyped || ps[1].Length != 3 {
		t.Errorf("first paths = %s/%d, %s/%d; want typed 2 then typed 3", ps[0].Kind, ps[0].Length, ps[1].Kind, ps[1].Length)
	}
	if ps[2].Kind != ontology.EdgeCoMention || ps[2].Length != 1 {
		t.Errorf("third path = %+v, want the direct co-mention", ps[2])
	}
	seenCo := false
	for i, p := range ps {
		if p.Kind == ontology.EdgeCoMention {
			seenCo = true
		} else if seenCo {
			t.Errorf("path %d is typed after a co-mention path", i)
		}
		if i > 0 && p.Kind == ps[i-1].Kind && p.Length < ps[i-1].Length {
			t.Errorf("path %d (%d hops) after a longer one of its kind", i, p.Length)
		}
		for _, e := range p.Edges {
			if len(e.SourceTurnIDs) == 0 || (e.Kind != ontology.EdgeTyped && e.Kind != ontology.EdgeCoMention) {
				t.Errorf("edge %+v lacks its kind or source turns", e)
			}
		}
	}

	q.Kinds = ontology.KindsTyped
	ps, _ = s.GraphPaths(ctx, q)
	if len(ps) != 2 {
		t.Errorf("typed only: %+v, want the two typed paths", ps)
	}
	q.Kinds = ""
	// As of August Ana had left Acme: the typed way runs through Porto.
	q.TimeView = asOf(day("2023-08-01"))
	ps, _ = s.GraphPaths(ctx, q)
	if len(ps) == 0 || ps[0].Kind != ontology.EdgeTyped || ps[0].Length != 3 {
		t.Errorf("as of August: %+v, want Bo–Ana–Porto–Acme first", ps)
	}
	// As of April Bo was not yet known to Ana: no path at all.
	q.TimeView = asOf(day("2023-04-01"))
	if ps, err := s.GraphPaths(ctx, q); err != nil || len(ps) != 0 {
		t.Errorf("as of April: %+v (%v), want none", ps, err)
	}
	// Known at Mid nothing about Bo had been recorded.
	q.TimeView = knownAt(tl.Mid)
	if ps, err := s.GraphPaths(ctx, q); err != nil || len(ps) != 0 {
		t.Errorf("known at Mid: %+v (%v), want none", ps, err)
	}
	q.TimeView, q.Tenant = ontology.TimeView{}, graphtest.Tenant(t, s)
	if _, err := s.GraphPaths(ctx, q); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Errorf("another tenant's paths: %v, want not found", err)
	}
}

// TestSearchAsOf: turns and facts found by search are those of the time
// asked about, and those stored by known_at.
func TestSearchAsOf(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	turnIDs := func(view ontology.TimeView, text string) map[string]bool {
		rs, err := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: text, Limit: 10, TimeView: view})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, r := range rs {
			out[r.ID] = true
		}
		return out
	}
	if got := turnIDs(ontology.TimeView{}, "Acme"); !got["1"] || !got["3"] || !got["4"] {
		t.Errorf("now, Acme turns = %v", got)
	}
	if got := turnIDs(asOf(day("2023-04-01")), "Acme"); !got["1"] || !got["2"] || got["3"] || got["4"] {
		t.Errorf("as of April, Acme turns = %v, want 1 and 2", got)
	}
	if got := turnIDs(knownAt(tl.Mid), "Acme"); !got["3"] || got["4"] {
		t.Errorf("known at Mid, Acme turns = %v, want 3 and not 4", got)
	}
	facts := func(view ontology.TimeView) []string {
		rs, err := s.SearchFacts(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: "works", Limit: 10, TimeView: view})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rs {
			out = append(out, r.Text)
		}
		return out
	}
	if got := facts(asOf(day("2023-04-01"))); len(got) != 1 || got[0] != "Ana works at Acme." {
		t.Errorf("as of April, facts = %v", got)
	}
	if got := facts(asOf(day("2023-08-01"))); len(got) != 1 || got[0] != "Ana works at Brightwater." {
		t.Errorf("as of August, facts = %v", got)
	}
	nb, err := s.Neighbours(ctx, tenant, []ontology.TurnRef{{Conversation: "c1", ID: "3"}}, knownAt(tl.Mid))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range nb["c1\x1f3"] {
		if n.ID == "4" {
			t.Errorf("known at Mid, turn 3's neighbours hold turn 4")
		}
	}
	exp, err := s.ExpandQueryAt(ctx, tenant, "c1", "Where does Bo work?", 20, asOf(day("2023-04-01")))
	if err != nil || len(exp) != 0 {
		t.Errorf("expansion from Bo as of April = %+v (%v), want nothing (no relation yet)", exp, err)
	}
	if rs, _ := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: graphtest.Tenant(t, s), Text: "Acme", Limit: 10, TimeView: asOf(day("2023-08-01"))}); len(rs) != 0 {
		t.Errorf("another tenant's search found %+v", rs)
	}
}

// day is 09:00 UTC of an ISO date.
func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t.Add(9 * time.Hour)
}

// TestNeighbourhoodDenseCoMentions: a co-mention layer linking every pair
// of 46 entities (1,035 edges) still answers, each entity once at its
// distance, with at most MaxNeighbourhoodEdges edges: the typed ones
// first, then the most frequent co-mentions.
func TestNeighbourhoodDenseCoMentions(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	graphtest.Cypher(t, `
UNWIND range(0, 44) AS i
CREATE (:Entity {tenant: $tenant, conversation: 'c1', uid: $prefix + toString(i), name: 'X' + toString(i), type: 'Concept', mentions: 1})
WITH count(*) AS made
MATCH (a:Entity {tenant: $tenant, conversation: 'c1'}), (b:Entity {tenant: $tenant, conversation: 'c1'})
WHERE a.uid < b.uid AND (a.uid STARTS WITH $prefix OR a.uid = $bo) AND (b.uid STARTS WITH $prefix OR b.uid = $bo)
CREATE (a)-[:MENTIONED_WITH {tenant: $tenant, conversation: 'c1', source_turn_ids: ['4'], created_at: datetime(),
        first_seen: datetime('2023-07-01T09:00:00Z'), last_seen: datetime('2023-07-01T09:00:00Z'),
        count: CASE WHEN a.uid = $prefix + '0' AND b.uid = $prefix + '1' THEN 9 ELSE 1 END}]->(b)`,
		map[string]any{"tenant": tenant, "prefix": tenant + "-x", "bo": tl.IDs["Bo"]})
	n, err := s.GraphNeighbourhood(ctx, ontology.GraphQuery{Tenant: tenant, From: tl.IDs["Bo"], Hops: 2, Limit: ontology.MaxNeighbourhood})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, e := range n.Entities {
		if _, dup := seen[e.Name]; dup {
			t.Errorf("%s reached twice", e.Name)
		}
		seen[e.Name] = e.Hops
	}
	if seen["X7"] != 1 || seen["Ana"] != 1 || seen["Brightwater"] != 2 || len(seen) != 50 {
		t.Errorf("reached %d entities: X7 at %d, Ana at %d, Brightwater at %d", len(seen), seen["X7"], seen["Ana"], seen["Brightwater"])
	}
	if len(n.Edges) != ontology.MaxNeighbourhoodEdges {
		t.Fatalf("%d edges, want the cap %d", len(n.Edges), ontology.MaxNeighbourhoodEdges)
	}
	typed := 0
	for typed < len(n.Edges) && n.Edges[typed].Kind == ontology.EdgeTyped {
		typed++
	}
	// Typed among the members: Ana–Bo, Ana–Acme, Ana–Brightwater, Ana–Porto, Acme–Porto.
	if typed != 5 || n.Edges[typed].Count != 9 {
		t.Errorf("%d typed edges first, then a co-mention of count %d; want 5, then the count-9 pair", typed, n.Edges[typed].Count)
	}
}

// TestKnownAtBeforeTheEndWasTold: a relation whose end Loci was told only
// after known_at (ended_at, the record time of the ending) reads as still
// open from known_at, while reads from now show it ended.
func TestKnownAtBeforeTheEndWasTold(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	// As the store records it when a later batch ends a stored relation.
	graphtest.Cypher(t, `
MATCH (:Entity {uid: $ana})-[r:WORKS_AT]->(:Entity {uid: $acme})
WHERE r.tenant = $tenant
SET r.ended_at = datetime()`, map[string]any{"tenant": tenant, "ana": tl.IDs["Ana"], "acme": tl.IDs["Acme"]})
	august := day("2023-08-01")
	then := ontology.TimeView{AsOf: &august, KnownAt: &tl.Mid}

	d, err := s.EntityAt(ctx, tenant, tl.IDs["Ana"], then)
	if err != nil {
		t.Fatal(err)
	}
	if r := relationsByTarget(d)["Acme"]; r.State != ontology.StateCurrent || r.ValidTo != nil {
		t.Errorf("as of August, known at Mid: Acme = %+v, want current without valid_to", r)
	}
	n, err := s.GraphNeighbourhood(ctx, ontology.GraphQuery{Tenant: tenant, From: tl.IDs["Ana"], Hops: 1, TimeView: then})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range n.Entities {
		found = found || e.Name == "Acme"
	}
	if !found {
		t.Errorf("as of August, known at Mid: Ana's neighbourhood %+v lacks Acme", n.Entities)
	}
	d, _ = s.EntityAt(ctx, tenant, tl.IDs["Ana"], asOf(august))
	if r := relationsByTarget(d)["Acme"]; r.State != ontology.StatePast || r.ValidTo == nil {
		t.Errorf("as of August, known now: Acme = %+v, want past", r)
	}
}

// TestEntitiesAsOf: the entity list as of a date holds only entities
// mentioned in a turn said by then, with their mentions counted then;
// known_at drops the entities first stored later; a name search follows.
func TestEntitiesAsOf(t *testing.T) {
	s, ctx, tenant, tl := seededTimeline(t)
	list := func(q ontology.EntityQuery) map[string]int64 {
		t.Helper()
		q.Tenant, q.Conversation = tenant, tl.Conversation
		ents, err := s.Entities(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int64{}
		for _, e := range ents {
			out[e.Name] = e.Mentions
		}
		return out
	}
	now := list(ontology.EntityQuery{})
	for _, name := range []string{"Ana", "Acme", "Brightwater", "Porto", "Bo", "Cy"} {
		if _, ok := now[name]; !ok {
			t.Errorf("now: %s missing from %v", name, now)
		}
	}
	april := list(ontology.EntityQuery{TimeView: asOf(day("2023-04-01"))})
	for _, name := range []string{"Brightwater", "Bo", "Cy"} {
		if _, ok := april[name]; ok {
			t.Errorf("as of April: %s (first said later) is listed: %v", name, april)
		}
	}
	if april["Acme"] == 0 || april["Porto"] == 0 || april["Acme"] >= now["Acme"] {
		t.Errorf("as of April: Acme %d (now %d), Porto %d: want both listed, Acme with fewer mentions than now", april["Acme"], now["Acme"], april["Porto"])
	}
	known := list(ontology.EntityQuery{TimeView: knownAt(tl.Mid)})
	if _, ok := known["Bo"]; ok || known["Brightwater"] == 0 {
		t.Errorf("known at the first batch: %v, want Brightwater and not Bo", known)
	}
	if got := list(ontology.EntityQuery{Text: "Bo", TimeView: asOf(day("2023-04-01"))}); len(got) != 0 {
		t.Errorf("search Bo as of April = %v, want nothing", got)
	}
	if got := list(ontology.EntityQuery{Text: "Bo", TimeView: asOf(day("2023-08-01"))}); got["Bo"] == 0 {
		t.Errorf("search Bo as of August = %v, want Bo", got)
	}
}
