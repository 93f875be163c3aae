// Package handlers is Loci's HTTP API (Gin, JSON, under /v1). Handlers only
// decode, call a service and encode: the services and the request checks
// they share with the MCP tools are ontology's, the rules live in
// ontology, query and extract, and storage in graph. Files are grouped by
// resource: conversations, search, context, entities (and the graph),
// tenants and speakers.
//
// The caller chooses Gin's mode (gin.SetMode) before New; `loci serve`
// runs in release mode.
package handlers

import (
	"context"
	_ "embed"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/metrics"
	"github.com/loci-memory/loci/ontology"
)

// Answerer and Answer are ontology's; the names stay for callers of
// Deps.Answerer.
type (
	Answerer = ontology.Answerer
	Answer   = ontology.Answer
)

// Deps are what the API is wired to.
type Deps struct {
	Ingest        ontology.Ingestor
	Search        ontology.Searcher
	Conversations ontology.Conversations
	// Knowledge serves the entity and graph endpoints.
	Knowledge ontology.Knowledge
	// Contexts assembles /v1/context; Answerer (nil: no LLM) answers
	// /v1/answer from it.
	Contexts ontology.ContextBuilder
	Answerer ontology.Answerer
	// Ready returns nil when Loci can serve /v1 requests (Neo4j reachable,
	// schema applied, indexes online), or why not. It runs before every /v1
	// request, so it must be cheap (cmd/loci serves a cached state).
	Ready func(ctx context.Context) error
	// Status (nil: none) adds to /readyz's answer what the process reports
	// of itself, such as the enrichment backlog of asynchronous ingest.
	Status func() map[string]any
	// Auth maps API keys to tenants; every /v1 request must then carry
	// "Authorization: Bearer <key>". Nil is dev mode: no keys, and every
	// request acts for Tenant's tenant.
	Auth ontology.Authenticator
	// Tenant names the tenant of a request in dev mode (nil: the default
	// tenant). It is ignored when Auth is set.
	Tenant func(*http.Request) string
	// RateLimit limits each API key's requests (zero: no limit).
	RateLimit RateLimit
	// RequestTimeout bounds each /v1 request's work (zero: no bound).
	RequestTimeout time.Duration
	// MCP, when set, serves the Model Context Protocol (streamable HTTP) at
	// /mcp behind the same authentication and rate limits as /v1; its tools
	// find the request's principal with ontology.PrincipalFrom.
	MCP http.Handler
	Log *slog.Logger
	// Metrics records request latencies and serves /metrics (nil: nothing
	// is recorded and /metrics serves none). /metrics is outside
	// authentication: bind or firewall it privately in production.
	Metrics *metrics.Registry
}

//go:embed openapi.json
var openAPI []byte

// OpenAPI returns the OpenAPI 3 document of the API.
func OpenAPI() []byte { return openAPI }

// New returns the HTTP handler of the whole API.
func New(d Deps) *gin.Engine {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Tenant == nil {
		d.Tenant = func(*http.Request) string { return ontology.DefaultTenant }
	}
	r := gin.New()
	r.UseRawPath = true // ids may hold an escaped "/"
	r.UnescapePathValues = true
	r.HandleMethodNotAllowed = true
	// A trailing slash is no route (404 JSON), not a redirect with an HTML
	// body: every answer of the API is JSON.
	r.RedirectTrailingSlash = false
	r.Use(observe(d.Log, d.Metrics), recoverJSON(d.Log))
	r.NoRoute(func(c *gin.Context) {
		writeError(c, d.Log, ontology.Errorf(ontology.ENotFound, "no route %s %s", c.Request.Method, c.Request.URL.Path))
	})
	r.NoMethod(func(c *gin.Context) {
		c.Abort()
		render(c, d.Log, http.StatusMethodNotAllowed, ErrorBody{Error: ErrorDetail{
			Code: "method_not_allowed", Message: c.Request.Method + " is not allowed on " + c.Request.URL.Path,
		}})
	})
	h := &api{Deps: d}
	if d.RateLimit.PerSecond > 0 {
		h.limiter = newLimiter(d.RateLimit)
	}
	r.GET("/healthz", func(c *gin.Context) { render(c, h.Log, http.StatusOK, gin.H{"status": "ok"}) })
	r.GET("/readyz", h.readyz)
	r.GET("/openapi.json", func(c *gin.Context) { c.Data(http.StatusOK, "application/json", openAPI) })
	r.GET("/metrics", gin.WrapH(d.Metrics.Handler()))

	if d.MCP != nil {
		mcp := gin.WrapH(d.MCP)
		r.Any("/mcp", h.authenticate, h.rateLimit, h.requireReady, h.jsonBody, mcp)
		r.Any("/mcp/*rest", h.authenticate, h.rateLimit, h.requireReady, h.jsonBody, mcp)
	}
	v1 := r.Group("/v1", h.authenticate, h.rateLimit, h.deadline, h.requireReady)
	for _, rt := range []struct {
		method, path string
		e            endpoint
	}{
		{"GET", "/conversations", h.listConversations},
		{"POST", "/conversations/:conversation_id/turns", h.addTurns},
		{"GET", "/conversations/:conversation_id/turns", h.listTurns},
		{"GET", "/conversations/:conversation_id", h.getConversation},
		{"DELETE", "/conversations/:conversation_id", h.deleteConversation},
		{"GET", "/conversations/:conversation_id/speakers", h.listSpeakers},
		{"PUT", "/conversations/:conversation_id/speakers/:speaker/aliases", h.setSpeakerAliases},
		{"DELETE", "/conversations/:conversation_id/speakers/:speaker", h.deleteSpeaker},
		{"DELETE", "/tenants/:tenant", h.deleteTenant},
		{"POST", "/search", h.search},
		{"GET", "/entities", h.listEntities},
		{"GET", "/entities/:entity_id", h.getEntity},
		{"GET", "/entities/:entity_id/history", h.entityHistory},
		{"GET", "/graph/neighborhood", h.neighbourhood},
		{"GET", "/graph/paths", h.paths},
		{"POST", "/context", h.context},
		{"POST", "/answer", h.answer},
	} {
		v1.Handle(rt.method, rt.path, h.serve(rt.e))
	}
	return r
}

type api struct {
	Deps
	limiter *limiter // nil: no rate limit
}

// endpoint is one route's work: the status and body of its answer, or an
// error, which becomes the error body with the status of its code.
type endpoint func(c *gin.Context) (status int, body any, err error)

// serve adapts an endpoint to Gin: every route answers through render or
// writeError.
func (h *api) serve(e endpoint) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := checkQuery(c.Request.URL.RawQuery); err != nil {
			writeError(c, h.Log, err)
			return
		}
		status, body, err := e(c)
		if err != nil {
			writeError(c, h.Log, err)
			return
		}
		render(c, h.Log, status, body)
	}
}

// tenant is the tenant of a request (its principal's); graph/ enforces the
// scoping.
func (h *api) tenant(c *gin.Context) string { return principal(c).Tenant }

func (h *api) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 5*time.Second)
	defer cancel()
	if err := h.Ready(ctx); err != nil {
		// The reason is the error's message for people; the driver's own
		// text (Neo4j's address, server messages) is not served: /readyz
		// answers without authentication, and the readiness loop logs it.
		render(c, h.Log, http.StatusServiceUnavailable, gin.H{"status": "unavailable", "reason": ontology.ErrorMessage(err)})
		return
	}
	out := gin.H{"status": "ready"}
	if h.Status != nil {
		for k, v := range h.Status() {
			out[k] = v
		}
	}
	render(c, h.Log, http.StatusOK, out)
}

// requireReady answers 503 while Loci cannot serve (Neo4j down, schema not
// yet applied), instead of letting requests fail deeper down.
func (h *api) requireReady(c *gin.Context) {
	if err := h.Ready(c.Request.Context()); err != nil {
		writeError(c, h.Log, &ontology.Error{Code: ontology.EUnavailable, Message: "Loci is not ready: " + ontology.ErrorMessage(err), Err: err})
		return
	}
	c.Next()
}

// jsonBody refuses a body declared as something other than JSON before the
// MCP transport reads it, as readBody does for /v1: the transport checks
// the media type but not its charset.
func (h *api) jsonBody(c *gin.Context) {
	if err := checkContentType(c.GetHeader("Content-Type")); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Next()
}

func recoverJSON(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if p := recover(); p != nil {
				requestLog(c, log).Error("panic in handler", "path", c.Request.URL.Path, "panic", p)
				writeError(c, log, ontology.Errorf(ontology.EInternal, "internal error"))
			}
		}()
		c.Next()
	}
}
