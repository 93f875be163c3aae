package graph_test

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// twoSpeakers is a conversation where knowledge cites the turns of both
// speakers, some of it only Sam's, some only Ria's, some both.
func twoSpeakers() ([]ontology.Turn, ontology.Extraction) {
	turns := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "My cousin Dana founded Acme.", Timestamp: graphtest.At("2023-03-01T10:00:00Z")},
		{ID: "2", Session: "s1", Speaker: "Ria", Text: "Dana from Acme visited me in Lisbon.", Timestamp: graphtest.At("2023-03-01T10:01:00Z")},
		{ID: "3", Session: "s2", Speaker: "Sam", Text: "Acme makes solar panels.", Timestamp: graphtest.At("2023-06-01T10:00:00Z")},
		{ID: "4", Session: "s2", Speaker: "Ria", Text: "I love hiking in the mountains.", Timestamp: graphtest.At("2023-06-01T10:01:00Z")},
	}
	place := ontology.EntityRef{Name: "Lisbon", Type: ontology.EntityPlace}
	panels := ontology.EntityRef{Name: "solar panels", Type: ontology.EntityConcept}
	x := ontology.Extraction{
		Entities: []ontology.EntityMention{
			{EntityRef: person("Dana"), SourceTurnIDs: []string{"1", "2"}},
			{EntityRef: org("Acme"), SourceTurnIDs: []string{"1", "2", "3"}},
			{EntityRef: place, SourceTurnIDs: []string{"2"}},
			{EntityRef: panels, SourceTurnIDs: []string{"3"}},
		},
		Relations: []ontology.Relation{
			{Type: ontology.RelCreated, From: person("Dana"), To: org("Acme"), Confidence: 0.9, SourceTurnIDs: []string{"1", "2"}, Extractor: "test"},
			{Type: ontology.RelMakes, From: org("Acme"), To: panels, Confidence: 0.9, SourceTurnIDs: []string{"3"}, Extractor: "test"},
		},
		Facts: []ontology.Fact{
			{Subject: person("Dana"), Statement: "Dana is Sam's cousin.", Speaker: "Sam", SourceTurnIDs: []string{"1"}, Confidence: 0.9, Extractor: "test"},
			{Subject: person("Dana"), Statement: "Dana founded Acme.", Speaker: "Sam", SourceTurnIDs: []string{"1", "2"}, Confidence: 0.9, Extractor: "test"},
			{Subject: person("Ria"), Statement: "Ria loves hiking in the mountains.", Speaker: "Ria", SourceTurnIDs: []string{"4"}, Confidence: 0.9, Extractor: "test"},
		},
		Events: []ontology.Event{{Participants: []ontology.EntityRef{person("Dana"), person("Ria")}, What: "Dana visited Ria in Lisbon",
			Where: &place, SourceTurnIDs: []string{"2"}, Confidence: 0.8, Extractor: "test"}},
		Profile: []ontology.ProfileFact{
			{Subject: person("Sam"), Topic: "relationships", SubTopic: "family", Value: "cousin: Dana", Confidence: 0.9, SourceTurnIDs: []string{"1"}, Extractor: "test"},
			{Subject: person("Ria"), Topic: "interests", SubTopic: "sports", Value: "hiking", Confidence: 0.9, SourceTurnIDs: []string{"4"}, Extractor: "test"},
		},
	}
	return turns, x
}

func turnIDs(t *testing.T, s *graph.Store, tenant, conv string) []string {
	t.Helper()
	page, err := s.Turns(context.Background(), tenant, conv, -1, 100)
	if err != nil {
		t.Fatalf("Turns: %v", err)
	}
	var ids []string
	for _, tr := range page.Turns {
		ids = append(ids, tr.ID)
	}
	return ids
}

func factTexts(t *testing.T, s *graph.Store, tenant, conv, text string) []string {
	t.Helper()
	res, err := s.SearchFacts(context.Background(), ontology.FullTextQuery{Tenant: tenant, Conversation: conv, Text: text, Limit: 10})
	if err != nil {
		t.Fatalf("SearchFacts: %v", err)
	}
	var out []string
	for _, r := range res {
		out = append(out, fmt.Sprintf("%s %v", r.Text, r.SourceTurnIDs))
	}
	sort.Strings(out)
	return out
}

// twoTenants stores fixture's conversation with its knowledge as c1 and c2
// of a tenant and as c1 of another.
func twoTenants(t *testing.T, fixture func() ([]ontology.Turn, ontology.Extraction)) (ctx context.Context, s *graph.Store, tenant, other string) {
	t.Helper()
	ctx, s, tenant = storetest.Open(t)
	other = graphtest.Tenant(t, s)
	turns, x := fixture()
	addKnowledge(t, s, tenant, "c1", turns, x)
	addKnowledge(t, s, tenant, "c2", turns, x)
	addKnowledge(t, s, other, "c1", turns, x)
	return ctx, s, tenant, other
}

func TestDeleteSpeakerCascades(t *testing.T) {
	ctx, s, tenant, other := twoTenants(t, twoSpeakers)

	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "Nobody"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("unknown speaker: %v, want not_found", err)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c9", "Sam"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("unknown conversation: %v, want not_found", err)
	}

	rec, err := s.DeleteSpeaker(ctx, tenant, "c1", "sam") // case-insensitive
	if err != nil {
		t.Fatal(err)
	}
	// Sam's turns 1 and 3 go; the fact citing only turn 1, the MAKES
	// relation (turn 3), the profile fact from turn 1 and the solar panels
	// concept (mentioned only in turn 3) go with them.
	if rec.Turns != 2 || rec.Speakers != 1 || rec.Facts != 1 || rec.Relations != 1 || rec.ProfileFacts != 1 || rec.Events != 0 || rec.Entities < 1 {
		t.Fatalf("receipt = %+v", rec)
	}
	if got := fmt.Sprint(turnIDs(t, s, tenant, "c1")); got != "[2 4]" {
		t.Fatalf("turns left = %s, want [2 4]", got)
	}
	speakers, _ := s.Speakers(ctx, tenant, "c1")
	if fmt.Sprint(speakers) != "[Ria]" {
		t.Fatalf("speakers left = %v", speakers)
	}
	if got := factTexts(t, s, tenant, "c1", "Dana cousin founded Acme hiking"); fmt.Sprint(got) != "[Dana founded Acme. [2] Ria loves hiking in the mountains. [4]]" {
		t.Fatalf("facts left = %q", got)
	}
	res, _ := s.SearchTurns(ctx, ontology.FullTextQuery{Tenant: tenant, Conversation: "c1", Text: "solar panels cousin", Limit: 10})
	if len(res) != 0 {
		t.Fatalf("forgotten turns still searchable: %+v", res)
	}
	if _, err := s.ResolveEntity(ctx, tenant, "c1", "solar panels"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("entity mentioned only by Sam survived: %v", err)
	}
	acme := entityID(t, s, tenant, "c1", "Acme") // still mentioned by Ria's turn 2
	nb, err := s.Neighbourhood(ctx, tenant, acme, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range nb.Edges {
		for _, id := range r.SourceTurnIDs {
			if id == "1" || id == "3" {
				t.Fatalf("relation still cites a forgotten turn: %+v", r)
			}
		}
	}
	// The other conversation and the other tenant are untouched.
	if got := fmt.Sprint(turnIDs(t, s, tenant, "c2")); got != "[1 2 3 4]" {
		t.Fatalf("c2 turns = %s", got)
	}
	if got := fmt.Sprint(turnIDs(t, s, other, "c1")); got != "[1 2 3 4]" {
		t.Fatalf("other tenant's c1 turns = %s", got)
	}
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "Sam"); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("deleting a forgotten speaker again: %v, want not_found", err)
	}
	// Resending the forgotten turns stores them again as new.
	if turns, _ := twoSpeakers(); add(t, s, tenant, "c1", turns[:1]).Created != 1 {
		t.Fatal("resending a forgotten turn did not store it again")
	}

	// Forgetting Ria too leaves nothing derived behind.
	if _, err := s.DeleteSpeaker(ctx, tenant, "c1", "Sam"); err != nil {
		t.Fatal(err)
	}
	rec, err = s.DeleteSpeaker(ctx, tenant, "c1", "Ria")
	if err != nil || rec.Turns != 2 || rec.Facts != 2 || rec.Events != 1 {
		t.Fatalf("deleting Ria: %+v, %v", rec, err)
	}
	cov, err := s.Coverage(ctx, tenant, []string{"c1"})
	if err != nil {
		t.Fatal(err)
	}
	for kind, n := range cov.Counts {
		if n != 0 {
			t.Errorf("after forgetting both speakers, %d %s remain", n, kind)
		}
	}
	if cov.Turns != 0 {
		t.Errorf("after forgetting both speakers, %d turns remain", cov.Turns)
	}
}

func TestDeleteTenantCascades(t *testing.T) {
	ctx, s, tenant, other := twoTenants(t, twoSpeakers)
	rec, err := s.DeleteTenant(ctx, tenant)
	if err != nil || rec.Conversations != 2 || rec.Turns != 8 || rec.Facts != 6 || rec.Relations != 4 || rec.Entities == 0 {
		t.Fatalf("receipt = %+v, %v", rec, err)
	}
	if ents, err := s.Entities(ctx, ontology.EntityQuery{Tenant: tenant, Text: "Acme"}); err != nil || len(ents) != 0 {
		t.Fatalf("entities after deleting the tenant: %+v, %v", ents, err)
	}
	if got := fmt.Sprint(turnIDs(t, s, other, "c1")); got != "[1 2 3 4]" {
		t.Fatalf("other tenant's turns = %s", got)
	}
	if rec, err := s.DeleteTenant(ctx, tenant); err != nil || rec.Conversations != 0 {
		t.Fatalf("deleting an empty tenant: %+v, %v", rec, err)
	}
}

// The ingest benchmark's baseline writes a :BareTurn per turn with a
// :Turn's properties, scoped to its tenant, and deletes only that tenant's.
func TestBareTurnsCreateAndDelete(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, s)
	turns := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Sam", Text: "first", Timestamp: graphtest.At("2023-03-01T10:00:00Z")},
		{ID: "2", Session: "s1", Speaker: "Ria", Text: "second"},
		{ID: "3", Session: "s1", Speaker: "Sam", Text: "third"},
	}
	if err := s.BareTurnsCreate(ctx, tenant, "c", 10, turns); err != nil {
		t.Fatal(err)
	}
	if err := s.BareTurnsCreate(ctx, other, "c", 0, turns[:1]); err != nil {
		t.Fatal(err)
	}
	rows := graphtest.Cypher(t, "MATCH (n:BareTurn) WHERE n.tenant = $tenant RETURN n.id AS id, n.seq AS seq, n.speaker_key AS key, n.conversation AS conv ORDER BY n.seq",
		map[string]any{"tenant": tenant})
	if len(rows) != 3 {
		t.Fatalf("got %d bare turns of the tenant, want 3: %v", len(rows), rows)
	}
	for i, r := range rows {
		if r["id"] != turns[i].ID || r["seq"] != int64(10+i) || r["conv"] != "c" || r["key"] == nil {
			t.Errorf("bare turn %d: %v", i, r)
		}
	}
	n, err := s.BareTurnsDelete(ctx, tenant)
	if err != nil || n != 3 {
		t.Fatalf("BareTurnsDelete = %d, %v; want 3", n, err)
	}
	if n, err := s.BareTurnsDelete(ctx, tenant); err != nil || n != 0 {
		t.Fatalf("second BareTurnsDelete = %d, %v; want 0", n, err)
	}
	if n, err := s.BareTurnsDelete(ctx, other); err != nil || n != 1 {
		t.Fatalf("the other tenant's BareTurnsDelete = %d, %v; want 1 (the first delete must not touch it)", n, err)
	}
}
