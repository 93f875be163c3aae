package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// timeArgs are the as_of and known_at arguments of the reads that take
// them; embedded last, they come last in the input schema.
type timeArgs struct {
	AsOf    string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (relations, facts and turns valid at that time; default now)"`
	KnownAt string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

func (a timeArgs) view() (ontology.TimeView, error) { return ontology.ParseTimeView(a.AsOf, a.KnownAt) }

// --- search_memory ---

type searchInput struct {
	Query          string `json:"query" jsonschema:"the question or words to search for; at most 4096 bytes"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"search only this conversation (default: every conversation)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"only this speaker's turns and facts (default: the one speaker the query names, if any)"`
	Limit          int    `json:"limit,omitempty" jsonschema:"how many results, 1 to 100 (default 10)"`
	Config         string `json:"config,omitempty" jsonschema:"named retrieval configuration (advanced; default: default)"`
	Explain        bool   `json:"explain,omitempty" jsonschema:"add each result's rank and score in every retrieval channel"`
	timeArgs
}

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
