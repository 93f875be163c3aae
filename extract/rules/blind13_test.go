package rules

import "testing"

func TestBlind13Chats(t *testing.T) {
	var all []blind8Case
	for name, least := range map[string]int{"cases": 15, "negatives": 40} {
		read := readBlind8Cases(t, "testdata/blind13_"+name+".txt")
		if len(read) < least {
			t.Errorf("only %d %s read", len(read), name)
		}
		all = append(all, read...)
	}
	checkChatCases(t, all)
}
