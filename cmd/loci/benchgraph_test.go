package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/ontology"
)

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBenchGraphScoresThroughTheAPI runs `loci bench graph` against a
// `loci serve` with the rules extractor on a two-chat gold set: the chats
// go in through the REST API, the stored relations come back through it
// and are scored per split, and the tables land between the markers of
// the doc.
func TestBenchGraphScoresThroughTheAPI(t *testing.T) {
	graphtest.Store(t)
	dir := t.TempDir()
	turn := func(id, speaker, text, ts string) ontology.Turn {
		at, err := time.Parse(time.RFC3339, ts)
		if err != nil {
			t.Fatal(err)
		}
		return ontology.Turn{ID: id, Session: "1", Speaker: speaker, Text: text, Timestamp: &at}
	}
	writeJSON(t, filepath.Join(dir, "chats", "sis.json"), graphbench.Chat{ID: "sis", Turns: []ontology.Turn{
		turn("D1:1", "Caroline", "My sister Ana works at Globex in Boston.", "2023-05-08T13:56:00Z"),
		turn("D1:2", "Melanie", "Nice! I painted a lake sunrise last week.", "2023-05-08T13:57:00Z"),
	}})
	writeJSON(t, filepath.Join(dir, "dev", "sis.json"), graphbench.Annotation{
		Conversation: "chat:sis",
		Entities:     []graphbench.GoldEntity{{Name: "Caroline", Type: "Person"}, {Name: "Ana", Type: "Person"}, {Name: "Globex", Type: "Organization"}, {Name: "Boston", Type: "Place"}},
		Relations: []graphbench.GoldRelation{
			{Type: "FAMILY_OF", From: "Caroline", To: "Ana", Role: "sister", Evidence: []string{"D1:1"}},
			{Type: "WORKS_AT", From: "Ana", To: "Globex", Evidence: []string{"D1:1"}},
		},
		Paths: []graphbench.GoldPath{{From: "Caroline", To: "Globex", Hops: 2, Evidence: []string{"D1:1"}}},
	})
	writeJSON(t, filepath.Join(dir, "test", "chats", "pet.json"), graphbench.Chat{ID: "pet", Turns: []ontology.Turn{
		turn("D1:1", "Rui", "We have a dog now.", "2024-01-01T10:00:00Z"),
	}})
	writeJSON(t, filepath.Join(dir, "test", "pet.json"), graphbench.Annotation{Conversation: "chat:pet",
		Entities: []graphbench.GoldEntity{{Name: "Rui", Type: "Person"}}})
	doc := filepath.Join(dir, "benchmarks.md")
	if err := os.WriteFile(doc, []byte("# Benchmarks\n\nkept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "graph.json")
	base, _, _ := startServeWith(t, graphtest.Config().URI, "rules")
	waitReadyz(t, base, 200, "serve")
	prefix := "benchgraph-test-" + uuid.NewString()[:8] + "-"
	t.Cleanup(func() {
		c := client.New(base)
		for _, conv := range []string{prefix + "sis", prefix + "pet"} {
			_, _ = c.DeleteConversation(context.Background(), conv)
		}
	})
	err := benchCmd(context.Background(), []string{"graph", "--url", base, "--gold", dir, "--conversation-prefix", prefix, "--doc", doc, "--json", out})
	if err != nil {
		t.Fatal(err)
	}
	var rep graphbench.Report
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Splits) != 2 || rep.Splits[0].Split != "dev" || rep.Splits[1].Split != "test" {
		t.Fatalf("splits: %+v", rep.Splits)
	}
	dev := rep.Splits[0]
	if c := dev.Relations["FAMILY_OF"]; c.Gold != 1 || c.Found != 1 || c.Correct != 1 {
		t.Errorf("FAMILY_OF (\"my sister Ana\", found by today's rules): %+v", c)
	}
	if dev.Turns != 2 || dev.Entities.Gold != 4 || dev.Entities.Found < 2 || dev.Paths.Pairs != 1 {
		t.Errorf("dev: %+v", dev)
	}
	if rep.Splits[1].Overall().Gold != 0 || rep.Splits[1].Entities.Gold != 1 || rep.Splits[1].Turns != 1 {
		t.Errorf("test: %+v", rep.Splits[1])
	}
	text, _ := os.ReadFile(doc)
	if !strings.HasPrefix(string(text), "# Benchmarks\n\nkept\n") || !strings.Contains(string(text), graphbench.SectionStart) ||
		!strings.Contains(string(text), "| FAMILY_OF | 1 / 1 (100.0 %)") {
		t.Errorf("doc:\n%s", text)
	}
	// A second run replaces the conversations and the section.
	if err := benchCmd(context.Background(), []string{"graph", "--url", base, "--gold", dir, "--conversation-prefix", prefix, "--doc", doc}); err != nil {
		t.Fatal(err)
	}
	text2, _ := os.ReadFile(doc)
	if strings.Count(string(text2), graphbench.SectionStart) != 1 {
		t.Errorf("second run: %d sections", strings.Count(string(text2), graphbench.SectionStart))
	}
}
