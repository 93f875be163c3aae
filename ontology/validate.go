package ontology

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Input limits.
const (
	MaxTurnsPerBatch = 1000
	MaxTextBytes     = 32 * 1024
	MaxIDRunes       = 256 // characters (code points), as openapi.json's maxLength counts
	MaxSpeakerRunes  = 256
	MaxMetadataBytes = 16 * 1024
)

// ValidateName checks an identifier-like string (conversation id, turn id,
// session, speaker): non-empty after trimming, valid UTF-8, no control
// characters, no bidirectional controls (U+202E and its kin, which make an
// id read differently from what it is), at most max characters (Unicode code
// points, what JSON Schema's maxLength counts; 256 of them are at most 1 KiB,
// well inside Neo4j's index key limit). what names the field in the message.
func ValidateName(what, s string, max int) error {
	if err := present(what, s); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(s); n > max {
		return Errorf(EValidation, "%s is %d characters, more than the %d allowed", what, n, max)
	}
	for _, r := range s {
		switch {
		case unicode.IsControl(r):
			return Errorf(EValidation, "%s contains a control character", what)
		case unicode.Is(unicode.Bidi_Control, r):
			return Errorf(EValidation, "%s contains a bidirectional control character (U+%04X)", what, r)
		}
	}
	return nil
}

// ValidateText checks turn or query text: non-empty, valid UTF-8, no NUL
// bytes, at most max bytes.
func ValidateText(what, s string, max int) error {
	if err := present(what, s); err != nil {
		return err
	}
	switch {
	case strings.ContainsRune(s, 0):
		return Errorf(EValidation, "%s contains a NUL byte", what)
	case len(s) > max:
		return Errorf(ETooLarge, "%s is %d bytes, more than the %d allowed", what, len(s), max)
	}
	return nil
}

// present checks that s is not blank and is valid UTF-8.
func present(what, s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return Errorf(EValidation, "%s is required", what)
	case !utf8.ValidString(s):
		return Errorf(EValidation, "%s is not valid UTF-8", what)
	}
	return nil
}

// ValidateTurns checks a batch before anything of it is stored. The first
// bad turn is named in the error (its index and id), so a client can fix it.
// Sessions left empty are set to DefaultSession.
func ValidateTurns(conversation string, turns []Turn) error {
	if err := ValidateName("conversation id", conversation, MaxIDRunes); err != nil {
		return err
	}
	if len(turns) == 0 {
		return Errorf(EValidation, "turns is empty: send at least one turn")
	}
	if len(turns) > MaxTurnsPerBatch {
		return Errorf(ETooLarge, "a batch holds at most %d turns, got %d", MaxTurnsPerBatch, len(turns))
	}
	seen := make(map[string]int, len(turns))
	for i := range turns {
		t := &turns[i]
		if t.Session == "" {
			t.Session = DefaultSession
		}
		if err := validateTurn(t); err != nil {
			return turnError(err, i, t.ID)
		}
		if j, dup := seen[t.ID]; dup {
			return turnError(Errorf(EValidation, "turn id %q appears twice in the batch (turns %d and %d)", t.ID, j, i), i, t.ID)
		}
		seen[t.ID] = i
	}
	return nil
}

func validateTurn(t *Turn) error {
	if err := ValidateName("id", t.ID, MaxIDRunes); err != nil {
		return err
	}
	if err := ValidateName("session", t.Session, MaxIDRunes); err != nil {
		return err
	}
	if err := ValidateName("speaker", t.Speaker, MaxSpeakerRunes); err != nil {
		return err
	}
	if err := ValidateText("text", t.Text, MaxTextBytes); err != nil {
		return err
	}
	if t.Timestamp != nil {
		// Checked in UTC, as stored: 9999-12-31T23:59:59-23:59 is in year
		// 10000 and could not be returned in a response.
		if err := CheckInstant("timestamp", *t.Timestamp); err != nil {
			return err.(*Error).WithDetail("field", "timestamp")
		}
	}
	return nil
}

// turnError puts the position and id of the offending turn into err's
// message and details, keeping its code.
func turnError(err error, index int, id string) error {
	e, ok := err.(*Error)
	if !ok {
		e = Errorf(EValidation, "%v", err)
	}
	label := fmt.Sprintf("turn %d", index)
	if id != "" && utf8.ValidString(id) {
		label = fmt.Sprintf("turn %d (id %q)", index, id)
	}
	out := &Error{Code: e.Code, Message: label + ": " + e.Message, Err: e.Err}
	for k, v := range e.Details {
		out.WithDetail(k, v)
	}
	out.WithDetail("turn_index", index)
	if id != "" {
		out.WithDetail("turn_id", id)
	}
	return out
}
