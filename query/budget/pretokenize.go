package budget

import (
	"unicode"
	"unicode/utf8"
)

// The scanners below cut text into the pre-tokens that the encodings' split
// patterns match, without a regexp engine. Byte-pair merges never cross a
// pre-token, so these cuts are what makes counting exact. Each scanner
// returns the end of the match that starts at s[i]; the alternatives are
// tried in the pattern's order with the backtracking a leftmost-first
// (Perl-style) engine would do, which is spelt out per alternative.
//
// cl100k_base:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// o200k_base:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// Character classes come from Go's unicode tables, as they do for the
// regexp engine of github.com/tiktoken-go/tokenizer; \s is Unicode
// White_Space, which is also what .NET-style \s and Rust's \s denote.

// Character class bits.
const (
	clLetter  = 1 << iota // \p{L}
	clNumber              // \p{N}
	clSpace               // \s
	clNewline             // \r or \n
	clUpper               // o200k's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	clLower               // o200k's [\p{Ll}\p{Lm}\p{Lo}\p{M}]
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range t {
		t[r] = classOfSlow(rune(r))
	}
	return t
}()

func classOf(r rune) uint8 {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	return classOfSlow(r)
}

func classOfSlow(r rune) uint8 {
	switch {
	case unicode.IsLetter(r):
		switch {
		case unicode.IsUpper(r), unicode.IsTitle(r):
			return clLetter | clUpper
		case unicode.IsLower(r):
			return clLetter | clLower
		default: // Lm, Lo
			return clLetter | clUpper | clLower
		}
	case unicode.IsMark(r):
		return clUpper | clLower
	case unicode.IsNumber(r):
		return clNumber
	case r == '\r' || r == '\n':
		return clSpace | clNewline
	case unicode.IsSpace(r):
		return clSpace
	}
	return 0
}

// at decodes the rune at s[i] and its class. s is valid UTF-8 (Count
// repairs it first).
func at(s string, i int) (rune, int, uint8) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1, asciiClass[c]
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return r, n, classOfSlow(r)
}

// spanClass returns the end of the run of runes from s[i] that have any of
// the bits in want.
func spanClass(s string, i int, want uint8) int {
	for i < len(s) {
		_, n, c := at(s, i)
		if c&want == 0 {
			break
		}
		i += n
	}
	return i
}

// contraction returns the length of (?i:'s|'t|'re|'ve|'m|'ll|'d) at s[i],
// or 0. Case-insensitive 's' also matches 'ſ' (U+017F), whose simple case
// folding is 's'.
func contraction(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\'' {
		return 0
	}
	j := i + 1
	two := func(a, b byte) bool { return j+1 < len(s) && s[j+1]|0x20 == b && s[j]|0x20 == a }
	switch s[j] | 0x20 {
	case 's', 't', 'm', 'd':
		return 2
	case 'r':
		if two('r', 'e') {
			return 3
		}
	case 'v':
		if two('v', 'e') {
			return 3
		}
	case 'l':
		if two('l', 'l') {
			return 3
		}
	}
	if s[j] == 0xC5 && j+1 < len(s) && s[j+1] == 0xBF { // ſ
		return 3
	}
	return 0
}

// notLN is the class of [^\r\n\p{L}\p{N}] as a test on class bits.
func notLN(c uint8) bool { return c&(clLetter|clNumber|clNewline) == 0 }

// punct is [^\s\p{L}\p{N}].
func punct(c uint8) bool { return c&(clLetter|clNumber|clSpace) == 0 }

func nextCl100k(s string, i int) int {
	// (?i:'s|'t|'re|'ve|'m|'ll|'d)
	if m := contraction(s, i); m > 0 {
		return i + m
	}
	r, n, c := at(s, i)
	// [^\r\n\p{L}\p{N}]?\p{L}+ : with the optional rune if a letter follows
	// it, else without it, which needs s[i] itself to be a letter.
	if c&clLetter != 0 {
		return spanClass(s, i+n, clLetter)
	}
	if notLN(c) && i+n < len(s) {
		if _, n2, c2 := at(s, i+n); c2&clLetter != 0 {
			return spanClass(s, i+n+n2, clLetter)
		}
	}
	return numberPunctOrSpaces(s, i, r, n, c, false)
}

// numberPunctOrSpaces matches the last alternatives both patterns share at
// s[i], whose first rune r is n bytes of class c: \p{N}{1,3}, a run of
// punctuation (slash as punctRun takes it), or white space.
func numberPunctOrSpaces(s string, i int, r rune, n int, c uint8, slash bool) int {
	if c&clNumber != 0 {
		return numbers(s, i+n)
	}
	if end, ok := punctRun(s, i, r, n, c, slash); ok {
		return end
	}
	return spaces(s, i)
}

// numbers finishes \p{N}{1,3} after its first rune, which ends at i.
func numbers(s string, i int) int {
	for k := 1; k < 3 && i < len(s); k++ {
		_, n, c := at(s, i)
		if c&clNumber == 0 {
			break
		}
		i += n
	}
	return i
}

// punctRun matches " ?[^\s\p{L}\p{N}]+[\r\n]*" at s[i] (r, n, c describe
// s[i]); slash adds '/' to the trailing set, as o200k_base does.
func punctRun(s string, i int, r rune, n int, c uint8, slash bool) (int, bool) {
	j := i
	if r == ' ' && i+1 < len(s) {
		if _, n2, c2 := at(s, i+1); punct(c2) {
			j = i + 1 + n2
		}
	} else if punct(c) {
		j = i + n
	}
	if j == i {
		return 0, false // a space not followed by punctuation is \s
	}
	for j < len(s) {
		_, n2, c2 := at(s, j)
		if !punct(c2) {
			break
		}
		j += n2
	}
	for j < len(s) && (s[j] == '\r' || s[j] == '\n' || slash && s[j] == '/') {
		j++
	}
	return j, true
}

// spaces matches \s*[\r\n]+|\s+(?!\S)|\s+ at s[i], a whitespace rune. Over
// the whitespace run from i: through its last newline if it has one; else
// all of it at the end of the text; else all but its last rune, which then
// starts the next pre-token (" word"); else its single rune.
func spaces(s string, i int) int {
	j, lastNL, lastStart := i, -1, i
	for j < len(s) {
		_, n, c := at(s, j)
		if c&clSpace == 0 {
			break
		}
		if c&clNewline != 0 {
			lastNL = j + n
		}
		lastStart = j
		j += n
	}
	switch {
	case lastNL >= 0:
		return lastNL
	case j == len(s):
		return j
	case lastStart > i:
		return lastStart
	}
	return j
}

func nextO200k(s string, i int) int {
	r, n, c := at(s, i)
	opt := notLN(c) // [^\r\n\p{L}\p{N}]? can take s[i]
	// Alternative 1, with the optional rune and then without it.
	if opt {
		if end := o200kLowerTail(s, i+n); end >= 0 {
			return end
		}
	}
	if end := o200kLowerTail(s, i); end >= 0 {
		return end
	}
	// Alternative 2 likewise.
	if opt {
		if end := o200kUpperHead(s, i+n); end >= 0 {
			return end
		}
	}
	if end := o200kUpperHead(s, i); end >= 0 {
		return end
	}
	return numberPunctOrSpaces(s, i, r, n, c, true)
}

// o200kLowerTail matches U*W+C? at s[k] (U, W the upper and lower sets, C
// the contractions), or returns -1. U* is greedy: if W+ cannot start where
// the U run ends, U* gives back runes until it can, i.e. up to the last
// rune of the run that is in W as well (Lm, Lo, M).
func o200kLowerTail(s string, k int) int {
	u := spanClass(s, k, clUpper)
	p := -1
	if u < len(s) {
		if _, _, c := at(s, u); c&clLower != 0 {
			p = u
		}
	}
	for q := u; p < 0 && q > k; {
		r, n := utf8.DecodeLastRuneInString(s[k:q])
		q -= n
		if classOf(r)&clLower != 0 {
			p = q
		}
	}
	if p < 0 {
		return -1
	}
	end := spanClass(s, p, clLower)
	return end + contraction(s, end)
}

// o200kUpperHead matches U+W*C? at s[k], or returns -1.
func o200kUpperHead(s string, k int) int {
	u := spanClass(s, k, clUpper)
	if u == k {
		return -1
	}
	end := spanClass(s, u, clLower)
	return end + contraction(s, end)
}
