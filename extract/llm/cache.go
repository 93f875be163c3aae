package llm

// The answer cache: a TTL and LRU bounded map from prompt hash to parsed
// answer, with concurrent identical requests coalesced into one call.

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"
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
// them (least recently used go first), and runs one computation per key at
// a time. It never stores errors. Values are cloned in and out so callers
// may modify what they get. A negative size or ttl stores nothing but still
// coalesces concurrent computations.
type cache[V any] struct {
	size  int
	ttl   time.Duration
	now   func() time.Time
	clone func(V) V

	mu      sync.Mutex
	order   *list.List // of *cacheEntry[V], most recently used first
	entries map[string]*list.Element
	flights map[string]*flight[V]
}

// cacheEntry is one stored value.
type cacheEntry[V any] struct {
	key     string
	val     V
	expires time.Time
}

// flight is a computation in progress; done closes when it ends.
type flight[V any] struct {
	done chan struct{}
	val  V
	err  error
	// abandoned is set when the computation failed because its own caller
	// gave up; waiters then try again themselves instead of sharing that.
	abandoned bool
}

// newCache returns an empty cache.
func newCache[V any](size int, ttl time.Duration, now func() time.Time, clone func(V) V) *cache[V] {
	return &cache[V]{size: size, ttl: ttl, now: now, clone: clone, order: list.New(),
		entries: map[string]*list.Element{}, flights: map[string]*flight[V]{}}
}

// do returns the value for key: a stored one, the result of a computation
// already running for key, or else what compute returns (stored when it
// succeeds). shared is true when compute was not run by this call. Waiting
// for another caller's computation ends with ctx.
func (c *cache[V]) do(ctx context.Context, key string, compute func(context.Context) (V, error)) (val V, shared bool, err error) {
	for {
		c.mu.Lock()
		if v, ok := c.getLocked(key); ok {
			c.mu.Unlock()
			return v, true, nil
		}
		f, running := c.flights[key]
		if !running {
			f = &flight[V]{done: make(chan struct{})}
			c.flights[key] = f
			c.mu.Unlock()
			v, err := c.lead(ctx, key, f, compute)
			return v, false, err
		}
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			var zero V
			return zero, false, ctx.Err()
		case <-f.done:
		}
		switch {
		case f.err == nil:
			return c.clone(f.val), true, nil
		case !f.abandoned:
			var zero V
			return zero, true, f.err
		}
	}
}

// lead runs compute for key as flight f, stores a success, and releases
// the waiters, even if compute panics.
func (c *cache[V]) lead(ctx context.Context, key string, f *flight[V], compute func(context.Context) (V, error)) (V, error) {
	f.err = errors.New("llm: computation did not finish")
	f.abandoned = true
	defer func() {
		c.mu.Lock()
		delete(c.flights, key)
		if f.err == nil {
			c.putLocked(key, f.val)
		}
		c.mu.Unlock()
		close(f.done)
	}()
	f.val, f.err = compute(ctx)
	f.abandoned = f.err != nil && ctx.Err() != nil
	return f.val, f.err
}

// getLocked returns a clone of the unexpired value for key and marks it
// recently used; it drops an expired one. c.mu must be held.
func (c *cache[V]) getLocked(key string) (V, bool) {
	var zero V
	el, ok := c.entries[key]
	if !ok {
		return zero, false
	}
	ent := el.Value.(*cacheEntry[V])
	if !c.now().Before(ent.expires) {
		c.order.Remove(el)
		delete(c.entries, key)
		return zero, false
	}
	c.order.MoveToFront(el)
	return c.clone(ent.val), true
}

// putLocked stores a clone of val under key and evicts the least recently
// used entries beyond c.size. c.mu must be held.
func (c *cache[V]) putLocked(key string, val V) {
	if c.size <= 0 || c.ttl <= 0 {
		return
	}
	ent := &cacheEntry[V]{key: key, val: c.clone(val), expires: c.now().Add(c.ttl)}
	if el, ok := c.entries[key]; ok {
		el.Value = ent
		c.order.MoveToFront(el)
	} else {
		c.entries[key] = c.order.PushFront(ent)
	}
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*cacheEntry[V]).key)
	}
}

// stored returns how many entries are stored, expired ones included.
func (c *cache[V]) stored() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
