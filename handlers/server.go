// Package handlers is Loci's HTTP API (Gin, JSON, under /v1). Handlers only
// decode, call a service and encode; rules live in ontology, query and
// extract, and storage in graph.
package handlers

import (
	"context"
	_ "embed"
	"log/slog"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/metrics"
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

// Conversations reads and deletes stored conversations.
type Conversations interface {
	// Conversations lists up to limit conversations of tenant, the most
	// recently active first.
	Conversations(ctx context.Context, tenant string, limit int) ([]ontology.ConversationSummary, error)
	Conversation(ctx context.Context, tenant, id string) (ontology.Conversation, error)
	Turns(ctx context.Context, tenant, conversation string, after int64, limit int) (ontology.TurnPage, error)
	DeleteConversation(ctx context.Context, tenant, id string) (ontology.DeleteReceipt, error)
	// DeleteSpeaker forgets one speaker of a conversation: their turns and
	// what was derived only from them.
	DeleteSpeaker(ctx context.Context, tenant, conversation, speaker string) (ontology.DeleteReceipt, error)
	// DeleteTenant deletes every conversation of tenant.
	DeleteTenant(ctx context.Context, tenant string) (ontology.DeleteReceipt, error)
	// SpeakerIdentities lists a conversation's speakers with their aliases.
	SpeakerIdentities(ctx context.Context, tenant, conversation string) ([]ontology.Speaker, error)
	// SetSpeakerAliases replaces one speaker's explicit aliases.
	SetSpeakerAliases(ctx context.Context, tenant, conversation, speaker string, aliases []string) (ontology.Speaker, error)
}

// Deps are what the API is wired to.
type Deps struct {
	Ingest        Ingestor
	Search        Searcher
	Conversations Conversations
	// Knowledge serves the entity and graph endpoints.
	Knowledge Knowledge
	// Contexts assembles /v1/context; Answerer (nil: no LLM) answers
	// /v1/answer from it.
	Contexts ContextBuilder
	Answerer Answerer
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

const maxTurnsPageLimit = 1000

// New returns the HTTP handler of the whole API.
func New(d Deps) *gin.Engine {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Tenant == nil {
		d.Tenant = func(*http.Request) string { return ontology.DefaultTenant }
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.UseRawPath = true // ids may hold an escaped "/"
	r.UnescapePathValues = true
	r.HandleMethodNotAllowed = true
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
		r.Any("/mcp", h.authenticate, h.rateLimit, h.requireReady, mcp)
		r.Any("/mcp/*rest", h.authenticate, h.rateLimit, h.requireReady, mcp)
	}
	v1 := r.Group("/v1", h.authenticate, h.rateLimit, h.deadline, h.requireReady)
	v1.GET("/conversations", h.listConversations)
	v1.POST("/conversations/:conversation_id/turns", h.addTurns)
	v1.GET("/conversations/:conversation_id/turns", h.listTurns)
	v1.GET("/conversations/:conversation_id", h.getConversation)
	v1.DELETE("/conversations/:conversation_id", h.deleteConversation)
	v1.GET("/conversations/:conversation_id/speakers", h.listSpeakers)
	v1.PUT("/conversations/:conversation_id/speakers/:speaker/aliases", h.setSpeakerAliases)
	v1.DELETE("/conversations/:conversation_id/speakers/:speaker", h.deleteSpeaker)
	v1.DELETE("/tenants/:tenant", h.deleteTenant)
	v1.POST("/search", h.search)
	v1.GET("/entities", h.listEntities)
	v1.GET("/entities/:entity_id", h.getEntity)
	v1.GET("/entities/:entity_id/history", h.entityHistory)
	v1.GET("/graph/neighborhood", h.neighbourhood)
	v1.GET("/graph/paths", h.paths)
	v1.POST("/context", h.context)
	v1.POST("/answer", h.answer)
	return r
}

type api struct {
	Deps
	limiter *limiter // nil: no rate limit
}

// tenant is the tenant of a request (its principal's); graph/ enforces the
// scoping.
func (h *api) tenant(c *gin.Context) string { return principal(c).Tenant }

func (h *api) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 5*time.Second)
	defer cancel()
	if err := h.Ready(ctx); err != nil {
		render(c, h.Log, http.StatusServiceUnavailable, gin.H{"status": "unavailable", "reason": err.Error()})
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
		writeError(c, h.Log, &ontology.Error{Code: ontology.EUnavailable, Message: "Loci is not ready: " + err.Error()})
		return
	}
	c.Next()
}

func (h *api) conversationID(c *gin.Context) (string, bool) {
	id := c.Param("conversation_id")
	if err := ontology.ValidateName("conversation id", id, ontology.MaxIDBytes); err != nil {
		writeError(c, h.Log, err)
		return "", false
	}
	return id, true
}

func (h *api) addTurns(c *gin.Context) {
	conv, ok := h.conversationID(c)
	if !ok {
		return
	}
	body, err := readBody(c, maxTurnsBody)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	turns, err := decodeTurns(body)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	ctx := c.Request.Context()
	if w := c.Query("wait"); w != "" {
		wait, err := strconv.ParseBool(w)
		if err != nil {
			writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "wait=%q: want true or false", w))
			return
		}
		if wait {
			ctx = ontology.WithEnrichmentWait(ctx)
		}
	}
	res, err := h.Ingest.AddTurns(ctx, h.tenant(c), conv, turns)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	status := http.StatusOK
	if res.Created > 0 {
		status = http.StatusCreated
	}
	out := gin.H{"conversation_id": conv, "created": res.Created, "existing": res.Existing, "existing_ids": res.ExistingIDs}
	if res.Knowledge != nil {
		out["knowledge"] = res.Knowledge
	}
	if res.Enrichment != "" {
		out["enrichment"] = res.Enrichment
	}
	render(c, h.Log, status, out)
}

func (h *api) listTurns(c *gin.Context) {
	conv, ok := h.conversationID(c)
	if !ok {
		return
	}
	after, limit := int64(-1), 100
	if s := c.Query("after"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < -1 {
			writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "after must be an integer >= -1, got %q", s))
			return
		}
		after = v
	}
	if s := c.Query("limit"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > maxTurnsPageLimit {
			writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "limit must be an integer from 1 to %d, got %q", maxTurnsPageLimit, s))
			return
		}
		limit = v
	}
	page, err := h.Conversations.Turns(c.Request.Context(), h.tenant(c), conv, after, limit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, page)
}

func (h *api) listConversations(c *gin.Context) {
	limit, err := intParam(c, "limit", 100, 1, maxTurnsPageLimit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	cs, err := h.Conversations.Conversations(c.Request.Context(), h.tenant(c), limit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"conversations": cs})
}

func (h *api) getConversation(c *gin.Context) {
	conv, ok := h.conversationID(c)
	if !ok {
		return
	}
	out, err := h.Conversations.Conversation(c.Request.Context(), h.tenant(c), conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, out)
}

func (h *api) deleteConversation(c *gin.Context) {
	conv, ok := h.conversationID(c)
	if !ok {
		return
	}
	receipt, err := h.Conversations.DeleteConversation(c.Request.Context(), h.tenant(c), conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"conversation_id": conv, "deleted": receipt})
}

func (h *api) search(c *gin.Context) {
	body, err := readBody(c, maxSmallBody)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	if !utf8.Valid(body) {
		writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "request body is not valid UTF-8"))
		return
	}
	var req ontology.SearchRequest
	if err := decodeStrict(body, &req); err != nil {
		writeError(c, h.Log, err)
		return
	}
	req.Tenant = h.tenant(c)
	res, err := h.Search.Search(c.Request.Context(), req)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, res)
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
