package lang

import "testing"

func TestTokenize(t *testing.T) {
	toks := Tokenize("I’m sure Caroline's dog can't swim… It's 3.5 km, Dr. Who!")
	var norms []string
	for _, tk := range toks {
		norms = append(norms, tk.Norm)
	}
	want := []string{"i", "am", "sure", "caroline", "dog", "can", "not", "swim", "...", "it", "is", "3.5", "km", ",", "dr", ".", "who", "!"}
	if len(norms) != len(want) {
		t.Fatalf("norms %q, want %q", norms, want)
	}
	for i := range want {
		if norms[i] != want[i] {
			t.Errorf("token %d = %q, want %q", i, norms[i], want[i])
		}
	}
	if !toks[3].Poss || toks[3].Text != "Caroline" {
		t.Errorf("possessive token %+v", toks[3])
	}
	sents := SplitSentences(toks)
	if len(sents) != 2 {
		t.Fatalf("%d sentences, want 2 (no break after Dr.)", len(sents))
	}
}

// TestDotInsideAWord: a dot with a lower-case word right after it is part
// of a handle, an address or a domain, not a sentence end; one before a
// capital or a space still ends the sentence.
func TestDotInsideAWord(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"@kiko.r lives in Leeds.", 1},
		{"mail jo at ocado.com today", 1},
		{"I moved.Then I left.", 2},
		{"I moved. then I left.", 2},
	} {
		if got := len(SplitSentences(Tokenize(c.text))); got != c.want {
			t.Errorf("%q: %d sentences, want %d", c.text, got, c.want)
		}
	}
}

func TestEndsInQuestion(t *testing.T) {
	for text, want := range map[string]bool{
		"Want to come hiking?":         true,
		`She asked "are you coming?" `: true,
		"(really?)\r\n":                true,
		"本当？":                          true,
		"I went hiking.":               false,
		"Why? Because I like it.":      false,
		"":                             false,
	} {
		if got := EndsInQuestion(text); got != want {
			t.Errorf("EndsInQuestion(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestEmojiEndNoSentence: emoji after a sentence's last word or after its
// end make no sentence or word of it ("Is he still with Elif? 🙌" is one
// question); a message of emoji alone is still one sentence, and emoji
// before words stay in theirs.
func TestEmojiEndNoSentence(t *testing.T) {
	for _, c := range []struct {
		text, last string
		n          int
		question   bool
	}{
		{"Is he still with Elif? 🙌", "elif", 1, true},
		{"theyre based in Keighley 😂😂", "keighley", 1, false},
		{"got the job!! 🎉🎉 starting monday", "monday", 2, false},
		{"😄", "😄", 1, false},
		{"Is he still with Elif? 🙌 lol", "lol", 2, false},
	} {
		sents := SplitSentences(Tokenize(c.text))
		if len(sents) != c.n {
			t.Errorf("%q: %d sentences, want %d", c.text, len(sents), c.n)
			continue
		}
		s := sents[len(sents)-1]
		if got := s.Toks[len(s.Toks)-1].Norm; got != c.last || s.Question != c.question {
			t.Errorf("%q: last sentence ends %q (question %v), want %q (%v)", c.text, got, s.Question, c.last, c.question)
		}
	}
}
