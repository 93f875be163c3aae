package query

import "strings"

// ContentWords are the words of q worth matching: lower-cased, unique, of
// three letters or more, function words left out.
func ContentWords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) < 3 || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for are was were what when where which who whom whose why how did does do has have had
		with from that this these those they them their there then than into about been being can could would should will
		her his him she you your our its not but any all some much many more most very just also such other`) {
		m[w] = true
	}
	return m
}()

// ContainsWord reports whether s holds w as a whole word (not inside a
// longer word).
func ContainsWord(s, w string) bool { return containsWord(s, w) }
