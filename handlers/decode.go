package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// Request body limits. A full batch (1,000 turns of 32 KiB text and 16 KiB
// metadata) fits the turns limit; anything larger is refused unread.
const (
	maxTurnsBody = 50 << 20
	maxSmallBody = 64 << 10
)

// readBody reads at most limit bytes of the request body, answering
// ETooLarge past it and EInvalid for an empty body.
func readBody(c *gin.Context, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, ontology.Errorf(ontology.ETooLarge, "request body is larger than %d bytes", limit)
	case err != nil:
		return nil, ontology.Errorf(ontology.EInvalid, "reading request body: %v", err)
	case len(bytes.TrimSpace(body)) == 0:
		return nil, ontology.Errorf(ontology.EInvalid, "request body is empty; send a JSON object")
	}
	return body, nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data, so a misspelt field ("speakr") is an error, not ignored.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return ontology.Errorf(ontology.EInvalid, "unexpected data after the JSON value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return ontology.Errorf(ontology.EInvalid, "unexpected data after the JSON value")
	}
	return nil
}

func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return ontology.Errorf(ontology.EInvalid, "malformed JSON at byte %d: %v", syntax.Offset, err)
	case errors.As(err, &typ):
		return ontology.Errorf(ontology.EInvalid, "field %q must be %s, not %s", typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return ontology.Errorf(ontology.EInvalid, "malformed JSON: unexpected end of input")
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return ontology.Errorf(ontology.EInvalid, "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return ontology.Errorf(ontology.EInvalid, "malformed JSON: %v", err)
}

// turnsRequest is the body of POST /v1/conversations/{id}/turns. Turns stay
// raw until each is checked on its own, so an error can name the turn.
type turnsRequest struct {
	Turns []json.RawMessage `json:"turns"`
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

// decodeTurns turns the raw request body into turns, naming the first bad
// turn in the error. Rules beyond the JSON shape are ontology.ValidateTurns'.
func decodeTurns(body []byte) ([]ontology.Turn, error) {
	var req turnsRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if req.Turns == nil {
		return nil, ontology.Errorf(ontology.EValidation, `"turns" is required: {"turns":[{"id":…,"speaker":…,"text":…}]}`)
	}
	if len(req.Turns) > ontology.MaxTurnsPerBatch {
		return nil, ontology.Errorf(ontology.ETooLarge, "a batch holds at most %d turns, got %d; split it", ontology.MaxTurnsPerBatch, len(req.Turns))
	}
	turns := make([]ontology.Turn, len(req.Turns))
	for i, raw := range req.Turns {
		t, err := decodeTurn(raw)
		if err != nil {
			e := &ontology.Error{Code: ontology.ErrorCode(err), Message: fmt.Sprintf("turn %d: %s", i, ontology.ErrorMessage(err))}
			e.WithDetail("turn_index", i)
			if t.ID != "" && utf8.ValidString(t.ID) {
				e.Message = fmt.Sprintf("turn %d (id %q): %s", i, t.ID, ontology.ErrorMessage(err))
				e.WithDetail("turn_id", t.ID)
			}
			return nil, e
		}
		turns[i] = t
	}
	return turns, nil
}

func decodeTurn(raw json.RawMessage) (ontology.Turn, error) {
	var tj turnJSON
	// Go's decoder silently replaces invalid UTF-8 with U+FFFD; the input
	// must be refused instead, so check the raw bytes first.
	if !utf8.Valid(raw) {
		_ = json.Unmarshal(raw, &tj) // best effort, to name the turn
		return ontology.Turn{ID: tj.ID}, ontology.Errorf(ontology.EValidation, "not valid UTF-8")
	}
	if err := decodeStrict(raw, &tj); err != nil {
		// Unknown fields and wrong types are the JSON's shape, answered
		// 400 (EInvalid) as at the top level, not a broken rule (422).
		_ = json.Unmarshal(raw, &tj)
		return ontology.Turn{ID: tj.ID}, err
	}
	t := ontology.Turn{ID: tj.ID, Speaker: tj.Speaker, Text: tj.Text, Metadata: tj.Metadata}
	var rs turnStrings
	_ = json.Unmarshal(raw, &rs) // raw decoded strictly above; same keys
	for _, f := range []struct {
		field string
		raw   json.RawMessage
	}{{"id", rs.ID}, {"session", rs.Session}, {"speaker", rs.Speaker}, {"text", rs.Text}} {
		if ontology.HasLoneSurrogate(f.raw) {
			return t, ontology.Errorf(ontology.EValidation, "%s holds an invalid \\u escape (a lone UTF-16 surrogate)", f.field)
		}
	}
	session, err := decodeSession(tj.Session)
	if err != nil {
		return t, err
	}
	t.Session = session
	if tj.Timestamp != nil && *tj.Timestamp != "" {
		ts, err := time.Parse(time.RFC3339Nano, *tj.Timestamp)
		if err != nil {
			return t, ontology.Errorf(ontology.EValidation, "timestamp %q is not RFC 3339 (like 2023-05-08T13:56:00Z)", *tj.Timestamp)
		}
		t.Timestamp = &ts
	}
	if len(tj.Metadata) > 0 {
		if b, _ := json.Marshal(tj.Metadata); len(b) > ontology.MaxMetadataBytes {
			return t, ontology.Errorf(ontology.ETooLarge, "metadata is %d bytes of JSON, more than the %d allowed", len(b), ontology.MaxMetadataBytes)
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
	return "", ontology.Errorf(ontology.EInvalid, "session must be a string or an integer, got %s", ontology.Truncate(string(raw), 40))
}

// turnStrings holds the raw JSON of a turn's string fields, which the
// decoder would otherwise quietly mend.
type turnStrings struct {
	ID      json.RawMessage `json:"id"`
	Session json.RawMessage `json:"session"`
	Speaker json.RawMessage `json:"speaker"`
	Text    json.RawMessage `json:"text"`
}
