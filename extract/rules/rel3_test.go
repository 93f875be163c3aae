package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// relationLine renders a relation as the testdata files write it.
func relationLine(r ontology.Relation) string {
	return string(r.Type) + " " + r.From.Name + " -> " + r.To.Name
}

// TestBelongingAndHome: the third round's families (boards, groups named
// after their head noun, bands' players, in charge of / head up / chairing
// / run by, living said with "we're in X now" or whereabouts, named
// possessions and pets in lists, appositions and the next turn, work said
// in passing), each chat in testdata/belonging_home.txt with the current
// relation it must give.
func TestBelongingAndHome(t *testing.T) { wantCurrentRelations(t, "belonging_home.txt") }

// TestBelongingAndHomeNegatives: phrasings close to the families above
// that state no current relation of the type given
// (testdata/belonging_home_negatives.txt): modality, endings,
// hypotheticals, visits, unnamed groups and things, other people's things.
func TestBelongingAndHomeNegatives(t *testing.T) {
	wantNoCurrentRelation(t, "belonging_home_negatives.txt")
}

// TestLeavingAGroup: leaving a board, a choir or a band closes MEMBER_OF
// (valid_to at the turn's time) and stores no job, current or ended
// (testdata/leaving_group.txt).
func TestLeavingAGroup(t *testing.T) {
	for _, f := range readCases(t, "leaving_group.txt", -3) {
		want, turns := f[0], f[1:]
		x := extractChat(t, nil, chat("t", turns...))
		closed := false
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt {
				t.Errorf("%q gave %s", turns, relationLine(r))
			}
			closed = closed || relationLine(r) == want && r.ValidTo != nil
		}
		if !closed {
			t.Errorf("%q: want %s closed", turns, want)
		}
	}
}
