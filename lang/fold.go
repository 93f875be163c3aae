package lang

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// FoldAccents removes combining marks and recomposes what is left:
// "Kraków" → "Krakow", "malmö" → "malmo". A pure function, safe from any
// goroutine (a shared transform.Chain holds state and is not).
// ASCII text, which has no marks to remove, is returned as it is without
// the two normalisation passes: the extractor folds every word it looks up
// in its place lists.
func FoldAccents(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
