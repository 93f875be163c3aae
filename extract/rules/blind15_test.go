package rules

import "testing"

// TestBlind15Chats checks h14-blind15's readings of whole chats on short
// chats (testdata/blind15_cases.txt) and their adversarial twins
// (testdata/blind15_negatives.txt): "their office is in X" of the
// organisation just named, "X runs the place", a neighbourhood "on the
// east side of" its city, and the answer "east end of toronto" to another
// speaker's "is leslieville the east bit"; each twin must read nothing.
func TestBlind15Chats(t *testing.T) {
	var all []blind8Case
	for name, least := range map[string]int{"cases": 43, "negatives": 119} {
		read := readBlind8Cases(t, "testdata/blind15_"+name+".txt")
		if len(read) < least {
			t.Errorf("only %d %s read", len(read), name)
		}
		all = append(all, read...)
	}
	checkChatCases(t, all)
}
