// Package mcpserver serves Loci's memory to agents over the Model Context
// Protocol: seven tools (add_turns, search_memory, get_context, get_entity,
// find_paths, list_conversations, forget_conversation) over the same
// services as the REST API, with the same validation and limits.
//
// `loci mcp` runs it over stdio (Stdio); `loci serve` mounts Handler at /mcp behind
// the REST API's authentication and rate limits.
//
// Tenant: a tool acts for the principal the request context carries
// (ontology.PrincipalFrom, set by the HTTP authentication); without one
// (stdio) it acts for Deps.Tenant.
package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// Deps are what the tools are wired to; every service is required.
type Deps struct {
	Ingest        ontology.Ingestor
	Search        ontology.Searcher
	Contexts      ontology.ContextBuilder
	Knowledge     ontology.Knowledge
	Conversations ontology.Conversations
	// Tenant is the tenant of calls whose context carries no principal
	// (stdio); "" is the default tenant.
	Tenant string
	// Timeout bounds each tool call's work (zero: no bound), like
	// LOCI_REQUEST_TIMEOUT bounds a /v1 request.
	Timeout time.Duration
	// Version is reported to clients at initialize ("" is "dev").
	Version string
	Log     *slog.Logger
}

// instructions tell the agent how the tools fit together.
const instructions = `Loci is long-term memory for conversations. Store every turn of a conversation with add_turns (one call per session or exchange; resending is harmless). Before answering a question that depends on earlier conversations, call get_context with the question (with conversation_id for one conversation, without it for all of them): it returns one compact, token-budgeted text (entity profiles, dated events, topic summaries, retrieved memories) in which every line cites the turn ids it rests on in brackets. Use search_memory for a ranked list of matching turns and facts, get_entity for everything known about a person, place or thing, and find_paths to see how two entities are related. list_conversations shows which conversations are stored; forget_conversation deletes one for good.`

// New returns an MCP server offering Loci's seven memory tools.
func New(d Deps) *mcp.Server {
	if d.Ingest == nil || d.Search == nil || d.Contexts == nil || d.Knowledge == nil || d.Conversations == nil {
		panic("mcpserver.New: Ingest, Search, Contexts, Knowledge and Conversations are all required")
	}
	if d.Tenant == "" {
		d.Tenant = ontology.DefaultTenant
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Version == "" {
		d.Version = "dev"
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "loci", Title: "Loci long-term memory", Version: d.Version},
		&mcp.ServerOptions{Instructions: instructions, Logger: slog.New(warnings{d.Log.Handler()})})
	t := &tools{Deps: d}
	t.register(s)
	s.AddReceivingMiddleware(codedArgumentErrors, mendedArguments)
	return s
}

// MaxRequestBytes bounds an MCP HTTP request body: the same as a REST batch
// of turns (1,000 turns of 32 KiB text and 16 KiB metadata fit).
const MaxRequestBytes = 50 << 20

// Handler serves s over streamable HTTP, statelessly: every POST carries
// its own JSON-RPC request and is answered with plain JSON; no session is
// kept between requests (GET and DELETE answer 405). Loci replicas are
// stateless behind a load balancer, so any replica can answer any request,
// and each request's tools act for that request's own principal.
//
// It must be mounted behind authentication that puts the principal into
// the request context (handlers does); a request without one is refused
// with 401 rather than served for a default tenant.
func Handler(s *mcp.Server) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{
		Stateless:           true,
		JSONResponse:        true,
		MaxRequestBodyBytes: MaxRequestBytes,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := ontology.PrincipalFrom(r.Context()); !ok {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":{"code":"unauthorized","message":"the MCP endpoint is served only behind Loci's authentication"}}`)
			return
		}
		jw := &jsonErrors{ResponseWriter: w}
		defer jw.finish()
		withPrecheck(h, jw).ServeHTTP(jw, r)
	})
}

// jsonErrors makes the SDK's transport errors, which it answers in plain
// text, JSON: a 400 for a JSON-RPC message that precheck passed becomes a
// JSON-RPC error -32600 carrying the message's id; any other (a method the
// transport does not serve, a body it cannot read) Loci's JSON error body,
// as every other 4xx of the API is: {"error":{"code":…,"message":…}}.
type jsonErrors struct {
	http.ResponseWriter
	status int // a refusal being rewritten; 0: passed through
	msg    []byte
	rpc    bool            // the request is a JSON-RPC message precheck passed
	id     json.RawMessage // its id (nil: null)
}

// transportCodes are the error codes of the transport's statuses.
var transportCodes = map[int]string{
	http.StatusBadRequest: ontology.EInvalid, http.StatusNotAcceptable: ontology.EInvalid, http.StatusUnsupportedMediaType: ontology.EUnsupportedMedia,
	http.StatusNotFound: ontology.ENotFound, http.StatusMethodNotAllowed: "method_not_allowed", http.StatusRequestEntityTooLarge: ontology.ETooLarge,
}

func (w *jsonErrors) WriteHeader(status int) {
	ct := w.Header().Get("Content-Type")
	if status < 400 || strings.HasPrefix(ct, "application/json") {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.status = status
}

func (w *jsonErrors) Write(b []byte) (int, error) {
	if w.status == 0 {
		return w.ResponseWriter.Write(b)
	}
	if len(w.msg) < 1024 {
		w.msg = append(w.msg, b...)
	}
	return len(b), nil
}

// finish writes the rewritten refusal, if there is one.
func (w *jsonErrors) finish() {
	if w.status == 0 {
		return
	}
	msg := strings.TrimSpace(string(w.msg))
	w.Header().Del("Content-Length")
	if w.rpc && w.status == http.StatusBadRequest {
		w.Header().Set("Content-Type", "application/json")
		w.ResponseWriter.WriteHeader(w.status)
		_, _ = w.ResponseWriter.Write(rpcError(w.id, codeInvalidRequest, msg))
		return
	}
	code, ok := transportCodes[w.status]
	if !ok {
		code = ontology.EInternal
	}
	writeLociError(w.ResponseWriter, w.status, code, msg)
}

// Flush passes a flush on (the transport flushes its JSON responses).
func (w *jsonErrors) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok && w.status == 0 {
		f.Flush()
	}
}

// warnings passes on only warnings and errors: the SDK logs every session
// at info, and statelessly served, every HTTP request is a session.
type warnings struct{ slog.Handler }

func (w warnings) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.Handler.Enabled(ctx, l)
}

func (w warnings) WithAttrs(as []slog.Attr) slog.Handler { return warnings{w.Handler.WithAttrs(as)} }
func (w warnings) WithGroup(name string) slog.Handler    { return warnings{w.Handler.WithGroup(name)} }

// tools holds the tool handlers.
type tools struct{ Deps }

// tenant is the tenant a call acts for: its principal's, or Deps.Tenant.
func (t *tools) tenant(ctx context.Context) string {
	if p, ok := ontology.PrincipalFrom(ctx); ok && p.Tenant != "" {
		return p.Tenant
	}
	return t.Tenant
}
