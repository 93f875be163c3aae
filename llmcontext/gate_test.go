package llmcontext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

func line(text string, ids ...string) ontology.AnchorLine {
	return ontology.AnchorLine{Text: text, SourceTurnIDs: ids}
}

func memItem(id, text string) budget.Item {
	return budget.Item{Kind: budget.KindMemory, ID: id, Text: "- [" + id + "] Ana (8 May 2023): " + text, SourceTurnIDs: []string{id}, Carries: []string{id}}
}

func TestKeepNovelDropsLinesTheMemoriesCarry(t *testing.T) {
	set := anchorSet{
		profiles: []ontology.Anchor{{Kind: ontology.AnchorProfile, ID: "p", Title: "Ana",
			Lines: []ontology.AnchorLine{line("Ana (Person)"), line("likes: pottery", "D1:1"), line("works at: clinic", "D1:2", "D3:4"), line("Ana works at a clinic.", "D3:4")}}},
		events: []ontology.Anchor{{Kind: ontology.AnchorEvent, ID: "e", Title: "went to a race", SourceTurnIDs: []string{"D1:1"},
			Lines: []ontology.AnchorLine{line("went to a race", "D1:1")}}},
		topics: []ontology.Anchor{{Kind: ontology.AnchorTopic, ID: "t", Title: "pottery", Lines: []ontology.AnchorLine{line("I made a bowl.", "D1:2")}}},
	}
	got := keepNovel(set, map[string]bool{"D1:1": true, "D1:2": true})
	if len(got.events) != 0 || len(got.topics) != 0 {
		t.Fatalf("an event and a topic resting only on carried turns were kept: %+v %+v", got.events, got.topics)
	}
	if len(got.profiles) != 1 {
		t.Fatalf("profiles: %+v", got.profiles)
	}
	p := got.profiles[0]
	if len(p.Lines) != 2 || p.Lines[0].Text != "Ana (Person)" || p.Lines[1].Text != "works at: clinic" {
		t.Fatalf("profile lines: %+v, want its heading and the first line citing D3:4 (the second repeats it)", p.Lines)
	}
	if !slices.Equal(p.SourceTurnIDs, []string{"D1:2", "D3:4"}) {
		t.Fatalf("profile sources %v", p.SourceTurnIDs)
	}
	if len(got.items) != 1 || got.items[0].ID != "p" || strings.Contains(got.items[0].Text, "pottery") {
		t.Fatalf("items not rebuilt from the kept lines: %+v", got.items)
	}
	// The input is left as it was.
	if len(set.profiles[0].Lines) != 4 || len(set.events) != 1 {
		t.Fatal("keepNovel changed its input")
	}
}

func TestKeepPayingDisplacesOnlyWeakerMemories(t *testing.T) {
	counter, err := budget.NewCounter("")
	if err != nil {
		t.Fatal(err)
	}
	// Twenty memories that fill the budget; the last ones hold none of
	// the question's words, the first one holds one.
	var mems []budget.Item
	mems = append(mems, memItem("D1:1", "my sister Dana took me to the pottery class, it was lovely"))
	for i := 2; i <= 20; i++ {
		mems = append(mems, memItem(fmt.Sprintf("D1:%d", i), "we talked about the weather and the long drive home after work"))
	}
	alone, _ := memoriesAlone(counter, mems, 300)
	if n := len(alone.Blocks[BlockMemories]); n < 3 || n == len(mems) {
		t.Fatalf("test setup: %d memories fit 300 tokens", n)
	}
	set := anchorSet{profiles: []ontology.Anchor{{Kind: ontology.AnchorProfile, ID: "p", Title: "Ana", Lines: []ontology.AnchorLine{
		line("Ana (Person)"),
		line("sister: Dana", "D9:1"),             // holds a term, novel: pays
		line("likes: hiking", "D9:2"),            // holds no term: never pays
		line("pottery: class with Dana", "D1:1"), // carried by a memory: not novel
	}}}}
	terms := questionTerms("Who is Ana's sister?", []string{"Ana", "Bo"})
	if !slices.Equal(terms, []string{"sister"}) {
		t.Fatalf("terms %v", terms)
	}
	got := keepPaying(counter, 300, set, mems, lexicalWorth(terms))
	if len(got.profiles) != 1 {
		t.Fatalf("profiles %+v", got.profiles)
	}
	var texts []string
	for _, l := range got.profiles[0].Lines {
		texts = append(texts, l.Text)
	}
	if !slices.Equal(texts, []string{"Ana (Person)", "sister: Dana"}) {
		t.Fatalf("lines %q, want the heading and the sister line", texts)
	}

	// The same line does not push out memories that hold the question's
	// words more densely than it does.
	var dense []budget.Item
	for i := 1; i <= 20; i++ {
		dense = append(dense, memItem(fmt.Sprintf("D1:%d", i), "sister sister"))
	}
	got = keepPaying(counter, 100, set, dense, lexicalWorth(terms))
	if len(got.profiles) != 0 || len(got.items) != 0 {
		t.Fatalf("a line displaced denser memories: %+v", got.profiles)
	}
}

func TestStemAndTermsIn(t *testing.T) {
	if n := termsIn("She paints and went painting [D1:3]", []string{"painting", "drive"}); n != 1 {
		t.Fatalf("termsIn = %d, want 1", n)
	}
	for w, want := range map[string]string{"painting": "paint", "paints": "paint", "bus": "bus", "classes": "class", "sing": "sing"} {
		if got := stem(w); got != want {
			t.Errorf("stem(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestContextPresetsGates(t *testing.T) {
	for name, c := range presets {
		if !validGate(c.AnchorGate) {
			t.Errorf("%s: gate %q", name, c.AnchorGate)
		}
	}
	if validGate("sometimes") {
		t.Error("an unknown gate is valid")
	}
}
