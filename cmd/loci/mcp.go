package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
)

// mcpCmd serves the MCP tools over stdio, for an agent that starts
// `loci mcp` itself. It wires the same app as serve and acts for the tenant
// LOCI_MCP_TENANT names (default: the default tenant): whoever can start
// the process can reach Neo4j anyway, so stdio needs no API key. Logs go to
// stderr; stdout carries only the protocol.
func mcpCmd(ctx context.Context, log *slog.Logger) error {
	tenant := env("LOCI_MCP_TENANT", ontology.DefaultTenant)
	if err := ontology.ValidateTenant(tenant); err != nil {
		return fmt.Errorf("LOCI_MCP_TENANT: %w", err)
	}
	a, err := openMigratedApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	defer startAnchorPass(ctx, a, log)()
	s := mcpserver.New(mcpserver.Deps{Ingest: a.ingest, Search: a.search, Contexts: a.contexts, Knowledge: a.store,
		Conversations: a.store, Tenant: tenant, Log: log})
	log.Info("loci MCP server on stdio", "tenant", tenant)
	if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
