package rules

import (
	"slices"
	"testing"
)

// TestProForms: "it", "there" and "the place" read as the one
// organisation a turn or few before named, capitalised or not
// (testdata/proform.txt).
func TestProForms(t *testing.T) { wantCurrentRelations(t, "proform.txt") }

// TestProFormsNegatives: a thing, a visit, two businesses, a plan, a
// hedge, a question, a negation, a past or a place since draw no current
// relation (testdata/proform_negatives.txt).
func TestProFormsNegatives(t *testing.T) { wantNoCurrentRelation(t, "proform_negatives.txt") }

// TestProFormCites: a relation read through an object pro-form cites the
// turn that named the organisation as well as its own.
func TestProFormCites(t *testing.T) {
	wantCitesBoth(t, "WORKS_AT Dev -> Crestway Couriers", "Kat: crestway couriers took me on as a driver", "Jo: my mate Dev does deliveries there")
}

// wantCitesBoth checks that the two-turn chat gives the relation line
// citing both its turns, t0 and t1.
func wantCitesBoth(t *testing.T, line string, turns ...string) {
	t.Helper()
	x := extractChat(t, nil, chat("t", turns...))
	for _, r := range x.Relations {
		if relationLine(r) == line {
			if !slices.Contains(r.SourceTurnIDs, "t0") || !slices.Contains(r.SourceTurnIDs, "t1") {
				t.Errorf("%s cites %v, want t0 and t1", line, r.SourceTurnIDs)
			}
			return
		}
	}
	t.Errorf("no %s in %v", line, x.Relations)
}

// TestLowerBusinessNames: the lower-case business names a turn holds, and
// the descriptions and verbs that are none.
func TestLowerBusinessNames(t *testing.T) {
	for _, c := range []struct {
		text string
		want []lowerName
	}{
		{"crestway couriers took me on as a driver", []lowerName{{"Crestway Couriers", true}}},
		{"i'm joining harrowgate analytics in september", []lowerName{{"Harrowgate Analytics", true}}},
		{"is anyone else with willowbank vets?", []lowerName{{"Willowbank Vets", true}}},
		{"i'm in a book club here", nil},
		{"he's set up his own studio", nil},
		{"the local vets was shut", nil},
		{"Crestway Couriers took me on", nil},
		{"my mums bakery is shut today", nil},
		{"mums bakery is shut today", []lowerName{{"Mums Bakery", false}}},
		{"lol gym was rammed", []lowerName{{"Lol Gym", false}}},
	} {
		if got := lowerBusinessNames(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want string
	}{
		{"kestrel is the gear shop in broomhill right", "Kestrel"},
		{"grindstone as in ravi's place on elm hill?", "Grindstone"},
		{"oh saltys, the chippy on the front", "Saltys"},
		{"that is my wife's bakery", ""},
		{"he is the best", ""},
		{"london is the place to be", ""},
	} {
		got := definedBusinessNames(c.text)
		if c.want == "" && len(got) > 0 && got[0].sure || c.want != "" && (len(got) != 1 || got[0].name != c.want || !got[0].sure) {
			t.Errorf("%q: got %v, want %q", c.text, got, c.want)
		}
	}
}
