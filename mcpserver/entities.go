package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// --- get_entity ---

type entityInput struct {
	Entity         string `json:"entity" jsonschema:"an entity id, or a name or alias (then conversation_id is needed)"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look the name up"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (what had begun by then; ended relations show as past with their valid_to; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

func (t *tools) getEntity(ctx context.Context, tenant string, in entityInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, ontology.EntityDetail, error) {
	conv, err := ontology.OptionalConversation(in.ConversationID)
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
	if err := ontology.CheckLookup(name, v, true); err != nil {
		return "", err
	}
	return t.Knowledge.ResolveEntity(ctx, tenant, conv, v)
}

// intArg checks an optional integer argument within [lo, hi]; 0 is def.
func intArg(name string, v, def, lo, hi int) (int, error) {
	if v == 0 {
		return def, nil
	}
	return v, ontology.CheckRange(name, v, lo, hi)
}

// --- find_paths ---

type pathsInput struct {
	From           string `json:"from" jsonschema:"the entity the paths start at: an id, or a name with conversation_id"`
	To             string `json:"to" jsonschema:"the entity the paths end at: an id, or a name with conversation_id"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look names up"`
	MaxHops        int    `json:"max_hops,omitempty" jsonschema:"longest path, in relations, 1 to 4 (default 4)"`
	Limit          int    `json:"limit,omitempty" jsonschema:"most paths returned, 1 to 10 (default 10)"`
	Kinds          string `json:"kinds,omitempty" jsonschema:"all (default: typed relations, then co-mentions) or typed"`
	timeArgs
}

type pathsOutput struct {
	FromID string          `json:"from_id"`
	ToID   string          `json:"to_id"`
	Paths  []ontology.Path `json:"paths" jsonschema:"the paths, typed ones first, then through co-mentions (kind co_mention), shorter first; each edge cites its source turns"`
}

func (t *tools) findPaths(ctx context.Context, tenant string, in pathsInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, pathsOutput, error) {
	conv, err := ontology.OptionalConversation(in.ConversationID)
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
	view, err := in.view()
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
