package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words builds a set from white-space separated words. The sets of this
// package are built once, when the program starts, and only read after.
func Words(s string) map[string]bool {
	f := strings.Fields(s)
	m := make(map[string]bool, len(f))
	for _, w := range f {
		m[w] = true
	}
	return m
}

// Union is a new set holding the words of every set.
func Union(sets ...map[string]bool) map[string]bool {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	m := make(map[string]bool, n)
	for _, s := range sets {
		for w := range s {
			m[w] = true
		}
	}
	return m
}

// ContainsWord reports whether s holds w as a whole word: an occurrence
// with no letter or digit directly before or after it (Unicode-aware,
// unlike regexp's \b).
func ContainsWord(s, w string) bool {
	for off := 0; off <= len(s)-len(w); {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(w)
		before, _ := utf8.DecodeLastRuneInString(s[:start])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if (start == 0 || !letterOrDigit(before)) && (end == len(s) || !letterOrDigit(after)) {
			return true
		}
		off = start + 1
	}
	return false
}

func letterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
