package bench

import "testing"

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
}
