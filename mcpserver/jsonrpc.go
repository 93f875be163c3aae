package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// The JSON-RPC envelope of a POST to /mcp is checked here, before the
// SDK's transport reads it, because the transport answers most defects of
// an envelope with HTTP 400 and a line of text rather than the JSON-RPC
// error object JSON-RPC 2.0 and MCP call for, serves some it should refuse
// (a number id it rounds, text after the JSON value, a key given twice)
// and streams an answer to methods this server does not offer. Every
// request is answered with one JSON object, a JSON-RPC response or
// error, or with 202 and no body (a notification or a client's response):
//
//   - a body that is not one JSON value: 400, -32700, id null;
//   - a batch where the protocol version has none (2025-06-18 and later;
//     see batchTaken and precheckBatch for the earlier versions, which
//     require batches), a JSON value that is not an object, a key given twice
//     at the top level, "jsonrpc" other than "2.0", an id that is null, not
//     a string or number, or a number the SDK would answer rounded, a method
//     that is not a string, a response with neither or both of result and
//     error: 400, -32600, with the id when it is usable, else null;
//   - a request of a method the server does not offer (servedMethods):
//     200, -32601 with its id; a request (with an id) of a notification's
//     method: 400, -32600 with its id;
//   - a notification of a method the server does not know: 202, no body,
//     as a notification is never answered; one of a served request's
//     method (tools/call without an id): 400, -32600, id null, as accepting
//     it would acknowledge work that is not done;
//   - a request of initialize, tools/call or logging/setLevel without an
//     object of params, initialize with params of the wrong types (the SDK
//     answered with a JSON-RPC error of code 0), or setLevel to a level MCP
//     does not define: 200, -32602 with its id;
//   - an MCP-Protocol-Version header naming a version the SDK does not
//     know: 400, -32600 with the id (the SDK took any value that sorts
//     after its newest version for that version).
//
// Whatever else the transport refuses of a message that passed (400 and
// text) is made a JSON-RPC -32600 error carrying the message's id by
// jsonErrors.

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
)

// maxSafeID is the largest integer a float64 holds exactly (2^53−1).
const maxSafeID = 1<<53 - 1

// plainInteger is a JSON number written as an integer: no fraction, no
// exponent, no leading zero.
var plainInteger = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// servedMethods are the requests the server answers (openapi.json lists
// them); any other is -32601.
var servedMethods = map[string]bool{
	"initialize": true, "ping": true, "tools/list": true, "tools/call": true, "logging/setLevel": true,
	"resources/list": true, "resources/templates/list": true, "prompts/list": true,
}

// notifications are the notifications the SDK takes from a client; any
// other is accepted (202) and dropped.
var notifications = map[string]bool{
	"notifications/initialized": true, "notifications/cancelled": true,
	"notifications/progress": true, "notifications/roots/list_changed": true,
}

// paramsRequired are the served methods whose params MCP's schema requires.
var paramsRequired = map[string]string{
	"initialize":       "protocolVersion, capabilities and clientInfo",
	"tools/call":       "the tool's name and arguments",
	"logging/setLevel": "level",
}

// logLevels are MCP's logging levels (RFC 5424 severities).
var logLevels = map[string]bool{"debug": true, "info": true, "notice": true, "warning": true,
	"error": true, "critical": true, "alert": true, "emergency": true}

// idProblem says why a numeric JSON-RPC id, as sent, cannot be answered
// with the same bytes ("": it can, or it is not a number).
func idProblem(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return ""
	}
	s := string(raw)
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case !plainInteger.MatchString(s) || s == "-0":
		return fmt.Sprintf("id %.40s is not written as an integer (no fraction, exponent or minus zero): send an integer or a string id", s)
	case err != nil || n > maxSafeID || n < -maxSafeID:
		return fmt.Sprintf("id %.40s is outside ±%d (2^53−1), the integers the server answers with the same id: send a string id", s, maxSafeID)
	}
	return ""
}

// rpcError is a JSON-RPC error response carrying id as sent (null when
// id is empty).
func rpcError(id json.RawMessage, code int, message string) []byte {
	if len(bytes.TrimSpace(id)) == 0 {
		id = json.RawMessage("null")
	}
	msg, _ := json.Marshal(message)
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, bytes.TrimSpace(id), code, msg)
}

// verdict is precheck's answer: status 0 passes the message on to the SDK
// (id: the id to answer the SDK's own refusals with, "" for null);
// otherwise status and body are the answer (no body: none), msg its
// error message.
type verdict struct {
	status int
	body   []byte
	msg    string
	id     json.RawMessage
}

func refuse(status int, id json.RawMessage, code int, format string, args ...any) verdict {
	msg := fmt.Sprintf(format, args...)
	return verdict{status: status, body: rpcError(id, code, msg), msg: msg}
}

// members reads a JSON object's members in order, refusing a key given
// twice ({"id":1,"id":2} would be answered for one and logged for the other).
func members(obj []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if _, err := dec.Token(); err != nil { // '{'
		return nil, err
	}
	m := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("the message names %q twice: send each member once", ontology.Truncate(key, 40))
		}
		m[key] = v
	}
	return m, nil
}

// precheck judges one POSTed body (see the comment at the top).
func precheck(body []byte) verdict {
	body = bytes.TrimSpace(body)
	switch {
	case len(body) == 0:
		return refuse(http.StatusBadRequest, nil, codeParseError, "parse error: the message is empty; send one JSON-RPC message")
	case !json.Valid(body):
		return refuse(http.StatusBadRequest, nil, codeParseError, "parse error: the message is not one JSON value (malformed, cut short, or followed by more text)")
	case body[0] == '[':
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: JSON-RPC batches are not taken here (MCP 2025-06-18 removed them; over HTTP a client of 2025-03-26 may send them): send one message per request")
	case body[0] != '{':
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object")
	}
	msg, err := members(body)
	if err != nil {
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: %v", err)
	}
	rawID, hasID := msg["id"]
	var id json.RawMessage // the id to answer with; nil: null
	if hasID {
		switch c := rawID[0]; {
		case c == 'n':
			return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: id must be a string or an integer, not null (MCP); leave it out for a notification")
		case c == '"':
			if err := ontology.CheckJSONText("id", rawID); err != nil {
				return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: %s", ontology.ErrorMessage(err))
			}
		case c == '-' || c >= '0' && c <= '9':
			if p := idProblem(rawID); p != "" {
				return refuse(http.StatusBadRequest, rawID, codeInvalidRequest, "invalid request: %s", p)
			}
		default:
			return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: id must be a string or an integer, not %s", jsonKind(c))
		}
		id = rawID
	}
	if v := msg["jsonrpc"]; string(v) != `"2.0"` {
		return refuse(http.StatusBadRequest, id, codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	rawMethod, hasMethod := msg["method"]
	if !hasMethod {
		_, result := msg["result"]
		_, failure := msg["error"]
		if !hasID || result == failure {
			return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: a message without a method is a response, which has an id and one of result and error")
		}
		return verdict{id: id} // a response: the transport accepts it (202)
	}
	var method string
	if json.Unmarshal(rawMethod, &method) != nil {
		return refuse(http.StatusBadRequest, id, codeInvalidRequest, "invalid request: method must be a string")
	}
	params := msg["params"]
	switch {
	case !hasID && servedMethods[method]:
		// A request sent as a notification would be acknowledged (202) and
		// not done: an add_turns whose turns are not stored.
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: %s is a request: send it with an id (a message without one is a notification, which is not answered)", method)
	case !hasID && !notifications[method]:
		return verdict{status: http.StatusAccepted} // a notification the server does not take: dropped
	case !hasID:
		return verdict{}
	case notifications[method]:
		return refuse(http.StatusBadRequest, id, codeInvalidRequest, "invalid request: %s is a notification: send it without an id", method)
	case !servedMethods[method]:
		return refuse(http.StatusOK, id, codeMethodNotFound, "method not found: %q (this server answers %s)", ontology.Truncate(method, 64), servedList)
	}
	if p := paramsProblem(method, params); p != "" {
		return refuse(http.StatusOK, id, codeInvalidParams, "invalid params: %s", p)
	}
	return verdict{id: id}
}

// paramsProblem says what is wrong with the params of a served method ("":
// nothing the SDK would not answer well). The SDK's own answers named Go's
// types (…into Go struct field mcp.CallToolParamsRaw.name of type string)
// or, for initialize, had code 0.
func paramsProblem(method string, params json.RawMessage) string {
	if need, ok := paramsRequired[method]; ok && (len(params) == 0 || params[0] != '{') {
		return fmt.Sprintf("%s requires params, an object with %s", method, need)
	}
	if len(params) == 0 || string(params) == "null" {
		return ""
	}
	if params[0] != '{' {
		return fmt.Sprintf("the params of %s must be an object", method)
	}
	switch method {
	case "initialize":
		var p struct {
			ProtocolVersion *string        `json:"protocolVersion"`
			Capabilities    map[string]any `json:"capabilities"`
			ClientInfo      *struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"clientInfo"`
		}
		if json.Unmarshal(params, &p) != nil || p.ProtocolVersion == nil {
			return "initialize takes protocolVersion (a string), capabilities (an object) and clientInfo (an object with name and version strings)"
		}
	case "logging/setLevel":
		var p struct{ Level string }
		if json.Unmarshal(params, &p) != nil || !logLevels[p.Level] {
			return "level must be one of debug, info, notice, warning, error, critical, alert, emergency"
		}
	case "tools/call":
		var p struct{ Name *string }
		if json.Unmarshal(params, &p) != nil || p.Name == nil {
			return "tools/call takes name, the tool's name (a string), and arguments (an object)"
		}
	case "tools/list", "resources/list", "resources/templates/list", "prompts/list":
		var p struct{ Cursor *string }
		if json.Unmarshal(params, &p) != nil {
			return fmt.Sprintf("the cursor of %s must be a string", method)
		}
	}
	return ""
}

// servedList names the served methods in the -32601 message.
const servedList = "initialize, ping, tools/list, tools/call, logging/setLevel, resources/list, resources/templates/list, prompts/list"

// jsonKind names the kind of JSON value starting with c.
func jsonKind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	}
	return "that value"
}

// acceptsBoth reports whether an Accept header admits both JSON and an
// event stream, as the streamable HTTP transport requires of a POST.
func acceptsBoth(values []string) bool {
	var jsonOK, streamOK bool
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			base, _, _ := strings.Cut(part, ";")
			switch strings.ToLower(strings.TrimSpace(base)) {
			case "application/json", "application/*":
				jsonOK = true
			case "text/event-stream", "text/*":
				streamOK = true
			case "*/*":
				jsonOK, streamOK = true, true
			}
		}
	}
	return jsonOK && streamOK
}

// withPrecheck answers what precheck refuses and passes every other
// request on, its body intact. A body that is not declared as JSON is the
// transport's to refuse (415); a request that does not accept JSON and an
// event stream is refused here with 406, and one over MaxRequestBytes with
// 413 (read no further than the limit), both with Loci's error body.
func withPrecheck(next http.Handler, jw *jsonErrors) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); r.Method != http.MethodPost || r.Body == nil || err != nil || mt != "application/json" {
			next.ServeHTTP(w, r)
			return
		}
		if !acceptsBoth(r.Header.Values("Accept")) {
			writeLociError(w, http.StatusNotAcceptable, ontology.EInvalid,
				"the Accept header must list both application/json and text/event-stream (MCP streamable HTTP)")
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBytes+1))
		if err != nil || len(body) > MaxRequestBytes {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) || len(body) > MaxRequestBytes {
				writeLociError(w, http.StatusRequestEntityTooLarge, ontology.ETooLarge, fmt.Sprintf("the request body is larger than %d bytes", MaxRequestBytes))
				return
			}
			writeLociError(w, http.StatusBadRequest, ontology.EInvalid, "the request body could not be read")
			return
		}
		var v verdict
		if batchTaken(r.Header.Get("Mcp-Protocol-Version"), body) {
			v = precheckBatch(body)
		} else {
			v = precheck(body)
		}
		if v.status != 0 {
			if v.body == nil {
				w.WriteHeader(v.status)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(v.status)
			_, _ = w.Write(v.body)
			return
		}
		if pv := r.Header.Get("Mcp-Protocol-Version"); pv != "" && !slices.Contains(mcp.SupportedProtocolVersions(), pv) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write(rpcError(v.id, codeInvalidRequest, fmt.Sprintf("unsupported MCP-Protocol-Version %q: this server supports %s",
				ontology.Truncate(pv, 40), strings.Join(mcp.SupportedProtocolVersions(), ", "))))
			return
		}
		jw.rpc, jw.id = true, v.id
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// batchTaken reports whether body is a batch that the request's protocol
// version obliges the server to take: MCP 2025-03-26 and earlier require a
// server to accept JSON-RPC batches, 2025-06-18 removed them, and a request
// without MCP-Protocol-Version is read as 2025-03-26 (the spec's fallback,
// as the SDK reads it).
func batchTaken(version string, body []byte) bool {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '[' {
		return false
	}
	if version == "" {
		version = "2025-03-26"
	}
	return version < "2025-06-18" && slices.Contains(mcp.SupportedProtocolVersions(), version)
}

// precheckBatch judges a batch the server takes: each message as precheck
// judges a lone one. A batch with a defective message is refused whole
// (400, -32600, id null, naming the message), so that nothing of it is
// done; an empty batch is invalid (JSON-RPC 2.0).
func precheckBatch(body []byte) verdict {
	var msgs []json.RawMessage
	if err := json.Unmarshal(body, &msgs); err != nil {
		return refuse(http.StatusBadRequest, nil, codeParseError, "parse error: the batch is not one JSON array of messages")
	}
	if len(msgs) == 0 {
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: the batch is empty")
	}
	for i, m := range msgs {
		v := precheck(m)
		if v.body == nil {
			continue // passed, or a notification the server drops
		}
		return refuse(http.StatusBadRequest, nil, codeInvalidRequest, "invalid request: message %d of the batch: %s (nothing of the batch was done)", i+1, v.msg)
	}
	return verdict{}
}

// writeLociError answers with Loci's JSON error body, as /v1 does.
func writeLociError(w http.ResponseWriter, status int, code, message string) {
	body, _ := json.Marshal(map[string]any{"error": map[string]string{"code": code, "message": message}})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
