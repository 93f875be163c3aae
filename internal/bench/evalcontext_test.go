package bench

import (
	"strings"
	"testing"
)

func TestContextHalvesAndSums(t *testing.T) {
	for i, want := range []string{halfDev, halfDev, halfDev, halfDev, halfDev, halfTest, halfTest, halfTest, halfTest, halfTest} {
		if got := locomoHalf(i); got != want {
			t.Errorf("conversation %d: half %q, want %q", i, got, want)
		}
	}
	var a contextAcc
	a.add(true, 1, 100)
	a.add(false, 0.5, 300)
	s := a.summary()
	if s.Questions != 2 || s.Evidence != 50 || s.Recall != 75 || a.meanTokens() != 200 {
		t.Fatalf("summary %+v, mean tokens %v", s, a.meanTokens())
	}
	if got := (contextAcc{}).summary(); got.Questions != 0 || got.Recall != 0 {
		t.Fatalf("empty summary %+v", got)
	}
	if got := wordRecall(answerWords("The 7 May 2023"), "she went on 7 may, 2023"); got != 1 {
		t.Fatalf("word recall %v", got)
	}
	for _, c := range []struct {
		answer, text string
		words        []string
		recall       float64
	}{
		{"The cat and the Cat's toy", "a toy", []string{"cat", "toy"}, 0.5},
		{"Café in Zürich", "the cafés of zürich", []string{"café", "zürich"}, 0.5},
		{"of the", "anything", nil, 1},
	} {
		words := answerWords(c.answer)
		if strings.Join(words, ",") != strings.Join(c.words, ",") {
			t.Errorf("answerWords(%q) = %q, want %q", c.answer, words, c.words)
		}
		if got := wordRecall(words, c.text); got != c.recall {
			t.Errorf("wordRecall(%q, %q) = %v, want %v", words, c.text, got, c.recall)
		}
	}
}
