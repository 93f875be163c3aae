package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// remoteIngest feeds the importer through a running Loci's REST API with
// the Go client, instead of in process: `loci import … --url`. The key
// decides the tenant; precomputed extraction cannot travel over the API.
type remoteIngest struct{ c *client.Client }

func (r remoteIngest) Ingest(ctx context.Context, _, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error) {
	if precomputed != nil {
		return ontology.IngestResult{}, errors.New("--facts cannot be sent over the API; import in process (without --url)")
	}
	// Waits for enrichment, so an import over the API ends with its
	// knowledge stored, as an in-process one does.
	res, err := r.c.AddTurnsWait(ctx, conversation, turns)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	return ontology.IngestResult{IDs: res.IDs, Created: res.Created, Existing: res.Existing, ExistingIDs: res.ExistingIDs, Knowledge: res.Knowledge, Enrichment: res.Enrichment}, nil
}

// remoteClient returns the client for --url and --key (or LOCI_API_KEY),
// after checking the server is ready.
func remoteClient(ctx context.Context, url, key string) (*client.Client, error) {
	if key == "" {
		key = config.MustLoad().APIKey
	}
	c := client.New(url, client.WithAPIKey(key))
	if err := c.Ready(ctx); err != nil {
		return nil, fmt.Errorf("Loci at %s is not ready: %w", url, err)
	}
	return c, nil
}
