package extract

import (
	"reflect"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TestSpeakerGroupsCountsSpeakersHolding checks the in-process stand-in for
// the store's groups: organisations only, held by speakers (by label or
// the label's first word) with a MEMBER_OF or LEADS relation not ended
// since, counted once per speaker, the most held first.
func TestSpeakerGroupsCountsSpeakersHolding(t *testing.T) {
	org := func(n string) ontology.EntityRef {
		return ontology.EntityRef{Name: n, Type: ontology.EntityOrganization}
	}
	person := func(n string) ontology.EntityRef { return ontology.EntityRef{Name: n, Type: ontology.EntityPerson} }
	rel := func(typ ontology.RelationType, from, to string) ontology.Relation {
		return ontology.Relation{Type: typ, From: person(from), To: org(to)}
	}
	ended := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	left := rel(ontology.RelMemberOf, "Jo B", "Boulder Barn")
	left.ValidTo = &ended
	x := ontology.Extraction{
		Entities: []ontology.EntityMention{
			{EntityRef: org("Static Orchids")}, {EntityRef: org("Boulder Barn")},
			{EntityRef: ontology.EntityRef{Name: "jazz", Type: ontology.EntityActivity}},
		},
		Relations: []ontology.Relation{
			rel(ontology.RelMemberOf, "nell", "Static Orchids"),
			rel(ontology.RelLeads, "Jo", "Static Orchids"), // Jo B by the label's first word
			rel(ontology.RelMemberOf, "nell", "Static Orchids"),
			rel(ontology.RelMemberOf, "Kit", "Static Orchids"), // no speaker
			rel(ontology.RelWorksAt, "nell", "Rookery Studios"),
			rel(ontology.RelMemberOf, "Jo B", "Boulder Barn"),
			left,
			{Type: ontology.RelMemberOf, From: person("nell"), To: ontology.EntityRef{Name: "jazz"}},
		},
	}
	got := SpeakerGroups(x, []string{"nell", "Jo B"})
	want := []ontology.GroupHold{{Group: org("Static Orchids"), Speakers: 2}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("SpeakerGroups = %+v, want %+v", got, want)
	}
}
