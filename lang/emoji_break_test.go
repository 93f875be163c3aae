package lang

import (
	"strings"
	"testing"
)

// TestEmojiBreak: an emoji between two clauses ends the first, as a full
// stop would ("i quit 😅 starting at Orrery on may 4"); one before a
// third person's verb, a conjunction, a preposition or a question, or one
// closing the turn, splits nothing.
func TestEmojiBreak(t *testing.T) {
	cases := `
		i quit 😅 starting at Orrery on may 4 | i quit | starting at Orrery on may 4
		i've been poached 🙃 starting at Orrery | i've been poached | starting at Orrery
		moved 2 weeks ago 😅 left dallas, quit lonestar | moved 2 weeks ago | left dallas, quit lonestar
		big news 🎉🎉 starting at Orrery | big news | starting at Orrery
		Tom 😂 moved to Leeds | Tom 😂 moved to Leeds
		me and Kit are off 🐕 got a place in Leeds | me and Kit are off 🐕 got a place in Leeds
		meet Mochi 🐱 our new flatmate | meet Mochi 🐱 our new flatmate
		Jo 😂 works at Tesco | Jo 😂 works at Tesco
		my sister 😍 is engaged | my sister 😍 is engaged
		i quit 😅 and started at Orrery | i quit 😅 and started at Orrery
		got the job 🎉 | got the job
		i love hiking 😊 do you? | i love hiking 😊 | do you?
	`
	for _, line := range strings.Split(strings.TrimSpace(cases), "\n") {
		cols := strings.Split(line, " | ")
		text, want := strings.TrimSpace(cols[0]), cols[1:]
		sents := SplitSentences(Tokenize(text))
		if len(sents) != len(want) {
			t.Errorf("%q: %d sentences, want %d", text, len(sents), len(want))
			continue
		}
		for i, s := range sents {
			if got := text[s.Start:s.End]; got != strings.TrimRight(want[i], "?") {
				t.Errorf("%q: sentence %d = %q, want %q", text, i, got, want[i])
			}
		}
	}
}
