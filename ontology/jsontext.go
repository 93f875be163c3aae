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
// error.
func CheckDuplicateKeys(raw []byte) error {
	type object struct {
		keys map[string]bool
		key  bool // the next token is a key
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var stack []*object
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed: the decoder's to report
		}
		var top *object
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		if top != nil && top.key {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				if n := len(stack); n > 0 && stack[n-1] != nil {
					stack[n-1].key = true
				}
				continue
			}
			k, _ := tok.(string)
			if top.keys[k] {
				return Errorf(EInvalid, "duplicate key %q in a JSON object: send each key once", Truncate(k, 64))
			}
			top.keys[k] = true
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &object{keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, nil) // an array: values only
			continue
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// A value ended: the object holding it expects a key next.
		if n := len(stack); n > 0 && stack[n-1] != nil {
			stack[n-1].key = true
		}
	}
}
