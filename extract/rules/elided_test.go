package rules

import "testing"

// TestElidedSubjects: a sentence that opens on a third-person verb is
// read of the person last named (testdata/elided.txt).
func TestElidedSubjects(t *testing.T) { wantCurrentRelations(t, "elided.txt") }

// TestElidedSubjectNegatives: with two people named last, nobody named, a
// question or "has", nothing is read
// (testdata/elided_negatives.txt).
func TestElidedSubjectNegatives(t *testing.T) { wantNoCurrentRelation(t, "elided_negatives.txt") }

// TestElidedOwnNews: the speaker's own news with the subject left out
// (testdata/elided_own.txt).
func TestElidedOwnNews(t *testing.T) { wantCurrentRelations(t, "elided_own.txt") }

// TestElidedOwnNewsNegatives: a reply about someone else, advice, a
// question, a plan, a trip or a person before the emoji gives the speaker
// nothing (testdata/elided_own_negatives.txt).
func TestElidedOwnNewsNegatives(t *testing.T) { wantNoCurrentRelation(t, "elided_own_negatives.txt") }
