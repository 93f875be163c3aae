package graphtest

import (
	"context"
	_ "embed"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/ontology"
)

// Timeline is a small dated conversation for as-of and known-at reads,
// stored by SeedTimeline in two batches:
//
//	batch 1 (recorded before Mid): Ana worked at Acme from 2023-01-10 and
//	left on 2023-06-01 for Brightwater; she lives in Porto since
//	2023-03-01, where Acme is located;
//	batch 2 (recorded after Mid): on 2023-07-01 Ana's friend Bo and Cy came
//	over; Bo, Cy and Acme are named in the same turn (co-mention edges
//	Bo–Acme, Bo–Cy and Cy–Acme).
type Timeline struct {
	Conversation string
	// Mid is a record time between the two batches.
	Mid time.Time
	// IDs maps the entity names (Ana, Acme, Brightwater, Porto, Bo, Cy) to
	// their ids.
	IDs map[string]string
}

// Dates of the timeline, for as_of reads.
var (
	TimelineJoinedAcme = day("2023-01-10")
	TimelineMovedPorto = day("2023-03-01")
	TimelineLeftAcme   = day("2023-06-01")
	TimelineMetBo      = day("2023-07-01")
)

// At parses an RFC 3339 time, as the pointer turns and knowledge hold; it
// panics on a malformed one (a test's own literal).
func At(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t.Add(9 * time.Hour)
}

//go:embed mentioned_with_fixture.cypher
var mentionedWithFixture string

// SeedTimeline stores the Timeline as conversation conv of tenant.
func SeedTimeline(t testing.TB, s *graph.Store, tenant, conv string) Timeline {
	t.Helper()
	ctx := context.Background()
	person := func(n string) ontology.EntityRef { return ontology.EntityRef{Name: n, Type: ontology.EntityPerson} }
	org := func(n string) ontology.EntityRef {
		return ontology.EntityRef{Name: n, Type: ontology.EntityOrganization}
	}
	porto := ontology.EntityRef{Name: "Porto", Type: ontology.EntityPlace}
	at := func(t time.Time) *time.Time { return &t }
	rel := func(typ ontology.RelationType, from, to ontology.EntityRef, vf, vt *time.Time, ids ...string) ontology.Relation {
		return ontology.Relation{Type: typ, From: from, To: to, Confidence: 0.9, ValidFrom: vf, ValidTo: vt, SourceTurnIDs: ids, Extractor: "test"}
	}
	fact := func(subject ontology.EntityRef, statement string, vf, vt *time.Time, ids ...string) ontology.Fact {
		return ontology.Fact{Subject: subject, Statement: statement, Speaker: "Ana", Confidence: 0.9, ValidFrom: vf, ValidTo: vt, SourceTurnIDs: ids, Extractor: "test"}
	}
	profile := func(sub, value string, vf time.Time, ids ...string) ontology.ProfileFact {
		return ontology.ProfileFact{Subject: person("Ana"), Topic: "work", SubTopic: sub, Value: value, Confidence: 0.9, ValidFrom: at(vf), SourceTurnIDs: ids, Extractor: "test"}
	}
	turn := func(id string, when time.Time, text string) ontology.Turn {
		return ontology.Turn{ID: id, Session: "s1", Speaker: "Ana", Text: text, Timestamp: at(when)}
	}
	add := func(turns []ontology.Turn, x ontology.Extraction) {
		if _, err := s.AddBatch(ctx, tenant, conv, ontology.TurnBatch{Turns: turns, Knowledge: x, Extracted: true}); err != nil {
			t.Fatalf("seeding the timeline: %v", err)
		}
	}
	add([]ontology.Turn{
		turn("1", TimelineJoinedAcme, "I started at Acme this week."),
		turn("2", TimelineMovedPorto, "We found a flat in Porto, near the Acme office."),
		turn("3", TimelineLeftAcme, "I left Acme and joined Brightwater."),
	}, ontology.Extraction{
		Relations: []ontology.Relation{
			rel(ontology.RelWorksAt, person("Ana"), org("Acme"), at(TimelineJoinedAcme), at(TimelineLeftAcme), "1", "3"),
			rel(ontology.RelWorksAt, person("Ana"), org("Brightwater"), at(TimelineLeftAcme), nil, "3"),
			rel(ontology.RelLivesIn, person("Ana"), porto, at(TimelineMovedPorto), nil, "2"),
			rel(ontology.RelLocatedIn, org("Acme"), porto, nil, nil, "2"),
		},
		Facts: []ontology.Fact{
			fact(person("Ana"), "Ana works at Acme.", at(TimelineJoinedAcme), at(TimelineLeftAcme), "1"),
			fact(person("Ana"), "Ana works at Brightwater.", at(TimelineLeftAcme), nil, "3"),
		},
		Profile: []ontology.ProfileFact{profile("employer", "Acme", TimelineJoinedAcme, "1")},
	})
	time.Sleep(50 * time.Millisecond)
	mid := time.Now().UTC()
	time.Sleep(50 * time.Millisecond)
	add([]ontology.Turn{
		turn("4", TimelineMetBo, "Bo and Cy came over for dinner; Bo talked about Acme all night."),
	}, ontology.Extraction{
		Entities:  []ontology.EntityMention{{EntityRef: person("Cy"), SourceTurnIDs: []string{"4"}}},
		Relations: []ontology.Relation{rel(ontology.RelFriendOf, person("Ana"), person("Bo"), at(TimelineMetBo), nil, "4")},
		Facts:     []ontology.Fact{fact(person("Bo"), "Bo is Ana's friend.", at(TimelineMetBo), nil, "4")},
		Profile:   []ontology.ProfileFact{profile("colleague", "Bo", TimelineMetBo, "4")},
	})
	tl := Timeline{Conversation: conv, Mid: mid, IDs: map[string]string{}}
	for _, name := range []string{"Ana", "Acme", "Brightwater", "Porto", "Bo", "Cy"} {
		id, err := s.ResolveEntity(ctx, tenant, conv, name)
		if err != nil {
			t.Fatalf("seeding the timeline: %s: %v", name, err)
		}
		tl.IDs[name] = id
	}
	var pairs []map[string]any
	for _, p := range [][2]string{{"Bo", "Acme"}, {"Bo", "Cy"}, {"Cy", "Acme"}} {
		a, b := tl.IDs[p[0]], tl.IDs[p[1]]
		if b < a {
			a, b = b, a
		}
		pairs = append(pairs, map[string]any{"a": a, "b": b, "count": int64(1), "first_seen": TimelineMetBo,
			"last_seen": TimelineMetBo, "source_turn_ids": []string{"4"}})
	}
	Cypher(t, mentionedWithFixture, map[string]any{"tenant": tenant, "conversation": conv, "pairs": pairs})
	return tl
}
