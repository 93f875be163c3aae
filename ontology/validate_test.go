package ontology

import (
	"strings"
	"testing"
	"time"
)

func TestValidateTurns(t *testing.T) {
	ok := func() Turn { return Turn{ID: "a", Session: "1", Speaker: "A", Text: "hello"} }
	if err := ValidateTurns("c", []Turn{ok()}); err != nil {
		t.Fatalf("valid turn: %v", err)
	}
	noSession := ok()
	noSession.Session = ""
	batch := []Turn{noSession}
	if err := ValidateTurns("c", batch); err != nil || batch[0].Session != DefaultSession {
		t.Fatalf("empty session: %v, session %q", err, batch[0].Session)
	}
	year0 := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)
	west := time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("", -(23*3600+59*60)))
	east := time.Date(1, 1, 1, 0, 0, 0, 0, time.FixedZone("", 23*3600+59*60))
	cases := []struct {
		name   string
		conv   string
		mutate func(*Turn)
		code   string
		msg    string
	}{
		{"no conversation", "", func(*Turn) {}, EValidation, "conversation id"},
		{"no id", "c", func(t *Turn) { t.ID = "" }, EValidation, "id is required"},
		{"control char id", "c", func(t *Turn) { t.ID = "a\nb" }, EValidation, "control"},
		{"long id", "c", func(t *Turn) { t.ID = strings.Repeat("x", 257) }, EValidation, "256"},
		{"right-to-left override in id", "c", func(t *Turn) { t.ID = "a\u202eb" }, EValidation, "bidirectional"},
		{"isolate in speaker", "c", func(t *Turn) { t.Speaker = "Sam\u2067" }, EValidation, "bidirectional"},
		{"no speaker", "c", func(t *Turn) { t.Speaker = " " }, EValidation, "speaker is required"},
		{"no text", "c", func(t *Turn) { t.Text = "" }, EValidation, "text is required"},
		{"bad utf8", "c", func(t *Turn) { t.Text = "a\xffb" }, EValidation, "UTF-8"},
		{"nul", "c", func(t *Turn) { t.Text = "a\x00b" }, EValidation, "NUL"},
		{"long text", "c", func(t *Turn) { t.Text = strings.Repeat("x", MaxTextBytes+1) }, ETooLarge, "32768"},
		{"year 0", "c", func(t *Turn) { t.Timestamp = &year0 }, EValidation, "year"},
		// Checked in UTC, as stored (issue 13): in their own zones these
		// are years 9999 and 1.
		{"year 10000 in UTC", "c", func(t *Turn) { t.Timestamp = &west }, EValidation, "timestamp 9999-12-31T23:59:59-23:59 is in year 10000 in UTC"},
		{"year 0 in UTC", "c", func(t *Turn) { t.Timestamp = &east }, EValidation, "timestamp 0001-01-01T00:00:00+23:59 is in year 0 in UTC"},
	}
	for _, c := range cases {
		bad := ok()
		c.mutate(&bad)
		err := ValidateTurns(c.conv, []Turn{ok(), bad})
		if ErrorCode(err) != c.code || !strings.Contains(ErrorMessage(err), c.msg) {
			t.Errorf("%s: %v, want %s mentioning %q", c.name, err, c.code, c.msg)
		}
		if c.conv != "" && ErrorDetails(err)["turn_index"] != 1 {
			t.Errorf("%s: details %v, want turn_index 1", c.name, ErrorDetails(err))
		}
	}
	for _, ts := range []time.Time{MinTime, MaxTime, time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("", 60)),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.FixedZone("", -60))} {
		edge := ok()
		edge.Timestamp = &ts
		if err := ValidateTurns("c", []Turn{edge}); err != nil {
			t.Errorf("timestamp %v, within years 1–9999 in UTC: %v", ts, err)
		}
	}
	bad := ok()
	bad.Timestamp = &west
	if err := ValidateTurns("c", []Turn{bad}); ErrorDetails(err)["field"] != "timestamp" {
		t.Errorf("timestamp error details %v, want field timestamp", ErrorDetails(err))
	}
	if err := ValidateTurns("c", []Turn{ok(), ok()}); ErrorCode(err) != EValidation || !strings.Contains(ErrorMessage(err), "twice") {
		t.Errorf("duplicate ids: %v", err)
	}
	if err := ValidateTurns("c", nil); ErrorCode(err) != EValidation {
		t.Errorf("empty batch: %v", err)
	}
	big := make([]Turn, MaxTurnsPerBatch+1)
	if err := ValidateTurns("c", big); ErrorCode(err) != ETooLarge {
		t.Errorf("1,001 turns: %v", err)
	}
}

func TestErrorHelpers(t *testing.T) {
	if ErrorCode(nil) != "" || ErrorCode(errPlain("x")) != EInternal || ErrorMessage(errPlain("secret")) != "internal error" {
		t.Error("plain errors must map to internal without leaking their text")
	}
	e := Errorf(ENotFound, "conversation %q not found", "c")
	if ErrorCode(e) != ENotFound || ErrorMessage(e) != `conversation "c" not found` {
		t.Errorf("Errorf: %v", e)
	}
}

type errPlain string

func (e errPlain) Error() string { return string(e) }

// ValidateName's max counts characters (code points), as openapi.json's
// maxLength does, not bytes.
func TestValidateNameCountsCharacters(t *testing.T) {
	for _, c := range []struct {
		s  string
		ok bool
	}{
		{strings.Repeat("a", MaxIDRunes), true},
		{strings.Repeat("é", MaxIDRunes), true},
		{strings.Repeat("😀", MaxIDRunes), true},
		{strings.Repeat("a", MaxIDRunes+1), false},
		{strings.Repeat("😀", MaxIDRunes+1), false},
	} {
		if err := ValidateName("id", c.s, MaxIDRunes); (err == nil) != c.ok {
			t.Errorf("%d characters, %d bytes: err %v, want ok=%v", len([]rune(c.s)), len(c.s), err, c.ok)
		}
	}
}
