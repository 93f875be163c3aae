package ontology

import "context"

// Embedder turns texts into vectors. Implementations live outside ontology
// (embed/ for the in-process model, an OpenAI-compatible client for remote
// ones); the rest of Loci only sees this interface.
//
// ID names the model and its configuration (for example "minilm-l6-v2"); every
// stored vector records it, and vectors of different IDs are never compared.
type Embedder interface {
	ID() string
	Dimensions() int
	// Embed returns one L2-normalised vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// QueryEmbedder is an Embedder whose model embeds search queries
// differently from the texts they are to find (bge-small-en-v1.5 prepends
// an instruction). Searches embed their query with EmbedQueries when the
// embedder has it.
type QueryEmbedder interface {
	Embedder
	// EmbedQueries returns one L2-normalised vector per query, in order.
	EmbedQueries(ctx context.Context, queries []string) ([][]float32, error)
}
