package lang

import (
	"strings"
	"testing"
)

// TestAskedClauseSplits: a question mark asks only the clause after a
// statement (each sentence is listed with the mark that ends it) ("I live in Leeds now, do you still live in York?"); a
// question that takes the statement up, opens with a question or a
// condition, or follows too short a statement stays whole. An emoji
// between two clauses ends the first as a full stop would ("i quit 😅
// starting at Orrery"); one before a third person's verb, a conjunction
// or a question, or after a short phrase that may be the subject of what
// follows ("Tom 😂 moved to Leeds"), splits nothing.
func TestAskedClauseSplits(t *testing.T) {
	// Each line: the text | the sentences it splits into, each with the mark
	// that ends it (a clause asked ends in "?").
	const cases = `
		I live in Leeds now, do you still live in York? | I live in Leeds now, | do you still live in York?
		started at Halden monday lol hbu? | started at Halden monday lol | hbu?
		I work at Halden now, you still at Kestrel? | I work at Halden now, | you still at Kestrel?
		i love hiking 😊 do you? | i love hiking 😊 | do you?
		Jo works at Ocado now, is that true? | Jo works at Ocado now, is that true?
		where do you work now, still at Kestrel? | where do you work now, still at Kestrel?
		so you live in Leeds now, do you like it? | so you live in Leeds now, do you like it?
		Leeds lol, you still there? | Leeds lol, you still there?
		if you're in Leeds next week, do you want to meet? | if you're in Leeds next week, do you want to meet?
		Jo runs Crumb Bakery now, really? | Jo runs Crumb Bakery now, really?
		I live in Leeds now, do you still live in York. Cool | I live in Leeds now, do you still live in York. | Cool
		started at Tesco monday hbu? | started at Tesco monday | hbu?
		i work at Greggs now u? | i work at Greggs now | u?
		finally left Argos you still at Boots? | finally left Argos | you still at Boots?
		we got a cat called Mochi do u have one? | we got a cat called Mochi | do u have one?
		just moved to leeds, wbu | just moved to leeds, | wbu?
		moved to York last month, you? | moved to York last month, | you?
		i work at Ocado now, is Jo still at Tesco? | i work at Ocado now, | is Jo still at Tesco?
		Jo runs the Fox now, did you know? | Jo runs the Fox now, | did you know?
		Jo moved to Leeds, did she? | Jo moved to Leeds, did she?
		you work at Ocado now do you? | you work at Ocado now do you?
		Jo runs the Fox now innit? | Jo runs the Fox now innit?
		I love you? | I love you?
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
			if got := text[s.Start:s.End]; got != strings.TrimRight(want[i], "?.") {
				t.Errorf("%q: sentence %d = %q, want %q", text, i, got, want[i])
			}
			if asked := strings.HasSuffix(want[i], "?"); s.Question != asked {
				t.Errorf("%q: sentence %d question = %v, want %v", text, i, s.Question, asked)
			}
		}
	}
}
