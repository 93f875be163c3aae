package query

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// ContentWords are the words of q worth matching: lower-cased, unique, of
// three letters or more, lang.ContentStopWords left out.
func ContentWords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) < 3 || lang.ContentStopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// ContainsWord reports whether s holds w as a whole word (not inside a
// longer word).
func ContainsWord(s, w string) bool { return containsWord(s, w) }
