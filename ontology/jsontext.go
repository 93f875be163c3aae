package ontology

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Checks shared by every decoder of client JSON (REST and MCP): Go's JSON
// decoder silently turns a lone UTF-16 surrogate escape into U+FFFD, which
// Loci refuses instead, so stored text is what the client sent.

// HasLoneSurrogate reports whether the raw JSON string holds a \u escape
// of a UTF-16 surrogate that is not half of a high-low pair, which Go's
// decoder would replace with U+FFFD.
func HasLoneSurrogate(raw []byte) bool {
	unit := func(i int) rune { // the code unit of the \uXXXX at raw[i:], or -1
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return -1
		}
		v, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
		if err != nil {
			return -1
		}
		return rune(v)
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		switch r := unit(i); {
		case r < 0:
			i++ // \" \\ \/ \b \f \n \r \t
		case utf16.IsSurrogate(r):
			if r >= 0xDC00 || !utf16.IsSurrogate(unit(i+6)) || unit(i+6) < 0xDC00 {
				return true
			}
			i += 11
		default:
			i += 5
		}
	}
	return false
}

// Truncate cuts s to at most n bytes, on a rune boundary, marking the cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// CheckJSONText refuses a client's JSON that Go's decoder would quietly
// mend: bytes that are not UTF-8, and lone surrogate escapes. what names
// the JSON in the message ("request body", "arguments").
func CheckJSONText(what string, raw []byte) error {
	switch {
	case !utf8.Valid(raw):
		return Errorf(EValidation, "%s is not valid UTF-8", what)
	case HasLoneSurrogate(raw):
		return Errorf(EValidation, "%s holds an invalid \\u escape (a lone UTF-16 surrogate)", what)
	}
	return nil
}
