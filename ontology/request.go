package ontology

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"
)

// Request decoding and argument checks shared by the REST API and the MCP
// tools, so the same bad input gets the same error code over both.

// Limits of request arguments.
const (
	// MaxNameParam bounds an entity id or name given to look an entity up
	// (REST: the q, from, to and entity query parameters; MCP: entity,
	// from and to).
	MaxNameParam = 200
	// DefaultConversations and MaxConversations bound a conversation list.
	DefaultConversations = 100
	MaxConversations     = 1000
)

// DecodeStrict decodes one JSON value into v, refusing unknown fields,
// duplicate keys and trailing data, so a misspelt field ("speakr") is an
// error, not ignored.
func DecodeStrict(data []byte, v any) error {
	if err := CheckDuplicateKeys(data); err != nil {
		return err
	}
	return decodeChecked(data, v)
}

// decodeChecked is DecodeStrict for data whose duplicate keys were
// checked already (a part of a body DecodeStrict read): each byte of a
// body is walked for duplicates once.
func decodeChecked(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return Errorf(EInvalid, "unexpected data after the JSON value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return Errorf(EInvalid, "unexpected data after the JSON value")
	}
	return nil
}

// jsonError turns a decoder error into an EInvalid (the JSON's shape) or,
// for a time that does not parse, an EValidation.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var when *time.ParseError
	switch {
	case errors.As(err, &when):
		return Errorf(EValidation, "time %q is not RFC 3339 (like 2023-05-08T13:56:00Z)", Truncate(when.Value, 64))
	case errors.As(err, &syntax):
		return Errorf(EInvalid, "malformed JSON at byte %d: %v", syntax.Offset, err)
	case errors.As(err, &typ) && typ.Field == "":
		return Errorf(EInvalid, "expected a JSON object, not %s", typ.Value)
	case errors.As(err, &typ):
		return Errorf(EInvalid, "field %q must be %s, not %s", typ.Field, jsonType(typ.Type), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return Errorf(EInvalid, "malformed JSON: unexpected end of input")
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return Errorf(EInvalid, "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return Errorf(EInvalid, "malformed JSON: %v", err)
}

// jsonType names the JSON a Go type decodes from, for a client's error
// message (not Go's name for the type: map[string]interface {},
// ontology.SearchRequest).
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	}
	return "another JSON value"
}

// TurnsRequest is a batch of turns as a client sends it (the body of POST
// /v1/conversations/{id}/turns, the turns argument of add_turns). Turns
// stay raw until each is checked on its own, so an error can name the turn.
type TurnsRequest struct {
	Turns []json.RawMessage `json:"turns"`
}

// DecodeTurnsBody decodes a JSON object {"turns":[…]} strictly and then
// its turns with DecodeTurns.
func DecodeTurnsBody(body []byte) ([]Turn, error) {
	var req TurnsRequest
	if err := DecodeStrict(body, &req); err != nil {
		return nil, err
	}
	return DecodeTurns(req.Turns)
}

// DecodeTurns turns the raw JSON of a batch's turns into turns, naming the
// first bad turn in the error (its index and id). It checks the JSON shape
// and what the decoder would otherwise mend or lose: a session that is a
// string or an integer, an RFC 3339 timestamp, bounded metadata, valid
// UTF-8 without lone surrogate escapes. The rules beyond the shape are
// ValidateTurns', applied at ingest. A nil slice is a missing "turns".
// The raws must be parts of JSON whose duplicate keys were refused already
// (DecodeStrict, CheckDuplicateKeys): they are not looked for again.
func DecodeTurns(raws []json.RawMessage) ([]Turn, error) {
	if raws == nil {
		return nil, Errorf(EValidation, `"turns" is required: {"turns":[{"speaker":…,"text":…}]}`)
	}
	if len(raws) > MaxTurnsPerBatch {
		return nil, Errorf(ETooLarge, "a batch holds at most %d turns, got %d; split it", MaxTurnsPerBatch, len(raws))
	}
	turns := make([]Turn, len(raws))
	for i, raw := range raws {
		t, err := decodeTurn(raw)
		if err != nil {
			return nil, turnError(err, i, t.ID)
		}
		turns[i] = t
	}
	return turns, nil
}

// turnJSON is one turn as a client sends it.
type turnJSON struct {
	ID        string          `json:"id"`
	Session   json.RawMessage `json:"session"`
	Speaker   string          `json:"speaker"`
	Text      string          `json:"text"`
	Timestamp *string         `json:"timestamp"`
	Metadata  map[string]any  `json:"metadata"`
}

// turnStrings holds the raw JSON of a turn's string fields, which the
// decoder would otherwise quietly mend.
type turnStrings struct {
	ID      json.RawMessage `json:"id"`
	Session json.RawMessage `json:"session"`
	Speaker json.RawMessage `json:"speaker"`
	Text    json.RawMessage `json:"text"`
	// Metadata is any JSON: its keys and strings are client text too.
	Metadata  json.RawMessage `json:"metadata"`
	Timestamp json.RawMessage `json:"timestamp"`
}

func decodeTurn(raw json.RawMessage) (Turn, error) {
	var tj turnJSON
	// Go's decoder silently replaces invalid UTF-8 with U+FFFD; the input
	// must be refused instead, so check the raw bytes first.
	if !utf8.Valid(raw) {
		_ = json.Unmarshal(raw, &tj) // best effort, to name the turn
		return Turn{ID: tj.ID}, Errorf(EValidation, "not valid UTF-8")
	}
	if err := decodeChecked(raw, &tj); err != nil {
		// Unknown fields and wrong types are the JSON's shape (EInvalid),
		// as at the top level, not a broken rule (EValidation).
		_ = json.Unmarshal(raw, &tj)
		return Turn{ID: tj.ID}, err
	}
	t := Turn{ID: tj.ID, Speaker: tj.Speaker, Text: tj.Text, Metadata: tj.Metadata}
	var rs turnStrings
	_ = json.Unmarshal(raw, &rs) // raw decoded strictly above; same keys
	for _, f := range []struct {
		field string
		raw   json.RawMessage
	}{{"id", rs.ID}, {"session", rs.Session}, {"speaker", rs.Speaker}, {"text", rs.Text}, {"timestamp", rs.Timestamp}, {"metadata", rs.Metadata}} {
		if HasLoneSurrogate(f.raw) {
			return t, Errorf(EValidation, "%s holds an invalid \\u escape (a lone UTF-16 surrogate)", f.field)
		}
	}
	if tj.ID == "" && len(rs.ID) > 0 && string(rs.ID) != "null" {
		// An id sent empty is a client's mistake, not a request for one.
		return t, Errorf(EValidation, `id is empty: send a non-empty id, or leave "id" out and Loci assigns one`)
	}
	session, err := decodeSession(tj.Session)
	if err != nil {
		return t, err
	}
	t.Session = session
	if tj.Timestamp != nil && *tj.Timestamp != "" {
		ts, err := time.Parse(time.RFC3339Nano, *tj.Timestamp)
		if err != nil {
			return t, Errorf(EValidation, "timestamp %q is not RFC 3339 (like 2023-05-08T13:56:00Z)", *tj.Timestamp)
		}
		t.Timestamp = &ts
	}
	if len(tj.Metadata) > 0 {
		if b, _ := json.Marshal(tj.Metadata); len(b) > MaxMetadataBytes {
			return t, Errorf(ETooLarge, "metadata is %d bytes of JSON, more than the %d allowed", len(b), MaxMetadataBytes)
		}
	}
	return t, nil
}

// decodeSession accepts a session as a JSON string or integer; any other
// JSON value is a wrong type (EInvalid).
func decodeSession(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var n json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&n); err == nil {
		if _, err := n.Int64(); err == nil {
			return n.String(), nil
		}
	}
	return "", Errorf(EInvalid, "session must be a string or an integer, got %s", Truncate(string(raw), 40))
}

// CheckRange checks an integer argument against [lo, hi].
func CheckRange(name string, v, lo, hi int) error {
	if v < lo || v > hi {
		return Errorf(EValidation, "%s must be an integer from %d to %d, got %d", name, lo, hi, v)
	}
	return nil
}

// OptionalConversation checks an optional conversation_id argument ("" is
// every conversation).
func OptionalConversation(conv string) (string, error) {
	if conv == "" {
		return "", nil
	}
	if err := ValidateName("conversation_id", conv, MaxIDRunes); err != nil {
		return "", err
	}
	return conv, nil
}

// CheckLookup checks an argument naming an entity by id or name (name is
// the argument's name); "" is an error only when required.
func CheckLookup(name, v string, required bool) error {
	if v == "" {
		if required {
			return Errorf(EValidation, "%s is required", name)
		}
		return nil
	}
	return ValidateName(name, v, MaxNameParam)
}

// CheckConversationID checks a conversation id that names one
// conversation (required).
func CheckConversationID(id string) error {
	return ValidateName("conversation id", id, MaxIDRunes)
}

// CheckSpeakerArgs checks the conversation id and speaker label of a call
// about one speaker.
func CheckSpeakerArgs(conv, speaker string) error {
	if err := CheckConversationID(conv); err != nil {
		return err
	}
	return ValidateName("speaker", speaker, MaxSpeakerRunes)
}

// AliasesArg checks the aliases of a set-aliases call: required (an empty
// list removes them), then ValidateAliases.
func AliasesArg(aliases []string) ([]string, error) {
	if aliases == nil {
		return nil, Errorf(EValidation, "aliases is required (an empty list removes them)")
	}
	return ValidateAliases(aliases)
}

// ConversationSpeakers returns a conversation's speakers, or ENotFound
// when there are none (no such conversation for the tenant).
func ConversationSpeakers(ctx context.Context, cs Conversations, tenant, conv string) ([]Speaker, error) {
	speakers, err := cs.SpeakerIdentities(ctx, tenant, conv)
	if err != nil {
		return nil, err
	}
	if len(speakers) == 0 {
		return nil, Errorf(ENotFound, "conversation %q not found", conv)
	}
	return speakers, nil
}
