// Package mcpserver serves Loci's memory to agents over the Model Context
// Protocol: seven tools (add_turns, search_memory, get_context, get_entity,
// find_paths, list_conversations, forget_conversation) over the same
// services as the REST API, with the same validation and limits.
//
// `loci mcp` runs it over stdio; `loci serve` mounts Handler at /mcp behind
// the REST API's authentication and rate limits.
//
// Tenant: a tool acts for the principal the request context carries
// (ontology.PrincipalFrom, set by the HTTP authentication); without one
// (stdio) it acts for Deps.Tenant.
package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// Ingestor stores batches of turns.
type Ingestor interface {
	AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error)
}

// Searcher answers searches.
type Searcher interface {
	Search(ctx context.Context, req ontology.SearchRequest) (ontology.SearchResponse, error)
}

// ContextBuilder assembles token-budgeted contexts.
type ContextBuilder interface {
	Context(ctx context.Context, req ontology.ContextRequest) (ontology.ContextResponse, error)
}

// Knowledge reads entities and the paths between them.
type Knowledge interface {
	EntityAt(ctx context.Context, tenant, id string, view ontology.TimeView) (ontology.EntityDetail, error)
	GraphPaths(ctx context.Context, q ontology.GraphQuery) ([]ontology.Path, error)
	// ResolveEntity returns the id of the entity nameOrID names: an entity
	// id of the tenant, or a name or alias within conversation.
	ResolveEntity(ctx context.Context, tenant, conversation, nameOrID string) (string, error)
}

// Conversations lists and deletes a tenant's conversations.
type Conversations interface {
	Conversations(ctx context.Context, tenant string, limit int) ([]ontology.ConversationSummary, error)
	DeleteConversation(ctx context.Context, tenant, id string) (ontology.DeleteReceipt, error)
	SpeakerIdentities(ctx context.Context, tenant, conversation string) ([]ontology.Speaker, error)
	SetSpeakerAliases(ctx context.Context, tenant, conversation, speaker string, aliases []string) (ontology.Speaker, error)
}

// Deps are what the tools are wired to; every service is required.
type Deps struct {
	Ingest        Ingestor
	Search        Searcher
	Contexts      ContextBuilder
	Knowledge     Knowledge
	Conversations Conversations
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
const instructions = `Loci is long-term memory for conversations. Store every turn of a conversation with add_turns (one call per session or exchange; resending is harmless). Before answering a question that depends on earlier conversations, call get_context with the question: it returns one compact, token-budgeted text (entity profiles, dated events, topic summaries, retrieved memories) in which every line cites the turn ids it rests on in brackets. Use search_memory for a ranked list of matching turns and facts, get_entity for everything known about a person, place or thing, and find_paths to see how two entities are related. list_conversations shows which conversations are stored; forget_conversation deletes one for good.`

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
	s.AddReceivingMiddleware(codedArgumentErrors)
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
		h.ServeHTTP(w, r)
	})
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

// handler is a tool's work: the call's tenant and typed input in, a result
// (nil: the SDK's default, the output as JSON text) and typed output out.
type handler[In, Out any] func(ctx context.Context, tenant string, in In, req *mcp.CallToolRequest) (*mcp.CallToolResult, Out, error)

// add registers one tool whose handler never panics and whose errors
// reach the client as tool errors ("validation: …", "not_found: …").
func add[In, Out any](s *mcp.Server, t *tools, tool *mcp.Tool, h handler[In, Out]) {
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				t.Log.Error("panic in MCP tool", "tool", tool.Name, "panic", p)
				var zero Out
				res, out, err = nil, zero, errors.New(ontology.EInternal+": internal error")
			}
		}()
		if t.Timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, t.Timeout)
			defer cancel()
		}
		res, out, err = h(ctx, t.tenant(ctx), in, req)
		if err == nil {
			err = encodable(out)
		}
		if err != nil {
			var zero Out
			return nil, zero, t.toolError(ctx, tool.Name, err)
		}
		return res, out, nil
	})
}

// encodable checks that a tool's output encodes as JSON before the SDK
// encodes it: the SDK answers an output that does not (a time outside
// years 0–9999, a NaN score) with a JSON-RPC error carrying the encoder's
// message; it becomes a logged internal tool error instead, as a REST
// response becomes a 500.
func encodable(out any) error {
	if _, err := json.Marshal(out); err != nil {
		return &ontology.Error{Code: ontology.EInternal, Message: "the result could not be encoded", Err: fmt.Errorf("encoding a tool result: %w", err)}
	}
	return nil
}

// codedArgumentErrors prefixes the code "invalid" to the tool errors the
// SDK itself makes for arguments that do not match a tool's input schema
// (unknown arguments, wrong types), so every tool error starts with a code
// like Loci's own, and a malformed call reads as the REST API's 400.
func codedArgumentErrors(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		r, ok := res.(*mcp.CallToolResult)
		if err != nil || !ok || !r.IsError || len(r.Content) != 1 {
			return res, err
		}
		if tc, ok := r.Content[0].(*mcp.TextContent); ok && !hasCode(tc.Text) {
			tc.Text = ontology.EInvalid + ": " + tc.Text
		}
		return res, err
	}
}

// hasCode reports whether a tool error's text starts with an error code.
func hasCode(text string) bool {
	code, _, ok := strings.Cut(text, ": ")
	if !ok {
		return false
	}
	switch code {
	case ontology.EInvalid, ontology.EValidation, ontology.ETooLarge, ontology.ENotFound, ontology.EConflict,
		ontology.EUnavailable, ontology.EInternal, ontology.EUnauthorized, ontology.EForbidden, ontology.ERateLimited:
		return true
	}
	return false
}

// toolError turns an application error into the text of an MCP tool error:
// its code and its client-facing message, never internals.
func (t *tools) toolError(ctx context.Context, tool string, err error) error {
	code, msg := ontology.ErrorCode(err), ontology.ErrorMessage(err)
	if code == ontology.EUnavailable && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		msg = "the call did not finish within its time limit: " + msg
	}
	if code == ontology.EInternal || code == ontology.EUnavailable {
		t.Log.Error("MCP tool failed", "tool", tool, "code", code, "err", err)
	}
	return errors.New(code + ": " + msg)
}
