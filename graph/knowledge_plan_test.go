package graph_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// These tests check that graph executes the planner's decisions (plan/,
// tested without Neo4j) against the real store: retypes, relation endings,
// turns cited from earlier batches, and the co-mention layer. graphtest.Cypher
// reads what the store wrote (properties no read path returns).

func cuedMention(r ontology.EntityRef, conf float64, cue string, ids ...string) ontology.EntityMention {
	return ontology.EntityMention{EntityRef: r, SourceTurnIDs: ids, TypeConfidence: conf, TypeCue: cue}
}

func oneTurn(id, speaker, when string) []ontology.Turn {
	return []ontology.Turn{{ID: id, Session: "s", Speaker: speaker, Text: "turn " + id, Timestamp: graphtest.At(when)}}
}

func TestKnowledgeRetype(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	concept := ontology.EntityRef{Name: "Brightwater", Type: ontology.EntityConcept}
	addKnowledge(t, s, tenant, "c", oneTurn("1", "Sam", "2024-01-01T10:00:00Z"),
		ontology.Extraction{Entities: []ontology.EntityMention{cuedMention(concept, 0, "", "1")}})
	res := addKnowledge(t, s, tenant, "c", oneTurn("2", "Sam", "2024-01-02T10:00:00Z"),
		ontology.Extraction{Entities: []ontology.EntityMention{cuedMention(org("Brightwater"), 0.9, "suffix:Analytics", "2")}})
	if res.Knowledge.Decisions[ontology.MergeRetype] != 1 || res.Knowledge.NewEntities != 0 {
		t.Fatalf("report = %+v", res.Knowledge)
	}
	// A weaker (Concept, no cue) and an equal-type mention change nothing.
	addKnowledge(t, s, tenant, "c", oneTurn("3", "Sam", "2024-01-03T10:00:00Z"),
		ontology.Extraction{Entities: []ontology.EntityMention{cuedMention(concept, 0, "", "3")}})
	rows := graphtest.Cypher(t, `MATCH (n:Entity {tenant: $tenant, conversation: 'c'}) WHERE n.name_key = 'brightwater'
		RETURN labels(n) AS labels, n.type AS type, n.type_confidence AS conf, n.type_cue AS cue, n.mentions AS mentions`,
		map[string]any{"tenant": tenant})
	if len(rows) != 1 {
		t.Fatalf("entities named Brightwater = %+v", rows)
	}
	labels := fmt.Sprint(rows[0]["labels"])
	if labels != "[Entity Organization]" && labels != "[Organization Entity]" || rows[0]["type"] != "Organization" ||
		rows[0]["conf"] != 0.9 || rows[0]["cue"] != "suffix:Analytics" || rows[0]["mentions"] != int64(3) {
		t.Fatalf("retyped entity = %+v", rows[0])
	}
	id := entityID(t, s, tenant, "c", "Brightwater")
	hist, err := s.EntityHistory(ctx, tenant, id, 0)
	if err != nil || len(hist) != 1 || hist[0].Action != ontology.MergeRetype || hist[0].Value != "Organization" ||
		hist[0].Previous != "Concept" || hist[0].Reason == "" || !slices.Equal(hist[0].SourceTurnIDs, []string{"2"}) {
		t.Fatalf("history = %+v, %v", hist, err)
	}
}

func TestKnowledgeEndingsAndCitedTurns(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	ana, acme := person("Ana"), org("Acme")
	faro, lisbon := ontology.EntityRef{Name: "Faro", Type: ontology.EntityPlace}, ontology.EntityRef{Name: "Lisbon", Type: ontology.EntityPlace}
	rel := func(typ ontology.RelationType, from, to ontology.EntityRef, ids ...string) ontology.Relation {
		return ontology.Relation{Type: typ, From: from, To: to, Confidence: 0.8, SourceTurnIDs: ids, Extractor: "test"}
	}
	addKnowledge(t, s, tenant, "c", oneTurn("1", "Ana", "2024-01-10T10:00:00Z"), ontology.Extraction{Relations: []ontology.Relation{
		rel(ontology.RelWorksAt, ana, acme, "1"), rel(ontology.RelLivesIn, ana, faro, "1")}})
	left := rel(ontology.RelWorksAt, ana, acme, "2", "1") // cites the antecedent's turn too
	left.ValidTo = graphtest.At("2024-06-01T00:00:00Z")
	batch2 := ontology.Extraction{Relations: []ontology.Relation{left,
		rel(ontology.RelMovedFrom, ana, faro, "2"), rel(ontology.RelLivesIn, ana, lisbon, "2", "99"),
		rel(ontology.RelLikes, ana, ontology.EntityRef{Name: "jazz", Type: ontology.EntityActivity}, "1")}} // cites only an earlier turn: dropped
	res := addKnowledge(t, s, tenant, "c", oneTurn("2", "Ana", "2024-06-05T10:00:00Z"), batch2)
	if res.Knowledge.Relations != 3 {
		t.Fatalf("report = %+v", res.Knowledge)
	}
	// Resent, the batch changes nothing.
	addKnowledge(t, s, tenant, "c", oneTurn("2", "Ana", "2024-06-05T10:00:00Z"), batch2)
	addKnowledge(t, s, tenant, "c", oneTurn("3", "Ana", "2024-12-01T10:00:00Z"), ontology.Extraction{Relations: []ontology.Relation{
		rel(ontology.RelWorksAt, ana, acme, "3")}}) // back at Acme
	rows := graphtest.Cypher(t, `MATCH (a:Entity {tenant: $tenant, conversation: 'c'})-[r]->(b:Entity)
		RETURN type(r) AS type, b.name AS to, r.valid_from AS from, r.valid_to AS until, r.source_turn_ids AS src,
		       r.created_at IS NOT NULL AS recorded, r.tenant = $tenant AND r.conversation = 'c' AS scoped,
		       r.valid_to IS NULL OR r.ended_at IS NOT NULL OR r.created_at IS NOT NULL AND r.updated_at IS NULL AS told
		ORDER BY type, to, from`, map[string]any{"tenant": tenant})
	var got []string
	for _, r := range rows {
		if r["recorded"] != true || r["scoped"] != true || r["told"] != true {
			t.Fatalf("relation without created_at or scope: %+v", r)
		}
		day := func(v any) string {
			if v == nil {
				return "-"
			}
			return v.(time.Time).UTC().Format("2006-01-02")
		}
		got = append(got, fmt.Sprintf("%s %s %s..%s %v", r["type"], r["to"], day(r["from"]), day(r["until"]), r["src"]))
	}
	want := []string{
		"LIVES_IN Faro 2024-01-10..2024-06-05 [1 2]", // closed by moving away, at the move's turn
		"LIVES_IN Lisbon 2024-06-05..- [2]",          // the unknown turn 99 is not cited
		"MOVED_FROM Faro 2024-06-05..- [2]",
		"WORKS_AT Acme 2024-01-10..2024-06-01 [1 2]", // closed, never deleted
		"WORKS_AT Acme 2024-12-01..- [3]",            // taken up again: a new relation
	}
	if !slices.Equal(got, want) {
		t.Fatalf("relations =\n%v\nwant\n%v", got, want)
	}
}

func TestCoMentionEdges(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	mention := func(r ontology.EntityRef, ids ...string) ontology.EntityMention {
		return ontology.EntityMention{EntityRef: r, SourceTurnIDs: ids}
	}
	faro := ontology.EntityRef{Name: "Faro", Type: ontology.EntityPlace}
	turns := []ontology.Turn{
		{ID: "1", Session: "s", Speaker: "Sam", Text: "Ana works at Acme.", Timestamp: graphtest.At("2024-01-01T10:00:00Z")},
		{ID: "2", Session: "s", Speaker: "Ria", Text: "Acme moved Ana to Faro.", Timestamp: graphtest.At("2024-01-02T10:00:00Z")},
	}
	batch1 := ontology.Extraction{Entities: []ontology.EntityMention{
		mention(person("Ana"), "1", "2"), mention(org("Acme"), "1", "2"), mention(faro, "2")}}
	addKnowledge(t, s, tenant, "c", turns, batch1)
	addKnowledge(t, s, tenant, "c", turns, batch1) // resent: no count doubles
	addKnowledge(t, s, tenant, "c", oneTurn("3", "Sam", "2024-02-01T10:00:00Z"),
		ontology.Extraction{Entities: []ontology.EntityMention{mention(org("Acme"), "3"), mention(person("Ana"), "3")}})
	edges := func() map[string]map[string]any {
		rows := graphtest.Cypher(t, `MATCH (a:Entity)-[r:MENTIONED_WITH]->(b:Entity)
			WHERE r.tenant = $tenant AND r.conversation = 'c'
			RETURN a.name AS a, b.name AS b, a.uid < b.uid AS ordered, r.count AS count, r.first_seen AS first,
			       r.last_seen AS last, r.source_turn_ids AS src, r.created_at IS NOT NULL AS recorded`, map[string]any{"tenant": tenant})
		out := map[string]map[string]any{}
		for _, r := range rows {
			names := []string{r["a"].(string), r["b"].(string)}
			slices.Sort(names)
			out[names[0]+"-"+names[1]] = r
		}
		return out
	}
	e := edges()
	aa := e["Acme-Ana"]
	if len(e) != 3 || aa == nil || aa["count"] != int64(3) || fmt.Sprint(aa["src"]) != "[1 2 3]" || aa["ordered"] != true ||
		aa["recorded"] != true || !aa["first"].(time.Time).Equal(*graphtest.At("2024-01-01T10:00:00Z")) || !aa["last"].(time.Time).Equal(*graphtest.At("2024-02-01T10:00:00Z")) {
		t.Fatalf("co-mention edges = %+v", e)
	}
	if af := e["Ana-Faro"]; af == nil || af["count"] != int64(1) || fmt.Sprint(af["src"]) != "[2]" {
		t.Fatalf("Ana–Faro = %+v", af)
	}
	// The typed layer does not see them.
	cov, err := s.Coverage(ctx, tenant, []string{"c"})
	if err != nil || cov.Counts["relations"] != 0 || cov.Counts["co_mentions"] != 3 {
		t.Fatalf("counts = %+v, %v", cov.Counts, err)
	}
	// Forgetting Sam (turns 1 and 3) leaves the edges resting on Ria's turn 2.
	if _, err := s.DeleteSpeaker(ctx, tenant, "c", "Sam"); err != nil {
		t.Fatal(err)
	}
	e = edges()
	if aa := e["Acme-Ana"]; len(e) != 3 || aa["count"] != int64(1) || fmt.Sprint(aa["src"]) != "[2]" {
		t.Fatalf("after forgetting Sam: %+v", e)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c", "Ria"); err != nil {
		t.Fatal(err)
	}
	if e := edges(); len(e) != 0 {
		t.Fatalf("co-mentions resting on forgotten turns remain: %+v", e)
	}
}

// An edge keeps only its latest turns; forgetting them all refills it
// from older turns naming both, and removes it only when none is left.
func TestCoMentionBoundAndForget(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	var turns []ontology.Turn
	var x ontology.Extraction
	for i := range 53 {
		sp := "Sam"
		if i < 3 {
			sp = "Ria"
		}
		id := fmt.Sprint(i)
		turns = append(turns, ontology.Turn{ID: id, Session: "s", Speaker: sp, Text: "Ana at Acme " + id,
			Timestamp: graphtest.At(time.Date(2024, 1, 1, 0, i, 0, 0, time.UTC).Format(time.RFC3339))})
		x.Entities = append(x.Entities, ontology.EntityMention{EntityRef: person("Ana"), SourceTurnIDs: []string{id}},
			ontology.EntityMention{EntityRef: org("Acme"), SourceTurnIDs: []string{id}})
	}
	addKnowledge(t, s, tenant, "c", turns, x)
	edge := func() []map[string]any {
		return graphtest.Cypher(t, `MATCH (:Entity)-[r:MENTIONED_WITH]->(:Entity) WHERE r.tenant = $tenant
			RETURN r.count AS count, r.source_turn_ids AS src`, map[string]any{"tenant": tenant})
	}
	e := edge()
	if len(e) != 1 || e[0]["count"] != int64(53) || len(e[0]["src"].([]any)) != 50 || e[0]["src"].([]any)[0] != "3" {
		t.Fatalf("bounded edge = %+v", e)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c", "Sam"); err != nil {
		t.Fatal(err)
	}
	if e := edge(); len(e) != 1 || e[0]["count"] != int64(3) || fmt.Sprint(e[0]["src"]) != "[0 1 2]" {
		t.Fatalf("after forgetting the listed turns = %+v", e)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c", "Ria"); err != nil {
		t.Fatal(err)
	}
	if e := edge(); len(e) != 0 {
		t.Fatalf("edge left = %+v", e)
	}
}
