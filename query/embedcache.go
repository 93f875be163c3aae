package query

import (
	"context"
	"fmt"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

	"github.com/loci-memory/loci/ontology"
)

// DefaultQueryCacheSize is how many query embeddings a server keeps when
// LOCI_QUERY_CACHE_SIZE is not set: at 384 float32s each, ~1.5 KB an
// entry, so the default holds ~6 MB.
const DefaultQueryCacheSize = 4096

// QueryCache remembers the vectors of recent search queries, so a retried
// request, an agent asking the same question again, or /v1/search then
// /v1/context on the same question embed the query once. It is a bounded
// LRU keyed by the embedder (its ID and dimensions) and the query text with
// its whitespace normalised; concurrent misses for the same key share one
// embedding call. Only query embeddings pass through it, never turns.
//
// It is safe for concurrent use. A nil *QueryCache embeds every time.
type QueryCache struct {
	entries *lru.Cache[string, []float32]
	flight  singleflight.Group
	observe func(hit bool) // told of every lookup; may be nil
}

// NewQueryCache returns a cache holding at most size query vectors;
// observe (may be nil) is told whether each lookup hit. A size below 1
// returns nil: no cache.
func NewQueryCache(size int, observe func(hit bool)) (*QueryCache, error) {
	if size < 1 {
		return nil, nil
	}
	c, err := lru.New[string, []float32](size)
	if err != nil {
		return nil, fmt.Errorf("query: cache of %d query embeddings: %w", size, err)
	}
	return &QueryCache{entries: c, observe: observe}, nil
}

// Len is how many query vectors the cache holds.
func (c *QueryCache) Len() int {
	if c == nil {
		return 0
	}
	return c.entries.Len()
}

// NormaliseQuery is the text a query is embedded and cached as: its words
// separated by single spaces. The embedders' tokenizers split on
// whitespace, so this changes no vector, and "a  b " and "a b" share an
// entry. Case is kept: a cased embedder tells them apart.
func NormaliseQuery(text string) string { return strings.Join(strings.Fields(text), " ") }

// cacheKey names a query's entry: embedders of different IDs or
// dimensions never share one.
func cacheKey(e ontology.Embedder, text string) string {
	return fmt.Sprintf("%s\x1f%d\x1f%s", e.ID(), e.Dimensions(), text)
}

// Embed returns e's query vector for text, from the cache when it holds
// one. The vector returned is shared with the cache: callers must not
// modify it.
func (c *QueryCache) Embed(ctx context.Context, e ontology.Embedder, text string) ([]float32, error) {
	text = NormaliseQuery(text)
	if c == nil {
		return embedQuery(ctx, e, text)
	}
	key := cacheKey(e, text)
	if v, ok := c.entries.Get(key); ok {
		c.observed(true)
		return v, nil
	}
	c.observed(false)
	// Requests that miss together wait for one embedding; it runs without
	// the first caller's cancellation, so one client giving up does not
	// fail the others waiting on it.
	ch := c.flight.DoChan(key, func() (any, error) {
		// A flight that ended between our lookup and now left its vector.
		if v, ok := c.entries.Peek(key); ok {
			return v, nil
		}
		v, err := embedQuery(context.WithoutCancel(ctx), e, text)
		if err != nil {
			return nil, err
		}
		c.entries.Add(key, v)
		return v, nil
	})
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-ch:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.([]float32), nil
	}
}

func (c *QueryCache) observed(hit bool) {
	if c.observe != nil {
		c.observe(hit)
	}
}

// embedQuery embeds one query with e's query embedding when it has one.
func embedQuery(ctx context.Context, e ontology.Embedder, text string) ([]float32, error) {
	embed := e.Embed
	if qe, ok := e.(ontology.QueryEmbedder); ok {
		embed = qe.EmbedQueries
	}
	v, err := embed(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	if len(v) != 1 {
		return nil, fmt.Errorf("query: embedder %s returned %d vectors for one query", e.ID(), len(v))
	}
	return v[0], nil
}
