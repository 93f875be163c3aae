package query

import (
	"regexp"
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
func ContainsWord(s, w string) bool { return lang.ContainsWord(s, w) }

// questionWords are the words that make a sentence a question and carry no
// topic: interrogatives and the auxiliaries questions invert. Stored turns
// are statements, so an embedded question lies nearer other questions
// than the statement answering it.
var questionWords = regexp.MustCompile(`(?i)\b(what|which|who|whom|whose|when|where|why|how|is|are|was|were|am|do|does|did|has|have|had|can|could|would|will|shall|should|might|may)\b|\?`)

// StatementText is query with its question words and question marks left
// out and spaces collapsed ("When did Rosa adopt a dog?" -> "Rosa adopt a
// dog"), or query itself when nothing else would be left.
func StatementText(query string) string {
	out := strings.Join(strings.Fields(questionWords.ReplaceAllString(query, " ")), " ")
	if out == "" {
		return query
	}
	return out
}
