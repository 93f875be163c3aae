package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestInternshipOver: "my internship at X is over" (done, finished, now
// over) ends the speaker's WORKS_AT at the turn's time, as "my internship
// at X ended" does. Twins keep it from ending or from being read at all:
// an end still to come ("is over in May", "is done in june", "is nearly
// over", "is over the summer"), a question, "over-subscribed", a negation,
// someone else's internship, and a shift or a phone contract, whose end is
// no job's, or a first day that is done. "my job at X is over" ends a job
// as well.
func TestInternshipOver(t *testing.T) {
	for _, tc := range []struct {
		text  string
		ended bool // a WORKS_AT Sam -> Larkspur ended at the turn; false: none that is ended
	}{
		{"my internship at Larkspur is over", true},
		{"my internship at Larkspur is over now, back to uni on monday", true},
		{"my internship at Larkspur is done!!", true},
		{"my internship at Larkspur is officially finished", true},
		{"my internship at Larkspur ended last week", true},
		{"my job at Larkspur is over, starting at the library in june", true},
		{"my internship at Larkspur is over in May", false},
		{"my internship at Larkspur is done in june", false},
		{"my internship at Larkspur is nearly over", false},
		{"my internship at Larkspur is over the summer", false},
		{"is my internship at Larkspur over?", false},
		{"my internship at Larkspur is over-subscribed", false},
		{"my internship at Larkspur is not over yet", false},
		{"my sister's internship at Larkspur is over", false},
		{"my shift at Larkspur is done", false},
		{"my first day at Larkspur is done!!", false},
		{"my phone contract at Larkspur ended", false},
	} {
		x := extractOne(t, "Sam", tc.text, tp(ref))
		ended, current := false, false
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt && r.From.Name == "Sam" && r.To.Name == "Larkspur" {
				ended = ended || r.ValidTo != nil && r.ValidFrom == nil
				current = current || r.ValidTo == nil
			}
		}
		if ended != tc.ended || tc.ended && current {
			t.Errorf("%q: ended WORKS_AT Sam -> Larkspur %v (current too: %v), want %v;%s", tc.text, ended, current, tc.ended, relSummary(x))
		}
	}
}
