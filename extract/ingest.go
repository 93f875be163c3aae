// Package extract is Loci's write path: it validates turns and turns them
// into what is stored. For now that is the turns themselves; extraction of
// entities, facts and events, and embeddings, hook in here.
package extract

import (
	"context"

	"github.com/loci-memory/loci/ontology"
)

// Ingestor accepts batches of turns for a conversation. The REST API and the
// importers share it, so every path applies the same rules.
type Ingestor struct {
	store ontology.TurnStore
}

// NewIngestor returns an Ingestor writing to store.
func NewIngestor(store ontology.TurnStore) *Ingestor { return &Ingestor{store: store} }

// AddTurns validates the whole batch, then stores it atomically. A batch
// with any invalid turn stores nothing.
func (in *Ingestor) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	if tenant == "" {
		tenant = ontology.DefaultTenant
	}
	if err := ontology.ValidateTurns(conversation, turns); err != nil {
		return ontology.IngestResult{}, err
	}
	return in.store.AddTurns(ctx, tenant, conversation, turns)
}
