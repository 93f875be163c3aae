package budget

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Counter counts the tokens a model would see for a piece of text.
//
// Render only ever asks a Counter for counts, so any implementation works
// (a test stub, another model family); the ones NewCounter returns are exact
// for OpenAI's byte-pair encodings. Implementations must be safe for
// concurrent use.
type Counter interface {
	// Count returns the number of tokens s encodes to.
	Count(s string) int
	// Name names the encoding, e.g. "cl100k_base".
	Name() string
}

// DefaultEncoding is the encoding NewCounter uses when given "": the one of
// GPT-4, GPT-3.5-turbo and the text-embedding-3 models.
const DefaultEncoding = "cl100k_base"

// NewCounter returns an exact token counter for an OpenAI encoding:
// "cl100k_base" (also for "") or "o200k_base" (GPT-4o, GPT-4.1, o-series).
//
// The vocabularies are compiled into the binary by
// github.com/tiktoken-go/tokenizer, so nothing is downloaded, ever. Each
// vocabulary is loaded once per process, on first use (sync.Once), and
// counters for the same encoding share it; a Counter is safe for concurrent
// use.
//
// Counting does not go through that package's regexp-based tokenizer, which
// allocates on every pre-token and costs over a microsecond a token: a
// hand-written scanner reproduces the encoding's split pattern exactly and
// byte-pair merges run over the same ranks, several times faster. Tests
// check the result against the package's own Count on fixed vectors, fuzzed
// strings and real text. Special tokens such as "<|endoftext|>" count as
// ordinary text, as with tiktoken's encode_ordinary.
func NewCounter(encoding string) (Counter, error) {
	if encoding == "" {
		encoding = DefaultEncoding
	}
	e, ok := encodings[encoding]
	if !ok {
		return nil, fmt.Errorf("budget: unsupported encoding %q (want cl100k_base or o200k_base)", encoding)
	}
	e.once.Do(e.load)
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
}

var (
	defaultOnce    sync.Once
	defaultCounter Counter
)

// Default returns the shared cl100k_base counter. It panics only if the
// vocabulary compiled into the binary is broken, which the tests rule out.
func Default() Counter {
	defaultOnce.Do(func() {
		c, err := NewCounter(DefaultEncoding)
		if err != nil {
			panic(err)
		}
		defaultCounter = c
	})
	return defaultCounter
}

// bpe is one byte-pair encoding: its merge ranks and its pre-tokenizer.
type bpe struct {
	name  string
	size  int                       // ordinary tokens: ids 0..size-1
	codec func() *codec.Codec       // the tokenizer package's codec, the source of the ranks
	next  func(s string, i int) int // end of the pre-token that starts at s[i]
	once  sync.Once                 // guards load
	err   error                     // why load failed
	ranks map[string]uint32         // token bytes → rank, which is also the token id
}

var encodings = map[string]*bpe{
	"cl100k_base": {name: "cl100k_base", size: 100256, codec: codec.NewCl100kBase, next: nextCl100k},
	"o200k_base":  {name: "o200k_base", size: 199998, codec: codec.NewO200kBase, next: nextO200k},
}

// load reads the ranks out of the tokenizer package: its vocabulary map is
// unexported, but decoding each id on its own yields that token's bytes.
func (e *bpe) load() {
	c := e.codec()
	c.SetErrorMode(codec.ErrorModeNone) // raw bytes: a token may hold part of a rune
	ranks := make(map[string]uint32, e.size)
	ids := make([]uint, 1)
	for id := 0; id < e.size; id++ {
		ids[0] = uint(id)
		tok, err := c.Decode(ids)
		if err != nil || tok == "" {
			e.err = fmt.Errorf("budget: %s vocabulary has no token %d: %v", e.name, id, err)
			return
		}
		ranks[strings.Clone(tok)] = uint32(id)
	}
	if len(ranks) != e.size {
		e.err = fmt.Errorf("budget: %s vocabulary has %d distinct tokens, want %d", e.name, len(ranks), e.size)
		return
	}
	e.ranks = ranks
}

// Name implements Counter.
func (e *bpe) Name() string { return e.name }

// Count implements Counter. Invalid UTF-8 is read the way Go converts a
// string to runes: each bad byte is one U+FFFD.
func (e *bpe) Count(s string) int {
	if !utf8.ValidString(s) {
		s = replaceInvalid(s)
	}
	n := 0
	for i := 0; i < len(s); {
		j := e.next(s, i)
		n += e.pieceCount(s[i:j])
		i = j
	}
	return n
}

// replaceInvalid replaces each byte that is not part of a valid UTF-8
// sequence with U+FFFD, as []rune(s) does.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}

const noRank = math.MaxUint32

func (e *bpe) rank(s string) uint32 {
	if r, ok := e.ranks[s]; ok {
		return r
	}
	return noRank
}

// scanLimit is the piece length up to which the quadratic scan merge, which
// needs no allocation, beats the heap.
const scanLimit = 64

// pieceCount is the number of tokens byte-pair merging turns one pre-token
// into. It follows tiktoken: repeatedly merge the adjacent pair whose joined
// bytes have the lowest rank, leftmost first, until no pair is a token.
func (e *bpe) pieceCount(p string) int {
	if len(p) < 2 {
		return len(p)
	}
	if _, ok := e.ranks[p]; ok {
		return 1
	}
	if len(p) <= scanLimit {
		return e.mergeScan(p)
	}
	return e.mergeHeap(p)
}

// mergeScan merges with a linear scan for the minimum per step: O(n²) for
// an n-byte piece, but on the stack.
func (e *bpe) mergeScan(p string) int {
	var posBuf [scanLimit + 1]int32
	var rankBuf [scanLimit + 1]uint32
	m := len(p) + 1 // boundaries; parts = m-1
	pos, rk := posBuf[:m], rankBuf[:m]
	for i := range pos {
		pos[i] = int32(i)
	}
	// rk[i] ranks joining part i (pos[i]..pos[i+1]) with part i+1.
	for i := range rk {
		rk[i] = noRank
		if i+2 < m {
			rk[i] = e.rank(p[i : i+2])
		}
	}
	for m > 2 {
		best, bestRank := -1, uint32(noRank)
		for i := 0; i+2 < m; i++ {
			if rk[i] < bestRank {
				best, bestRank = i, rk[i]
			}
		}
		if best < 0 {
			break
		}
		copy(pos[best+1:], pos[best+2:m])
		copy(rk[best+1:], rk[best+2:m])
		m--
		rk[best] = noRank
		if best+2 < m {
			rk[best] = e.rank(p[pos[best]:pos[best+2]])
		}
		if best > 0 {
			rk[best-1] = e.rank(p[pos[best-1]:pos[best+1]])
		}
	}
	return m - 1
}

// mergeHeap gives mergeScan's result in O(n log n) for long pieces (long
// runs of one character, base64, minified text): boundaries form a linked
// list, and a min-heap keyed by (rank, offset) yields the leftmost lowest
// pair; entries made stale by a merge are skipped when popped.
func (e *bpe) mergeHeap(p string) int {
	n := int32(len(p))
	next := make([]int32, n+1)
	prev := make([]int32, n+1)
	rk := make([]uint32, n+1)
	for i := range next {
		next[i], prev[i], rk[i] = int32(i)+1, int32(i)-1, noRank
	}
	next[n] = -1
	pairRank := func(i int32) uint32 {
		j := next[i]
		if j < 0 || next[j] < 0 {
			return noRank
		}
		return e.rank(p[i:next[j]])
	}
	h := make(pairHeap, 0, n)
	for i := int32(0); i+2 <= n; i++ {
		if rk[i] = pairRank(i); rk[i] != noRank {
			h = append(h, pairEntry{rk[i], i})
		}
	}
	h.init()
	parts := int(n)
	for len(h) > 0 {
		top := h.pop()
		i := top.off
		if rk[i] != top.rank { // stale: i was removed or its pair changed
			continue
		}
		j := next[i] // merge the parts starting at i and j
		k := next[j]
		next[i] = k
		if k >= 0 {
			prev[k] = i
		}
		rk[j] = noRank
		parts--
		for _, b := range [2]int32{i, prev[i]} {
			if b < 0 {
				continue
			}
			if rk[b] = pairRank(b); rk[b] != noRank {
				h.push(pairEntry{rk[b], b})
			}
		}
	}
	return parts
}

type pairEntry struct {
	rank uint32
	off  int32
}

// pairHeap is a binary min-heap ordered by rank, then offset, so that ties
// merge leftmost first as in tiktoken.
type pairHeap []pairEntry

func (h pairHeap) less(a, b int) bool {
	if h[a].rank != h[b].rank {
		return h[a].rank < h[b].rank
	}
	return h[a].off < h[b].off
}

func (h pairHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *pairHeap) push(x pairEntry) {
	*h = append(*h, x)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if !s.less(i, parent) {
			break
		}
		s[i], s[parent] = s[parent], s[i]
		i = parent
	}
}

func (h *pairHeap) pop() pairEntry {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	*h = s[:last]
	h.down(0)
	return top
}

func (h pairHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if r := c + 1; r < len(h) && h.less(r, c) {
			c = r
		}
		if !h.less(c, i) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
