package rules

import "testing"

// TestRunByAfter: "run by", "owned by", "started by" a person after an
// organisation named in the sentence or the speaker's message before
// (testdata/run_by.txt).
func TestRunByAfter(t *testing.T) { wantCurrentRelations(t, "run_by.txt") }

// TestRunByAfterNegatives: another speaker's or a questioning "run by", a
// past, a hedge, the speaker, a thing asked of since and no person draw
// no relation (testdata/run_by_negatives.txt).
func TestRunByAfterNegatives(t *testing.T) { wantNoCurrentRelation(t, "run_by_negatives.txt") }
