package llm

// The answer cache: a TTL and LRU bounded map from prompt hash to parsed
// answer, with concurrent identical requests coalesced into one call.

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
	"golang.org/x/sync/singleflight"
)

// Prompt versions: part of every cache key, so changing a prompt's wording
// or schema never serves answers to the old one.
const (
	extractVersion = "extract/v1"
	resolveVersion = "resolve/v1"
)

// cacheKey hashes everything that determines an answer: the model, the
// prompt version and the exact messages. Every field is length-prefixed so
// different inputs never hash alike by concatenation.
func cacheKey(model, version string, msgs []openai.ChatCompletionMessage) string {
	h := sha256.New()
	field := func(s string) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	field(model)
	field(version)
	for _, m := range msgs {
		field(m.Role)
		field(m.Content)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cache maps keys to values of type V for ttl, holding at most size of
// them (least recently used go first: hashicorp/golang-lru's expirable
// LRU), and runs one computation per key at a time (x/sync/singleflight).
// It never stores errors. Values are cloned in and out so callers may
// modify what they get. A size or ttl <= 0 stores nothing but still
// coalesces concurrent computations.
type cache[V any] struct {
	size    int
	ttl     time.Duration
	lru     *expirable.LRU[string, V] // nil: nothing stored
	clone   func(V) V
	flights singleflight.Group
}

// newCache returns an empty cache.
func newCache[V any](size int, ttl time.Duration, clone func(V) V) *cache[V] {
	c := &cache[V]{size: size, ttl: ttl, clone: clone}
	if size > 0 && ttl > 0 {
		c.lru = expirable.NewLRU[string, V](size, nil, ttl)
	}
	return c
}

// do returns the value for key: a stored one, the result of a computation
// already running for key, or else what compute returns (stored when it
// succeeds). shared is true when compute was not run by this call; when it
// was, the calls and tokens compute recorded are added to usage. Waiting
// for another caller's computation ends with ctx; when that computation
// failed only because its own caller gave up, this call tries again itself.
func (c *cache[V]) do(ctx context.Context, key string, usage *ontology.ExtractUsage,
	compute func(context.Context, *ontology.ExtractUsage) (V, error)) (val V, shared bool, err error) {
	var zero V
	for {
		if c.lru != nil {
			if v, ok := c.lru.Get(key); ok {
				return c.clone(v), true, nil
			}
		}
		ran := false // written by the computation, read once its result arrived
		ch := c.flights.DoChan(key, func() (_ any, err error) {
			ran = true
			var out outcome[V]
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("llm: computation panicked: %v", p)
				}
			}()
			out.val, err = compute(ctx, &out.usage)
			if err != nil {
				return out, flightError{err: err, abandoned: ctx.Err() != nil}
			}
			if c.lru != nil {
				c.lru.Add(key, c.clone(out.val))
			}
			return out, nil
		})
		var res singleflight.Result
		select {
		case <-ctx.Done():
			return zero, false, ctx.Err()
		case res = <-ch:
		}
		out, _ := res.Val.(outcome[V])
		if ran {
			usage.Calls += out.usage.Calls
			usage.PromptTokens += out.usage.PromptTokens
			usage.CompletionTokens += out.usage.CompletionTokens
		}
		var fe flightError
		switch {
		case res.Err == nil:
			return c.clone(out.val), !ran, nil
		case !errors.As(res.Err, &fe):
			return zero, !ran, res.Err
		case ran || !fe.abandoned:
			return zero, !ran, fe.err
		}
	}
}

// outcome is a computation's value and the calls and tokens it cost.
type outcome[V any] struct {
	val   V
	usage ontology.ExtractUsage
}

// flightError is a failed computation; abandoned marks one that failed
// because its own caller gave up, which waiters do not share.
type flightError struct {
	err       error
	abandoned bool
}

func (e flightError) Error() string { return e.err.Error() }
func (e flightError) Unwrap() error { return e.err }

// stored returns how many entries are stored, expired ones not yet
// dropped included.
func (c *cache[V]) stored() int {
	if c.lru == nil {
		return 0
	}
	return c.lru.Len()
}
