package rules

import "testing"

// TestTheirJob: "he's their head of sales now" after the organisation just
// named is a job there (testdata/pron24.txt), in several styles; "their"
// of people, a fan, a past or planned job, a question, a negation, a
// relative, a band, two firms or an outing reads nothing
// (testdata/pron24_negatives.txt).
func TestTheirJob(t *testing.T) {
	wantCurrentRelations(t, "pron24.txt")
	wantNoCurrentRelation(t, "pron24_negatives.txt")
}
