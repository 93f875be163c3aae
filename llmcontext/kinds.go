package llmcontext

import (
	"fmt"
	"slices"

	"github.com/loci-memory/loci/query"
)

// Question kinds (Config.AnchorBlocks keys): a block of anchor lines pays
// for its tokens on some kinds of question and not on others.
const (
	// KindWhen is a question about a time (query.AsksWhen: "when did…",
	// "what year…", "how long ago…").
	KindWhen = "when"
	// KindOther is every other question.
	KindOther = "other"
)

// anchorBlockNames are the anchor blocks Config.AnchorBlocks names.
var anchorBlockNames = []string{"topics", "profiles", "events"}

// questionKind is the kind of q for Config.AnchorBlocks.
func questionKind(q string) string {
	if query.AsksWhen(q) {
		return KindWhen
	}
	return KindOther
}

// blocksFor returns the anchor blocks (anchorBlockNames) that may render
// lines for a question of kind under blocks (Config.AnchorBlocks): all of
// them when blocks says nothing of the kind.
func blocksFor(blocks map[string][]string, kind string) []string {
	if b, ok := blocks[kind]; ok {
		return b
	}
	return anchorBlockNames
}

// keepBlocks returns set with only the anchors of the blocks named in
// allowed rendering lines, the items rebuilt. The anchors are still read
// (and still propose expanded queries); only their lines leave the context.
func keepBlocks(set anchorSet, allowed []string) anchorSet {
	if !slices.Contains(allowed, "topics") {
		set.topics = nil
	}
	if !slices.Contains(allowed, "profiles") {
		set.profiles = nil
	}
	if !slices.Contains(allowed, "events") {
		set.events = nil
	}
	set.items = anchorItems(set)
	return set
}

// validAnchorBlocks checks Config.AnchorBlocks: known kinds, known blocks.
func validAnchorBlocks(blocks map[string][]string) error {
	for kind, names := range blocks {
		if kind != KindWhen && kind != KindOther {
			return fmt.Errorf("has an unknown question kind %q (want %q or %q)", kind, KindWhen, KindOther)
		}
		for _, n := range names {
			if !slices.Contains(anchorBlockNames, n) {
				return fmt.Errorf("names an unknown block %q for %q (want one of %v)", n, kind, anchorBlockNames)
			}
		}
	}
	return nil
}
