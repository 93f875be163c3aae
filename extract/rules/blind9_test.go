package rules

import (
	"fmt"
	"testing"
)

// TestBlind9Chats checks h14-blind9's readings of whole chats
// (testdata/blind9_cases.txt, the format of blind8_cases.txt): "we got a
// flat in X", "Y has a bristol office", "is now head of X" and "moving over to lead X", a new starter
// "coming from" a company, "i'm off to X" after a notice, and "PRIYA FROM
// OUR YEAR???" asking who someone is. Every reading has at least four
// adversarial twins a group chat says that state nothing: visits and
// trips, plans and hopes, questions, someone else's, quotes, an
// antecedent several turns back and another organisation in between.
func TestBlind9Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/blind9_cases.txt")
	if len(cases) < 40 {
		t.Errorf("only %d cases read from testdata/blind9_cases.txt", len(cases))
	}
	for _, c := range cases {
		x := extractChat(t, nil, c.turns)
		got := map[string]bool{}
		for _, r := range x.Relations {
			got[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = true
			got[string(r.Type)] = true
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%s %q: no %s in%s", c.name, c.turns[len(c.turns)-1].Text, w, relSummary(x))
			}
		}
		for _, n := range c.not {
			if got[n] {
				t.Errorf("%s %q: %s read in%s", c.name, c.turns[len(c.turns)-1].Text, n, relSummary(x))
			}
		}
	}
}
