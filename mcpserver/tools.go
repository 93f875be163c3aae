package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// Limits the REST API shares.
const (
	// maxNameParam bounds entity names and ids given to get_entity and
	// find_paths (as the q, from, to and entity query parameters).
	maxNameParam = 200
	// DefaultConversations and MaxConversations bound list_conversations.
	DefaultConversations = 100
	MaxConversations     = 1000
)

func (t *tools) register(s *mcp.Server) {
	no, yes := false, true
	add(s, t, &mcp.Tool{
		Name:  "add_turns",
		Title: "Remember conversation turns",
		Description: "Store turns (utterances) of a conversation in long-term memory. Each turn has an id unique within the conversation, " +
			"a speaker and text, optionally a session and an RFC 3339 timestamp (used to date events and resolve \"yesterday\" or \"last May\"). " +
			"Send each session or exchange as one call, at most 1,000 turns; a batch with any invalid turn stores nothing. " +
			"Resending a stored turn is harmless (reported in existing_ids); changing a stored turn's speaker or text is refused. " +
			"Entities, relations, facts, dated events and profile facts are drawn from the turns at once; knowledge reports what was stored.",
		Annotations: &mcp.ToolAnnotations{IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no},
	}, t.addTurns)
	add(s, t, &mcp.Tool{
		Name:  "search_memory",
		Title: "Search memory",
		Description: "Find the stored turns and facts that best answer a question, ranked (full-text and vector search over turns and facts, " +
			"fused). When the question names one speaker of the conversation, only that speaker's turns are searched (scope says so); " +
			"speaker scopes explicitly. Every result cites the turn ids it rests on (source_turn_ids). " +
			"Leave conversation_id out to search every conversation. For an answer-ready summary use get_context instead.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.searchMemory)
	add(s, t, &mcp.Tool{
		Name:  "get_context",
		Title: "Get context for a question",
		Description: "Everything an answering model should know to answer a question about one conversation, as one compact text within " +
			"a token budget (exact, cl100k_base): Entity Profiles of the people and things asked about, dated Event Records, Topic Summaries " +
			"and Retrieved Memories. Every line cites the turn ids it rests on in brackets, e.g. [D1:3]. " +
			"Call it before answering any question that depends on what was said earlier; the text is the tool's content, " +
			"and the structured result lists the cited items.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.getContext)
	add(s, t, &mcp.Tool{
		Name:  "get_entity",
		Title: "Get an entity",
		Description: "Everything known about one entity (a person, organization, place, concept, work or activity): its profile " +
			"(current facts first, superseded ones with valid_to), relations both ways, facts, dated events and the turns that mention it. " +
			"Name it by entity id, or by name or alias together with conversation_id (e.g. entity \"Caroline\"). " +
			"Co-mentions (entities named in the same turn) are listed apart. as_of reads it as of a date: a job left then shows as past.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.getEntity)
	add(s, t, &mcp.Tool{
		Name:  "find_paths",
		Title: "Find how two entities are related",
		Description: "The shortest chains of relations from one entity to another (e.g. Sam -FAMILY_OF-> Dana -CREATED-> Acme Labs), " +
			"at most max_hops relations long. Every edge cites the turns it was drawn from. Name the entities by id, or by name " +
			"together with conversation_id. Typed relations come first, then chains through co-mentions (kind co_mention: only named " +
			"in the same turn), shorter first; kinds \"typed\" leaves co-mentions out. No path is an empty list, not an error.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.findPaths)
	add(s, t, &mcp.Tool{
		Name:        "list_conversations",
		Title:       "List conversations",
		Description: "The conversations stored in memory, most recently active first: id, number of turns, when created and when turns were last added.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.listConversations)
	add(s, t, &mcp.Tool{
		Name:  "forget_conversation",
		Title: "Forget a conversation",
		Description: "Delete a conversation and everything drawn from it (turns, entities, relations, facts, events, profiles, topics) " +
			"permanently. It cannot be undone; deleted counts say what was removed. An unknown conversation is a not_found error.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, IdempotentHint: true, OpenWorldHint: &no},
	}, t.forgetConversation)
	add(s, t, &mcp.Tool{
		Name:  "list_speakers",
		Title: "List a conversation's speakers",
		Description: "The speakers of a conversation with the other names they go by: aliases learned from the conversation " +
			"(how others address them, \"Hey Rosa!\", and how they introduce themselves, \"I'm Rosa\") and explicit ones. " +
			"Questions that use an alias are scoped to that speaker.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, t.listSpeakers)
	add(s, t, &mcp.Tool{
		Name:  "set_speaker_aliases",
		Title: "Set a speaker's aliases",
		Description: "Replace the explicit aliases of one speaker of a conversation (e.g. speaker \"rosa_m92\", aliases [\"Rosa\", \"Ro\"]); " +
			"an empty list removes them. Use it when people are called differently from their speaker labels. " +
			"An alias that is another speaker's name is a conflict error.",
		Annotations: &mcp.ToolAnnotations{IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no},
	}, t.setSpeakerAliases)
}

// --- add_turns ---

type turnInput struct {
	ID        string         `json:"id" jsonschema:"turn id, unique within the conversation (e.g. D1:3); at most 256 bytes"`
	Session   any            `json:"session,omitempty" jsonschema:"session the turn belongs to, a string or an integer (default: \"default\")"`
	Speaker   string         `json:"speaker" jsonschema:"who said it (e.g. Caroline); at most 256 bytes"`
	Text      string         `json:"text" jsonschema:"what was said; at most 32 KiB"`
	Timestamp string         `json:"timestamp,omitempty" jsonschema:"when it was said, RFC 3339 (e.g. 2023-05-08T13:56:00Z)"`
	Metadata  map[string]any `json:"metadata,omitempty" jsonschema:"any JSON object stored with the turn; at most 16 KiB"`
}

type addTurnsInput struct {
	ConversationID string      `json:"conversation_id" jsonschema:"the conversation the turns belong to (created on first use); at most 256 bytes"`
	Turns          []turnInput `json:"turns" jsonschema:"the turns, in the order they were said; 1 to 1000"`
}

type addTurnsOutput struct {
	ConversationID string                    `json:"conversation_id"`
	Created        int                       `json:"created" jsonschema:"turns newly stored"`
	Existing       int                       `json:"existing" jsonschema:"turns that were already stored (resent)"`
	ExistingIDs    []string                  `json:"existing_ids" jsonschema:"ids of the turns that were already stored"`
	Knowledge      *ontology.KnowledgeReport `json:"knowledge,omitempty" jsonschema:"what was drawn from the new turns and stored"`
}

func (t *tools) addTurns(ctx context.Context, tenant string, in addTurnsInput, req *mcp.CallToolRequest) (*mcp.CallToolResult, addTurnsOutput, error) {
	if err := ontology.ValidateName("conversation id", in.ConversationID, ontology.MaxIDBytes); err != nil {
		return nil, addTurnsOutput{}, err
	}
	if in.Turns == nil {
		return nil, addTurnsOutput{}, ontology.Errorf(ontology.EValidation, `"turns" is required: {"turns":[{"id":…,"speaker":…,"text":…}]}`)
	}
	if len(in.Turns) > ontology.MaxTurnsPerBatch {
		return nil, addTurnsOutput{}, ontology.Errorf(ontology.ETooLarge, "a batch holds at most %d turns, got %d; split it", ontology.MaxTurnsPerBatch, len(in.Turns))
	}
	// The raw JSON of each turn's fields: the decoder quietly turns a lone
	// surrogate escape into U+FFFD, which must be refused instead.
	var raw struct {
		Turns []map[string]json.RawMessage `json:"turns"`
	}
	if req != nil && req.Params != nil {
		_ = json.Unmarshal(req.Params.Arguments, &raw) // already decoded once by the SDK
	}
	turns := make([]ontology.Turn, len(in.Turns))
	for i, ti := range in.Turns {
		var fields map[string]json.RawMessage
		if i < len(raw.Turns) {
			fields = raw.Turns[i]
		}
		tr, err := convertTurn(ti, fields)
		if err != nil {
			e := &ontology.Error{Code: ontology.ErrorCode(err), Message: fmt.Sprintf("turn %d: %s", i, ontology.ErrorMessage(err))}
			e.WithDetail("turn_index", i)
			if ti.ID != "" && utf8.ValidString(ti.ID) {
				e.Message = fmt.Sprintf("turn %d (id %q): %s", i, ti.ID, ontology.ErrorMessage(err))
				e.WithDetail("turn_id", ti.ID)
			}
			return nil, addTurnsOutput{}, e
		}
		turns[i] = tr
	}
	res, err := t.Ingest.AddTurns(ctx, tenant, in.ConversationID, turns)
	if err != nil {
		return nil, addTurnsOutput{}, err
	}
	if res.Knowledge != nil && res.Knowledge.Decisions == nil {
		res.Knowledge.Decisions = map[ontology.MergeAction]int{}
	}
	if res.ExistingIDs == nil {
		res.ExistingIDs = []string{}
	}
	return nil, addTurnsOutput{ConversationID: in.ConversationID, Created: res.Created, Existing: res.Existing,
		ExistingIDs: res.ExistingIDs, Knowledge: res.Knowledge}, nil
}

// convertTurn checks one turn as the REST API's decoder does (session a
// string or an integer, RFC 3339 timestamp, bounded metadata, no lone
// surrogate escapes); ontology.ValidateTurns checks the rest at ingest.
func convertTurn(in turnInput, raw map[string]json.RawMessage) (ontology.Turn, error) {
	t := ontology.Turn{ID: in.ID, Speaker: in.Speaker, Text: in.Text, Metadata: in.Metadata}
	for _, field := range []string{"id", "session", "speaker", "text"} {
		if ontology.HasLoneSurrogate(raw[field]) {
			return t, ontology.Errorf(ontology.EValidation, "%s holds an invalid \\u escape (a lone UTF-16 surrogate)", field)
		}
	}
	switch s := in.Session.(type) {
	case nil:
	case string:
		t.Session = s
	case float64:
		if s != float64(int64(s)) {
			return t, ontology.Errorf(ontology.EInvalid, "session must be a string or an integer, got %v", s)
		}
		t.Session = fmt.Sprint(int64(s))
	case json.Number:
		if _, err := s.Int64(); err != nil {
			return t, ontology.Errorf(ontology.EInvalid, "session must be a string or an integer, got %s", s)
		}
		t.Session = s.String()
	default:
		b, _ := json.Marshal(s)
		return t, ontology.Errorf(ontology.EInvalid, "session must be a string or an integer, got %s", ontology.Truncate(string(b), 40))
	}
	if in.Timestamp != "" {
		ts, err := time.Parse(time.RFC3339Nano, in.Timestamp)
		if err != nil {
			return t, ontology.Errorf(ontology.EValidation, "timestamp %q is not RFC 3339 (like 2023-05-08T13:56:00Z)", in.Timestamp)
		}
		t.Timestamp = &ts
	}
	if len(in.Metadata) > 0 {
		if b, _ := json.Marshal(in.Metadata); len(b) > ontology.MaxMetadataBytes {
			return t, ontology.Errorf(ontology.ETooLarge, "metadata is %d bytes of JSON, more than the %d allowed", len(b), ontology.MaxMetadataBytes)
		}
	}
	return t, nil
}

// --- search_memory ---

type searchInput struct {
	Query          string `json:"query" jsonschema:"the question or words to search for; at most 4096 bytes"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"search only this conversation (default: every conversation)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"only this speaker's turns and facts (default: the one speaker the query names, if any)"`
	Limit          int    `json:"limit,omitempty" jsonschema:"how many results, 1 to 100 (default 10)"`
	Config         string `json:"config,omitempty" jsonschema:"named retrieval configuration (advanced; default: default)"`
	Explain        bool   `json:"explain,omitempty" jsonschema:"add each result's rank and score in every retrieval channel"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (relations, facts and turns valid at that time; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

func (t *tools) searchMemory(ctx context.Context, tenant string, in searchInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, ontology.SearchResponse, error) {
	view, err := ontology.ParseTimeView(in.AsOf, in.KnownAt)
	if err != nil {
		return nil, ontology.SearchResponse{}, err
	}
	res, err := t.Search.Search(ctx, ontology.SearchRequest{Tenant: tenant, Conversation: in.ConversationID, Query: in.Query,
		Limit: in.Limit, Speaker: in.Speaker, Config: in.Config, Explain: in.Explain, TimeView: view})
	if err != nil {
		return nil, ontology.SearchResponse{}, err
	}
	if res.Results == nil {
		res.Results = []ontology.SearchResult{}
	}
	return nil, res, nil
}

// --- get_context ---

type contextInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation the question is about"`
	Query          string `json:"query" jsonschema:"the question to be answered; at most 4096 bytes"`
	BudgetTokens   int    `json:"budget_tokens,omitempty" jsonschema:"size of the context in tokens, 50 to 32000 (default 2000)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"restrict memories to this speaker (default: the one speaker the query names, if any)"`
	Config         string `json:"config,omitempty" jsonschema:"named context configuration (advanced; default: default)"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (relations, facts and turns valid at that time; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

// citedItem is one item of an assembled context, without its text (the
// context text carries it).
type citedItem struct {
	Kind          string   `json:"kind" jsonschema:"profile, event, topic, turn or fact"`
	ID            string   `json:"id"`
	Title         string   `json:"title,omitempty"`
	SourceTurnIDs []string `json:"source_turn_ids" jsonschema:"the turns the item's text rests on"`
}

type contextOutput struct {
	Context      string             `json:"context" jsonschema:"the assembled context, every line citing turn ids in brackets"`
	Tokens       int                `json:"tokens" jsonschema:"exact token count of context"`
	BudgetTokens int                `json:"budget_tokens"`
	Tokenizer    string             `json:"tokenizer"`
	Items        []citedItem        `json:"items" jsonschema:"the items the context carries, in order"`
	Scope        ontology.Scope     `json:"scope"`
	TimeFilter   *ontology.TimeSpan `json:"time_filter,omitempty" jsonschema:"the time span the question names, when it names one"`
}

func (t *tools) getContext(ctx context.Context, tenant string, in contextInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, contextOutput, error) {
	view, err := ontology.ParseTimeView(in.AsOf, in.KnownAt)
	if err != nil {
		return nil, contextOutput{}, err
	}
	res, err := t.Contexts.Context(ctx, ontology.ContextRequest{Tenant: tenant, Conversation: in.ConversationID, Query: in.Query,
		BudgetTokens: in.BudgetTokens, Speaker: in.Speaker, Config: in.Config, TimeView: view})
	if err != nil {
		return nil, contextOutput{}, err
	}
	out := contextOutput{Context: res.Context, Tokens: res.Tokens, BudgetTokens: res.Budget, Tokenizer: res.Encoder,
		Items: make([]citedItem, len(res.Items)), Scope: res.Scope, TimeFilter: res.TimeFilter}
	for i, it := range res.Items {
		ids := it.SourceTurnIDs
		if ids == nil {
			ids = []string{}
		}
		out.Items[i] = citedItem{Kind: it.Kind, ID: it.ID, Title: it.Title, SourceTurnIDs: ids}
	}
	text := res.Context
	if strings.TrimSpace(text) == "" {
		text = "(nothing in memory is relevant to this question)"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
}

// --- get_entity ---

type entityInput struct {
	Entity         string `json:"entity" jsonschema:"an entity id, or a name or alias (then conversation_id is needed)"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look the name up"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (what had begun by then; ended relations show as past with their valid_to; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

func (t *tools) getEntity(ctx context.Context, tenant string, in entityInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, ontology.EntityDetail, error) {
	conv, err := optionalConversation(in.ConversationID)
	if err != nil {
		return nil, ontology.EntityDetail{}, err
	}
	view, err := ontology.ParseTimeView(in.AsOf, in.KnownAt)
	if err != nil {
		return nil, ontology.EntityDetail{}, err
	}
	id, err := t.resolve(ctx, tenant, conv, "entity", in.Entity)
	if err != nil {
		return nil, ontology.EntityDetail{}, err
	}
	d, err := t.Knowledge.EntityAt(ctx, tenant, id, view)
	if err != nil {
		return nil, ontology.EntityDetail{}, err
	}
	return nil, d, nil
}

// resolve turns an id-or-name argument into an entity id, checked as the
// REST API checks its from, to and entity parameters.
func (t *tools) resolve(ctx context.Context, tenant, conv, name, v string) (string, error) {
	if v == "" {
		return "", ontology.Errorf(ontology.EValidation, "%s is required", name)
	}
	if err := ontology.ValidateName(name, v, maxNameParam); err != nil {
		return "", err
	}
	return t.Knowledge.ResolveEntity(ctx, tenant, conv, v)
}

func optionalConversation(conv string) (string, error) {
	if conv == "" {
		return "", nil
	}
	if err := ontology.ValidateName("conversation_id", conv, ontology.MaxIDBytes); err != nil {
		return "", err
	}
	return conv, nil
}

// intArg checks an optional integer argument within [lo, hi]; 0 is def.
func intArg(name string, v, def, lo, hi int) (int, error) {
	if v == 0 {
		return def, nil
	}
	if v < lo || v > hi {
		return 0, ontology.Errorf(ontology.EValidation, "%s must be an integer from %d to %d, got %d", name, lo, hi, v)
	}
	return v, nil
}

// --- find_paths ---

type pathsInput struct {
	From           string `json:"from" jsonschema:"the entity the paths start at: an id, or a name with conversation_id"`
	To             string `json:"to" jsonschema:"the entity the paths end at: an id, or a name with conversation_id"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look names up"`
	MaxHops        int    `json:"max_hops,omitempty" jsonschema:"longest path, in relations, 1 to 4 (default 4)"`
	Limit          int    `json:"limit,omitempty" jsonschema:"most paths returned, 1 to 10 (default 10)"`
	Kinds          string `json:"kinds,omitempty" jsonschema:"all (default: typed relations, then co-mentions) or typed"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (relations, facts and turns valid at that time; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

type pathsOutput struct {
	FromID string          `json:"from_id"`
	ToID   string          `json:"to_id"`
	Paths  []ontology.Path `json:"paths" jsonschema:"the paths, typed ones first, then through co-mentions (kind co_mention), shorter first; each edge cites its source turns"`
}

func (t *tools) findPaths(ctx context.Context, tenant string, in pathsInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, pathsOutput, error) {
	conv, err := optionalConversation(in.ConversationID)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	maxHops, err := intArg("max_hops", in.MaxHops, ontology.DefaultPathHops, 1, ontology.MaxPathHops)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	limit, err := intArg("limit", in.Limit, ontology.MaxPaths, 1, ontology.MaxPaths)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	if err := ontology.ValidKinds(in.Kinds); err != nil {
		return nil, pathsOutput{}, err
	}
	view, err := ontology.ParseTimeView(in.AsOf, in.KnownAt)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	from, err := t.resolve(ctx, tenant, conv, "from", in.From)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	to, err := t.resolve(ctx, tenant, conv, "to", in.To)
	if err != nil {
		return nil, pathsOutput{}, err
	}
	ps, err := t.Knowledge.GraphPaths(ctx, ontology.GraphQuery{Tenant: tenant, From: from, To: to, Hops: maxHops, Limit: limit,
		Kinds: in.Kinds, TimeView: view})
	if err != nil {
		return nil, pathsOutput{}, err
	}
	if ps == nil {
		ps = []ontology.Path{}
	}
	return nil, pathsOutput{FromID: from, ToID: to, Paths: ps}, nil
}

// --- list_conversations ---

type listInput struct {
	Limit int `json:"limit,omitempty" jsonschema:"most conversations returned, 1 to 1000 (default 100)"`
}

type conversationOutput struct {
	ID           string    `json:"id" jsonschema:"the conversation id"`
	TurnCount    int64     `json:"turn_count" jsonschema:"how many turns it holds"`
	CreatedAt    time.Time `json:"created_at" jsonschema:"when its first turns were stored"`
	LastActivity time.Time `json:"last_activity" jsonschema:"when turns were last added to it"`
}

type listOutput struct {
	Conversations []conversationOutput `json:"conversations" jsonschema:"most recently active first"`
}

func (t *tools) listConversations(ctx context.Context, tenant string, in listInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, listOutput, error) {
	limit, err := intArg("limit", in.Limit, DefaultConversations, 1, MaxConversations)
	if err != nil {
		return nil, listOutput{}, err
	}
	cs, err := t.Conversations.Conversations(ctx, tenant, limit)
	if err != nil {
		return nil, listOutput{}, err
	}
	out := listOutput{Conversations: make([]conversationOutput, len(cs))}
	for i, c := range cs {
		out.Conversations[i] = conversationOutput{ID: c.ID, TurnCount: c.TurnCount, CreatedAt: c.CreatedAt, LastActivity: c.LastActivity}
	}
	return nil, out, nil
}

// --- forget_conversation ---

type forgetInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation to delete, with everything drawn from it"`
}

type forgetOutput struct {
	ConversationID string                 `json:"conversation_id"`
	Deleted        ontology.DeleteReceipt `json:"deleted" jsonschema:"counts of what was removed"`
}

func (t *tools) forgetConversation(ctx context.Context, tenant string, in forgetInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, forgetOutput, error) {
	if err := ontology.ValidateName("conversation id", in.ConversationID, ontology.MaxIDBytes); err != nil {
		return nil, forgetOutput{}, err
	}
	r, err := t.Conversations.DeleteConversation(ctx, tenant, in.ConversationID)
	if err != nil {
		return nil, forgetOutput{}, err
	}
	return nil, forgetOutput{ConversationID: in.ConversationID, Deleted: r}, nil
}

// --- list_speakers, set_speaker_aliases ---

type speakersInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation"`
}

type speakersOutput struct {
	ConversationID string             `json:"conversation_id"`
	Speakers       []ontology.Speaker `json:"speakers" jsonschema:"the speakers with their aliases, most used first"`
}

func (t *tools) listSpeakers(ctx context.Context, tenant string, in speakersInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, speakersOutput, error) {
	if err := ontology.ValidateName("conversation id", in.ConversationID, ontology.MaxIDBytes); err != nil {
		return nil, speakersOutput{}, err
	}
	sp, err := t.Conversations.SpeakerIdentities(ctx, tenant, in.ConversationID)
	if err != nil {
		return nil, speakersOutput{}, err
	}
	if len(sp) == 0 {
		return nil, speakersOutput{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", in.ConversationID)
	}
	return nil, speakersOutput{ConversationID: in.ConversationID, Speakers: sp}, nil
}

type setAliasesInput struct {
	ConversationID string   `json:"conversation_id" jsonschema:"the conversation"`
	Speaker        string   `json:"speaker" jsonschema:"the speaker label, any case"`
	Aliases        []string `json:"aliases" jsonschema:"the names they go by; at most 32, each at most 64 characters; [] removes them"`
}

type setAliasesOutput struct {
	ConversationID string           `json:"conversation_id"`
	Speaker        ontology.Speaker `json:"speaker"`
}

func (t *tools) setSpeakerAliases(ctx context.Context, tenant string, in setAliasesInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, setAliasesOutput, error) {
	if err := ontology.ValidateName("conversation id", in.ConversationID, ontology.MaxIDBytes); err != nil {
		return nil, setAliasesOutput{}, err
	}
	if err := ontology.ValidateName("speaker", in.Speaker, ontology.MaxSpeakerBytes); err != nil {
		return nil, setAliasesOutput{}, err
	}
	if in.Aliases == nil {
		return nil, setAliasesOutput{}, ontology.Errorf(ontology.EValidation, "aliases is required (an empty list removes them)")
	}
	aliases, err := ontology.ValidateAliases(in.Aliases)
	if err != nil {
		return nil, setAliasesOutput{}, err
	}
	sp, err := t.Conversations.SetSpeakerAliases(ctx, tenant, in.ConversationID, in.Speaker, aliases)
	if err != nil {
		return nil, setAliasesOutput{}, err
	}
	return nil, setAliasesOutput{ConversationID: in.ConversationID, Speaker: sp}, nil
}
