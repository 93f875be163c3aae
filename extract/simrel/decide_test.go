package simrel

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestDecide(t *testing.T) {
	p := Params{Min: 0.6, Margin: 0.05, NoneMargin: 0.04}
	by := func(kv ...any) map[ontology.RelationType]float64 {
		m := map[ontology.RelationType]float64{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(ontology.RelationType)] = kv[i+1].(float64)
		}
		return m
	}
	cases := []struct {
		name string
		s    Scores
		want ontology.RelationType
	}{
		{"clear winner", Scores{by(ontology.RelWorksAt, 0.8, ontology.RelAttended, 0.6), 0.5}, ontology.RelWorksAt},
		{"below the minimum", Scores{by(ontology.RelWorksAt, 0.59, ontology.RelAttended, 0.3), 0.1}, ""},
		{"runner-up too close", Scores{by(ontology.RelWorksAt, 0.8, ontology.RelAttended, 0.76), 0.1}, ""},
		{"no-relation prototype too close", Scores{by(ontology.RelWorksAt, 0.8, ontology.RelAttended, 0.5), 0.77}, ""},
		{"no-relation prototype closer", Scores{by(ontology.RelLivesIn, 0.7), 0.9}, ""},
		{"a single type needs no runner-up", Scores{by(ontology.RelLocatedIn, 0.7), 0.6}, ontology.RelLocatedIn},
		{"a tie is no relation", Scores{by(ontology.RelFriendOf, 0.8, ontology.RelPartnerOf, 0.8), 0.1}, ""},
		{"nothing scored", Scores{by(), 0.1}, ""},
		{"the runner-up in second place", Scores{by(ontology.RelLeads, 0.5, ontology.RelWorksAt, 0.9, ontology.RelCreated, 0.87), 0.1}, ""},
	}
	for _, c := range cases {
		got, ok := Decide(c.s, p)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s: Decide = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
	// The order a map is read in must not change a decision.
	s := Scores{by(ontology.RelWorksAt, 0.81, ontology.RelMemberOf, 0.7, ontology.RelLeads, 0.74, ontology.RelAttended, 0.2), 0.3}
	for range 50 {
		if got, ok := Decide(s, p); got != ontology.RelWorksAt || !ok {
			t.Fatalf("Decide = %q, %v; want WORKS_AT", got, ok)
		}
	}
}
