package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
)

// mcpCmd serves the MCP tools over stdio, for an agent that starts
// `loci mcp` itself. It wires the same app as serve and acts for the tenant
// LOCI_MCP_TENANT names (default: the default tenant): whoever can start
// the process can reach Neo4j anyway, so stdio needs no API key. Logs go to
// stderr; stdout carries only the protocol.
func mcpCmd(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	tenant := cfg.MCPTenant
	if err := ontology.ValidateTenant(tenant); err != nil {
		return fmt.Errorf("LOCI_MCP_TENANT: %w", err)
	}
	a, err := lociapp.OpenMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	defer a.StartAnchorPass(ctx, log)()
	d := a.MCPDeps()
	d.Tenant, d.Log = tenant, log
	s := mcpserver.New(d)
	log.Info("loci MCP server on stdio", "tenant", tenant)
	if err := s.Run(ctx, &mcpserver.Stdio{In: os.Stdin, Out: os.Stdout}); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
