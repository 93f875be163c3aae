package lang

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// FoldAccents removes combining marks and recomposes what is left:
// "Kraków" → "Krakow", "malmö" → "malmo". A pure function, safe from any
// goroutine (a shared transform.Chain holds state and is not).
func FoldAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}
