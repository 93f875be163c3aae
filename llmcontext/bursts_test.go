package llmcontext

import (
	"reflect"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

func burstResult() ontology.SearchResult {
	said := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	return ontology.SearchResult{Kind: ontology.KindBurst, ID: "D1:3", Conversation: "c", Speaker: "Caroline",
		Text: "Guess what\nI went to a support group yesterday\nIt was powerful", Timestamp: &said,
		SourceTurnIDs: []string{"D1:3", "D1:4", "D1:5"}}
}

func TestBurstRendersAsOneMemory(t *testing.T) {
	r := burstResult()
	it := memoryItem(r, true, false)
	want := "- [D1:3] Caroline (8 May 2023): Guess what [D1:4] I went to a support group yesterday [7 May 2023] [D1:5] It was powerful"
	if it.Text != want || it.Kind != ontology.KindBurst || !reflect.DeepEqual(it.SourceTurnIDs, []string{"D1:3", "D1:4", "D1:5"}) {
		t.Fatalf("burst memory:\n%q\nwant\n%q (%+v)", it.Text, want, it)
	}
	if got := carries(r); !reflect.DeepEqual(got, r.SourceTurnIDs) {
		t.Fatalf("a burst carries its members' text: %v", got)
	}
	// Cut short by the budget, the memory keeps every member's id (a
	// memory is only cut after its last citation) and loses the end of its
	// last message; with less room it is dropped whole.
	full := budget.Default().Count("## Retrieved Memories\n" + it.Text)
	items := memoryBudgetItems([]ontology.SearchResult{r}, []ontology.ContextItem{it})
	out := budget.Render(nil, []budget.Block{{Name: "Retrieved Memories", Items: items}}, full-2, budget.Options{})
	got := out.Blocks["Retrieved Memories"]
	if len(got) != 1 || len(got[0].SourceTurnIDs) != 3 || len(out.Truncated) != 1 {
		t.Fatalf("cut burst %+v in %q, want all three members cited and the item cut", got, out.Text)
	}
	out = budget.Render(nil, []budget.Block{{Name: "Retrieved Memories", Items: items}}, 12, budget.Options{})
	if len(out.Blocks["Retrieved Memories"]) != 0 {
		t.Fatalf("a burst cut before its last id was rendered: %q", out.Text)
	}
	// A message that held the separator itself: the ids lead, text joined.
	odd := burstResult()
	odd.SourceTurnIDs = odd.SourceTurnIDs[:2]
	it = memoryItem(odd, false, false)
	if it.Text != "- [D1:3, D1:4] Caroline (8 May 2023): Guess what I went to a support group yesterday It was powerful" {
		t.Fatalf("unsplittable burst: %q", it.Text)
	}
}
