package llmcontext

import (
	"fmt"
	"slices"

	"github.com/loci-memory/loci/query"
)

// Question kinds (Config.KindParts keys): a part of the context pays for
// its tokens on some kinds of question and not on others.
const (
	// KindWhen is a question about a time (query.AsksWhen: "when did…",
	// "what year…", "how long ago…").
	KindWhen = "when"
	// KindOther is every other question.
	KindOther = "other"
)

// Parts of a context besides the memories (Config.KindParts values): the
// three anchor blocks, and the expanded queries the anchors propose.
const (
	PartTopics    = "topics"
	PartProfiles  = "profiles"
	PartEvents    = "events"
	PartExpansion = "expansion"
)

// allParts are the parts a kind that Config.KindParts does not name keeps.
var allParts = []string{PartTopics, PartProfiles, PartEvents, PartExpansion}

// questionKind is the kind of q for Config.KindParts.
func questionKind(q string) string {
	if query.AsksWhen(q) {
		return KindWhen
	}
	return KindOther
}

// partsFor returns the parts (allParts) a question of kind gets under
// kindParts (Config.KindParts): all of them when kindParts says nothing of
// the kind.
func partsFor(kindParts map[string][]string, kind string) []string {
	if p, ok := kindParts[kind]; ok {
		return p
	}
	return allParts
}

// withParts returns cc as it applies to a question given parts: without
// the expansion part no expanded query runs, and then an anchor block
// whose lines are not wanted is not read either (its K is 0); with no
// part at all no anchor is read (the context is the memories alone).
func withParts(cc Config, parts []string) Config {
	if slices.Contains(parts, PartExpansion) {
		return cc
	}
	cc.Expansion = 0
	if !slices.Contains(parts, PartTopics) {
		cc.KTopic = 0
	}
	if !slices.Contains(parts, PartProfiles) {
		cc.KEntity = 0
	}
	if !slices.Contains(parts, PartEvents) {
		cc.KEvent, cc.TemporalSlots = 0, 0
	}
	if len(parts) == 0 {
		cc.Anchors = false
	}
	return cc
}

// keepBlocks returns set with only the anchor blocks named in parts
// rendering lines, the items rebuilt. The anchors left out were still read
// and proposed their expanded queries; only their lines leave the context.
func keepBlocks(set anchorSet, parts []string) anchorSet {
	if !slices.Contains(parts, PartTopics) {
		set.topics = nil
	}
	if !slices.Contains(parts, PartProfiles) {
		set.profiles = nil
	}
	if !slices.Contains(parts, PartEvents) {
		set.events = nil
	}
	set.items = anchorItems(set)
	return set
}

// validKindParts checks Config.KindParts: known kinds, known parts.
func validKindParts(kindParts map[string][]string) error {
	for kind, parts := range kindParts {
		if kind != KindWhen && kind != KindOther {
			return fmt.Errorf("has an unknown question kind %q (want %q or %q)", kind, KindWhen, KindOther)
		}
		for _, p := range parts {
			if !slices.Contains(allParts, p) {
				return fmt.Errorf("names an unknown part %q for %q (want one of %v)", p, kind, allParts)
			}
		}
	}
	return nil
}
