package ontology

import "context"

// Enrichment is what asynchronous ingest does after a batch is
// acknowledged: its turns are stored (and full-text searchable) first, and
// their vectors, bursts, speaker aliases and knowledge follow.

// Enrichment states reported in IngestResult.Enrichment.
const (
	// EnrichmentDone: the batch's vectors and knowledge are stored.
	EnrichmentDone = "done"
	// EnrichmentPending: the turns are stored; enrichment follows.
	EnrichmentPending = "pending"
)

// PendingBatch is one acknowledged batch whose turns still wait for
// enrichment: Seq is the seq of its first stored turn, the batch's key.
type PendingBatch struct {
	Seq   int64
	Turns []Turn
}

// PendingConversation is a conversation with turns waiting for enrichment.
type PendingConversation struct {
	Tenant, Conversation string
	Turns                int64
}

type waitEnrichmentKey struct{}

// WithEnrichmentWait marks ctx so that an ingest made with it returns only
// once the batch is enriched (the API's ?wait=true).
func WithEnrichmentWait(ctx context.Context) context.Context {
	return context.WithValue(ctx, waitEnrichmentKey{}, true)
}

// EnrichmentWait reports whether ctx asks an ingest to wait for enrichment.
func EnrichmentWait(ctx context.Context) bool {
	v, _ := ctx.Value(waitEnrichmentKey{}).(bool)
	return v
}
