package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A "still at X?" denied by leaving (issue 14, h14-pron24): "you still at
// Halden Bank?" / "nope, left in May", "is Kemi still at Arup?" / "nah she
// quit last year". The answer drops both its subject and its object; the
// question gives them, and the answer is read as "I left Halden Bank in
// May" (the one answering) or "Kemi quit Arup last year". Only a reply
// that opens on a no and then the leaving verb, with no object of its own,
// reads so; "nope, left Arup for Deloitte" names its own object and the
// patterns read it as it stands.

// leftDenial reads turn t, a no to asked's polar question followed by a
// leaving verb, as the statement of leaving the question's place.
func (c *turnCtx) leftDenial(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.polar == "" || asked.speaker == t.Speaker || strings.HasPrefix(asked.polar, "\x00") ||
		!strings.Contains(" "+asked.polar+" ", " still ") {
		return // only a lasting state asked ("still at"), not a visit ("you at Arup today?")
	}
	sents := c.sentencesOf(t.Text) // the turn's tokens, read once (turntokens.go)
	if len(sents) == 0 || sents[0].Question {
		return
	}
	s := &sents[0]
	k := 0
	for k < len(s.Toks) && (!s.Toks[k].Word || noWords[s.Norm(k)]) {
		k++
	}
	if k == 0 || !noWords[s.Norm(0)] {
		return // "left in May" without a no: another reading's
	}
	if s.Is(k, "he", "she", "they", "i") {
		k++ // "nah she quit last year"
	}
	if !leftVerbs[s.Norm(k)] || !s.Is(k+1, "in", "last", "on", "a", "at", "end", "back", "ages", "years", "months", "weeks", "yesterday", "recently") && k+1 < len(s.Toks) && s.Toks[k+1].Word {
		return
	}
	if s.Is(k+1, "at") {
		return // "left at 5": a time of day, or a place of its own
	}
	subj, obj := polarParts(asked.polar)
	if subj == "" || obj == "" {
		return
	}
	c.readAs(t, subj+" "+s.Norm(k)+" "+obj+" "+strings.TrimSpace(t.Text[s.Toks[k].End:s.End]), asked.turn)
}

// leftVerbs end a job, a group or a home.
var leftVerbs = lang.Words(`left quit`)

// polarParts splits a polar question's statement "Kemi is still at Arup."
// into its subject ("Kemi", "I", "he") and the name after its "at", "in"
// or "with" ("Arup"); "" when it has no such parts.
func polarParts(statement string) (string, string) {
	f := strings.Fields(strings.TrimSuffix(statement, "."))
	if len(f) < 3 {
		return "", ""
	}
	subj := []string{}
	for _, w := range f {
		if w == "I" || w == "he" || w == "she" || len(subj) > 0 && len(subj) < 3 && w[0] >= 'A' && w[0] <= 'Z' || len(subj) == 0 && w[0] >= 'A' && w[0] <= 'Z' {
			subj = append(subj, w)
			if w == "I" || w == "he" || w == "she" {
				break
			}
			continue
		}
		break
	}
	for i, w := range f {
		if (w == "at" || w == "in" || w == "with") && i+1 < len(f) && i > len(subj) {
			var obj []string
			for _, o := range f[i+1:] {
				if o == "now" || o == "still" || o == "anymore" || o == "these" || strings.HasSuffix(o, ",") {
					break
				}
				obj = append(obj, o)
			}
			return strings.Join(subj, " "), strings.Join(obj, " ")
		}
	}
	return "", ""
}

// afterAskWrapper returns where the question asked inside "does anyone
// know if …", "do you know whether …", "anyone know if …" or "is it true
// (that) …" starts, from w; w when s opens on no such wrapper. The
// question inside is the yes/no question a "she does" answers.
func afterAskWrapper(s *sentence, w int) int {
	k := w
	if s.Is(k, "does", "do") {
		k++
	}
	switch {
	case s.Is(k, "anyone", "anybody", "you", "u", "ya") && s.Is(k+1, "know") && s.Is(k+2, "if", "whether"):
		return k + 3
	case k == w && s.Seq(k, "is", "it", "true"):
		if s.Is(k+3, "that") {
			return k + 4
		}
		return k + 3
	}
	return w
}
