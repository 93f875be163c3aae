package ontology

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestLoneSurrogate(t *testing.T) {
	for raw, want := range map[string]bool{
		`"plain text"`:                        false,
		`"an emoji \ud83d\ude00 pair"`:        false,
		`"a spelt-out \ufffd and \u00e9"`:     false,
		`"escaped backslash \\ud83d"`:         false,
		`"\\\ud83d\ude00"`:                    false,
		`"high alone \ud83d"`:                 true,
		`"high then text \ud83dx"`:            true,
		`"low alone \ude00"`:                  true,
		`"two highs \ud83d\ud83d\ude00"`:      true,
		`"beside ufffd \ufffd \ud83d"`:        true,
		`"high then escape \ud83d\n"`:         true,
		`"high then BMP escape \ud83d\u0041"`: true,
		``:                                    false,
		`1`:                                   false,
	} {
		if got := HasLoneSurrogate([]byte(raw)); got != want {
			t.Errorf("HasLoneSurrogate(%s) = %v, want %v", raw, got, want)
		}
	}
}

func TestTruncateKeepsRunes(t *testing.T) {
	s := Truncate("xéééééé", 4)
	if !utf8.ValidString(s) || s != "xé…" {
		t.Fatalf("truncate = %q", s)
	}
	if Truncate("short", 40) != "short" {
		t.Fatal("a short string was cut")
	}
}

func TestCheckDuplicateKeys(t *testing.T) {
	for raw, dup := range map[string]bool{
		`{"a":1,"a":2}`: true, `{"a":1,"\u0061":2}`: true, `{"a":{"b":1,"b":1}}`: true, `[{"x":1},{"y":[{"z":1,"z":2}]}]`: true,
		`{"a":[],"b":{},"a":null}`: true, `{"a":{"a":{"a":1}}}`: false, `[{"a":1},{"a":1}]`: false, `{"a":[{"a":1}],"b":{"a":2}}`: false,
		`{}`: false, `[]`: false, `"a"`: false, `{"a":1,`: false, `{"a":1,"a"`: true, // malformed after a duplicate: still a duplicate
		`{"a\"b":1,"a\"b":2}`: true, `{"a\\":1,"a\u005c":2}`: true, `{"x":"\\","x":1}`: true, `{"a":"{\"a\":1,","b":"\",\"a\":"}`: false,
		`{"a":["a","a"],"b":"a"}`: false, `{"é":1,"\u00e9":2}`: true, `{"📷":1,"\ud83d\udcf7":2}`: true, `{"a":{"b":[1,{"b":2}],"c":3}}`: false,
		` { "a" : 1 , "a" : 2 } `: true, `{"a":"unterminated,"a":2`: false, `{"a":1}}{"a":2,"a":3}`: false, // malformed: the decoder's
	} {
		err := CheckDuplicateKeys([]byte(raw))
		if got := err != nil; got != dup || (err != nil && ErrorCode(err) != EInvalid) {
			t.Errorf("CheckDuplicateKeys(%s) = %v, want a duplicate: %v", raw, err, dup)
		}
	}
}

// FuzzCheckDuplicateKeys: on valid JSON the byte scan finds a duplicate
// exactly when a json.Decoder token walk (the check it replaced) does.
func FuzzCheckDuplicateKeys(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[{"x":1},{"y":[{"z":1,"z":2}]}]`, `{"a":"{\"a\":1,","b":"\",\"a\":"}`,
		`{"a\\":1,"a\u005c":2}`, `{"turns":[{"id":"1","text":"x","metadata":{"k":[1,2,{"k":"k"}]}}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		if got, want := CheckDuplicateKeys(raw) != nil, tokenWalkDuplicates(raw) != nil; got != want {
			t.Errorf("CheckDuplicateKeys(%q): duplicate %v, the token walk says %v", raw, got, want)
		}
	})
}

// tokenWalkDuplicates is the duplicate check as a json.Decoder token walk.
func tokenWalkDuplicates(raw []byte) error {
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
