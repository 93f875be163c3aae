// Package extract is Loci's write path: it validates turns and turns them
// into what is stored: the turns, their embeddings and, as the ontology
// grows, the entities, facts and events drawn from them.
package extract

import (
	"context"

	"github.com/loci-memory/loci/ontology"
)

// Ingestor accepts batches of turns for a conversation. The REST API and the
// importers share it, so every path applies the same rules.
type Ingestor struct {
	store    ontology.TurnStore
	embedder ontology.Embedder // nil: turns are stored without vectors
}

// NewIngestor returns an Ingestor writing to store, embedding each batch
// with embedder unless it is nil.
func NewIngestor(store ontology.TurnStore, embedder ontology.Embedder) *Ingestor {
	return &Ingestor{store: store, embedder: embedder}
}

// EmbeddingText is the text of a turn that its vector represents.
func EmbeddingText(t ontology.Turn) string { return t.Text }

// AddTurns validates the whole batch, embeds it, then stores turns and
// vectors in one transaction. A batch with any invalid turn, or whose
// embedding fails, stores nothing; a batch is acknowledged only once turns
// and vectors are committed.
func (in *Ingestor) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	if tenant == "" {
		tenant = ontology.DefaultTenant
	}
	if err := ontology.ValidateTurns(conversation, turns); err != nil {
		return ontology.IngestResult{}, err
	}
	var vectors [][]float32
	if in.embedder != nil {
		texts := make([]string, len(turns))
		for i, t := range turns {
			texts[i] = EmbeddingText(t)
		}
		v, err := in.embedder.Embed(ctx, texts)
		if err != nil {
			return ontology.IngestResult{}, &ontology.Error{Code: ontology.EUnavailable,
				Message: "embedding the batch failed (" + in.embedder.ID() + "); nothing was stored", Err: err}
		}
		if len(v) != len(turns) {
			return ontology.IngestResult{}, ontology.Errorf(ontology.EInternal, "embedder %s returned %d vectors for %d turns", in.embedder.ID(), len(v), len(turns))
		}
		vectors = v
	}
	return in.store.AddTurns(ctx, tenant, conversation, turns, vectors)
}
