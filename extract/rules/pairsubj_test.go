package rules

import "testing"

// TestPairSubjects: a pair subject ("Tom and Aisha moved to Leeds", "me n
// my bf Femi are moving", "him + his partner Noor moved down") gives the
// relation of each person (testdata/pair_subjects.txt).
func TestPairSubjects(t *testing.T) { wantCurrentRelations(t, "pair_subjects.txt") }

// TestPairSubjectNegatives: a pair that is an object ("told me and Femi"),
// a possessor ("Tom's sister and Aisha"), a tentative move, and the
// relations between the two, are not repeated
// (testdata/pair_subjects_negatives.txt).
func TestPairSubjectNegatives(t *testing.T) {
	for _, f := range readCases(t, "pair_subjects_negatives.txt", -3) {
		x := extractChat(t, nil, chat("t", f[1:]...))
		for _, r := range x.Relations {
			if relationLine(r) == f[0] {
				t.Errorf("%q gave %s", f[1:], f[0])
			}
		}
	}
}
