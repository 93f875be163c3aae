package llmcontext

import (
	"reflect"
	"slices"
	"testing"

	"github.com/loci-memory/loci/internal/casefile"
	"github.com/loci-memory/loci/ontology"
)

func TestQuestionKind(t *testing.T) {
	for _, c := range casefile.Read(t, "testdata/question_kinds.txt", 2) {
		if got := questionKind(c[0]); got != c[1] {
			t.Errorf("questionKind(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestPartsFor(t *testing.T) {
	kp := map[string][]string{KindWhen: {PartEvents, PartExpansion}, KindOther: {}}
	if got := partsFor(kp, KindWhen); !slices.Equal(got, []string{PartEvents, PartExpansion}) {
		t.Errorf("when: %v", got)
	}
	if got := partsFor(kp, KindOther); len(got) != 0 {
		t.Errorf("other: %v, want no part (an empty list says none)", got)
	}
	if got := partsFor(map[string][]string{KindWhen: {PartEvents}}, KindOther); !slices.Equal(got, allParts) {
		t.Errorf("a kind not named: %v, want every part", got)
	}
	if got := partsFor(nil, KindWhen); !slices.Equal(got, allParts) {
		t.Errorf("no kind_parts: %v, want every part", got)
	}
}

func TestWithParts(t *testing.T) {
	cc := Config{Anchors: true, Expansion: 9, KEntity: 3, KEvent: 6, KTopic: 2, TemporalSlots: 2}
	if got := withParts(cc, allParts); !reflect.DeepEqual(got, cc) {
		t.Errorf("every part: %+v, want the config unchanged", got)
	}
	// Expansion reads every module, for its queries.
	if got := withParts(cc, []string{PartExpansion}); !reflect.DeepEqual(got, cc) {
		t.Errorf("expansion alone: %+v, want the config unchanged (anchors read for their queries)", got)
	}
	got := withParts(cc, []string{PartTopics})
	if want := (Config{Anchors: true, KTopic: 2}); !reflect.DeepEqual(got, want) {
		t.Errorf("topics alone: %+v, want %+v (no expansion, only topics read)", got, want)
	}
	got = withParts(cc, []string{PartEvents})
	if want := (Config{Anchors: true, KEvent: 6, TemporalSlots: 2}); !reflect.DeepEqual(got, want) {
		t.Errorf("events alone: %+v, want %+v", got, want)
	}
	if got := withParts(cc, nil); got.Anchors || got.Expansion != 0 {
		t.Errorf("no part: anchors %v, expansion %d; want the memories alone", got.Anchors, got.Expansion)
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
	got := keepBlocks(set, []string{PartEvents, PartExpansion})
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
	if got := keepBlocks(set, allParts); len(got.items) != 3 {
		t.Fatalf("every block allowed, items %+v", got.items)
	}
}
