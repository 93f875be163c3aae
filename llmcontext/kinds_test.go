package llmcontext

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestQuestionKind(t *testing.T) {
	for q, want := range map[string]string{
		"When did Ana go to the pottery class?":  KindWhen,
		"What year did Ben move to Oslo?":        KindWhen,
		"How long ago was the race?":             KindWhen,
		"What does Ana like to paint?":           KindOther,
		"Would Ben enjoy a winter holiday?":      KindOther,
		"Which city did Ana say she grew up in?": KindOther,
	} {
		if got := questionKind(q); got != want {
			t.Errorf("questionKind(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestBlocksFor(t *testing.T) {
	blocks := map[string][]string{KindWhen: {"events"}, KindOther: {}}
	if got := blocksFor(blocks, KindWhen); !slices.Equal(got, []string{"events"}) {
		t.Errorf("when: %v", got)
	}
	if got := blocksFor(blocks, KindOther); len(got) != 0 {
		t.Errorf("other: %v, want no block (an empty list says none)", got)
	}
	if got := blocksFor(map[string][]string{KindWhen: {"events"}}, KindOther); !slices.Equal(got, anchorBlockNames) {
		t.Errorf("a kind not named: %v, want every block", got)
	}
	if got := blocksFor(nil, KindWhen); !slices.Equal(got, anchorBlockNames) {
		t.Errorf("no anchor_blocks: %v, want every block", got)
	}
}

func TestKeepBlocksDropsOnlyTheBlocksNotAllowed(t *testing.T) {
	set := anchorSet{
		profiles: []ontology.Anchor{{Kind: ontology.AnchorProfile, ID: "p", Title: "Ana",
			Lines: []ontology.AnchorLine{line("Ana (Person)"), line("likes: pottery", "D1:1")}}},
		events: []ontology.Anchor{{Kind: ontology.AnchorEvent, ID: "e", Title: "went to a race", SourceTurnIDs: []string{"D1:2"},
			Lines: []ontology.AnchorLine{line("went to a race", "D1:2")}}},
		topics: []ontology.Anchor{{Kind: ontology.AnchorTopic, ID: "t", Title: "pottery", Lines: []ontology.AnchorLine{line("I made a bowl.", "D1:3")}}},
	}
	set.items = anchorItems(set)
	got := keepBlocks(set, []string{"events"})
	if len(got.topics) != 0 || len(got.profiles) != 0 || len(got.events) != 1 {
		t.Fatalf("kept topics %d, profiles %d, events %d; want the event alone", len(got.topics), len(got.profiles), len(got.events))
	}
	if len(got.items) != 1 || got.items[0].ID != "e" {
		t.Fatalf("items not rebuilt: %+v", got.items)
	}
	if len(set.topics) != 1 || len(set.profiles) != 1 || len(set.items) != 3 {
		t.Fatal("keepBlocks changed its input")
	}
	if got := keepBlocks(set, nil); len(got.items) != 0 {
		t.Fatalf("no block allowed, items %+v", got.items)
	}
	if got := keepBlocks(set, anchorBlockNames); len(got.items) != 3 {
		t.Fatalf("every block allowed, items %+v", got.items)
	}
}
