package rules

import "testing"

// TestOwns22Chats checks h14-owns22's readings of a pet acquired in one
// turn and named in the same speaker's later turn (testdata/owns22_cases.txt):
// "Guess who got a dog" … "A rescue greyhound, she's called Pip", "i
// adopted two cats" … "miso and tofu", "im a dad" / "(to a cat)" / "her
// name's Fig", with one turn of another person's reaction in between;
// and their adversarial twins, written first (testdata/owns22_negatives.txt):
// a job not a pet, someone else's pet, a joke, a stale antecedent, a
// sister's cats, a hypothetical, a question, the chat's speakers, another speaker's pets, a dad
// to interns, a wish, another speaker naming it. Each twin reads nothing.
func TestOwns22Chats(t *testing.T) { checkCaseFiles(t, "testdata/owns22", 7, 13) }
