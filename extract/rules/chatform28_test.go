package rules

import "testing"

// TestChatForm28 checks that a statement the rules read survives the forms
// chat gives it (testdata/chatform28_cases.txt): a laugh or emoji ending
// a question ("omg who is rolo lmao", "Is Malik still with Elif? 🙌"), an
// opening "ok so", emoji after a sentence, chat spellings of cue words
// ("n shes", "so were movin", "ur dog", "transferrin"), and a moved house
// or a group named then finished in the speaker's next message. Each twin
// is a hedge, a denial, a question, a visit, another person or a message
// by someone else that states nothing; "engaged to Dev's mum's horror"
// names no partner.
func TestChatForm28(t *testing.T) {
	cases := readChatCases(t, "testdata/chatform28_cases.txt")
	if len(cases) < 30 {
		t.Errorf("only %d cases read from testdata/chatform28_cases.txt", len(cases))
	}
	checkChatCases(t, cases)
}
