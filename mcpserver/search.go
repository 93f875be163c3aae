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
		Limit: orZero(in.Limit), Speaker: in.Speaker, Config: in.Config, Explain: in.Explain, TimeView: view})
	if err != nil {
		return nil, ontology.SearchResponse{}, err
	}
	if res.Results == nil {
		res.Results = []ontology.SearchResult{}
	}
	return nil, res, nil
}

// orZero is an optional number argument as the REST API's JSON body
// carries it: absent (or null) is 0, which the service reads as its
// default, as it reads an explicit 0.
func orZero(v *int) int {
	if v == nil {
		return 0
	}
	return *v
}
