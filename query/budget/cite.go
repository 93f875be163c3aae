package budget

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// CitedIn returns those of ids (without repeats, in the order given) that
// appear in text as whole ids: not as part of a longer one, so "D1:3" is
// not cited by "D1:35", "D11:3" or "D1:3.2", but is by "[D1:3, D2:5]" or
// "(D1:3)." Callers use it to recompute citations from a final text.
func CitedIn(text string, ids []string) []string {
	var out []string
	for _, id := range ids {
		if id != "" && !slices.Contains(out, id) && idEnd(text, id) >= 0 {
			out = append(out, id)
		}
	}
	return out
}

// idEnd returns the end offset of the first whole occurrence of id in
// text, or -1.
func idEnd(text, id string) int {
	if id == "" {
		return -1
	}
	first, _ := utf8.DecodeRuneInString(id)
	last, _ := utf8.DecodeLastRuneInString(id)
	for off := 0; off < len(text); {
		k := strings.Index(text[off:], id)
		if k < 0 {
			return -1
		}
		a, b := off+k, off+k+len(id)
		if !(idRune(first) && continuesBefore(text[:a])) && !(idRune(last) && continuesAfter(text[b:])) {
			return b
		}
		_, n := utf8.DecodeRuneInString(text[a:])
		off = a + n
	}
	return -1
}

// idRune reports whether r can be part of an id's name.
func idRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// idJoiner reports whether r can join parts of an id, as ':' in "D1:3".
func idJoiner(r rune) bool { return r == ':' || r == '.' || r == '-' || r == '/' }

// continuesBefore reports whether the text before an occurrence would make
// it the tail of a longer id.
func continuesBefore(s string) bool {
	r, n := utf8.DecodeLastRuneInString(s)
	r2, n2 := utf8.DecodeLastRuneInString(s[:len(s)-n])
	return extendsID(r, n, r2, n2)
}

// continuesAfter reports whether the text after an occurrence would make
// it the head of a longer id; a joiner followed by a non-id rune ends a
// sentence ("D1:3.") rather than continuing the id.
func continuesAfter(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	r2, n2 := utf8.DecodeRuneInString(s[n:])
	return extendsID(r, n, r2, n2)
}

// extendsID reports whether r, the rune next to an occurrence (n bytes
// long, 0 at the text's end), and r2, the one beyond it (n2 bytes), make
// the occurrence part of a longer id: r is an id rune, or a joiner that an
// id rune follows.
func extendsID(r rune, n int, r2 rune, n2 int) bool {
	return n > 0 && (idRune(r) || idJoiner(r) && n2 > 0 && idRune(r2))
}
