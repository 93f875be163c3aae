package query

import (
	"slices"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

// Anchor gates (ContextConfig.AnchorGate): how anchors pay for the tokens
// they take from the memories below them.
const (
	// GateNone keeps every anchor the modules chose.
	GateNone = ""
	// GateNovel keeps an anchor line only if it cites a turn that the
	// memories, given the whole budget to themselves, would not carry: a
	// line resting only on turns the context quotes verbatim anyway repeats
	// them in fewer words and takes the room of the last memories.
	GateNovel = "novel"
)

// validGate reports whether g names a gate.
func validGate(g string) bool { return g == GateNone || g == GateNovel }

// payForTokens applies cc's anchor gate to set, against the memories
// (rendered items, in rank order) the same budget would otherwise hold.
func payForTokens(cc ContextConfig, counter budget.Counter, budgetTokens int, set anchorSet, mems []budget.Item) anchorSet {
	switch cc.AnchorGate {
	case GateNovel:
		return keepNovel(set, carriedAlone(counter, mems, budgetTokens))
	}
	return set
}

// carriedAlone returns the turns the memories carry when they are rendered
// alone within budgetTokens: what the context holds verbatim before any
// anchor takes room.
func carriedAlone(counter budget.Counter, mems []budget.Item, budgetTokens int) map[string]bool {
	r := budget.Render(counter, []budget.Block{{Name: BlockMemories, Items: mems}}, budgetTokens, budget.Options{})
	out := map[string]bool{}
	for _, it := range r.Blocks[BlockMemories] {
		for _, id := range it.Carries {
			out[id] = true
		}
	}
	return out
}

// keepNovel returns the anchors of set cut down to the lines that cite a
// turn carried does not hold, with the items rebuilt. A profile keeps its
// heading line (the entity's name and type) while one of its fact lines
// stays; an anchor left without a line citing a new turn is dropped.
func keepNovel(set anchorSet, carried map[string]bool) anchorSet {
	novel := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return !carried[id] })
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
					for _, id := range l.SourceTurnIDs {
						if !slices.Contains(ids, id) {
							ids = append(ids, id)
						}
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
	set.items = nil
	for _, group := range [][]ontology.Anchor{set.topics, set.profiles, set.events} {
		for _, a := range group {
			set.items = append(set.items, anchorItem(a))
		}
	}
	return set
}
