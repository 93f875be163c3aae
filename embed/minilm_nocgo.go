//go:build !cgo

package embed

import (
	"context"

	"github.com/loci-memory/loci/ontology"
)

// Compile-time check that MiniLM is an ontology.Embedder and a QueryEmbedder.
var (
	_ ontology.Embedder = (*MiniLM)(nil)
	_ QueryEmbedder     = (*MiniLM)(nil)
)

// MiniLM is unavailable without cgo; NewMiniLM returns ErrNoCgo.
type MiniLM struct{ id string }

// NewMiniLM returns ErrNoCgo: ONNX Runtime needs cgo. It still reports
// missing files first, so that the advice to run `make models` comes first.
func NewMiniLM(dir string, opts ...Option) (*MiniLM, error) {
	if _, err := newConfig(dir, opts); err != nil {
		return nil, err
	}
	return nil, ErrNoCgo
}

// ID names the model; see ontology.Embedder.
func (m *MiniLM) ID() string { return m.id }

// Dimensions is the length of every vector, 384.
func (m *MiniLM) Dimensions() int { return ModelDimensions }

// Parallel is 1: there is no loaded model.
func (m *MiniLM) Parallel() int { return 1 }

// Tokenizer is nil: there is no loaded model.
func (m *MiniLM) Tokenizer() *Tokenizer { return nil }

// QueryPrefix is "": there is no loaded model.
func (m *MiniLM) QueryPrefix() string { return "" }

// EmbedQueries always fails with ErrNoCgo.
func (m *MiniLM) EmbedQueries(context.Context, []string) ([][]float32, error) { return nil, ErrNoCgo }

// Embed always fails with ErrNoCgo.
func (m *MiniLM) Embed(context.Context, []string) ([][]float32, error) { return nil, ErrNoCgo }

// Close does nothing.
func (m *MiniLM) Close() error { return nil }

// WithRunner returns m: it embeds nothing, on any thread.
func (m *MiniLM) WithRunner(Runner) ontology.Embedder { return m }
