package mcpserver

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// getContext is get_context: the context text is the content, the cited
// items the structured result.
func (t *tools) getContext(ctx context.Context, tenant string, in contextInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, contextOutput, error) {
	view, err := in.view()
	if err != nil {
		return nil, contextOutput{}, err
	}
	res, err := t.Contexts.Context(ctx, ontology.ContextRequest{Tenant: tenant, Conversation: in.ConversationID, Query: in.Query,
		BudgetTokens: orZero(in.BudgetTokens), Speaker: in.Speaker, Config: in.Config, TimeView: view})
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
		out.Items[i] = citedItem{Kind: it.Kind, ID: it.ID, Conversation: it.ConversationID, Title: it.Title, SourceTurnIDs: ids}
	}
	text := res.Context
	if strings.TrimSpace(text) == "" {
		text = "(nothing in memory is relevant to this question)"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
}
