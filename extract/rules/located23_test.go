package rules

import "testing"

// TestLocated23Chats checks h14-located23's readings on short chats and
// their adversarial twins (testdata/located23_cases.txt and
// testdata/located23_negatives.txt, one block a case, named after the
// reading): "it's the care home in Harrogate" and "its just outside
// Hebden Bridge" after a business was named, "they've just opened a
// second shop in Leeds", "the Ford plant in Dagenham", "X, the bar on
// Stokes Croft", "ive been in brixton 8 yrs", "we're in a flat in
// Bedminster now", "plenty of room here in Swansea", "my spare room in
// Hillsborough" and "he's from Gary originally"; the twins ask, hedge,
// plan, deny, visit, stay, or speak of a home or a person instead.
func TestLocated23Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/located23_cases.txt")
	negatives := readBlind8Cases(t, "testdata/located23_negatives.txt")
	if len(cases) < 15 || len(negatives) < 25 {
		t.Errorf("only %d cases and %d negatives read", len(cases), len(negatives))
	}
	checkChatCases(t, append(cases, negatives...))
}
