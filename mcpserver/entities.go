package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// getEntity is get_entity.
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

// intArg checks an optional integer argument within [lo, hi]; absent (or
// null) is def. An explicit 0 is checked like any other value, as the REST
// API checks limit=0.
func intArg(name string, v *int, def, lo, hi int) (int, error) {
	if v == nil {
		return def, nil
	}
	return *v, ontology.CheckRange(name, *v, lo, hi)
}

// findPaths is find_paths.
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
