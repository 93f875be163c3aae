package mcpserver

import (
	"context"
	"encoding/json"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// --- add_turns ---

// turnInput is a turn as the input schema describes it; the turns are
// decoded by ontology.DecodeTurns.
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
	if err := ontology.CheckConversationID(in.ConversationID); err != nil {
		return nil, addTurnsOutput{}, err
	}
	// The turns are decoded again from the raw arguments by the REST API's
	// decoder, so a turn is checked the same way over both (and a lone
	// surrogate escape, which the SDK's decoding quietly mends, is refused).
	var raw ontology.TurnsRequest
	if req != nil && req.Params != nil {
		_ = json.Unmarshal(req.Params.Arguments, &raw) // already decoded once by the SDK
	}
	turns, err := ontology.DecodeTurns(raw.Turns)
	if err != nil {
		return nil, addTurnsOutput{}, err
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
	limit, err := intArg("limit", in.Limit, ontology.DefaultConversations, 1, ontology.MaxConversations)
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
	if err := ontology.CheckConversationID(in.ConversationID); err != nil {
		return nil, forgetOutput{}, err
	}
	r, err := t.Conversations.DeleteConversation(ctx, tenant, in.ConversationID)
	if err != nil {
		return nil, forgetOutput{}, err
	}
	return nil, forgetOutput{ConversationID: in.ConversationID, Deleted: r}, nil
}
