package rules

import "testing"

// TestMember23Chats checks h14-member23's readings of founding, studying
// and belonging in whole chats (testdata/member23_cases.txt) and their
// adversarial twins, written first (testdata/member23_negatives.txt):
// a business founded by someone else ("she set up the charity in 2011",
// "Dara set it up in her flat 2 yrs ago") or by the speaker of the firm
// the turn names first. Each twin (two firms to choose from, a telly or
// a stall set up, a show started, a hedge, a question, a negation, a shop
// opened for the day) reads nothing.
func TestMember23Chats(t *testing.T) { checkCaseFiles(t, "testdata/member23", 8, 11) }
