package budget

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Item kinds. Only KindMemory changes how an item is rendered: see Item.
const (
	KindProfile = "profile"
	KindEvent   = "event"
	KindTopic   = "topic"
	KindMemory  = "memory"
)

// Item is one entry of a block: an anchor (profile, event, topic) or a
// retrieved memory.
//
// Citations are turn ids written in Text, e.g. "[D1:3, D2:5]"; an item
// cites a turn only while that id can be read in its rendered text (see
// CitedIn). An anchor may be cut anywhere it needs to be, losing the
// citations that fall in the cut part. A memory's citation is its own turn,
// and a memory without it would be an unsourced quote, so a memory is
// rendered whole or cut only after the last of its SourceTurnIDs; if no such
// cut fits, it is dropped.
type Item struct {
	Kind string // KindProfile, KindEvent, KindTopic or KindMemory
	ID   string
	// Text is the line(s) to render, formatted by the caller, e.g.
	// "- [D1:3] Caroline (8 May 2023): I went to ...". Trailing whitespace is
	// dropped and invalid UTF-8 replaced.
	Text string
	// SourceTurnIDs are the turns the item cites.
	SourceTurnIDs []string
	// Carries are the turns whose text Text holds verbatim: a memory
	// carries its own turn; anchors usually carry none.
	Carries []string
	// Priority orders items within their block, lowest first; equal
	// priorities keep the given order.
	Priority int
}

// Block is a titled group of items, such as "Entity Profiles" or
// "Retrieved Memories". Blocks render in the order given.
type Block struct {
	Name  string
	Items []Item
	// Share, in [0, 1], reserves that fraction of the budget for this
	// block ahead of the blocks before it (e.g. the profiles of the people
	// asked about, placed after many memories). A reservation never exceeds
	// what the block's items need; whatever the block leaves unused goes to
	// the blocks after it. Shares summing to more than 1 are scaled down.
	Share float64
}

// Rendered is the result of Render.
type Rendered struct {
	// Text is the rendered context: per non-empty block a header line and
	// its items one after another, blocks joined by Options.Separator.
	Text string
	// Tokens is exactly Counter.Count(Text), and never more than the budget.
	Tokens int
	// Blocks holds, by block name, the items as rendered: Text is the
	// rendered (possibly cut) text, and SourceTurnIDs and Carries keep only
	// the ids that can be read in it.
	Blocks map[string][]Item
	// Dropped counts the input items left out entirely.
	Dropped int
	// Truncated lists the IDs of items that were cut, in render order; at
	// most one per block.
	Truncated []string
}

// Cited returns the turn ids the rendered items cite, in order of first
// appearance in r.Text and without repeats. Every one of them appears in
// r.Text as a whole id.
func (r Rendered) Cited() []string {
	var ids []string
	for _, items := range r.Blocks {
		for _, it := range items {
			ids = append(ids, it.SourceTurnIDs...)
		}
	}
	ids = CitedIn(r.Text, ids)
	pos := make(map[string]int, len(ids))
	for _, id := range ids {
		pos[id] = idEnd(r.Text, id) - len(id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if pos[a] != pos[b] {
			return pos[a] - pos[b]
		}
		return strings.Compare(a, b)
	})
	return ids
}

// Options tune the layout. The zero value gives markdown-style headers
// ("## Entity Profiles") and a blank line between blocks; nothing in the
// layout depends on the tokenizer.
type Options struct {
	// Header renders a block's header line from its name; nil means
	// "## " + name. An empty result renders the block without a header.
	Header func(name string) string
	// Separator goes between blocks; "" means "\n\n".
	Separator string
	// Marker is appended to a cut item to show it was cut, e.g. " …";
	// it counts against the budget. "" appends nothing.
	Marker string
}

// itemSep joins a header to its first item and items to each other.
const itemSep = "\n"

// ctxBytes bounds the text before a segment that is counted along with it:
// see renderer.segCost.
const ctxBytes = 64

// Render lays blocks out as text that a Counter measures at no more than
// budget tokens, and returns it with its exact count and what it holds.
//
// Blocks render in order, each with a header line, and blocks left without
// items are omitted. Within a block, items (sorted by Priority) are added
// whole while they fit; the first that does not fit is cut to fill the room
// left, at a word boundary, and ends the block: so at most one item per
// block is cut, and the same input always gives the same output. A cut
// anchor keeps only the citations still in its text; a cut memory keeps its
// own turn id or is dropped. Blocks with a Share have first claim on it (see
// Block.Share); all other room flows to blocks in order.
//
// Token counts of concatenated text are not sums: byte-pair encoding merges
// across joins (".\n" is one token). Render therefore prices each addition
// as Count(context + addition) - Count(context), where the context is the
// end of the text already rendered, which is exact for encodings whose
// merges do not reach across that context, OpenAI's included; this costs
// about one count of each item considered rather than a recount of the
// whole text per item. The final text is then counted whole, and should an
// exotic Counter disagree with the estimate, items are taken off the end
// until Count(Text) <= budget, which always holds on return.
//
// A zero or negative budget renders nothing. A nil Counter means Default().
func Render(c Counter, blocks []Block, budget int, opts Options) Rendered {
	if c == nil {
		c = Default()
	}
	if opts.Header == nil {
		opts.Header = func(name string) string { return "## " + name }
	}
	if opts.Separator == "" {
		opts.Separator = "\n\n"
	}
	opts.Separator = validUTF8(opts.Separator)
	opts.Marker = validUTF8(opts.Marker)

	r := &renderer{c: c, opts: opts, budget: budget, counts: map[string]int{}}
	total := 0
	for _, b := range blocks {
		total += len(b.Items)
	}
	out := Rendered{Blocks: map[string][]Item{}, Dropped: total}
	if budget <= 0 {
		return out
	}
	r.prepare(blocks)
	r.reserve()
	r.fill()
	r.fit()

	out.Text = r.text()
	out.Tokens = r.final
	for _, s := range r.segs {
		b := r.blocks[s.block]
		it := b.items[s.item]
		it.Text = s.text
		it.SourceTurnIDs = CitedIn(s.text, it.SourceTurnIDs)
		it.Carries = CitedIn(s.text, it.Carries)
		out.Blocks[b.name] = append(out.Blocks[b.name], it)
		out.Dropped--
		if s.cut {
			out.Truncated = append(out.Truncated, it.ID)
		}
	}
	return out
}

// block is a Block made ready to render.
type block struct {
	name    string
	head    string   // header line, "" for none
	items   []Item   // sorted by priority, empty texts removed
	texts   []string // items' texts, repaired and trimmed
	share   float64  // normalised share
	reserve int      // tokens held back for this block from the blocks before it
	cost    []int    // cost[j], j ≥ 1: tokens item j adds after item j-1; -1 unknown
}

// seg is one rendered item together with what joins it to the text before:
// the separator and header for a block's first item, a newline otherwise.
type seg struct {
	block, item int
	lead        string // joining text
	text        string // the item's rendered text
	cut         bool
}

type renderer struct {
	c      Counter
	opts   Options
	budget int
	blocks []block
	segs   []seg
	used   int            // the estimated count of text() after fill
	final  int            // Count(text()) after fit
	counts map[string]int // memoised counts of context strings
}

func (r *renderer) count(s string) int {
	if n, ok := r.counts[s]; ok {
		return n
	}
	n := r.c.Count(s)
	r.counts[s] = n
	return n
}

// prepare copies the blocks, sorting items by priority, repairing UTF-8 and
// dropping items with nothing to render.
func (r *renderer) prepare(in []Block) {
	sum := 0.0
	for _, b := range in {
		if s := clampShare(b.Share); len(b.Items) > 0 {
			sum += s
		}
	}
	r.blocks = make([]block, len(in))
	for i, b := range in {
		items := slices.Clone(b.Items)
		slices.SortStableFunc(items, func(a, b Item) int { return cmp.Compare(a.Priority, b.Priority) })
		nb := block{name: b.Name, share: clampShare(b.Share)}
		if sum > 1 {
			nb.share /= sum
		}
		nb.head = strings.TrimSpace(validUTF8(r.opts.Header(b.Name)))
		for _, it := range items {
			t := strings.TrimRightFunc(validUTF8(it.Text), unicode.IsSpace)
			if t == "" {
				continue
			}
			nb.items = append(nb.items, it)
			nb.texts = append(nb.texts, t)
		}
		nb.cost = make([]int, len(nb.items))
		for j := range nb.cost {
			nb.cost[j] = -1
		}
		r.blocks[i] = nb
	}
}

// validUTF8 replaces each run of invalid bytes with U+FFFD, so that the
// output is valid UTF-8 whatever the input.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

func clampShare(s float64) float64 {
	if math.IsNaN(s) || s < 0 {
		return 0
	}
	return min(s, 1)
}

// tail is the context kept from the end of a rendered segment to price the
// next one: at most ctxBytes, starting at a space that follows a non-space,
// where OpenAI's pre-tokenizers always split, so that counting it alone
// starts a pre-token where the full text does. A segment without such a
// space is kept whole.
func tail(s string) string {
	if len(s) <= ctxBytes {
		return s
	}
	for p := len(s) - ctxBytes; p < len(s); p++ {
		if s[p] == ' ' && p > 0 && !isSpaceByte(s[p-1]) {
			return s[p:]
		}
	}
	return s
}

func isSpaceByte(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// lead is what joins a block's first item to the text before it.
func (r *renderer) lead(b *block, first bool) string {
	var sb strings.Builder
	if !first {
		sb.WriteString(r.opts.Separator)
	}
	if b.head != "" {
		sb.WriteString(b.head)
		sb.WriteString(itemSep)
	}
	return sb.String()
}

// segCost is what appending lead+text adds to a text ending in ctx.
func (r *renderer) segCost(ctx, lead, text string) int {
	return r.c.Count(ctx+lead+text) - r.count(ctx)
}

// itemCost is what item j ≥ 1 of b adds after item j-1, memoised: it
// depends on nothing before the block.
func (r *renderer) itemCost(b *block, j int) int {
	if b.cost[j] < 0 {
		b.cost[j] = r.segCost(tail(itemSep+b.texts[j-1]), itemSep, b.texts[j])
	}
	return b.cost[j]
}

// reserve sets each block's reservation: its share of the budget, capped
// at the tokens its items need.
func (r *renderer) reserve() {
	first := true
	for i := range r.blocks {
		b := &r.blocks[i]
		if len(b.items) == 0 {
			continue
		}
		if b.share > 0 {
			limit := int(math.Floor(b.share * float64(r.budget)))
			need := r.segCost("", r.lead(b, first), b.texts[0])
			for j := 1; j < len(b.items) && need < limit; j++ {
				need += r.itemCost(b, j)
			}
			b.reserve = min(limit, need)
		}
		first = false
	}
}

// fill chooses what to render, block by block.
func (r *renderer) fill() {
	used := 0
	ctx := "" // end of the text rendered so far
	for i := range r.blocks {
		b := &r.blocks[i]
		if len(b.items) == 0 {
			continue
		}
		later := 0
		for _, nb := range r.blocks[i+1:] {
			if len(nb.items) > 0 {
				later += nb.reserve
			}
		}
		room := r.budget - later - used
		if room <= 0 {
			continue
		}
		lead := r.lead(b, len(r.segs) == 0)
		for j := range b.items {
			segLead, before := itemSep, ""
			var cost int
			if j == 0 {
				segLead, before = lead, ctx
				cost = r.segCost(ctx, lead, b.texts[0])
			} else {
				before = tail(itemSep + b.texts[j-1])
				cost = r.itemCost(b, j)
			}
			if cost <= room {
				r.segs = append(r.segs, seg{block: i, item: j, lead: segLead, text: b.texts[j]})
				used += cost
				room -= cost
				ctx = tail(itemSep + b.texts[j])
				continue
			}
			if text, cost, ok := r.cut(b.items[j], b.texts[j], before, segLead, room); ok {
				r.segs = append(r.segs, seg{block: i, item: j, lead: segLead, text: text, cut: true})
				used += cost
				ctx = tail(itemSep + text)
			}
			break
		}
	}
	r.used = used
}

// cut returns the longest prefix of text, ended at a word boundary and
// followed by the marker, that fits room after before+lead, together with
// its cost. For a memory the prefix must keep all its source turn ids.
// Costs grow with the prefix, so a binary search over the boundaries
// finds it with O(log n) counts.
func (r *renderer) cut(it Item, text, before, lead string, room int) (string, int, bool) {
	if room <= 0 {
		return "", 0, false
	}
	minEnd := 0
	if it.Kind == KindMemory {
		for _, id := range it.SourceTurnIDs {
			end := idEnd(text, id)
			if end < 0 {
				return "", 0, false // its citation is not in its text: whole or nothing
			}
			minEnd = max(minEnd, end)
		}
	}
	var ends []int
	for _, p := range wordEnds(text) {
		if p >= minEnd && p < len(text) {
			ends = append(ends, p)
		}
	}
	best, bestCost := -1, 0
	lo, hi := 0, len(ends)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		cost := r.segCost(before, lead, text[:ends[mid]]+r.opts.Marker)
		if cost <= room {
			best, bestCost = mid, cost
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	if best < 0 {
		return "", 0, false
	}
	return text[:ends[best]] + r.opts.Marker, bestCost, true
}

// wordEnds lists the offsets where text may be cut: after a word that
// whitespace follows (so also at line and sentence ends), or after an
// ideographic sentence or clause mark, which scripts without spaces use.
// Offsets fall between runes, so a cut never splits one.
func wordEnds(text string) []int {
	var ends []int
	prevSpace := true
	for i, r := range text {
		space := unicode.IsSpace(r)
		if space && !prevSpace {
			ends = append(ends, i)
		}
		if strings.ContainsRune("。！？；，、", r) {
			if end := i + utf8.RuneLen(r); end < len(text) && !isSpaceAt(text, end) {
				ends = append(ends, end)
			}
		}
		prevSpace = space
	}
	return ends
}

func isSpaceAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r)
}

// fit makes the text fit for any Counter: it counts the whole text and,
// while that is over budget, takes the last item off.
func (r *renderer) fit() {
	for {
		r.final = r.c.Count(r.text())
		if r.final <= r.budget || len(r.segs) == 0 {
			return
		}
		r.segs = r.segs[:len(r.segs)-1]
	}
}

func (r *renderer) text() string {
	var sb strings.Builder
	for _, s := range r.segs {
		sb.WriteString(s.lead)
		sb.WriteString(s.text)
	}
	return sb.String()
}
