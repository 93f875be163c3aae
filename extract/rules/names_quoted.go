package rules

// Titles in quotes after a work cue ("I read \"Becoming\"").

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// quotedWorks finds titles in double quotes right after a work cue ("the
// book \"Becoming\"", "I read \"Becoming\"", "a song called \"Hope\"").
func quotedWorks(s *sentence) []span {
	var out []span
	for i := 0; i < len(s.Toks); i++ {
		if s.Toks[i].Norm != `"` || !workCueBefore(s, i) {
			continue
		}
		j := i + 1
		for j < len(s.Toks) && s.Toks[j].Norm != `"` && j-i <= 10 {
			j++
		}
		if j >= len(s.Toks) || s.Toks[j].Norm != `"` || j == i+1 || !s.Toks[i+1].Cap {
			continue
		}
		out = append(out, span{from: i + 1, to: j, name: quotedText(s, i+1, j), typ: ontology.EntityWork, confirmed: true})
		i = j
	}
	return out
}

// workCueBefore reports whether a work cue stands within three words
// before token i.
func workCueBefore(s *sentence, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		n := s.Toks[k].Norm
		if workCues[n] || workVerbs[n] || n == "called" || n == "titled" || n == "named" {
			return true
		}
	}
	return false
}

// quotedText is the source text of tokens [from, to), trimmed of
// punctuation at its ends.
func quotedText(s *sentence, from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		t := s.Toks[i]
		if i > from && t.Start > s.Toks[i-1].End {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
		if t.Poss {
			b.WriteString("'s")
		}
	}
	return strings.Trim(b.String(), ",.;:!? ")
}
