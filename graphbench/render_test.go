package graphbench

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestRender(t *testing.T) {
	dev := SplitResult{}
	dev.Add("a", 40, map[ontology.RelationType]Counts{
		"WORKS_AT": {Predicted: 4, Correct: 3, Gold: 6, Found: 3, EndedOK: 2, EndedGold: 2, EndedClosed: 1},
		"LIKES":    {Predicted: 1, Correct: 0},
	}, EntityCounts{Gold: 10, Found: 8, TypedRight: 6}, PathCounts{Pairs: 4, Resolved: 3, Connected: 1, ConnectedTyped: 1, Reachable: 2})
	dev.Split = "dev"
	test := SplitResult{Split: "test"}
	test.Add("b", 30, map[ontology.RelationType]Counts{"OWNS": {Predicted: 2, Correct: 2, Gold: 2, Found: 2}}, EntityCounts{Gold: 2, Found: 2, TypedRight: 2}, PathCounts{Pairs: 2, Connected: 2})
	out := Render(Report{Date: "2026-12-01", Command: "make bench-graph", Splits: []SplitResult{dev, test},
		LoCoMo: &LoCoMoResult{Turns: 200, Typed: map[ontology.RelationType]int64{"LIKES": 5, "OWNS": 1}, MentionedWith: 7,
			ImportOff: "| import | off | 10.0 s | 200 turns/s |", ImportOn: "| import | rules | 12.5 s | 160 turns/s |", OffRate: 200, OnRate: 160, Note: "Load average 3.0."}})
	for _, want := range []string{
		SectionStart, SectionEnd, "date: 2026-12-01",
		"| dev | 1 | 40 | 6 | 3 / 6 (50.0 %) | 3 / 5 (60.0 %) | 2 / 3 (66.7 %) | 1 / 2 (50.0 %) | 8 / 10 (80.0 %) | 6 / 8 (75.0 %) | 1 / 4 (25.0 %) | 1 / 4 (25.0 %) | 2 / 4 (50.0 %) |",
		"| WORKS_AT | 3 / 6 (50.0 %) | 3 / 4 (75.0 %) | – | – |",
		"| LIKES | – | 0 / 1 (0.0 %) | – | – |",
		"| OWNS | – | – | 2 / 2 (100.0 %) | 2 / 2 (100.0 %) |",
		"**6 typed relations over 200 turns, 3.0 per 100 turns**; 7 MENTIONED_WITH",
		"By type: LIKES 5, OWNS 1.",
		"| import | rules | 12.5 s | 160 turns/s |",
		"Extraction costs 20.0 % of ingest throughput (200 → 160 turns/s). Load average 3.0.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("render lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "| FRIEND_OF |") {
		t.Error("a type with neither gold nor predictions got a row")
	}
}

func TestReplaceSection(t *testing.T) {
	sec := SectionStart + "\nnew\n" + SectionEnd
	doc := "# B\n\nbefore\n" + SectionStart + "\nold\n" + SectionEnd + "\nafter\n"
	if got := ReplaceSection(doc, sec); got != "# B\n\nbefore\n"+sec+"\nafter\n" {
		t.Errorf("replace: %q", got)
	}
	if got := ReplaceSection("# B\n", sec); got != "# B\n\n"+sec+"\n" {
		t.Errorf("append: %q", got)
	}
}

func TestImportRate(t *testing.T) {
	if v, ok := ImportRate("| import | embedder minilm-q, extractor rules; 10 conversations | 48.6 s | 121 turns/s |"); !ok || v != 121 {
		t.Errorf("got %v %v", v, ok)
	}
	if _, ok := ImportRate("no rate here"); ok {
		t.Error("found a rate in a line without one")
	}
}
