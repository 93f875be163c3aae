package rules

import (
	"fmt"
	"testing"
)

// TestBlind9Chats checks h14-blind9's readings of whole chats
// (testdata/blind9_cases.txt, the format of blind8_cases.txt): "we got a
// flat in X", "Y has a bristol office", "is now head of X" and "moving
// over to lead X", a new starter "coming from" a company, "i'm off to X"
// after a notice, "PRIYA FROM OUR YEAR???" asking who someone is, "he's
// at X doing …", "sol proposed" / "i said yes", "lanternfield!!! i start
// on the 16th", "postdoc at X", "ur in lisbon??" / "3 years now!", "she'll
// be our new manager", and "Vets" or "Rail" ending an organisation's
// name. Every reading has at least four adversarial twins a group chat
// says that state nothing: visits and trips, plans and hopes, questions,
// someone else's, an antecedent several turns back and another
// organisation in between.
func TestBlind9Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/blind9_cases.txt")
	if len(cases) < 90 {
		t.Errorf("only %d cases read from testdata/blind9_cases.txt", len(cases))
	}
	for _, c := range cases {
		x := extractChat(t, nil, c.turns)
		read := map[string]string{}
		for _, r := range x.Relations {
			read[string(r.Type)] = "read"
			read[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = "read"
		}
		last := c.turns[len(c.turns)-1].Text
		for _, w := range c.want {
			if read[w] == "" {
				t.Errorf("%s %q: want %s, got%s", c.name, last, w, relSummary(x))
			}
		}
		for _, n := range c.not {
			if read[n] != "" {
				t.Errorf("%s %q: %s must not be read; got%s", c.name, last, n, relSummary(x))
			}
		}
	}
}
