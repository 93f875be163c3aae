package ontology

import (
	"testing"
	"time"
)

func day(s string) *time.Time {
	t, _ := time.Parse("2006-01-02", s)
	return &t
}

func TestDecideProfile(t *testing.T) {
	alice := EntityRef{Name: "Alice", Type: EntityPerson}
	pf := func(topic, sub, v, from string) ProfileFact {
		return ProfileFact{Subject: alice, Topic: topic, SubTopic: sub, Value: v, Confidence: 0.9, ValidFrom: day(from)}
	}
	cases := []struct {
		name     string
		current  []ProfileFact
		incoming ProfileFact
		want     MergeAction
		prev     string
		ambig    bool
	}{
		{"nothing known", nil, pf("work", "employer", "Acme", "2023-01-01"), MergeInsert, "", false},
		{"identical", []ProfileFact{pf("work", "employer", "Acme", "2023-01-01")}, pf("work", "employer", "ACME.", "2023-02-01"), MergeSkip, "Acme", false},
		{"more complete", []ProfileFact{pf("basic_info", "name", "Alice", "2023-01-01")}, pf("basic_info", "name", "Alice Smith", "2022-01-01"), MergeUpdate, "Alice", false},
		{"less complete", []ProfileFact{pf("basic_info", "name", "Alice Smith", "2023-01-01")}, pf("basic_info", "name", "Alice", "2024-01-01"), MergeSkip, "Alice Smith", false},
		{"list-like", []ProfileFact{pf("interests", "hobbies", "hiking", "2023-01-01")}, pf("interests", "hobbies", "painting", "2023-01-02"), MergeAppend, "", false},
		{"newer single value", []ProfileFact{pf("work", "employer", "Acme", "2023-01-01")}, pf("work", "employer", "Globex", "2023-06-01"), MergeUpdate, "Acme", false},
		{"older single value is ambiguous", []ProfileFact{pf("work", "employer", "Acme", "2023-06-01")}, pf("work", "employer", "Globex", "2023-01-01"), MergeAppend, "Acme", true},
	}
	for _, c := range cases {
		d := DecideProfile(c.current, c.incoming)
		if d.Action != c.want || d.Previous != c.prev || d.Ambiguous != c.ambig || d.Reason == "" || d.Decider != "rules" {
			t.Errorf("%s: got %+v, want %s (previous %q, ambiguous %v)", c.name, d, c.want, c.prev, c.ambig)
		}
		if c.ambig && d.Confidence >= c.incoming.Confidence {
			t.Errorf("%s: ambiguous value kept at full confidence %v", c.name, d.Confidence)
		}
	}
}

func TestNamesAndAliases(t *testing.T) {
	for in, want := range map[string]string{"Caroline's": "caroline", "James'": "james", "the Beatles": "beatles",
		"  New   York ": "new york", "O'Brien": "obrien", "Acme, Inc.": "acme inc"} {
		if got := NormaliseName(in); got != want {
			t.Errorf("NormaliseName(%q) = %q, want %q", in, got, want)
		}
	}
	keys := AliasKeys(EntityRef{Name: "Alice Smith", Type: EntityPerson})
	if len(keys) != 2 || keys[0] != "alice smith" || keys[1] != "alice" {
		t.Errorf("person alias keys = %v", keys)
	}
	if keys := AliasKeys(EntityRef{Name: "New York", Type: EntityPlace}); len(keys) != 1 {
		t.Errorf("place alias keys = %v, want the full name only", keys)
	}
}

func TestSanitiseExtraction(t *testing.T) {
	ids := map[string]bool{"t1": true}
	x := Extraction{
		Entities: []EntityMention{{EntityRef: EntityRef{Name: "Acme", Type: "Company"}, SourceTurnIDs: []string{"t1"}},
			{EntityRef: EntityRef{Name: "Ghost", Type: EntityPerson}, SourceTurnIDs: []string{"t9"}}},
		Relations: []Relation{{Type: "EMPLOYED_BY", From: EntityRef{Name: "Al", Type: EntityPerson}, To: EntityRef{Name: "Acme", Type: EntityOrganization}, SourceTurnIDs: []string{"t1"}, Confidence: 3},
			{Type: RelLikes, From: EntityRef{Name: "Al", Type: EntityPerson}, To: EntityRef{Name: "al", Type: EntityPerson}, SourceTurnIDs: []string{"t1"}}},
		Facts:   []Fact{{Subject: EntityRef{Name: "Al", Type: EntityPerson}, Statement: "  Al\x00 works\n at Acme. ", SourceTurnIDs: []string{"t1", "t1"}}},
		Profile: []ProfileFact{{Subject: EntityRef{Name: "Al", Type: EntityPerson}, Topic: "work", SubTopic: "shoe_size", Value: "9", SourceTurnIDs: []string{"t1"}}},
	}
	got, dropped := SanitiseExtraction(x, ids)
	if dropped != 3 || len(got.Entities) != 1 || got.Entities[0].Type != EntityConcept {
		t.Fatalf("entities %+v, dropped %d", got.Entities, dropped)
	}
	if len(got.Relations) != 1 || got.Relations[0].Type != RelRelatedTo || got.Relations[0].Role != "employed_by" || got.Relations[0].Confidence != 1 {
		t.Fatalf("relations %+v", got.Relations)
	}
	if len(got.Facts) != 1 || got.Facts[0].Statement != "Al works at Acme." || len(got.Facts[0].SourceTurnIDs) != 1 || got.Facts[0].Confidence != MinConfidence {
		t.Fatalf("facts %+v", got.Facts)
	}
	if len(got.Profile) != 0 {
		t.Fatalf("unknown sub-topic kept: %+v", got.Profile)
	}
}
