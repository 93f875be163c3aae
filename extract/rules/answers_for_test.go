package rules

import "testing"

// TestAnswersFor: a question about a name behind a possessed role, "what
// does X do?" answered by a job, an
// answer whose pronoun subject stands for the question's, and a
// you-question put to someone by name answered for them
// (testdata/answers_for.txt).
func TestAnswersFor(t *testing.T) { wantCurrentRelations(t, "answers_for.txt") }

// TestAnswersForNegatives: a third speaker's bare answer to a question put
// to someone else, a pronoun for another person, whereabouts, hedges and a
// kin title without a name draw no current relation
// (testdata/answers_for_negatives.txt).
func TestAnswersForNegatives(t *testing.T) { wantNoCurrentRelation(t, "answers_for_negatives.txt") }
