package rules

import "testing"

// TestElidedSubjects: a sentence that opens on a third-person verb is
// read of the person last named (testdata/elided.txt).
func TestElidedSubjects(t *testing.T) { wantCurrentRelations(t, "elided.txt") }

// TestElidedSubjectNegatives: with two people named last, nobody named, a
// question or "has", nothing is read
// (testdata/elided_negatives.txt).
func TestElidedSubjectNegatives(t *testing.T) { wantNoCurrentRelation(t, "elided_negatives.txt") }
