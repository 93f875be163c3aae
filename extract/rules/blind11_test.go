package rules

import "testing"

// TestBlind11Chats checks h14-blind11's readings of whole chats on short
// chats and their adversarial twins (testdata/blind11_cases.txt and
// testdata/blind11_negatives.txt, one block a case, named after the
// reading): a home on a named street ("I have been on Hazel Grove for
// thirty years", "we're at number 9 on Alder Road"), a named shop on a
// street, and "my team lead is this guy Joris", "graham is my manager
// rosh"; each with twins that must read nothing.
func TestBlind11Chats(t *testing.T) {
	checkCaseFiles(t, "testdata/blind11", 8, 25)
}
