package rules

import (
	"fmt"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestBlind10Chats checks h14-blind10's readings of whole chats on short
// chats and their adversarial twins (testdata/blind10_cases.txt and
// testdata/blind10_negatives.txt, one block a case, named after the
// reading): an employer transferring the speaker to one of its offices,
// "my firm X", "Dani has left London", "kez you live in bristol", a
// couple back together, "X and I have set a date", "they've opened a
// second shop in Leeds", "my ward at X", "has an office there", "a bakery
// there, Rosa's Loaves", "car you're my favourite sister"; and the guards
// of "left London for the weekend" and "from Gower Paws, they're a
// charity".
func TestBlind10Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/blind10_cases.txt")
	negatives := readBlind8Cases(t, "testdata/blind10_negatives.txt")
	if len(cases) < 20 || len(negatives) < 60 {
		t.Errorf("only %d cases and %d negatives read", len(cases), len(negatives))
	}
	checkChatCases(t, append(cases, negatives...))
}

// checkChatCases extracts each case's chat and checks the relations it
// must and must not yield.
func checkChatCases(t *testing.T, cases []blind8Case) {
	t.Helper()
	checkChatCasesBy(t, cases, func(x ontology.Extraction) (map[string]bool, string) {
		got := map[string]bool{}
		for _, r := range x.Relations {
			got[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = true
			got[string(r.Type)] = true
		}
		return got, relSummary(x)
	})
}

// checkChatCasesBy extracts each case's chat and checks its "+" and "-"
// lines against what read says the extraction holds (the lines' keys) and
// a summary of it for the failure.
func checkChatCasesBy(t *testing.T, cases []blind8Case, read func(ontology.Extraction) (map[string]bool, string)) {
	t.Helper()
	for _, c := range cases {
		got, summary := read(extractChat(t, nil, c.turns))
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%s %q: no %s in%s", c.name, c.turns[len(c.turns)-1].Text, w, summary)
			}
		}
		for _, n := range c.not {
			if got[n] {
				t.Errorf("%s %q: %s read in%s", c.name, c.turns[len(c.turns)-1].Text, n, summary)
			}
		}
	}
}
