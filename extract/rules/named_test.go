package rules

import "testing"

// TestNamedAndMade: pets named in answer to the other's name question, a
// child named after "our two-year-old", works named with their maker and
// likings in everyday phrasing (testdata/named_and_made.txt).
func TestNamedAndMade(t *testing.T) { wantCurrentRelations(t, "named_and_made.txt") }

// TestNamedAndMadeNegatives: close phrasings that state none of those
// (testdata/named_and_made_negatives.txt).
func TestNamedAndMadeNegatives(t *testing.T) {
	wantNoCurrentRelation(t, "named_and_made_negatives.txt")
}
