package plan

import (
	"fmt"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// BenchmarkPlan plans a LoCoMo-sized session (22 turns, two mentions a
// turn, a relation every other turn, a few profile facts) against a
// conversation holding 200 entities and 100 relations.
func BenchmarkPlan(b *testing.B) {
	var snap Snapshot
	for i := range 200 {
		snap.Entities = append(snap.Entities, stored(fmt.Sprintf("e%d", i), fmt.Sprintf("Name%d Surname", i), ontology.EntityPerson, 0.6))
	}
	for i := range 100 {
		snap.Relations = append(snap.Relations, StoredRelation{ID: fmt.Sprint(i), Type: ontology.RelKnows, FromUID: fmt.Sprintf("e%d", i), ToUID: fmt.Sprintf("e%d", i+1)})
	}
	ts := turns(1, 22)
	var x ontology.Extraction
	for i, t := range ts {
		a, c := person(fmt.Sprintf("Name%d", i)), org(fmt.Sprintf("Company %d", i%5))
		x.Entities = append(x.Entities, mention(a, t.ID), mention(c, t.ID))
		if i%2 == 0 {
			x.Relations = append(x.Relations, rel(ontology.RelWorksAt, a, c, "", t.ID))
		}
		if i%5 == 0 {
			x.Profile = append(x.Profile, ontology.ProfileFact{Subject: a, Topic: "work", SubTopic: "employer", Value: c.Name,
				Confidence: 0.8, SourceTurnIDs: []string{t.ID}})
		}
	}
	batch := batch(ts, x)
	b.ResetTimer()
	for b.Loop() {
		Plan(snap, batch)
	}
}
