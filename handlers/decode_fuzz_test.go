package handlers

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// FuzzDecodeTurns fuzzes the body of POST /v1/conversations/:id/turns
// through everything the handler and the ingestor check before storing:
// readBody, ontology.DecodeTurnsBody and ontology.ValidateTurns.
//
// Invariants:
//   - nothing panics;
//   - DecodeTurnsBody returns either an error or turns, never both;
//   - an error carries an ontology code that writeError maps to a 4xx
//     status, with a non-empty, valid UTF-8 message;
//   - accepted turns number 1 to ontology.MaxTurnsPerBatch, have distinct
//     ids, and each satisfies the limits restated here from ontology:
//     id, session and speaker non-blank, valid UTF-8, no control
//     character, at most 256 characters; text non-blank, valid UTF-8, no NUL, at
//     most 32 KiB; metadata at most 16 KiB of JSON; timestamp within years
//     1–9999 in UTC;
//   - accepted turns hold exactly the strings the body sent: a plain
//     json.Unmarshal of the body gives the same id, speaker and text, and
//     none of id, session, speaker or text was sent with a lone UTF-16
//     surrogate escape (which Go's decoder would silently turn into U+FFFD).
func FuzzDecodeTurns(f *testing.F) {
	valid := `{"id":"D1:1","session":"1","speaker":"Caroline","text":"I went to a support group yesterday.","timestamp":"2023-05-08T13:56:00Z"}`
	for _, s := range []string{
		`{"turns":[` + valid + `]}`,
		`{"turns":[` + valid + `,{"id":"D1:2","session":2,"speaker":"Mel","text":"Nice!","metadata":{"source":"test","n":[1,2.5,null,true]}}]}`,
		`{"turns":[{"id":"x","speaker":"A","text":"title:\"foo\"~2 AND (bar OR baz*) NOT -qux +[a TO z] {x} ^2 \\ / !?"}]}`,
		`{"turns":[{"id":"x'}) DETACH DELETE n //","speaker":"A","text":"MATCH (n) DETACH DELETE n; RETURN 1 // $param"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"a\u0000b"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"bad \ud800 escape"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"fine \ufffd and \ud83d\ude00 pair"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","session":1e400}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","session":99999999999999999999,"metadata":{"big":1e400}}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","timestamp":"0000-01-01T00:00:00Z"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","timestamp":"9999-12-31T23:59:59.999999999-23:59"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","timestamp":"0001-01-01T00:00:00+23:59"}]}`,
		`{"turns":[{"ID":"a","Speaker":"A","TEXT":"case","text":"dup","ſpeaker":"B"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","session":["éééééééééééééééééééééééééééé"]}]}`,
		`{"turns":[{"id":"東京","speaker":"Zoë 🙂","text":"ünïcödé ٣ 𝔘𝔫𝔦 \u2028 \t"}]}`,
		`{"turns":[` + valid + `]} xyz`,
		`{"turns":[]}`, `{"turns":null}`, `{}`, `[1,2,3]`, `null`, "", "   \n\t",
		`{"turns":[` + valid + `,` + valid + `]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","metadata":` + strings.Repeat(`{"a":`, 200) + `1` + strings.Repeat(`}`, 200) + `}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","metadata":` + strings.Repeat(`[`, 10001) + strings.Repeat(`]`, 10001) + `}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"` + strings.Repeat("x", ontology.MaxTextBytes+1) + `"}]}`,
		`{"turns":[{"id":"` + strings.Repeat("i", ontology.MaxIDRunes+1) + `","speaker":"A","text":"x"}]}`,
		`{"turns":[{"id":"a","speaker":"A","text":"x","metadata":{"k":"` + strings.Repeat("m", ontology.MaxMetadataBytes) + `"}}]}`,
		`{"turns":[` + strings.TrimSuffix(strings.Repeat(`{"id":"a","speaker":"A","text":"x"},`, 1001), ",") + `]}`,
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte("{\"turns\":[{\"id\":\"a\",\"speaker\":\"A\",\"text\":\"\xff\xfe\"}]}"))
	f.Add([]byte("{\"turns\":[{\"id\":\"\xc3\",\"speaker\":\"A\",\"text\":\"x\"}]}"))

	gin.SetMode(gin.TestMode)
	f.Fuzz(func(t *testing.T, body []byte) {
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		c.Request = httptest.NewRequest("POST", "/v1/conversations/c1/turns", bytes.NewReader(body))
		data, err := readBody(c, maxTurnsBody)
		var turns []ontology.Turn
		if err == nil {
			if !bytes.Equal(data, body) {
				t.Fatalf("readBody gave %q for body %q", data, body)
			}
			turns, err = ontology.DecodeTurnsBody(data)
			if err != nil && turns != nil {
				t.Fatalf("DecodeTurnsBody(%q) gave both %d turns and error %v", body, len(turns), err)
			}
			if err == nil {
				err = ontology.ValidateTurns("c1", turns)
			}
		}
		if err != nil {
			code := ontology.ErrorCode(err)
			status, ok := statusOf[code]
			if !ok || status < 400 || status > 499 {
				t.Fatalf("body %q: error code %q (status %d, known %v) is not a 4xx: %v", body, code, status, ok, err)
			}
			if msg := ontology.ErrorMessage(err); msg == "" || !utf8.ValidString(msg) {
				t.Fatalf("body %q: error message %q is empty or not valid UTF-8", body, msg)
			}
			return
		}
		checkAcceptedTurns(t, body, turns)
	})
}

// checkAcceptedTurns checks the turns decoded from body and accepted by
// ontology.ValidateTurns against the rules, restated here.
func checkAcceptedTurns(t *testing.T, body []byte, turns []ontology.Turn) {
	t.Helper()
	if len(turns) == 0 || len(turns) > ontology.MaxTurnsPerBatch {
		t.Fatalf("body %q: accepted %d turns", body, len(turns))
	}
	name := func(i int, what, s string) {
		bad := strings.TrimSpace(s) == "" || !utf8.ValidString(s) || utf8.RuneCountInString(s) > 256 ||
			strings.ContainsFunc(s, unicode.IsControl)
		if bad {
			t.Fatalf("body %q: turn %d accepted with %s %q", body, i, what, s)
		}
	}
	// What a plain decoder reads from the body, to compare with.
	var plain struct {
		Turns []struct {
			ID      string `json:"id"`
			Speaker string `json:"speaker"`
			Text    string `json:"text"`
		} `json:"turns"`
	}
	if err := json.Unmarshal(body, &plain); err != nil || len(plain.Turns) != len(turns) {
		t.Fatalf("body %q accepted, but json.Unmarshal gives %d turns, %v", body, len(plain.Turns), err)
	}
	var raw struct {
		Turns []json.RawMessage `json:"turns"`
	}
	_ = json.Unmarshal(body, &raw)
	ids := map[string]bool{}
	for i, tn := range turns {
		name(i, "id", tn.ID)
		name(i, "session", tn.Session)
		name(i, "speaker", tn.Speaker)
		switch {
		case strings.TrimSpace(tn.Text) == "" || !utf8.ValidString(tn.Text) ||
			strings.ContainsRune(tn.Text, 0) || len(tn.Text) > 32*1024:
			t.Fatalf("body %q: turn %d accepted with text %q", body, i, tn.Text)
		case tn.Timestamp != nil && (tn.Timestamp.UTC().Year() < 1 || tn.Timestamp.UTC().Year() > 9999):
			t.Fatalf("body %q: turn %d accepted with timestamp %v", body, i, tn.Timestamp)
		case ids[tn.ID]:
			t.Fatalf("body %q: turn id %q accepted twice", body, tn.ID)
		case tn.ID != plain.Turns[i].ID || tn.Speaker != plain.Turns[i].Speaker || tn.Text != plain.Turns[i].Text:
			t.Fatalf("body %q: turn %d decoded as %+v, json.Unmarshal reads %+v", body, i, tn, plain.Turns[i])
		}
		ids[tn.ID] = true
		if len(tn.Metadata) > 0 {
			if b, err := json.Marshal(tn.Metadata); err != nil || len(b) > 16*1024 {
				t.Fatalf("body %q: turn %d accepted with %d bytes of metadata (%v)", body, i, len(b), err)
			}
		}
		for field, v := range lastStringFields(t, raw.Turns[i]) {
			if loneSurrogate(v) {
				t.Fatalf("body %q: turn %d accepted with a lone surrogate escape in %s: %s", body, i, field, v)
			}
		}
	}
}

// lastStringFields walks one turn object token by token and returns the
// raw JSON of its id, session, speaker and text members, matching keys
// without regard to case as encoding/json does; the last of duplicate
// keys wins, as it does when decoding.
func lastStringFields(t *testing.T, turn []byte) map[string]json.RawMessage {
	t.Helper()
	out := map[string]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(turn))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("accepted turn %q is not an object: %v %v", turn, tok, err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("accepted turn %q: reading a key: %v", turn, err)
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("accepted turn %q: reading the value of %q: %v", turn, key, err)
		}
		for _, field := range []string{"id", "session", "speaker", "text"} {
			if strings.EqualFold(key, field) {
				out[field] = v
			}
		}
	}
	return out
}

// loneSurrogate reports whether the raw JSON value v is a string holding a
// \u escape of a UTF-16 surrogate that is not half of a high-low pair.
func loneSurrogate(v []byte) bool {
	hex := func(i int) (rune, bool) { // the code unit of the \uXXXX at v[i:]
		if i+6 > len(v) || v[i] != '\\' || v[i+1] != 'u' {
			return 0, false
		}
		var r rune
		for _, c := range v[i+2 : i+6] {
			switch {
			case '0' <= c && c <= '9':
				r = r<<4 | rune(c-'0')
			case 'a' <= c && c <= 'f':
				r = r<<4 | rune(c-'a'+10)
			case 'A' <= c && c <= 'F':
				r = r<<4 | rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return r, true
	}
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' {
			continue
		}
		r, ok := hex(i)
		if !ok {
			i++ // a two-character escape such as \\ or \"
			continue
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		case r >= 0xD800 && r <= 0xDBFF:
			low, ok := hex(i + 6)
			if !ok || low < 0xDC00 || low > 0xDFFF {
				return true
			}
			i += 11
		default:
			i += 5
		}
	}
	return false
}
