package rules

import (
	"fmt"
	"testing"
)

// TestBlind10Chats checks h14-blind10's readings of whole chats on short
// chats and their adversarial twins (testdata/blind10_cases.txt and
// testdata/blind10_negatives.txt, one block a case, named after the
// reading).
func TestBlind10Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/blind10_cases.txt")
	negatives := readBlind8Cases(t, "testdata/blind10_negatives.txt")
	for _, c := range append(cases, negatives...) {
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
