package rules

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/lang"
)

// TestPhraseAtAndOptional checks the loop opening the readings share:
// every place the phrase stands inside the bounds, in order, and the step
// over one optional word.
func TestPhraseAtAndOptional(t *testing.T) {
	ss := lang.SplitSentences(lang.Tokenize("she is in charge now and he is in charge there"))
	if len(ss) != 1 {
		t.Fatalf("want one sentence, got %d", len(ss))
	}
	s := &ss[0]
	// she(0) is(1) in(2) charge(3) now(4) and(5) he(6) is(7) in(8) charge(9) there(10)
	if got := slices.Collect(phraseAt(s, 0, 0, "in", "charge")); !slices.Equal(got, []int{2, 8}) {
		t.Errorf("phraseAt in charge = %v, want [2 8]", got)
	}
	if got := slices.Collect(phraseAt(s, 0, 3, "in", "charge")); !slices.Equal(got, []int{2}) {
		t.Errorf("phraseAt with room 3 = %v, want [2]: k+3 must stay inside", got)
	}
	if got := slices.Collect(phraseAt(s, 3, 0, "is")); !slices.Equal(got, []int{7}) {
		t.Errorf("phraseAt from 3 = %v, want [7]", got)
	}
	for k := range phraseAt(s, 0, 0, "is") {
		if k != 1 {
			t.Errorf("break did not stop the loop: yielded %d", k)
		}
		break
	}
	if j := optional(s, 4, "now", "there"); j != 5 {
		t.Errorf("optional over now = %d, want 5", j)
	}
	if j := optional(s, 5, "now", "there"); j != 5 {
		t.Errorf("optional with no optional word = %d, want 5", j)
	}
}
