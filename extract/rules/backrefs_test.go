package rules

import (
	"testing"
)

// TestBackRefs: "there" and "them" read as the organisation or place an
// earlier turn named, and "he's still with X" as PARTNER_OF
// (testdata/backrefs.txt).
func TestBackRefs(t *testing.T) { wantCurrentRelations(t, "backrefs.txt") }

// TestBackRefsNegatives: "it" meaning a thing or an event, "there" a
// party or a trip, "them" people, two candidates, a modal, and "with"
// something other than a partner draw no current relation
// (testdata/backrefs_negatives.txt).
func TestBackRefsNegatives(t *testing.T) { wantNoCurrentRelation(t, "backrefs_negatives.txt") }

// TestBackRefCites: a relation read through a back-reference cites the
// turn that named the antecedent as well as its own.
func TestBackRefCites(t *testing.T) {
	wantCitesBoth(t, "WORKS_AT Tessa -> Halloway Hospital", "Kat: you know Halloway Hospital?", "Jo: Tessa works there")
}

// TestRanOrganisation: "runs it" finds an organisation named as the
// subject or object of a verb, not one named as where or whence another
// thing was.
func TestRanOrganisation(t *testing.T) {
	for _, c := range []struct {
		first string
		want  bool
	}{
		{"Kat: the Northgate Food Bank needs volunteers", true},
		{"Kat: Noor works at Ostrava Bio now", true},
		{"Kat: Ivo bought a bike from Ridley Cycles", false},
		{"Kat: the Spring Market at Fenwick Park was heaving", false},
	} {
		x := extractChat(t, nil, chat("t", c.first, "Jo: Femi runs it"))
		got := false
		for _, r := range x.Relations {
			got = got || r.Type == "LEADS"
		}
		if got != c.want {
			t.Errorf("%q / runs it: LEADS %v, want %v (%v)", c.first, got, c.want, x.Relations)
		}
	}
}
