package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
)

// What the SDK's JSON-RPC layer gets wrong about a request, answered here
// before it reads the body:
//
//   - it reads a numeric id through a float64 and answers with the integer
//     it rounds to: 9007199254740993 is answered as 9007199254740992, 1.5
//     as 1, 1e2 as 100. A response must carry its request's id, so an id
//     whose answer would differ from it is refused (HTTP 400, JSON-RPC
//     -32600 naming the reason, the id as sent);
//   - a request of a method whose params MCP requires (initialize,
//     tools/call, …) sent without them, or with params that are not an
//     object, is a JSON-RPC error -32602 with the request's id in a 200, as
//     other params a method cannot take are (the SDK answered 400 with no
//     id, or a JSON-RPC error of code 0).

// maxSafeID is the largest integer a float64 holds exactly (2^53−1).
const maxSafeID = 1<<53 - 1

// plainInteger is a JSON number written as an integer: no fraction, no
// exponent, no leading zero.
var plainInteger = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// paramsRequired are the methods the server answers whose params MCP's
// schema requires.
var paramsRequired = map[string]string{
	"initialize":          "protocolVersion, capabilities and clientInfo",
	"tools/call":          "the tool's name and arguments",
	"logging/setLevel":    "level",
	"completion/complete": "ref and argument",
}

// idProblem says why a JSON-RPC id, as sent, cannot be answered with the
// same bytes ("": it can, or it is absent, null or not a number: the SDK's
// to judge).
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

// precheck looks at a JSON-RPC body (one message or a batch) for what the
// SDK gets wrong; it returns the status and body to answer with, or 0 to
// let the SDK serve the request. Anything it cannot read is the SDK's.
func precheck(body []byte) (int, []byte) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var batch []json.RawMessage
		if json.Unmarshal(trimmed, &batch) != nil {
			return 0, nil
		}
		for i, m := range batch {
			var msg map[string]json.RawMessage
			if json.Unmarshal(m, &msg) != nil {
				continue
			}
			if p := idProblem(msg["id"]); p != "" {
				return http.StatusBadRequest, rpcError(nil, -32600, fmt.Sprintf("message %d of the batch: %s", i, p))
			}
		}
		return 0, nil
	}
	var msg map[string]json.RawMessage
	if json.Unmarshal(trimmed, &msg) != nil {
		return 0, nil
	}
	id := msg["id"]
	if p := idProblem(id); p != "" {
		return http.StatusBadRequest, rpcError(id, -32600, p)
	}
	var method string
	if json.Unmarshal(msg["method"], &method) != nil || len(id) == 0 || string(bytes.TrimSpace(id)) == "null" {
		return 0, nil // not a call: the SDK's to answer
	}
	need, ok := paramsRequired[method]
	if !ok {
		return 0, nil
	}
	if params := bytes.TrimSpace(msg["params"]); len(params) == 0 || params[0] != '{' {
		return http.StatusOK, rpcError(id, -32602, fmt.Sprintf("invalid params: %s requires params, an object with %s", method, need))
	}
	return 0, nil
}

// withPrecheck answers what precheck refuses and passes every other
// request on, its body intact. A body over MaxRequestBytes is passed on
// unread past the limit, for the transport to refuse.
func withPrecheck(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBytes+1))
		if err != nil || len(body) > MaxRequestBytes {
			r.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
			next.ServeHTTP(w, r)
			return
		}
		if status, answer := precheck(body); status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write(answer)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}
