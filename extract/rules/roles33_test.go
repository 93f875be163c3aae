package rules

import "testing"

// TestRoles33Chats checks h14-roles33's readings on short chats
// (testdata/roles33_cases.txt) and their adversarial twins
// (testdata/roles33_negatives.txt): a post held in a named group ("i'm
// head coach of the mile end mosquitoes now", "got voted in as secretary
// of X", "Claire here, team manager for the U10 Hornets", "I used to be
// captain of X"), and teaching by subject at a named place ("i teach year
// 9 at millgate", "teaching phys ed at collège beaubien", "Ana lectures in
// law at X", "Tom coaches at X"). Each twin (a hedge, a run for a post, a negation, a
// question, a job at a company, a section's rep, a description after "of
// the", a condition; whom one teaches, a hope, a town, a park, "at home",
// a dropped "she" before "teaches") reads nothing of its kind.
func TestRoles33Chats(t *testing.T) { checkCaseFiles(t, "testdata/roles33", 16, 18) }
