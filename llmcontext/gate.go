package llmcontext

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
	"github.com/loci-memory/loci/query/budget"
)

// Anchor gates (Config.AnchorGate): how anchors pay for the tokens
// they take from the memories below them.
const (
	// GateNone keeps every anchor the modules chose.
	GateNone = ""
	// GateNovel keeps an anchor line only if it cites a turn that the
	// memories, given the whole budget to themselves, would not carry, and
	// that no anchor line above it cites: a line resting only on turns the
	// context holds anyway repeats them in other words and takes the room
	// of the last memories.
	GateNovel = "novel"
	// GateDisplace is GateNovel, and then each remaining line must also
	// pay for the memories it pushes out of the budget: the memories are
	// laid out first, and a line takes the room of the last of them only
	// if it holds more of the question's words per token than they do.
	GateDisplace = "displace"
)

// validGate reports whether g names a gate.
func validGate(g string) bool {
	return g == GateNone || g == GateNovel || g == GateDisplace
}

// payForTokens applies cc's anchor gate to set, against the memories
// (rendered items, in rank order) the same budget would otherwise hold.
// terms are the words of the question a line is worth holding (speakers'
// names left out: every memory line carries one).
func payForTokens(cc Config, counter budget.Counter, budgetTokens int, set anchorSet, mems []budget.Item, terms []string) anchorSet {
	switch cc.AnchorGate {
	case GateNovel:
		return keepNovel(set, carriedAlone(counter, mems, budgetTokens))
	case GateDisplace:
		return keepPaying(counter, budgetTokens, set, mems, lexicalWorth(terms))
	}
	return set
}

// carriedAlone returns the turns the memories carry when they are rendered
// alone within budgetTokens: what the context holds verbatim before any
// anchor takes room.
func carriedAlone(counter budget.Counter, mems []budget.Item, budgetTokens int) map[string]bool {
	_, carried := memoriesAlone(counter, mems, budgetTokens)
	return carried
}

// memoriesAlone renders the memories alone within budgetTokens and returns
// them as rendered, with the turns they carry.
func memoriesAlone(counter budget.Counter, mems []budget.Item, budgetTokens int) (budget.Rendered, map[string]bool) {
	r := budget.Render(counter, []budget.Block{{Name: BlockMemories, Items: mems}}, budgetTokens, budget.Options{})
	out := map[string]bool{}
	for _, it := range r.Blocks[BlockMemories] {
		for _, id := range it.Carries {
			out[id] = true
		}
	}
	return r, out
}

// keepPaying is GateDisplace. The memories are laid out alone first; the
// novel anchor lines (keepNovel) then bid for room, densest first, where a
// line's worth is how many of terms it holds per token. A line that fits
// in room the memories left takes it; otherwise it pushes the last
// memories out and is kept only if it is denser than they were, counting
// its block heading and anchor title on the first line that needs them.
// Lines holding none of the terms never pay.
func keepPaying(counter budget.Counter, budgetTokens int, set anchorSet, mems []budget.Item, worth worthFunc) anchorSet {
	alone, carried := memoriesAlone(counter, mems, budgetTokens)
	set = novelLines(set, carried, false)
	seen := maps.Clone(carried) // the turns the memories and the admitted lines cite
	type unit struct {
		group, anchor, line int // line -1: the whole anchor (an event)
		cost                int
		worth               float64
		ids                 []string
	}
	groups := [][]ontology.Anchor{set.topics, set.profiles, set.events}
	var units []unit
	for g, as := range groups {
		for i, a := range as {
			if a.Kind == ontology.AnchorEvent {
				text := anchorText(a)
				if w := worth(text, unseen(a.SourceTurnIDs, carried)); w > 0 {
					units = append(units, unit{group: g, anchor: i, line: -1, cost: counter.Count(text) + 1, worth: w, ids: a.SourceTurnIDs})
				}
				continue
			}
			for j, l := range a.Lines {
				if a.Kind == ontology.AnchorProfile && j == 0 {
					continue
				}
				text := "- " + l.Text + cite(l.SourceTurnIDs)
				if w := worth(text, unseen(l.SourceTurnIDs, carried)); w > 0 {
					units = append(units, unit{group: g, anchor: i, line: j, cost: counter.Count(text) + 1, worth: w, ids: l.SourceTurnIDs})
				}
			}
		}
	}
	slices.SortStableFunc(units, func(a, b unit) int {
		// a.worth/a.cost > b.worth/b.cost first
		return cmp.Compare(b.worth*float64(a.cost), a.worth*float64(b.cost))
	})
	// The memories as laid out, last first, with their worth.
	kept := alone.Blocks[BlockMemories]
	// Their costs and worth, found as lines reach them.
	costs, worths := make([]int, len(kept)), make([]float64, len(kept))
	memCost := func(i int) int {
		if costs[i] == 0 {
			costs[i] = counter.Count(kept[i].Text) + 1
			worths[i] = worth(kept[i].Text, kept[i].SourceTurnIDs)
		}
		return costs[i]
	}
	memWorth := func(i int) float64 { memCost(i); return worths[i] }
	free := budgetTokens - alone.Tokens
	last := len(kept) // memories kept[:last] stay
	// margin is the worth per token of the memories pushed out so far
	// (worthOut / costOut): room they freed is not free.
	worthOut, costOut := 0.0, 0
	headed := map[int]bool{}    // blocks with a line admitted
	titled := map[[2]int]bool{} // anchors with a line admitted
	admitted := map[[3]int]bool{}
	for _, u := range units {
		if !slices.ContainsFunc(u.ids, func(id string) bool { return !seen[id] }) {
			continue // a line admitted before cites all its turns
		}
		cost := u.cost
		if !headed[u.group] {
			cost += counter.Count("\n\n## "+[]string{BlockTopics, BlockProfiles, BlockEvents}[u.group]) + 1
		}
		if u.line >= 0 && !titled[[2]int{u.group, u.anchor}] {
			cost += counter.Count(anchorHeading(groups[u.group][u.anchor])) + 1
		}
		// Push memories out until the line fits.
		w, c, l, f := worthOut, costOut, last, free
		for f < cost && l > 0 {
			l--
			mc := memCost(l)
			f += mc
			w += memWorth(l)
			c += mc
		}
		if f < cost {
			continue
		}
		// Denser than what it displaces: worth/cost > w/c.
		if c > 0 && u.worth*float64(c) <= w*float64(cost) {
			continue
		}
		worthOut, costOut, last, free = w, c, l, f-cost
		headed[u.group] = true
		titled[[2]int{u.group, u.anchor}] = true
		admitted[[3]int{u.group, u.anchor, u.line}] = true
		for _, id := range u.ids {
			seen[id] = true
		}
	}
	cut := func(g int) []ontology.Anchor {
		var out []ontology.Anchor
		for i, a := range groups[g] {
			if a.Kind == ontology.AnchorEvent {
				if admitted[[3]int{g, i, -1}] {
					out = append(out, a)
				}
				continue
			}
			var lines []ontology.AnchorLine
			var ids []string
			for j, l := range a.Lines {
				if admitted[[3]int{g, i, j}] {
					lines = append(lines, l)
					ids = appendNew(ids, l.SourceTurnIDs...)
				}
			}
			if len(lines) == 0 {
				continue
			}
			if a.Kind == ontology.AnchorProfile {
				lines = append([]ontology.AnchorLine{a.Lines[0]}, lines...)
			}
			a.Lines, a.SourceTurnIDs = lines, ids
			out = append(out, a)
		}
		return out
	}
	set.topics, set.profiles, set.events = cut(0), cut(1), cut(2)
	set.items = anchorItems(set)
	return set
}

// worthFunc says what a line (an anchor's, or a memory) is worth to the
// question: its text and the turns it cites that the context does not hold
// otherwise (a memory: its own).
type worthFunc func(text string, ids []string) float64

// lexicalWorth is worth as the number of terms a text holds.
func lexicalWorth(terms []string) worthFunc {
	return func(text string, _ []string) float64 { return float64(termsIn(text, terms)) }
}

// unseen are those of ids not in seen.
func unseen(ids []string, seen map[string]bool) []string {
	var out []string
	for _, id := range ids {
		if !seen[id] {
			out = append(out, id)
		}
	}
	return out
}

// anchorHeading is the heading line an anchor renders above its lines.
func anchorHeading(a ontology.Anchor) string {
	first, _, _ := strings.Cut(anchorText(ontology.Anchor{Kind: a.Kind, Title: a.Title, When: a.When, Participants: a.Participants,
		Lines: a.Lines[:min(1, len(a.Lines))]}), "\n")
	return first
}

// termsIn counts the terms text holds as words, a term matching any word
// of the same stem ("paint" holds "painting").
func termsIn(text string, terms []string) int {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		words[stem(w)] = true
	}
	n := 0
	for _, t := range terms {
		if words[stem(t)] {
			n++
		}
	}
	return n
}

// stem strips a common English inflection from a lower-case word, enough
// to match "painting" with "paints"; words stay at least four letters.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w)-len(suf) >= 4 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// questionTerms are the query's content words other than the words that
// name speakers (their labels, aliases and the forms the query used).
func questionTerms(q string, speakerNames []string) []string {
	names := map[string]bool{}
	for _, sp := range speakerNames {
		for _, w := range strings.Fields(strings.ToLower(sp)) {
			names[w] = true
		}
	}
	var out []string
	for _, w := range query.ContentWords(q) {
		if !names[w] {
			out = append(out, w)
		}
	}
	return out
}

func appendNew(ids []string, add ...string) []string {
	for _, id := range add {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// anchorItems are the context items of set's anchors, in block order.
func anchorItems(set anchorSet) []ontology.ContextItem {
	var items []ontology.ContextItem
	for _, group := range [][]ontology.Anchor{set.topics, set.profiles, set.events} {
		for _, a := range group {
			items = append(items, anchorItem(a))
		}
	}
	return items
}

// keepNovel returns the anchors of set cut down to the lines that cite a
// turn neither carried nor a line kept before holds (lines are taken in the
// order they render: topics, profiles, events), with the items rebuilt. A profile keeps its
// heading line (the entity's name and type) while one of its fact lines
// stays; an anchor left without a line citing a new turn is dropped.
func keepNovel(set anchorSet, carried map[string]bool) anchorSet {
	return novelLines(set, carried, true)
}

// novelLines is keepNovel; with cumulative false a line need only cite a
// turn carried does not hold.
func novelLines(set anchorSet, carried map[string]bool, cumulative bool) anchorSet {
	// seen is what the context holds so far: the memories' turns, then
	// those of the lines kept, in the order they render.
	seen := maps.Clone(carried)
	novel := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return !seen[id] })
	}
	cut := func(as []ontology.Anchor) []ontology.Anchor {
		var out []ontology.Anchor
		for _, a := range as {
			var lines []ontology.AnchorLine
			var ids []string
			for i, l := range a.Lines {
				if a.Kind == ontology.AnchorProfile && i == 0 {
					continue
				}
				if novel(l.SourceTurnIDs) {
					lines = append(lines, l)
					ids = appendNew(ids, l.SourceTurnIDs...)
					for _, id := range l.SourceTurnIDs {
						seen[id] = seen[id] || cumulative
					}
				}
			}
			if len(lines) == 0 {
				continue
			}
			if a.Kind == ontology.AnchorProfile && len(a.Lines) > 0 {
				lines = append([]ontology.AnchorLine{a.Lines[0]}, lines...)
			}
			a.Lines, a.SourceTurnIDs = lines, ids
			out = append(out, a)
		}
		return out
	}
	set.topics, set.profiles, set.events = cut(set.topics), cut(set.profiles), cut(set.events)
	set.items = anchorItems(set)
	return set
}
