// Package client is a Go client for Loci's REST API (/v1). It covers every
// route, authenticates with an API key, and retries what is safe to retry:
// 429 and 503 answers (honouring Retry-After) and transport errors, for
// every call — Loci's writes are idempotent (a resent batch of turns
// stores nothing twice, a repeated delete finds nothing).
//
// Errors from the server come back as *Error, which wraps an
// *ontology.Error, so ontology.ErrorCode(err) gives the API's error code
// ("not_found", "validation", …).
package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/ontology"
)

// Client calls one Loci server. Its zero value is not usable; use New.
type Client struct {
	base    string
	key     string
	http    *http.Client
	retries int
	maxWait time.Duration
	tenant  string
}

// Option configures a Client.
type Option func(*Client)

// WithAPIKey sends "Authorization: Bearer key" on every request.
func WithAPIKey(key string) Option { return func(c *Client) { c.key = key } }

// WithHTTPClient replaces http.DefaultClient.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithRetries sets how many times a 429, 503 or transport error is retried
// (default 4), waiting Retry-After or an exponential backoff, at most
// maxWait per wait.
func WithRetries(n int, maxWait time.Duration) Option {
	return func(c *Client) { c.retries, c.maxWait = n, maxWait }
}

// WithTenant sends the X-Loci-Tenant header, so a key of another tenant is
// refused (403) instead of silently acting for its own.
func WithTenant(tenant string) Option { return func(c *Client) { c.tenant = tenant } }

// New returns a client of the server at baseURL (e.g. http://127.0.0.1:8080).
func New(baseURL string, opts ...Option) *Client {
	c := &Client{base: strings.TrimRight(baseURL, "/"), http: http.DefaultClient, retries: 4, maxWait: 10 * time.Second}
	for _, o := range opts {
		o(c)
	}
	return c
}

func esc(s string) string { return url.PathEscape(s) }

// wireTurn is a turn as the API takes it (the store sets seq).
type wireTurn struct {
	ID        string         `json:"id,omitempty"`
	Session   string         `json:"session,omitempty"`
	Speaker   string         `json:"speaker"`
	Text      string         `json:"text"`
	Timestamp *time.Time     `json:"timestamp,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// AddTurnsResult is the answer to AddTurns: the conversation and what the
// batch did (ids in the order sent, created and existing counts, the
// knowledge report, "pending" or "done" enrichment).
type AddTurnsResult struct {
	ConversationID string `json:"conversation_id"`
	ontology.IngestResult
}

// AddTurns stores a batch of turns (at most ontology.MaxTurnsPerBatch) in
// one transaction. A turn without an ID gets one here (a UUID, returned in
// IDs), so the retries AddTurns makes itself never store it twice.
// Resending a batch is harmless: turns already stored are reported in
// ExistingIDs. A server ingesting asynchronously answers once
// the turns are stored; their vectors and knowledge follow.
func (c *Client) AddTurns(ctx context.Context, conversation string, turns []ontology.Turn) (AddTurnsResult, error) {
	return c.addTurns(ctx, conversation, turns, false)
}

// AddTurnsWait is AddTurns that answers only once the batch is enriched
// too (?wait=true), with its knowledge report: for importers and
// benchmarks that read what was drawn from the turns right after.
func (c *Client) AddTurnsWait(ctx context.Context, conversation string, turns []ontology.Turn) (AddTurnsResult, error) {
	return c.addTurns(ctx, conversation, turns, true)
}

func (c *Client) addTurns(ctx context.Context, conversation string, turns []ontology.Turn, wait bool) (AddTurnsResult, error) {
	in := struct {
		Turns []wireTurn `json:"turns"`
	}{Turns: make([]wireTurn, len(turns))}
	for i, t := range turns {
		if t.ID == "" {
			// Named here, not by the server, so that a retry of this
			// call (below, in do) resends the same ids and stores
			// nothing twice.
			id, err := uuid.NewV7()
			if err != nil {
				return AddTurnsResult{}, fmt.Errorf("loci: naming turn %d: %w", i, err)
			}
			t.ID = id.String()
		}
		in.Turns[i] = wireTurn{ID: t.ID, Session: t.Session, Speaker: t.Speaker, Text: t.Text, Timestamp: t.Timestamp, Metadata: t.Metadata}
	}
	path := "/v1/conversations/" + esc(conversation) + "/turns"
	if wait {
		path += "?wait=true"
	}
	var out AddTurnsResult
	err := c.do(ctx, http.MethodPost, path, in, &out)
	return out, err
}

// Turns returns one page of a conversation's turns after seq `after` (-1:
// from the start); page.NextAfter is set when more follow.
func (c *Client) Turns(ctx context.Context, conversation string, after int64, limit int) (ontology.TurnPage, error) {
	var out ontology.TurnPage
	q := url.Values{"after": {strconv.FormatInt(after, 10)}, "limit": {strconv.Itoa(limit)}}
	err := c.do(ctx, http.MethodGet, "/v1/conversations/"+esc(conversation)+"/turns?"+q.Encode(), nil, &out)
	return out, err
}

// AllTurns pages through every turn of a conversation.
func (c *Client) AllTurns(ctx context.Context, conversation string) ([]ontology.StoredTurn, error) {
	var all []ontology.StoredTurn
	after := int64(-1)
	for {
		page, err := c.Turns(ctx, conversation, after, 1000)
		if err != nil {
			return nil, err
		}
		all = append(all, page.Turns...)
		if page.NextAfter == nil {
			return all, nil
		}
		after = *page.NextAfter
	}
}

// Conversations lists up to limit (1–1000; 0: 100) of the tenant's
// conversations, the most recently active first.
func (c *Client) Conversations(ctx context.Context, limit int) ([]ontology.ConversationSummary, error) {
	q := ""
	if limit > 0 {
		q = "?limit=" + strconv.Itoa(limit)
	}
	var out struct {
		Conversations []ontology.ConversationSummary `json:"conversations"`
	}
	err := c.do(ctx, http.MethodGet, "/v1/conversations"+q, nil, &out)
	return out.Conversations, err
}

// Conversation describes a stored conversation.
func (c *Client) Conversation(ctx context.Context, id string) (ontology.Conversation, error) {
	var out ontology.Conversation
	err := c.do(ctx, http.MethodGet, "/v1/conversations/"+esc(id), nil, &out)
	return out, err
}

type deleted struct {
	Deleted ontology.DeleteReceipt `json:"deleted"`
}

// DeleteConversation deletes a conversation and everything derived from it.
func (c *Client) DeleteConversation(ctx context.Context, id string) (ontology.DeleteReceipt, error) {
	var out deleted
	err := c.do(ctx, http.MethodDelete, "/v1/conversations/"+esc(id), nil, &out)
	return out.Deleted, err
}

// DeleteSpeaker forgets one speaker of a conversation.
func (c *Client) DeleteSpeaker(ctx context.Context, conversation, speaker string) (ontology.DeleteReceipt, error) {
	var out deleted
	err := c.do(ctx, http.MethodDelete, "/v1/conversations/"+esc(conversation)+"/speakers/"+esc(speaker), nil, &out)
	return out.Deleted, err
}

// Speakers lists a conversation's speakers with their aliases.
func (c *Client) Speakers(ctx context.Context, conversation string) ([]ontology.Speaker, error) {
	var out struct {
		Speakers []ontology.Speaker `json:"speakers"`
	}
	err := c.do(ctx, http.MethodGet, "/v1/conversations/"+esc(conversation)+"/speakers", nil, &out)
	return out.Speakers, err
}

// SetSpeakerAliases replaces one speaker's explicit aliases (nil or empty
// removes them) and returns the speaker with every alias.
func (c *Client) SetSpeakerAliases(ctx context.Context, conversation, speaker string, aliases []string) (ontology.Speaker, error) {
	if aliases == nil {
		aliases = []string{}
	}
	var out struct {
		Speaker ontology.Speaker `json:"speaker"`
	}
	err := c.do(ctx, http.MethodPut, "/v1/conversations/"+esc(conversation)+"/speakers/"+esc(speaker)+"/aliases",
		map[string]any{"aliases": aliases}, &out)
	return out.Speaker, err
}

// DeleteTenant deletes everything of the key's own tenant.
func (c *Client) DeleteTenant(ctx context.Context, tenant string) (ontology.DeleteReceipt, error) {
	var out deleted
	err := c.do(ctx, http.MethodDelete, "/v1/tenants/"+esc(tenant), nil, &out)
	return out.Deleted, err
}

// Search runs a retrieval (POST /v1/search). req.Tenant is ignored: the
// key decides the tenant.
func (c *Client) Search(ctx context.Context, req ontology.SearchRequest) (ontology.SearchResponse, error) {
	var out ontology.SearchResponse
	err := c.do(ctx, http.MethodPost, "/v1/search", req, &out)
	return out, err
}

// Context assembles what an LLM should read to answer req.Query
// (req.Tenant is ignored: the key decides the tenant).
func (c *Client) Context(ctx context.Context, req ontology.ContextRequest) (ontology.ContextResponse, error) {
	var out ontology.ContextResponse
	err := c.do(ctx, http.MethodPost, "/v1/context", req, &out)
	return out, err
}

// Answer is the answer of POST /v1/answer. Text is nil when the server has
// no LLM; Reason then says why and Context is still filled.
type Answer struct {
	Text         *string                  `json:"answer"`
	CitedTurnIDs []string                 `json:"cited_turn_ids"`
	Reason       string                   `json:"reason,omitempty"`
	Context      ontology.ContextResponse `json:"context"`
	Tokens       *struct {
		Prompt     int `json:"prompt"`
		Completion int `json:"completion"`
	} `json:"tokens,omitempty"`
}

// Answer asks the server's LLM to answer from the context.
func (c *Client) Answer(ctx context.Context, req ontology.ContextRequest) (Answer, error) {
	var out Answer
	err := c.do(ctx, http.MethodPost, "/v1/answer", req, &out)
	return out, err
}

// EntitiesRequest filters GET /v1/entities.
type EntitiesRequest struct {
	ConversationID string
	Query          string
	Type           ontology.EntityType
	Limit          int
	// TimeView lists the entities mentioned by AsOf and stored by
	// KnownAt, with their mentions counted then.
	ontology.TimeView
}

// Entities lists or searches entities.
func (c *Client) Entities(ctx context.Context, req EntitiesRequest) ([]ontology.Entity, error) {
	q := viewValues(url.Values{}, req.TimeView)
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	set("conversation_id", req.ConversationID)
	set("q", req.Query)
	set("type", string(req.Type))
	if req.Limit > 0 {
		q.Set("limit", strconv.Itoa(req.Limit))
	}
	var out struct {
		Entities []ontology.Entity `json:"entities"`
	}
	err := c.do(ctx, http.MethodGet, "/v1/entities?"+q.Encode(), nil, &out)
	return out.Entities, err
}

// Entity returns one entity with its relations, profile facts and events.
func (c *Client) Entity(ctx context.Context, id string) (ontology.EntityDetail, error) {
	return c.EntityAt(ctx, id, ontology.TimeView{})
}

// EntityAt is Entity read from a point in time: as of view.AsOf (what had
// begun by then, ended relations with state "past") and known at
// view.KnownAt (what Loci had been told by then).
func (c *Client) EntityAt(ctx context.Context, id string, view ontology.TimeView) (ontology.EntityDetail, error) {
	var out ontology.EntityDetail
	err := c.do(ctx, http.MethodGet, "/v1/entities/"+esc(id)+query(viewValues(url.Values{}, view)), nil, &out)
	return out, err
}

// EntityHistory returns the merge decisions taken about an entity's profile.
func (c *Client) EntityHistory(ctx context.Context, id string, limit int) ([]ontology.MergeDecision, error) {
	return c.EntityHistoryAt(ctx, id, limit, ontology.TimeView{})
}

// EntityHistoryAt is EntityHistory read from a point in time (view).
func (c *Client) EntityHistoryAt(ctx context.Context, id string, limit int, view ontology.TimeView) ([]ontology.MergeDecision, error) {
	q := viewValues(url.Values{}, view)
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var out struct {
		Decisions []ontology.MergeDecision `json:"decisions"`
	}
	err := c.do(ctx, http.MethodGet, "/v1/entities/"+esc(id)+"/history"+query(q), nil, &out)
	return out.Decisions, err
}

// GraphRequest holds the options of the graph reads: the conversation in
// which names are looked up, the hop bound (hops of a neighbourhood,
// max_hops of paths), the limit, the edge kinds ("all", the default, or
// "typed") and the point in time.
type GraphRequest struct {
	ConversationID string
	Hops           int
	Limit          int
	Kinds          string
	ontology.TimeView
}

func (r GraphRequest) values(q url.Values, hopsName string) url.Values {
	if r.ConversationID != "" {
		q.Set("conversation_id", r.ConversationID)
	}
	if r.Hops > 0 {
		q.Set(hopsName, strconv.Itoa(r.Hops))
	}
	if r.Limit > 0 {
		q.Set("limit", strconv.Itoa(r.Limit))
	}
	if r.Kinds != "" {
		q.Set("kinds", r.Kinds)
	}
	return viewValues(q, r.TimeView)
}

// Neighbourhood returns the entities and relations around an entity, given
// by id or, with conversation set, by name.
func (c *Client) Neighbourhood(ctx context.Context, entity, conversation string, hops, limit int) (ontology.Neighbourhood, error) {
	return c.NeighbourhoodAt(ctx, entity, GraphRequest{ConversationID: conversation, Hops: hops, Limit: limit})
}

// NeighbourhoodAt is Neighbourhood with every option: each edge says its
// kind (typed or co_mention).
func (c *Client) NeighbourhoodAt(ctx context.Context, entity string, req GraphRequest) (ontology.Neighbourhood, error) {
	var out ontology.Neighbourhood
	err := c.do(ctx, http.MethodGet, "/v1/graph/neighborhood?"+req.values(url.Values{"entity": {entity}}, "hops").Encode(), nil, &out)
	return out, err
}

// Paths returns chains of relations between two entities (ids, or names
// with conversation set), each relation with its source turns.
func (c *Client) Paths(ctx context.Context, from, to, conversation string, maxHops, limit int) ([]ontology.Path, error) {
	return c.PathsAt(ctx, from, to, GraphRequest{ConversationID: conversation, Hops: maxHops, Limit: limit})
}

// PathsAt is Paths with every option: typed paths first, then paths
// through co-mentions, shorter first.
func (c *Client) PathsAt(ctx context.Context, from, to string, req GraphRequest) ([]ontology.Path, error) {
	var out struct {
		Paths []ontology.Path `json:"paths"`
	}
	err := c.do(ctx, http.MethodGet, "/v1/graph/paths?"+req.values(url.Values{"from": {from}, "to": {to}}, "max_hops").Encode(), nil, &out)
	return out.Paths, err
}

// viewValues adds view's as_of and known_at to q.
func viewValues(q url.Values, view ontology.TimeView) url.Values {
	if view.AsOf != nil {
		q.Set("as_of", view.AsOf.Format(time.RFC3339Nano))
	}
	if view.KnownAt != nil {
		q.Set("known_at", view.KnownAt.Format(time.RFC3339Nano))
	}
	return q
}

// query is "?" and q encoded, or "" when q is empty.
func query(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// Ready reports whether the server can serve /v1 (nil) or why not.
func (c *Client) Ready(ctx context.Context) error {
	var out map[string]any
	return c.once(ctx, http.MethodGet, "/readyz", nil, &out)
}
