package rules

import (
	"regexp"
	"strings"
	"unicode"
)

// An organisation described in one sentence and named in the next, a bare
// fragment that ends the turn (h14-gl29): "teaching english at a language
// school in alfama. lingua viva", "i co-own a surf shop in ericeira w my pal
// joana. onda azul". The turn is read as if the name followed the
// description with "called" ("a language school in alfama called lingua
// viva"), which the readings of a described organisation take.

// kindDescribedRE matches "a|an (up to two words) <organisation noun>",
// the noun in group 1.
var kindDescribedRE = regexp.MustCompile(`(?i)\b(?:a|an)\s+(?:[\p{L}-]+\s+){0,2}?(` + introNounsAlt() + `)\b`)

// introNounsAlt is introNouns as a regexp alternation.
func introNounsAlt() string {
	words := make([]string, 0, len(introNouns))
	for w := range introNouns {
		words = append(words, regexp.QuoteMeta(w))
	}
	return strings.Join(words, "|")
}

// fragmentNameRE matches a turn's last sentence when it is a bare name of
// one to three words after a full stop.
var fragmentNameRE = regexp.MustCompile(`^(?s)(.*\S)\.\s+([\p{L}][\p{L}'&-]*(?:\s+[\p{L}][\p{L}'&-]*){0,2})\s*[.!]*\s*$`)

// kindNamedAfter rewrites a described organisation named by the next,
// last, sentence as "… called <name>". The name must be no common word
// alone (a word no English list knows, or capitalised), no place, given
// name or chat word ("lol", "lisbon", "joana"); the description must be
// the last of its sentence and have no name of its own ("called", a
// capitalised word right after it).
func kindNamedAfter(text string) string {
	if !mayEndOnFragment(text) {
		return text
	}
	m := fragmentNameRE.FindStringSubmatchIndex(text)
	if m == nil {
		return text
	}
	head, name := text[m[2]:m[3]], text[m[4]:m[5]]
	if !fragmentName(name) || strings.Contains(head, "?") {
		return text
	}
	if i := strings.LastIndexAny(head, ".!"); i >= 0 {
		head = head[i+1:] // the sentence just before the name
	}
	locs := kindDescribedRE.FindAllStringSubmatchIndex(head, -1)
	if len(locs) == 0 {
		return text
	}
	l := locs[len(locs)-1]
	at := l[3] + placeTail(head[l[3]:])
	after := strings.Fields(head[at:])
	if len(after) > 0 && (strings.EqualFold(after[0], "called") || strings.EqualFold(after[0], "named") || startsUpper(after[0])) ||
		strings.Contains(head[l[3]:], ",") {
		return text // named already: "a shop called Kiln", "a restaurant there, Ifeoma's Kitchen"
	}
	off := m[3] - len(head)
	rest := text[off+at : m[3]]
	if r := strings.TrimSpace(rest); r != "" && unicode.IsLetter([]rune(r)[0]) {
		name += "," // the name ends its phrase: "called onda azul, w my pal joana"
	}
	return text[:off+at] + " called " + name + rest + "."
}

// placeTail returns how many bytes of rest ("in alfama w my pal") say
// where the organisation is: "in" or "on" and one or two words that are
// no function words.
func placeTail(rest string) int {
	f := strings.Fields(rest)
	if len(f) < 2 || !strings.EqualFold(f[0], "in") && !strings.EqualFold(f[0], "on") {
		return 0
	}
	n := 1
	for n < len(f) && n < 3 && lettersOnly(strings.ToLower(f[n])) && !functionWords[strings.ToLower(f[n])] && !fragmentStops[strings.ToLower(f[n])] {
		n++
	}
	if n == 1 {
		return 0
	}
	// the byte length of the first n fields and the spaces before them
	end := 0
	for i := 0; i < n; i++ {
		j := strings.Index(rest[end:], f[i])
		end += j + len(f[i])
	}
	return end
}

// fragmentStops end a place's words in a description: "in ericeira w my
// pal", "in leeds now".
var fragmentStops = map[string]bool{"w": true, "now": true, "lol": true, "btw": true, "too": true, "tho": true}

// fragmentName reports whether a bare fragment may be an organisation's
// name: no given name, place or chat word, and not opened by a common
// word unless all its words are capitalised ("Amazing", "Very good
// jollof" are none).
func fragmentName(name string) bool {
	words := strings.Fields(name)
	unknown, caps := false, true
	for _, w := range words {
		n := strings.ToLower(w)
		if chatForm(n) || fillers[n] || functionWords[n] || firstName(n) || knownPlace(n) || fragmentStops[n] {
			return false
		}
		if w == words[0] {
			unknown = !inVocab(n) && !englishWords[n]
		}
		caps = caps && startsUpper(w)
	}
	// opened by a word no English list knows, or words all capitalised:
	// "Grey Loch Records", not "Amazing" nor "Very good jollof"
	return (unknown || caps && len(words) > 1) && !knownPlace(strings.ToLower(name))
}

// startsUpper reports whether w opens with a capital letter.
func startsUpper(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r)
	}
	return false
}

// mayEndOnFragment reports whether text may end as fragmentNameRE needs:
// its last full stop, before the stops and spaces that end it, followed
// by a space and one to three words. Most turns do not, and the
// expression, which backtracks over the whole turn, is then not run.
func mayEndOnFragment(text string) bool {
	body := strings.TrimRight(text, " \t\n\v\f\r.!")
	i := strings.LastIndexByte(body, '.')
	if i < 0 {
		return false
	}
	after := body[i+1:]
	if after == "" || !strings.ContainsRune(" \t\n\f\r", rune(after[0])) {
		return false
	}
	n := len(strings.Fields(after))
	return n >= 1 && n <= 3
}
