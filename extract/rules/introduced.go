package rules

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names introduced by a description (issue 14, h14-blind5): "married to a
// guy called Edgar", "i report to a woman named Ngozi", "we share a flat
// with a Danish guy called Magnus". The description says nothing a
// relation needs beyond the name, so the turn is read as if the name
// stood in its place ("married to Edgar"), and every pattern that takes a
// person there reads it.

// introducedRE matches "a|an|this|some (up to two words) guy|woman|…
// called|named " before a name.
var introducedRE = regexp.MustCompile(`(?i)\b(?:a|an|this|some|one)\s+(?:[\p{L}-]+\s+){0,2}?(?:guy|girl|woman|man|bloke|lad|lass|lady|dude|chap|fella|fellow|person|gentleman|boy)\s+(?:called|named)\s+|\b(?:someone|somebody)\s+(?:called|named)\s+`)

// introducedNames drops such descriptions before a name (a capitalised
// word, or any word in a turn typed wholly in lower case) where they
// stand as an object, after a word of the same sentence.
func introducedNames(text string) string {
	if !strings.Contains(text, "called") && !strings.Contains(text, "named") &&
		!strings.Contains(text, "Called") && !strings.Contains(text, "Named") {
		return text
	}
	lower := strings.ToLower(text) == text
	locs := introducedRE.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, l := range locs {
		next, size := utf8.DecodeRuneInString(text[l[1]:])
		if size == 0 || !(unicode.IsUpper(next) || next == '@' || lower && unicode.IsLetter(next)) {
			continue
		}
		if before := strings.TrimRight(text[:l[0]], " "); before == "" || strings.ContainsAny(before[len(before)-1:], ".!?:;,") {
			continue // "a woman named Keisha Grant, she leads …" opens its sentence: the name would read as addressed
		}
		b.WriteString(text[last:l[0]])
		last = l[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
