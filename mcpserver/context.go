package mcpserver

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// --- get_context ---

type contextInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation the question is about"`
	Query          string `json:"query" jsonschema:"the question to be answered; at most 4096 bytes"`
	BudgetTokens   int    `json:"budget_tokens,omitempty" jsonschema:"size of the context in tokens, 50 to 32000 (default 2000)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"restrict memories to this speaker (default: the one speaker the query names, if any)"`
	Config         string `json:"config,omitempty" jsonschema:"named context configuration (advanced; default: default)"`
	timeArgs
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
	view, err := in.view()
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
