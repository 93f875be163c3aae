package bench

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
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

func TestRenderKeywordContextStopsAtTheBudget(t *testing.T) {
	results := []ontology.SearchResult{
		{Kind: "turn", ID: "a", Speaker: "sofi", Text: "he's a nurse at hospital la paz now", SourceTurnIDs: []string{"D1:13"}},
		{Kind: "turn", ID: "b", Speaker: "nico", Text: strings.Repeat("romance is not dead ", 40), SourceTurnIDs: []string{"D1:12"}},
		{Kind: "turn", ID: "c", Speaker: "sofi", Text: "still at Cabify", SourceTurnIDs: []string{"D2:15"}},
	}
	got := renderKeywordContext(results, 60)
	if len(got.Items) != 1 || got.Items[0].SourceTurnIDs[0] != "D1:13" {
		t.Fatalf("items %+v, want only the first (the second does not fit and the order is kept)", got.Items)
	}
	if got.Context != "- [D1:13] sofi: he's a nurse at hospital la paz now\n" || got.Tokens > 60 || got.Tokens == 0 {
		t.Errorf("context %q, %d tokens", got.Context, got.Tokens)
	}
	if all := renderKeywordContext(results, 4000); len(all.Items) != 3 || all.Tokens > 4000 {
		t.Errorf("a large budget keeps every result: %d items, %d tokens", len(all.Items), all.Tokens)
	}
}
