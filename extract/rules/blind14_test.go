package rules

import "testing"

// TestBlind14Chats checks h14-blind14's readings of whole chats on short
// chats and their adversarial twins (testdata/blind14_cases.txt and
// testdata/blind14_negatives.txt): "Stevie has signed for Clifton
// Rovers", "he's signed for them", "Gethin now sings for X and Y", "Ollie
// has become Rovers' manager", "my cousin Dev is a nurse there", "Adaeze's
// in charge now", and "is the Heron the one on Carlton Road?" / "ya in
// Sneinton"; each with twins (a parcel signed for, the speaker's own, a
// hedge, a past, a question, a place named after the organisation, a
// visit, a no, a choice, a time) that must read nothing.
func TestBlind14Chats(t *testing.T) {
	checkCaseFiles(t, "testdata/blind14_", map[string]int{"cases": 27, "negatives": 88})
}

// checkCaseFiles reads the case files prefix+"cases.txt" and
// prefix+"negatives.txt" (each with at least the number of cases least
// gives) and checks them all (checkChatCases).
func checkCaseFiles(t *testing.T, prefix string, least map[string]int) {
	t.Helper()
	var all []blind8Case
	for name, n := range least {
		read := readBlind8Cases(t, prefix+name+".txt")
		if len(read) < n {
			t.Errorf("only %d %s read", len(read), name)
		}
		all = append(all, read...)
	}
	checkChatCases(t, all)
}
