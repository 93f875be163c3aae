package graph_test

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

func person(n string) ontology.EntityRef {
	return ontology.EntityRef{Name: n, Type: ontology.EntityPerson}
}
func org(n string) ontology.EntityRef {
	return ontology.EntityRef{Name: n, Type: ontology.EntityOrganization}
}

// samKnowledge is a hand-written extraction of a two-session conversation:
// Sam's cousin Dana founded Acme, which makes solar panels.
func samKnowledge() ([]ontology.Turn, ontology.Extraction) {
	turns := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "My cousin Dana founded a company last year.", Timestamp: graphtest.At("2023-03-01T10:00:00Z")},
		{ID: "2", Session: "s1", Speaker: "Ria", Text: "Nice! What is it called?", Timestamp: graphtest.At("2023-03-01T10:01:00Z")},
		{ID: "3", Session: "s1", Speaker: "Sam", Text: "It's Acme. Dana Reyes runs it from Lisbon.", Timestamp: graphtest.At("2023-03-01T10:02:00Z")},
		{ID: "4", Session: "s2", Speaker: "Sam", Text: "Acme makes solar panels now.", Timestamp: graphtest.At("2023-06-01T10:00:00Z")},
	}
	rel := func(t ontology.RelationType, from, to ontology.EntityRef, role string, ids ...string) ontology.Relation {
		return ontology.Relation{Type: t, From: from, To: to, Role: role, Confidence: 0.9, SourceTurnIDs: ids, Extractor: "test"}
	}
	x := ontology.Extraction{
		Entities: []ontology.EntityMention{
			{EntityRef: person("Dana"), SourceTurnIDs: []string{"1"}},
			{EntityRef: person("Dana Reyes"), SourceTurnIDs: []string{"3"}},
			{EntityRef: org("Acme"), SourceTurnIDs: []string{"3", "4"}},
		},
		Relations: []ontology.Relation{
			rel(ontology.RelFamilyOf, person("Sam"), person("Dana"), "cousin", "1"),
			rel(ontology.RelCreated, person("Dana"), org("Acme"), "", "1", "3"),
			rel(ontology.RelMakes, org("Acme"), ontology.EntityRef{Name: "solar panels", Type: ontology.EntityConcept}, "", "4"),
		},
		Facts: []ontology.Fact{
			{Subject: person("Dana"), Statement: "Dana is Sam's cousin.", Speaker: "Sam", SourceTurnIDs: []string{"1"}, Confidence: 0.9, Extractor: "test"},
			{Subject: org("Acme"), Statement: "Acme makes solar panels.", Speaker: "Sam", SourceTurnIDs: []string{"4"}, Confidence: 0.9, Extractor: "test"},
		},
		Events: []ontology.Event{{Participants: []ontology.EntityRef{person("Dana")}, What: "Dana founded Acme",
			When:          &ontology.TimeSpan{Start: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), Granularity: "year", Phrase: "last year"},
			SourceTurnIDs: []string{"1"}, Confidence: 0.8, Extractor: "test"}},
		Profile: []ontology.ProfileFact{
			{Subject: person("Sam"), Topic: "relationships", SubTopic: "family", Value: "cousin: Dana", Confidence: 0.9, SourceTurnIDs: []string{"1"}, Extractor: "test"},
		},
	}
	return turns, x
}

func addKnowledge(t *testing.T, s *graph.Store, tenant, conv string, turns []ontology.Turn, x ontology.Extraction) ontology.IngestResult {
	t.Helper()
	res, err := s.AddBatch(context.Background(), tenant, conv, ontology.TurnBatch{Turns: turns, Knowledge: x, Extracted: true})
	if err != nil {
		t.Fatalf("AddBatch: %v", err)
	}
	return res
}

func entityID(t *testing.T, s *graph.Store, tenant, conv, name string) string {
	t.Helper()
	id, err := s.ResolveEntity(context.Background(), tenant, conv, name)
	if err != nil {
		t.Fatalf("ResolveEntity(%q): %v", name, err)
	}
	return id
}

func TestKnowledgeResolutionAndPaths(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	turns, x := samKnowledge()
	res := addKnowledge(t, s, tenant, "c1", turns, x)
	if res.Knowledge == nil || res.Knowledge.Relations != 3 || res.Knowledge.Facts != 2 || res.Knowledge.Events != 1 {
		t.Fatalf("knowledge report = %+v", res.Knowledge)
	}

	// Dana and Dana Reyes are one person; Sam is the speaker entity.
	dana := entityID(t, s, tenant, "c1", "Dana")
	for _, alias := range []string{"Dana Reyes", "Dana's", "DANA", "Dana Reyes's"} {
		if id := entityID(t, s, tenant, "c1", alias); id != dana {
			t.Fatalf("%q resolved to %s, Dana to %s: want one entity", alias, id, dana)
		}
	}
	d, err := s.Entity(ctx, tenant, dana)
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "Dana Reyes" || len(d.Mentions) != 2 || len(d.Facts) != 1 || len(d.Events) != 1 {
		t.Fatalf("Dana = %+v", d)
	}
	if d.Events[0].When == nil || d.Events[0].When.Start.Year() != 2022 {
		t.Fatalf("event when = %+v", d.Events[0].When)
	}
	sam := entityID(t, s, tenant, "c1", "sam")
	sd, _ := s.Entity(ctx, tenant, sam)
	if sd.Speaker != "Sam" || len(sd.Profile) != 1 || sd.Profile[0].Value != "cousin: Dana" {
		t.Fatalf("Sam = %+v", sd)
	}

	// Sam → Dana → Acme → solar panels: three hops (typed paths come
	// first; paths through co-mention edges may follow).
	panels := entityID(t, s, tenant, "c1", "solar panels")
	paths, err := s.Paths(ctx, tenant, sam, panels, 4, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 || paths[0].Length != 3 {
		t.Fatalf("paths Sam→solar panels = %+v", paths)
	}
	wantTypes := []ontology.RelationType{ontology.RelFamilyOf, ontology.RelCreated, ontology.RelMakes}
	for i, e := range paths[0].Edges {
		if e.Type != wantTypes[i] || len(e.SourceTurnIDs) == 0 {
			t.Fatalf("edge %d = %+v, want %s with sources", i, e, wantTypes[i])
		}
	}
	if p, _ := s.Paths(ctx, tenant, sam, panels, 2, 5); len(p) != 0 {
		t.Fatalf("max_hops 2 found %d paths, want none", len(p))
	}
	acme := entityID(t, s, tenant, "c1", "Acme")
	if p, _ := s.Paths(ctx, tenant, sam, acme, 4, 5); len(p) == 0 || p[0].Length != 2 || !p[0].Edges[1].Type.Valid() {
		t.Fatalf("Sam→Acme = %+v, want one 2-hop path", p)
	}

	n, err := s.Neighbourhood(ctx, tenant, sam, 2, 50)
	if err != nil {
		t.Fatal(err)
	}
	hops := map[string]int{}
	for _, e := range n.Entities {
		hops[e.Name] = e.Hops
	}
	typed := 0 // co-mention edges (Dana and Acme share turn 3) are another layer
	for _, e := range n.Edges {
		if e.Type.Valid() {
			typed++
		}
	}
	if hops["Dana Reyes"] != 1 || hops["Acme"] != 2 || typed != 2 {
		t.Fatalf("neighbourhood = %+v", n)
	}

	// The graph channel: from Sam, two hops reach the turns naming the
	// cousin and the company and the fact saying what it makes.
	got, err := s.ExpandQuery(ctx, tenant, "c1", "What does the company Sam's cousin founded make?", 20)
	if err != nil {
		t.Fatal(err)
	}
	cited := map[string]bool{}
	for _, r := range got {
		for _, id := range r.SourceTurnIDs {
			cited[id] = true
		}
	}
	if !cited["1"] || !cited["3"] || !cited["4"] {
		t.Fatalf("expansion cites %v, want turns 1, 3 and 4: %+v", cited, got)
	}
	if none, _ := s.ExpandQuery(ctx, tenant, "c1", "What is the weather like?", 20); len(none) != 0 {
		t.Fatalf("a query naming no entity expanded to %+v", none)
	}

	// A resent batch adds nothing.
	again := addKnowledge(t, s, tenant, "c1", turns, x)
	if again.Created != 0 || again.Knowledge.Relations != 0 {
		t.Fatalf("resend = %+v / %+v", again, again.Knowledge)
	}
	d2, _ := s.Entity(ctx, tenant, dana)
	if len(d2.Facts) != 1 || len(d2.Mentions) != 2 {
		t.Fatalf("after resend Dana = %+v", d2)
	}
}

func TestKnowledgeIsolation(t *testing.T) {
	ctx, s, a, b := twoTenants(t, samKnowledge)

	idA1, idA2, idB1 := entityID(t, s, a, "c1", "Dana"), entityID(t, s, a, "c2", "Dana"), entityID(t, s, b, "c1", "Dana")
	if idA1 == idA2 || idA1 == idB1 {
		t.Fatalf("entities merged across conversations or tenants: %s %s %s", idA1, idA2, idB1)
	}
	if _, err := s.Entity(ctx, b, idA1); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("tenant b read tenant a's entity: %v", err)
	}
	if _, err := s.Paths(ctx, b, idA1, idB1, 4, 5); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("paths across tenants: %v", err)
	}
	if p, err := s.Paths(ctx, a, idA1, idA2, 4, 5); err != nil || len(p) != 0 {
		t.Fatalf("paths across conversations = %v, %v", p, err)
	}
	ents, err := s.Entities(ctx, ontology.EntityQuery{Tenant: b, Text: "Dana"})
	if err != nil || len(ents) != 1 || ents[0].ID != idB1 {
		t.Fatalf("tenant b entities named Dana = %+v, %v", ents, err)
	}
	rec, err := s.DeleteConversation(ctx, a, "c1")
	if err != nil || rec.Entities == 0 || rec.Facts != 2 || rec.Events != 1 || rec.ProfileFacts != 1 {
		t.Fatalf("delete receipt = %+v, %v", rec, err)
	}
	if _, err := s.Entity(ctx, b, idB1); err != nil {
		t.Fatalf("tenant b's entity gone after deleting tenant a's conversation: %v", err)
	}
	if _, err := s.Entity(ctx, a, idA2); err != nil {
		t.Fatalf("tenant a's other conversation lost its entity: %v", err)
	}
}

func TestProfileMergeDecisions(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	turn := func(id, text, when string) ontology.Turn {
		return ontology.Turn{ID: id, Session: "s", Speaker: "Alice", Text: text, Timestamp: graphtest.At(when)}
	}
	pf := func(id, topic, sub, value, when string) ontology.ProfileFact {
		return ontology.ProfileFact{Subject: person("Alice"), Topic: topic, SubTopic: sub, Value: value,
			Confidence: 0.9, SourceTurnIDs: []string{id}, Extractor: "test", ValidFrom: graphtest.At(when)}
	}
	steps := []struct {
		turn ontology.Turn
		fact ontology.ProfileFact
		want ontology.MergeAction
	}{
		{turn("1", "I work at Acme.", "2023-01-01T00:00:00Z"), pf("1", "work", "employer", "Acme", "2023-01-01T00:00:00Z"), ontology.MergeInsert},
		{turn("2", "Still at ACME!", "2023-02-01T00:00:00Z"), pf("2", "work", "employer", "ACME", "2023-02-01T00:00:00Z"), ontology.MergeSkip},
		{turn("3", "Acme Robotics, to be exact.", "2023-03-01T00:00:00Z"), pf("3", "work", "employer", "Acme Robotics", "2023-03-01T00:00:00Z"), ontology.MergeUpdate},
		{turn("4", "I joined Globex.", "2023-04-01T00:00:00Z"), pf("4", "work", "employer", "Globex", "2023-04-01T00:00:00Z"), ontology.MergeUpdate},
		{turn("5", "I love hiking.", "2023-04-02T00:00:00Z"), pf("5", "interests", "hobbies", "hiking", "2023-04-02T00:00:00Z"), ontology.MergeInsert},
		{turn("6", "And painting.", "2023-04-03T00:00:00Z"), pf("6", "interests", "hobbies", "painting", "2023-04-03T00:00:00Z"), ontology.MergeAppend},
	}
	for _, st := range steps {
		res := addKnowledge(t, s, tenant, "c", []ontology.Turn{st.turn}, ontology.Extraction{Profile: []ontology.ProfileFact{st.fact}})
		if res.Knowledge.Decisions[st.want] != 1 {
			t.Fatalf("turn %s: decisions %v, want %s", st.turn.ID, res.Knowledge.Decisions, st.want)
		}
	}
	checkProfileOutcome(t, s, tenant, "c", steps[len(steps)-1].want, len(steps))

	// The same facts in one batch end the same way: values superseded or
	// restated within the batch are written closed, or with the extra
	// source, though the store never saw them before.
	var turns []ontology.Turn
	var x ontology.Extraction
	want := map[ontology.MergeAction]int{}
	for _, st := range steps {
		turns = append(turns, st.turn)
		x.Profile = append(x.Profile, st.fact)
		want[st.want]++
	}
	res := addKnowledge(t, s, tenant, "one-batch", turns, x)
	for a, n := range want {
		if res.Knowledge.Decisions[a] != n {
			t.Fatalf("one batch: decisions %v, want %v", res.Knowledge.Decisions, want)
		}
	}
	checkProfileOutcome(t, s, tenant, "one-batch", steps[len(steps)-1].want, len(steps))
	d, err := s.Entity(ctx, tenant, entityID(t, s, tenant, "one-batch", "Alice"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Profile {
		if p.Value == "Acme" && len(p.SourceTurnIDs) != 2 {
			t.Errorf("Acme restated in the same batch: sources %v, want [1 2]", p.SourceTurnIDs)
		}
	}
}

// checkProfileOutcome checks Alice's profile after the merge steps of
// TestProfileMergeDecisions, and her history of n decisions.
func checkProfileOutcome(t *testing.T, s *graph.Store, tenant, conv string, _ ontology.MergeAction, n int) {
	t.Helper()
	ctx := context.Background()
	id := entityID(t, s, tenant, conv, "Alice")
	d, err := s.Entity(ctx, tenant, id)
	if err != nil {
		t.Fatal(err)
	}
	current := map[string][]string{}
	var closed []string
	for _, p := range d.Profile {
		if p.ValidTo == nil {
			current[p.SubTopic] = append(current[p.SubTopic], p.Value)
		} else {
			closed = append(closed, p.Value)
		}
	}
	if len(current["employer"]) != 1 || current["employer"][0] != "Globex" || len(current["hobbies"]) != 2 {
		t.Fatalf("current profile = %v", current)
	}
	if len(closed) != 2 {
		t.Fatalf("superseded values = %v, want Acme and Acme Robotics kept with valid_to", closed)
	}
	hist, err := s.EntityHistory(ctx, tenant, id, 0)
	if err != nil || len(hist) != n {
		t.Fatalf("history = %+v, %v", hist, err)
	}
	// Decisions of one batch share a time, so compare them by turn.
	wantActions := map[string]ontology.MergeAction{"1": ontology.MergeInsert, "2": ontology.MergeSkip, "3": ontology.MergeUpdate,
		"4": ontology.MergeUpdate, "5": ontology.MergeInsert, "6": ontology.MergeAppend}
	for i, h := range hist {
		if len(h.SourceTurnIDs) != 1 || h.Action != wantActions[h.SourceTurnIDs[0]] || h.Reason == "" || h.Decider != "rules" {
			t.Fatalf("history[%d] = %+v, want %s", i, h, wantActions[h.SourceTurnIDs[0]])
		}
	}
	if _, err := s.EntityHistory(ctx, graphtest.Tenant(t, s), id, 0); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("history from another tenant: %v", err)
	}
}

// TestRelationTypeCounts counts the relations of the asked conversations
// of the asked tenant, and nothing of another conversation or tenant.
func TestRelationTypeCounts(t *testing.T) {
	ctx, s, tenant, _ := twoTenants(t, twoSpeakers)
	got, err := s.RelationTypeCounts(ctx, tenant, []string{"c1"})
	if err != nil {
		t.Fatal(err)
	}
	if got["CREATED"] != 1 || got["MAKES"] != 1 {
		t.Errorf("c1: %v, want CREATED 1 and MAKES 1", got)
	}
	both, err := s.RelationTypeCounts(ctx, tenant, []string{"c1", "c2"})
	if err != nil {
		t.Fatal(err)
	}
	if both["CREATED"] != 2 || both["MAKES"] != 2 {
		t.Errorf("c1+c2: %v, want CREATED 2 and MAKES 2", both)
	}
	none, err := s.RelationTypeCounts(ctx, tenant, []string{"c3"})
	if err != nil || len(none) != 0 {
		t.Errorf("a conversation without data: %v, %v", none, err)
	}
}
