package extract_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// A name stored in an earlier batch and written in lower case in a later
// one ties the later turns into the co-mention layer: the batch context
// reads the conversation's names (of people, organisations, places and
// animals, only when context is read at all), the rules extractor finds them in the words, and the
// co-mention edge and the path between the two people cite the turn that
// names them in lower case.
func TestStoredNamesJoinCoMentionsAcrossBatches(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2024, 5, 6, 18, 0, 0, 0, time.UTC)
	turn := func(id, session, speaker, text string, min int) ontology.Turn {
		ts := at.Add(time.Duration(min) * time.Minute)
		return ontology.Turn{ID: id, Session: session, Speaker: speaker, Text: text, Timestamp: &ts}
	}
	in := extract.NewIngestor(store, nil, rules.New())
	first := []ontology.Turn{
		turn("a1", "1", "Tolu", "my friend Colette came round", 0),
		turn("a2", "1", "Marguerite", "Priyanka works at the Royal Exmoor now", 30),
		turn("a3", "1", "Tolu", "I love hiking", 60),
	}
	// More turns than the extraction context holds: the names reach the
	// second batch only through the batch context's names.
	for i, text := range []string{"anyway", "off to bed", "night all", "night!", "sleep well", "see you tomorrow", "yep"} {
		first = append(first, turn(fmt.Sprintf("f%d", i), "1", "Tolu", text, 61+i))
	}
	if _, err := in.AddTurns(ctx, tenant, "c", first); err != nil {
		t.Fatal(err)
	}
	c, err := store.BatchContext(ctx, tenant, "c", nil, extract.ContextTurns)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, n := range c.Names {
		if n.Type == ontology.EntityConcept || n.Type == ontology.EntityActivity {
			t.Errorf("batch context names a %s: %+v", n.Type, n)
		}
		names = append(names, n.Name)
	}
	for _, want := range []string{"Colette", "Priyanka", "Royal Exmoor"} {
		if !slices.Contains(names, want) {
			t.Errorf("batch context names %v, want %s among them", names, want)
		}
	}
	if c, err := store.BatchContext(ctx, tenant, "c", nil, 0); err != nil || len(c.Names) != 0 {
		t.Errorf("without context turns: names %v, %v; want none", c.Names, err)
	}

	second := []ontology.Turn{
		turn("b1", "2", "Tolu", "colette's leaving!!", 24*60),
		turn("b2", "2", "Tolu", "she's got a post there. priyanka must have put a word in lol", 24*60+1),
	}
	if _, err := in.AddTurns(ctx, tenant, "c", second); err != nil {
		t.Fatal(err)
	}
	colette := storetest.Entity(t, ctx, store, tenant, "c", "Colette")
	priyanka := storetest.Entity(t, ctx, store, tenant, "c", "Priyanka")
	var cited []string
	for _, e := range colette.CoMentions {
		if e.FromID == priyanka.ID || e.ToID == priyanka.ID {
			cited = e.SourceTurnIDs
		}
	}
	if !slices.Contains(cited, "b1") || !slices.Contains(cited, "b2") {
		t.Errorf("Colette and Priyanka co-mentioned in %v, want b1 and b2 among them", cited)
	}
	paths, err := store.GraphPaths(ctx, ontology.GraphQuery{Tenant: tenant, From: colette.ID, To: priyanka.ID, Hops: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 || len(paths[0].Edges) != 1 || !slices.Contains(paths[0].Edges[0].SourceTurnIDs, "b2") {
		t.Errorf("paths Colette → Priyanka = %+v, want the co-mention citing b2 first", paths)
	}
	// "hiking" is no name: no stored name turns up where nothing is named.
	if d := storetest.Entity(t, ctx, store, tenant, "c", "Royal Exmoor"); slices.ContainsFunc(d.CoMentions, func(e ontology.RelationEdge) bool {
		return slices.Contains(e.SourceTurnIDs, "b1") || slices.Contains(e.SourceTurnIDs, "b2")
	}) {
		t.Errorf("Royal Exmoor co-mentioned in the second batch, which names it nowhere: %+v", d.CoMentions)
	}
}
