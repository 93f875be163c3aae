package graphbench

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestNormalise(t *testing.T) {
	for in, want := range map[string]string{
		"The Salt Pines": "salt pines",
		"@kiko.r":        "kiko r",
		"Malmö":          "malmo",
		"Crumb & Co":     "crumb co",
		"  CU   Boulder": "cu boulder",
		"Theo":           "theo",
		"":               "",
	} {
		if got := Normalise(in); got != want {
			t.Errorf("Normalise(%q) = %q, want %q", in, got, want)
		}
	}
}

func sample() (Gold, *Resolver) {
	g := Gold{File: "dev/x.json", Annotation: Annotation{
		Conversation: "chat:x",
		TurnIDs:      []string{"D1:1", "D1:2", "D1:3"},
		Entities: []GoldEntity{
			{Name: "priya", Type: "Person"},
			{Name: "Felix", Type: "Person"},
			{Name: "Halden Robotics", Type: "Organization", Aliases: []string{"Halden"}},
			{Name: "Gothenburg", Type: "Place"},
			{Name: "Quillsoft", Type: "Organization"},
		},
		Relations: []GoldRelation{
			{Type: "WORKS_AT", From: "priya", To: "Halden Robotics", Evidence: []string{"D1:1"}},
			{Type: "PARTNER_OF", From: "priya", To: "Felix", Evidence: []string{"D1:2"}},
			{Type: "LOCATED_IN", From: "Halden Robotics", To: "Gothenburg", Evidence: []string{"D1:2"}},
			{Type: "WORKS_AT", From: "priya", To: "Quillsoft", Ended: true, Evidence: []string{"D1:3"}},
		},
	}}
	stored := []StoredEntity{
		{ID: "e1", Name: "priya", Type: "Person"},
		{ID: "e2", Name: "Felix", Type: "Person"},
		{ID: "e3", Name: "Halden", Type: "Concept"},                   // short form, typed wrong
		{ID: "e4", Name: "Halden Robotics", Type: "Organization"},     // the full name, another node
		{ID: "e5", Name: "gothenburg", Aliases: nil, Type: "Place"},   // case differs
		{ID: "e6", Name: "Quillsoft", Type: "Organization"},           //
		{ID: "e7", Name: "Brigitte", Type: "Person"},                  // not in the gold
		{ID: "e8", Name: "Kim", Aliases: []string{"felix"}, Type: ""}, // an alias meets Felix
	}
	return g, NewResolver(g.Entities, stored)
}

func TestScoreRelations(t *testing.T) {
	g, r := sample()
	pred := []Predicted{
		{Type: "WORKS_AT", FromID: "e1", ToID: "e3", SourceTurnIDs: []string{"D1:1"}},                                       // correct, via the alias
		{Type: "WORKS_AT", FromID: "e1", ToID: "e4", SourceTurnIDs: []string{"D1:1"}},                                       // the same by name: counted once
		{Type: "PARTNER_OF", FromID: "e2", ToID: "e1", SourceTurnIDs: []string{"D1:2"}},                                     // symmetric, reversed: correct
		{Type: "LOCATED_IN", FromID: "e5", ToID: "e4", SourceTurnIDs: []string{"D1:2"}},                                     // reversed, not symmetric: wrong
		{Type: "WORKS_AT", FromID: "e1", ToID: "e6", SourceTurnIDs: []string{"D1:3"}, Ended: false},                         // found, ended disagrees
		{Type: "KNOWS", FromID: "e1", ToID: "e7", SourceTurnIDs: []string{"D9:9"}},                                          // outside the span: ignored
		{Type: "KNOWS", FromID: "e1", ToID: "e7", SourceTurnIDs: []string{"D1:3"}},                                          // not in the gold: wrong
		{Type: ontology.RelationType(ontology.RelMentionedWith), FromID: "e1", ToID: "e2", SourceTurnIDs: []string{"D1:1"}}, // not typed
	}
	got := ScoreRelations(g, r, pred)
	check := func(typ ontology.RelationType, want Counts) {
		t.Helper()
		if got[typ] != want {
			t.Errorf("%s: got %+v, want %+v", typ, got[typ], want)
		}
	}
	check("WORKS_AT", Counts{Predicted: 2, Correct: 2, Gold: 2, Found: 2, EndedOK: 1, EndedGold: 1, EndedClosed: 0})
	check("PARTNER_OF", Counts{Predicted: 1, Correct: 1, Gold: 1, Found: 1, EndedOK: 1})
	check("LOCATED_IN", Counts{Predicted: 1, Correct: 0, Gold: 1, Found: 0})
	check("KNOWS", Counts{Predicted: 1, Correct: 0})
	if _, ok := got[ontology.RelationType(ontology.RelMentionedWith)]; ok {
		t.Error("MENTIONED_WITH counted as a typed prediction")
	}
	// Stored closed, the ended gold relation counts as closed.
	pred[4].Ended = true
	if c := ScoreRelations(g, r, pred)["WORKS_AT"]; c.EndedClosed != 1 || c.EndedOK != 2 {
		t.Errorf("closed: %+v", c)
	}
	var s SplitResult
	s.Add("x", g.SpanTurns(), got, EntityCounts{}, PathCounts{})
	o := s.Overall()
	if o.Predicted != 5 || o.Correct != 3 || o.Gold != 4 || o.Found != 3 {
		t.Errorf("overall %+v", o)
	}
	if p, r := o.Precision(), o.Recall(); p != 0.6 || r != 0.75 {
		t.Errorf("precision %v recall %v", p, r)
	}
}

func TestScoreEntities(t *testing.T) {
	g, r := sample()
	// priya, Felix (by name, not by Kim's alias), Halden Robotics (the
	// exact name wins over the short form), gothenburg, Quillsoft: all
	// found and typed right.
	if c := ScoreEntities(g, r); c != (EntityCounts{Gold: 5, Found: 5, TypedRight: 5}) {
		t.Errorf("got %+v", c)
	}
	s, ok := r.StoredOf("Halden Robotics")
	if !ok || s.ID != "e4" {
		t.Errorf("StoredOf(Halden Robotics) = %+v, %v", s, ok)
	}
	r2 := NewResolver(g.Entities, []StoredEntity{{ID: "e3", Name: "Halden", Type: "Concept"}})
	if c := ScoreEntities(g, r2); c != (EntityCounts{Gold: 5, Found: 1, TypedRight: 0}) {
		t.Errorf("short form only: got %+v", c)
	}
}

func TestPathCitesEvidence(t *testing.T) {
	p := ontology.Path{Length: 2, Edges: []ontology.RelationEdge{
		{Type: "PARTNER_OF", SourceTurnIDs: []string{"D1:2"}},
		{Type: "WORKS_AT", SourceTurnIDs: []string{"D1:9", "D1:1"}},
	}}
	if !PathCitesEvidence(p, []string{"D1:1", "D1:2"}) {
		t.Error("every edge cites evidence: want true")
	}
	if PathCitesEvidence(p, []string{"D1:2"}) {
		t.Error("the second edge cites none of the evidence: want false")
	}
	if PathCitesEvidence(ontology.Path{}, []string{"D1:1"}) {
		t.Error("an empty path connects nothing")
	}
}

func TestReachable(t *testing.T) {
	g, r := sample()
	// priya-Felix (D1:2) and priya-Halden Robotics (D1:1) are found; the
	// LOCATED_IN hop (D1:2) is not.
	pred := []Predicted{
		{Type: "WORKS_AT", FromID: "e1", ToID: "e4", SourceTurnIDs: []string{"D1:1"}},
		{Type: "PARTNER_OF", FromID: "e1", ToID: "e2", SourceTurnIDs: []string{"D1:2"}},
	}
	found := FoundRelations(g, r, pred)
	if want := []bool{true, true, false, false}; len(found) != len(want) || found[0] != want[0] || found[1] != want[1] || found[2] || found[3] {
		t.Fatalf("found %v, want %v", found, want)
	}
	felixHalden := GoldPath{From: "Felix", To: "Halden Robotics", Hops: 2, Evidence: []string{"D1:1", "D1:2"}}
	if !Reachable(g, found, felixHalden) {
		t.Error("Felix-priya-Halden Robotics: both hops found and citing the evidence, want reachable")
	}
	if Reachable(g, found, GoldPath{From: "Felix", To: "Halden Robotics", Evidence: []string{"D1:2"}}) {
		t.Error("the WORKS_AT hop cites none of the evidence: want not reachable")
	}
	if Reachable(g, found, GoldPath{From: "Felix", To: "Gothenburg", Evidence: []string{"D1:1", "D1:2"}}) {
		t.Error("the LOCATED_IN hop was not found: want not reachable")
	}
	found[2] = true
	if !Reachable(g, found, GoldPath{From: "Gothenburg", To: "Felix", Evidence: []string{"D1:1", "D1:2"}}) {
		t.Error("Gothenburg-Halden-priya-Felix, 3 hops, against the relations' direction: want reachable")
	}
	g.Relations = append(g.Relations, GoldRelation{Type: "KNOWS", From: "Felix", To: "Quillsoft", Evidence: []string{"D1:2"}},
		GoldRelation{Type: "KNOWS", From: "Quillsoft", To: "X", Evidence: []string{"D1:2"}})
	found = append(found, true, true)
	if Reachable(g, found, GoldPath{From: "Gothenburg", To: "X", Evidence: []string{"D1:1", "D1:2"}}) {
		t.Error("5 hops: want not reachable within 3")
	}
}
