package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Questions whose subject is asked ("who runs Kirkstall Allotments now?",
// "who manages the Leeds branch?") and the name another speaker answers
// with: the answer is the subject of the question's predicate.

// maxWhoWords bounds the predicate of a who-question: "runs Kirkstall
// Allotments now", not a story.
const maxWhoWords = 8

// whoQuestion returns the predicate a name answering the question in s
// completes: "who runs Kirkstall Allotments now?" gives "runs Kirkstall
// Allotments now". Only a verb in the third person after "who" counts
// (runs, leads, manages, owns, captains…): "who's the new manager" and
// "who did you meet" ask other things. It returns "" otherwise.
func whoQuestion(text string, s *sentence) string {
	w := questionStart(s)
	if w < 0 || !s.Is(w, "who") {
		return "" // a sentence opening "who runs…" asks, with or without its "?"
	}
	if _, third := thirdSingular[s.Norm(w+1)]; !third || s.Is(w+1, "has", "goes", "likes", "loves", "hates", "adores", "enjoys") {
		return "" // "who has a dog?", "who likes sushi?": asked of everyone
	}
	end, words := w+1, 0
	for end < len(s.Toks) && (s.Toks[end].Word || s.Toks[end].Norm == "'" || s.Toks[end].Norm == "&") {
		if s.Toks[end].Word {
			words++
		}
		end++
	}
	if words < 2 || words > maxWhoWords || end < len(s.Toks) && s.Norm(end) != "?" {
		return ""
	}
	return strings.TrimSpace(text[s.Toks[w+1].Start:s.Toks[end-1].End])
}

// whoAnswer reads turn t, another speaker's short answer naming a person,
// as the subject of the previous turn's who-question: "who runs Kirkstall
// Allotments now?" / "Wendy Clarke, she's great" reads "Wendy Clarke runs
// Kirkstall Allotments now".
func (c *turnCtx) whoAnswer(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.who == "" || asked.speaker == t.Speaker || c.speaker.Name == "" || c.disc == nil {
		return
	}
	frag := strings.TrimSuffix(question{}.answerText(t.Text), ".")
	if f := strings.Fields(frag); len(f) > 1 && whoAnswerAux[strings.ToLower(f[len(f)-1])] {
		frag = strings.Join(f[:len(f)-1], " ") // "Priti does", "Wendy Clarke does, since june": the verb echoed
	}
	if frag == "" || laughs(t.Text) || !whoAnswerName(frag) {
		return
	}
	c.readAs(t, frag+" "+asked.who+".", asked.turn)
}

// whoAnswerName reports whether an answer fragment is a person's name of
// one to three capitalised words: "Wendy Clarke", not "me!", "I do", "the
// new guy" or "Sunday".
func whoAnswerName(frag string) bool {
	f := strings.Fields(frag)
	if len(f) == 0 || len(f) > 3 {
		return false
	}
	for _, w := range f {
		r := []rune(w)
		if len(r) < 2 || r[0] < 'A' || r[0] > 'Z' && r[0] < 0xC0 {
			return false
		}
	}
	return !notLowerName(strings.ToLower(f[0])) && !frameTimeWord(f[0])
}

// whoAnswerAux echo a who-question's verb after the name that answers it
// ("who runs the club now?" / "Priti does").
var whoAnswerAux = lang.Words(`does do`)
