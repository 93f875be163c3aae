package ontology

import (
	"bytes"
	"encoding/json"
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

// CheckDuplicateKeys refuses JSON with an object that names one key twice
// ({"query":"x","query":"y"}, "a" and "\u0061" alike), anywhere in it:
// Go's decoder keeps the last value, while a proxy or log in front of Loci
// may read the first, so such a body is ambiguous (EInvalid). JSON that
// breaks off before any duplicate is left to the decoder, which names the
// error. It walks the bytes once, allocating only for objects and their
// keys (a json.Decoder token walk allocates for every token: four times
// slower on a large batch, docs/benchmarks.md).
func CheckDuplicateKeys(raw []byte) error {
	var stack []map[string]struct{} // the open containers; nil is an array
	keyNext := false                // the next string is a key of the innermost object
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, map[string]struct{}{})
			keyNext = true
		case '[':
			stack = append(stack, nil)
			keyNext = false
		case '}', ']':
			if len(stack) == 0 {
				return nil // malformed: the decoder's to report
			}
			stack = stack[:len(stack)-1]
			keyNext = false
		case ',':
			keyNext = len(stack) > 0 && stack[len(stack)-1] != nil
		case '"':
			end, escaped := stringEnd(raw, i)
			if end < 0 {
				return nil // unterminated: the decoder's to report
			}
			if keyNext {
				keys := stack[len(stack)-1]
				k := raw[i+1 : end]
				if escaped {
					var u string
					if json.Unmarshal(raw[i:end+1], &u) != nil {
						return nil
					}
					k = []byte(u)
				}
				if _, dup := keys[string(k)]; dup {
					return Errorf(EInvalid, "duplicate key %q in a JSON object: send each key once", Truncate(string(k), 64))
				}
				keys[string(k)] = struct{}{}
				keyNext = false
			}
			i = end
		}
	}
	return nil
}

// stringEnd is the index of the quote closing the JSON string whose
// opening quote is at raw[start] (-1: none), and whether it holds escapes.
func stringEnd(raw []byte, start int) (int, bool) {
	escaped := false
	for i := start + 1; i < len(raw); {
		j := bytes.IndexAny(raw[i:], `"\`)
		if j < 0 {
			return -1, escaped
		}
		i += j
		if raw[i] == '"' {
			return i, escaped
		}
		escaped = true
		i += 2 // the backslash and the character it escapes
	}
	return -1, escaped
}
