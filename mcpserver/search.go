package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// searchMemory is search_memory.
func (t *tools) searchMemory(ctx context.Context, tenant string, in searchInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, ontology.SearchResponse, error) {
	view, err := in.view()
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
