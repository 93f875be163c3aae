package rules

import "testing"

// TestKinHad: kin a "have" clause introduces with the name after it,
// parents and sisters named in a list, a pet named after a dash
// (testdata/kin_had.txt).
func TestKinHad(t *testing.T) { wantCurrentRelations(t, "kin_had.txt") }

// TestKinHadNegatives: a role word with no name, things, wishes,
// questions, negations, lists past the name, someone else's kin, a couple
// of parents and a pet that died draw nothing (testdata/kin_had_negatives.txt).
func TestKinHadNegatives(t *testing.T) { wantNoCurrentRelation(t, "kin_had_negatives.txt") }
