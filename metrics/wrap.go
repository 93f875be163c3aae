package metrics

import (
	"context"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Embedder returns e wrapped so every call is timed and counted under
// e.ID(). The wrapper implements ontology.QueryEmbedder exactly when e
// does, so query embedding stays as it was. A nil e or a nil Registry
// returns e unchanged.
func (r *Registry) Embedder(e ontology.Embedder) ontology.Embedder {
	if r == nil || e == nil {
		return e
	}
	w := &embedder{Embedder: e, r: r, id: e.ID()}
	if q, ok := e.(ontology.QueryEmbedder); ok {
		return &queryEmbedder{embedder: w, q: q}
	}
	return w
}

type embedder struct {
	ontology.Embedder
	r  *Registry
	id string
}

func (e *embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return e.observe(texts, func() ([][]float32, error) { return e.Embedder.Embed(ctx, texts) })
}

func (e *embedder) observe(texts []string, call func() ([][]float32, error)) ([][]float32, error) {
	start := time.Now()
	v, err := call()
	e.r.embedDuration.WithLabelValues(e.id).Observe(time.Since(start).Seconds())
	e.r.embedTexts.WithLabelValues(e.id).Add(float64(len(texts)))
	if err != nil {
		e.r.embedErrors.WithLabelValues(e.id).Inc()
	}
	return v, err
}

type queryEmbedder struct {
	*embedder
	q ontology.QueryEmbedder
}

func (e *queryEmbedder) EmbedQueries(ctx context.Context, queries []string) ([][]float32, error) {
	return e.observe(queries, func() ([][]float32, error) { return e.q.EmbedQueries(ctx, queries) })
}

// Extractor returns x wrapped so each run counts its outcome and the items
// it drew, under x.ID(). A nil x or a nil Registry returns x unchanged.
func (r *Registry) Extractor(x ontology.Extractor) ontology.Extractor {
	if r == nil || x == nil {
		return x
	}
	return &extractor{Extractor: x, r: r, id: x.ID()}
}

type extractor struct {
	ontology.Extractor
	r  *Registry
	id string // the label: the configured extractor's id, a bounded set
}

func (x *extractor) Extract(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, ontology.ExtractUsage, error) {
	got, u, err := x.Extractor.Extract(ctx, req)
	id := x.id
	outcome := "ok"
	switch {
	case err != nil:
		outcome = "error"
	case u.Cached:
		outcome = "cached"
	}
	x.r.extractRuns.WithLabelValues(id, outcome).Inc()
	if err == nil {
		for _, k := range []struct {
			kind string
			n    int
		}{
			{"entity", len(got.Entities)},
			{"relation", len(got.Relations)},
			{"fact", len(got.Facts)},
			{"event", len(got.Events)},
			{"profile_fact", len(got.Profile)},
		} {
			if k.n > 0 {
				x.r.extractItems.WithLabelValues(id, k.kind).Add(float64(k.n))
			}
		}
	}
	return got, u, err
}
