// Package query answers searches: it decides the scope of a query (which
// conversation, which speaker) and asks the stores for results.
package query

import (
	"strings"
	"unicode"
)

// NamedSpeaker returns the one speaker that query names, or "" when it names
// none or more than one. A speaker is named by their full name or, for a
// multi-word name, by its first word; names are matched case-insensitively as
// whole words, so "Caroline's" and "CAROLINE" name Caroline but "Carolines"
// and "Carol" do not.
func NamedSpeaker(query string, speakers []string) string {
	q := strings.ToLower(query)
	found := ""
	for _, s := range speakers {
		if !namesSpeaker(q, s) {
			continue
		}
		if found != "" && !strings.EqualFold(found, s) {
			return "" // two speakers named: no single scope
		}
		found = s
	}
	return found
}

func namesSpeaker(lowerQuery, speaker string) bool {
	name := strings.ToLower(strings.TrimSpace(speaker))
	if name == "" {
		return false
	}
	if containsWord(lowerQuery, name) {
		return true
	}
	if first, _, multi := strings.Cut(name, " "); multi && len([]rune(first)) >= 2 {
		return containsWord(lowerQuery, first)
	}
	return false
}

// containsWord reports whether w occurs in s with no letter or digit
// directly before or after it (Unicode-aware, unlike regexp's \b).
func containsWord(s, w string) bool {
	for off := 0; off <= len(s)-len(w); {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(w)
		if !wordRuneBefore(s, start) && !wordRuneAfter(s, end) {
			return true
		}
		off = start + 1
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func wordRuneBefore(s string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if s[j]&0xC0 != 0x80 { // start of the previous rune
			return isWordRune([]rune(s[j:i])[0])
		}
	}
	return false
}

func wordRuneAfter(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	for _, r := range s[i:] {
		return isWordRune(r)
	}
	return false
}
