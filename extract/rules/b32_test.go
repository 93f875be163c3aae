package rules

import "testing"

// TestB32Chats checks h14-b32's readings, found on the blind32 chats
// (Dublin tenants, a Nairobi family, a Toronto lab), on short chats
// (testdata/b32_cases.txt) and their adversarial twins, written with them
// (testdata/b32_negatives.txt): a common word capitalised as the sentence
// opens is no person "from" an organisation ("Letter from Quayline
// today"), and a year at a school after a comma is the subject's before it
// ("Wambui has gone back, third year at Moi University"). Each twin (a
// thing sent, someone else's year, a pronoun's) reads nothing of its kind.
func TestB32Chats(t *testing.T) { checkCaseFiles(t, "testdata/b32", 4, 5) }
