package ontology

import (
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
	} {
		err := CheckDuplicateKeys([]byte(raw))
		if got := err != nil; got != dup || (err != nil && ErrorCode(err) != EInvalid) {
			t.Errorf("CheckDuplicateKeys(%s) = %v, want a duplicate: %v", raw, err, dup)
		}
	}
}
