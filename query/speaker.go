// Package query answers searches: it decides the scope of a query (which
// conversation, which speaker) and asks the stores for results.
package query

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
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
	for _, form := range nameForms(speaker) {
		if containsWord(lowerQuery, form) {
			return true
		}
	}
	return false
}

// nameForms are the lower-case words that name speaker in a query: the
// full name and, for a multi-word name, its first word (two letters or
// more), full name first.
func nameForms(speaker string) []string {
	name := strings.ToLower(strings.TrimSpace(speaker))
	if name == "" {
		return nil
	}
	if first, _, multi := strings.Cut(name, " "); multi && len([]rune(first)) >= 2 {
		return []string{name, first}
	}
	return []string{name}
}

// containsWord reports whether w occurs in s with no letter or digit
// directly before or after it (Unicode-aware, unlike regexp's \b).
func containsWord(s, w string) bool { return lang.ContainsWord(s, w) }

// anyOccurrence reports whether some occurrence of w in s, from byte start
// to byte end, satisfies ok.
func anyOccurrence(s, w string, ok func(start, end int) bool) bool {
	for off := 0; off <= len(s)-len(w); {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		start := off + i
		if ok(start, start+len(w)) {
			return true
		}
		off = start + 1
	}
	return false
}

// barePossessive reports whether the name that ends at end in lower (a
// lower-cased query) carries a possessive typed without its apostrophe,
// as people do in messaging ("martas netball team", "olas dog"), and
// returns where that "s" ends. The name must have three letters or more and
// the next word must be a content word (a possessive precedes its noun), so
// "carolines are common" or "how many marks did" are not possessives, and
// name+"s" must not itself be a first name ("james", "nicolas").
func barePossessive(lower, name string, end int) (int, bool) {
	if len([]rune(name)) < 3 || strings.Contains(name, " ") || !strings.HasPrefix(lower[end:], "s") {
		return 0, false
	}
	after := end + 1
	if wordRuneAfter(lower, after) || lang.IsFirstName(name+"s") {
		return 0, false
	}
	next := strings.FieldsFunc(lower[after:], func(r rune) bool { return !isWordRune(r) && r != '\'' && r != '’' })
	if len(next) == 0 || !strings.HasPrefix(strings.TrimLeftFunc(lower[after:], unicode.IsSpace), next[0]) {
		return 0, false // the name ends the query, or punctuation follows it
	}
	if lang.ContentStopWords[strings.TrimSuffix(strings.TrimSuffix(next[0], "'s"), "’s")] {
		return 0, false
	}
	return after, true
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

// DropSpeakerNames returns query without the words that name one of
// speakers (as NamedSpeaker recognises them, with a possessive "'s" or
// "’s"), spaces collapsed. When nothing but names and spaces would remain
// it returns query unchanged, so a query always has something to match.
func DropSpeakerNames(query string, speakers []string) string {
	var names []string
	for _, s := range speakers {
		names = append(names, nameForms(s)...)
	}
	if len(names) == 0 {
		return query
	}
	lower := strings.ToLower(query)
	if len(lower) != len(query) { // case mapping changed byte lengths: offsets would not line up
		return query
	}
	cut := make([]bool, len(query))
	for _, name := range names { // full names first, so "Jon Smith" goes whole
		for off := 0; off <= len(lower)-len(name); {
			i := strings.Index(lower[off:], name)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(name)
			for _, suffix := range []string{"'s", "’s"} {
				if strings.HasPrefix(lower[end:], suffix) && !wordRuneAfter(lower, end+len(suffix)) {
					end += len(suffix)
					break
				}
			}
			if bareEnd, ok := barePossessive(lower, name, end); ok && !wordRuneBefore(lower, start) {
				end = bareEnd
			}
			if !wordRuneBefore(lower, start) && !wordRuneAfter(lower, end) {
				for j := start; j < end; j++ {
					cut[j] = true
				}
			}
			off = start + 1
		}
	}
	var b strings.Builder
	dropped := false
	for i := 0; i < len(query); i++ {
		if cut[i] {
			dropped = true
		} else {
			b.WriteByte(query[i])
		}
	}
	if !dropped {
		return query
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	if strings.IndexFunc(out, isWordRune) < 0 {
		return query
	}
	return out
}
