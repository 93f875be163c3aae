package extract_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// The rules extractor through the whole write path into Neo4j: each
// relation pattern and each time expression is read back from the graph.
func TestRulesPatternsStoredInNeo4j(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC) // a Monday
	var cases struct {
		// Relations are said by Sam; From is the relation's subject.
		Relations []fondTurn `json:"relations"`
		// Times are said by Sam on at; Start and End are dates, End exclusive.
		Times []struct {
			Text, Start, End, Phrase string
		} `json:"times"`
	}
	b, err := os.ReadFile("testdata/rules_patterns.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cases); err != nil || len(cases.Relations) == 0 || len(cases.Times) == 0 {
		t.Fatalf("testdata/rules_patterns.json: %d relations, %d times, %v", len(cases.Relations), len(cases.Times), err)
	}
	rels, times := cases.Relations, cases.Times
	var turns []ontology.Turn
	for i, r := range rels {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("r%d", i), Session: "1", Speaker: "Sam", Text: r.Text, Timestamp: &at})
	}
	for i, tc := range times {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: "1", Speaker: "Sam", Text: tc.Text, Timestamp: &at})
	}
	in := extract.NewIngestor(store, nil, rules.New())
	res, err := in.AddTurns(ctx, tenant, "c", turns)
	if err != nil {
		t.Fatal(err)
	}
	if res.Knowledge == nil || res.Knowledge.Relations < len(rels) {
		t.Fatalf("knowledge report = %+v", res.Knowledge)
	}
	detail := func(name string) ontology.EntityDetail {
		t.Helper()
		return storetest.Entity(t, ctx, store, tenant, "c", name)
	}
	for i, r := range rels {
		d := detail(r.From)
		found := false
		for _, e := range d.Relations {
			if e.Type == r.Typ && e.FromID == d.ID && ontology.NormaliseName(e.ToName) == ontology.NormaliseName(r.To) && (r.Role == "" || e.Role == r.Role) {
				for _, id := range e.SourceTurnIDs {
					found = found || id == fmt.Sprintf("r%d", i)
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s %s→%s (role %q) in Neo4j; %s has %+v", r.Text, r.Typ, r.From, r.To, r.Role, r.From, d.Relations)
		}
	}
	sam := detail("Sam")
	for i, tc := range times {
		id := fmt.Sprintf("t%d", i)
		var got *ontology.Event
		for j, e := range sam.Events {
			for _, s := range e.SourceTurnIDs {
				if s == id {
					got = &sam.Events[j]
				}
			}
		}
		if got == nil || got.When == nil {
			t.Errorf("%q: no dated event in Neo4j (events %+v)", tc.Text, sam.Events)
			continue
		}
		if d := got.When.Start.Format("2006-01-02"); d != tc.Start || got.When.End.Format("2006-01-02") != tc.End || got.When.Phrase != tc.Phrase {
			t.Errorf("%q: when = %s..%s %q, want %s..%s %q", tc.Text, d, got.When.End.Format("2006-01-02"), got.When.Phrase, tc.Start, tc.End, tc.Phrase)
		}
	}
}

// fondTurn is one turn of a two-party chat between Jo and Nat, and the
// relation it must store (Typ "" for none: a negative case).
type fondTurn struct {
	Speaker string                `json:"speaker"`
	Text    string                `json:"text"`
	Typ     ontology.RelationType `json:"relation"`
	From    string                `json:"from"`
	To      string                `json:"to"`
	Role    string                `json:"role"`
}

// ingestFondChat stores the turns as one conversation through the whole
// write path and checks every relation is read back from Neo4j citing its
// turn, and that the negative turns left no relation citing them.
func ingestFondChat(t *testing.T, turns []fondTurn) {
	t.Helper()
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	var in []ontology.Turn
	for i, tc := range turns {
		in = append(in, ontology.Turn{ID: fmt.Sprintf("D1:%d", i+1), Session: "1", Speaker: tc.Speaker, Text: tc.Text, Timestamp: &at})
	}
	if _, err := extract.NewIngestor(store, nil, rules.New()).AddTurns(ctx, tenant, "c", in); err != nil {
		t.Fatal(err)
	}
	cited := map[string][]ontology.RelationEdge{} // turn id → stored relations citing it
	for _, who := range []string{"Jo", "Nat"} {
		d := storetest.Entity(t, ctx, store, tenant, "c", who)
		for _, r := range d.Relations {
			if r.FromID != d.ID {
				continue
			}
			r.FromName = d.Name
			for _, s := range r.SourceTurnIDs {
				cited[s] = append(cited[s], r)
			}
		}
	}
	for i, tc := range turns {
		id := fmt.Sprintf("D1:%d", i+1)
		if tc.Typ == "" {
			if len(cited[id]) != 0 {
				t.Errorf("%q: stored %+v", tc.Text, cited[id])
			}
			continue
		}
		found := false
		for _, r := range cited[id] {
			found = found || r.Type == tc.Typ && r.FromName == tc.From &&
				ontology.NormaliseName(r.ToName) == ontology.NormaliseName(tc.To) && r.Role == tc.Role
		}
		if !found {
			t.Errorf("%q: no %s %s→%s (role %q) in Neo4j; turn cited by %+v", tc.Text, tc.Typ, tc.From, tc.To, tc.Role, cited[id])
		}
	}
}

// Each family of liking, owning and coming-from phrasings in
// testdata/fond_families.json (each family says what it covers), through the
// whole write path into Neo4j: what each turn stores, and what it must not.
func TestFondFamiliesStoredInNeo4j(t *testing.T) {
	b, err := os.ReadFile("testdata/fond_families.json")
	if err != nil {
		t.Fatal(err)
	}
	var families []struct {
		Name  string     `json:"name"`
		Turns []fondTurn `json:"turns"`
	}
	if err := json.Unmarshal(b, &families); err != nil || len(families) == 0 {
		t.Fatalf("testdata/fond_families.json: %d families, %v", len(families), err)
	}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) { ingestFondChat(t, f.Turns) })
	}
}

// Agents often send one turn per call: the pronoun of the second call
// resolves through the context turns the ingestor reads from Neo4j, and
// the relation stored cites the antecedent's turn beside its own.
func TestCoreferenceAcrossBatchesThroughContext(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2025, 1, 14, 20, 0, 0, 0, time.UTC)
	later := at.Add(2 * time.Minute)
	in := extract.NewIngestor(store, nil, rules.New())
	calls := []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Rui", Text: "Visiting my brother Tiago this weekend.", Timestamp: &at},
		{ID: "D1:2", Session: "1", Speaker: "Joana", Text: "Oh nice, how is he doing?", Timestamp: &at},
		{ID: "D1:3", Session: "1", Speaker: "Rui", Text: "He's starting at Norvik Shipping next month.", Timestamp: &later},
	}
	for _, turn := range calls {
		if _, err := in.AddTurns(ctx, tenant, "c", []ontology.Turn{turn}); err != nil {
			t.Fatal(err)
		}
	}
	storedCites(t, ctx, store, tenant, "Tiago", ontology.RelWorksAt, "Norvik Shipping", "D1:3", "D1:1")
}

// storedCites checks that the entity named from has a relation typ to the
// one named to in Neo4j citing each of ids (the turn, then the turns it
// was read through), and returns the entity.
func storedCites(t *testing.T, ctx context.Context, store *graph.Store, tenant, from string, typ ontology.RelationType, to string, ids ...string) ontology.EntityDetail {
	t.Helper()
	d := storetest.Entity(t, ctx, store, tenant, "c", from)
	i := slices.IndexFunc(d.Relations, func(e ontology.RelationEdge) bool { return e.Type == typ && e.ToName == to })
	if i < 0 {
		t.Fatalf("no %s %s → %s in Neo4j; %s has %+v", typ, from, to, from, d.Relations)
	}
	for _, id := range ids {
		if !slices.Contains(d.Relations[i].SourceTurnIDs, id) {
			t.Errorf("%s %s → %s cites %v, want %v", typ, from, to, d.Relations[i].SourceTurnIDs, ids)
		}
	}
	return d
}

// A relative named once and then called by the kin word alone, one turn a
// call: "my husband" in the third call is the Rich of the first, read
// through the context turns, so the job stored cites both turns, and Rich
// counts as mentioned where only "my husband" names him (a co-mention with
// Gordon citing that turn).
func TestKinWordAcrossBatchesThroughContext(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	in := extract.NewIngestor(store, nil, rules.New())
	for i, line := range [][2]string{
		{"Shaz", "my husband Rich says hi"},
		{"Dee", "aw tell him hi back"},
		{"Shaz", "my husband just started at Calder Print, finally a proper job"},
		{"Shaz", "my husband and Gordon never got on tho"},
	} {
		ts := at.Add(time.Duration(i) * time.Minute)
		turn := ontology.Turn{ID: fmt.Sprintf("D1:%d", i+1), Session: "1", Speaker: line[0], Text: line[1], Timestamp: &ts}
		if _, err := in.AddTurns(ctx, tenant, "c", []ontology.Turn{turn}); err != nil {
			t.Fatal(err)
		}
	}
	rich := storedCites(t, ctx, store, tenant, "Rich", ontology.RelWorksAt, "Calder Print", "D1:3", "D1:1")
	gordon := storetest.Entity(t, ctx, store, tenant, "c", "Gordon")
	if !slices.ContainsFunc(rich.CoMentions, func(e ontology.RelationEdge) bool {
		return (e.FromID == gordon.ID || e.ToID == gordon.ID) && slices.Contains(e.SourceTurnIDs, "D1:4")
	}) {
		t.Errorf("Rich and Gordon not co-mentioned in D1:4: %+v", rich.CoMentions)
	}
}

// The store reads the last turns of a conversation, oldest first, leaving
// out the batch's own ids, within the tenant only.
func TestRecentTurns(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	other := graphtest.Tenant(t, store)
	var turns []ontology.Turn
	for _, id := range []string{"a", "b", "c", "d"} {
		turns = append(turns, ontology.Turn{ID: id, Session: "1", Speaker: "Sam", Text: "turn " + id})
	}
	if _, err := store.AddBatch(ctx, tenant, "c", ontology.TurnBatch{Turns: turns}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.AddBatch(ctx, other, "c", ontology.TurnBatch{Turns: []ontology.Turn{{ID: "x", Speaker: "Eve", Text: "other tenant"}}}); err != nil {
		t.Fatal(err)
	}
	got, err := store.RecentTurns(ctx, tenant, "c", []string{"d"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, t := range got {
		ids = append(ids, t.ID)
	}
	if !slices.Equal(ids, []string{"b", "c"}) || got[0].Text != "turn b" || got[0].Speaker != "Sam" {
		t.Errorf("RecentTurns = %+v, want b, c in order", got)
	}
	if none, err := store.RecentTurns(ctx, tenant, "nope", nil, 6); err != nil || len(none) != 0 {
		t.Errorf("unknown conversation: %v, %v", none, err)
	}
	if o, err := store.RecentTurns(ctx, other, "c", nil, 6); err != nil || len(o) != 1 || o[0].ID != "x" {
		t.Errorf("other tenant: %+v, %v", o, err)
	}
}

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

// A speaker whose chat label carries an emoji ("mossy🍄") is the person the
// others name without it ("Mossy"): one entity, so the co-mention and the
// path from the speaker cite the turn that names them.
func TestDecoratedSpeakerNamedInTheText(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2024, 5, 6, 18, 0, 0, 0, time.UTC)
	turn := func(id, speaker, text string, min int) ontology.Turn {
		ts := at.Add(time.Duration(min) * time.Minute)
		return ontology.Turn{ID: id, Session: "1", Speaker: speaker, Text: text, Timestamp: &ts}
	}
	in := extract.NewIngestor(store, nil, rules.New())
	if _, err := in.AddTurns(ctx, tenant, "c", []ontology.Turn{
		turn("m1", "mossy🍄", "evening all", 0),
		turn("m2", "b0lt", "Mossy has just started at Ardent Labs, she loves it", 30),
	}); err != nil {
		t.Fatal(err)
	}
	mossy := storetest.Entity(t, ctx, store, tenant, "c", "mossy🍄")
	ardent := storetest.Entity(t, ctx, store, tenant, "c", "Ardent Labs")
	if id, err := store.ResolveEntity(ctx, tenant, "c", "Mossy"); err == nil && id != mossy.ID {
		d, _ := store.Entity(ctx, tenant, id)
		t.Errorf("Mossy stored apart from the speaker mossy🍄: %+v, %s", d.Entity, mossy.ID)
	}
	paths, err := store.GraphPaths(ctx, ontology.GraphQuery{Tenant: tenant, From: mossy.ID, To: ardent.ID, Hops: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 || len(paths[0].Edges) != 1 || !slices.Contains(paths[0].Edges[0].SourceTurnIDs, "m2") {
		t.Errorf("paths mossy🍄 → Ardent Labs = %+v, want one edge citing m2 first", paths)
	}
}
