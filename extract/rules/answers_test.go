package rules

import (
	"testing"

	"github.com/loci-memory/loci/lang"
)

// TestAnswers: a short answer by another speaker completes the previous
// turn's where/who question ("who's he marrying?" / "Zofia"; "where does
// she work now?" / "at Arup"; testdata/answers.txt).
func TestAnswers(t *testing.T) { wantCurrentRelations(t, "answers.txt") }

// TestAnswerNegatives: hedged, unknown and long answers, the asker's own
// next turn, and questions other than where/who complete nothing
// (testdata/answers_negatives.txt).
func TestAnswerNegatives(t *testing.T) { wantNoCurrentRelation(t, "answers_negatives.txt") }

// TestReadQuestion: the statement a question waits to be completed into.
func TestReadQuestion(t *testing.T) {
	for _, c := range []struct{ q, answer, want string }{
		{"where does she work now?", "at the clinic", "she works at the clinic."},
		{"where r they based again", "shoreditch, like 10 min from mine", "they are based in shoreditch."},
		{"who's he marrying?", "Zofia, they met at uni", "he is marrying Zofia."},
		{"where did Tom move?", "Leeds!!", "Tom moved to Leeds."},
		{"where do you study?", "Goldsmiths", "I study at Goldsmiths."},
		{"when did Tom move?", "Leeds", ""},
		{"where does Tom work?", "no idea", ""},
		{"where's the party?", "Tom's", ""},
		{"where's she from again", "Dundee originally but she's been in Glasgow since uni", "she is from Dundee originally."},
		{"where's she from again", "not sure but I think Dundee", ""},
	} {
		s := lang.SplitSentences(lang.Tokenize(c.q))
		q, ok := readQuestion(&s[len(s)-1])
		got := ""
		if ok {
			got = q.answerText(c.answer)
		}
		if got != c.want {
			t.Errorf("%q / %q: got %q, want %q", c.q, c.answer, got, c.want)
		}
	}
}
