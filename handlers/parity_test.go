package handlers_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/loci-memory/loci/mcpserver/mcptest"
	"github.com/loci-memory/loci/ontology"
)

// TestInvalidTurnSameErrorOverRESTAndMCP: a batch with one bad turn is
// refused over REST (POST …/turns) and over MCP (add_turns) with the same
// error code and message, since both decode and validate turns by the same
// code; nothing of the batch is stored. (A turn missing a field its
// input schema requires never reaches that code over MCP: the SDK refuses
// the arguments first, with an "invalid" error of its own.)
func TestInvalidTurnSameErrorOverRESTAndMCP(t *testing.T) {
	s := newEdgeServer(t)
	good := `{"id":"ok","speaker":"Sam","text":"Fine."}`
	for _, c := range []struct {
		name, turn, code string
	}{
		{"blank text", `{"id":"a","speaker":"Sam","text":"  "}`, ontology.EValidation},
		{"bad timestamp", `{"id":"a","speaker":"Sam","text":"x","timestamp":"yesterday"}`, ontology.EValidation},
		{"timestamp past year 9999", `{"id":"a","speaker":"Sam","text":"x","timestamp":"9999-12-31T23:59:59-23:59"}`, ontology.EValidation},
		{"fractional session", `{"id":"a","speaker":"Sam","text":"x","session":1.5}`, ontology.EInvalid},
		{"session an object", `{"id":"a","speaker":"Sam","text":"x","session":{"n":1}}`, ontology.EInvalid},
		{"lone surrogate", `{"id":"a","speaker":"Sam","text":"bad \ud800 escape"}`, ontology.EValidation},
		{"metadata too large", `{"id":"a","speaker":"Sam","text":"x","metadata":{"k":"` + strings.Repeat("m", ontology.MaxMetadataBytes) + `"}}`, ontology.ETooLarge},
		{"duplicate id", good, ontology.EValidation},
	} {
		turns := json.RawMessage(`[` + good + `,` + c.turn + `]`)
		code, body := s.do("POST", "/v1/conversations/parity/turns", map[string]any{"turns": turns})
		if code < 400 || code >= 500 || errCode(body) != c.code {
			t.Errorf("%s: REST answered %d %v, want code %s", c.name, code, body, c.code)
			continue
		}
		res := s.tool("add_turns", map[string]any{"conversation_id": "parity", "turns": turns})
		if want := errCode(body) + ": " + errMessage(body); !res.IsError || mcptest.Text(res) != want {
			t.Errorf("%s: MCP answered error=%v %q, REST %q", c.name, res.IsError, mcptest.Text(res), want)
		}
		if !strings.Contains(errMessage(body), "turn 1") {
			t.Errorf("%s: message %q does not name turn 1", c.name, errMessage(body))
		}
	}
	if code, _ := s.do("GET", "/v1/conversations/parity", nil); code != http.StatusNotFound {
		t.Errorf("a refused batch stored a conversation: GET answered %d", code)
	}
}
