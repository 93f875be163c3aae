package extract_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// The rules extractor through the whole write path into Neo4j: each
// relation pattern and each time expression is read back from the graph.
func TestRulesPatternsStoredInNeo4j(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	at := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC) // a Monday
	rels := []struct {
		text string
		typ  ontology.RelationType
		from string
		to   string
		role string
	}{
		{"I moved to Boston from Sweden 4 years ago.", ontology.RelMovedTo, "Sam", "Boston", ""},
		{"I moved to Boston from Sweden 4 years ago.", ontology.RelMovedFrom, "Sam", "Sweden", ""},
		{"I live in Seattle.", ontology.RelLivesIn, "Sam", "Seattle", ""},
		{"I work at Google as a software engineer.", ontology.RelWorksAt, "Sam", "Google", ""},
		{"My sister Dana lives in Ohio.", ontology.RelFamilyOf, "Sam", "Dana", "sister"},
		{"Maya is my girlfriend.", ontology.RelPartnerOf, "Sam", "Maya", ""},
		{"My best friend Jess visited me.", ontology.RelFriendOf, "Sam", "Jess", ""},
		{"My dog Rex is a golden retriever.", ontology.RelOwns, "Sam", "Rex", "dog"},
		{"I love hiking.", ontology.RelLikes, "Sam", "hiking", ""},
		{"I joined the Seattle Chess Club.", ontology.RelMemberOf, "Sam", "Seattle Chess Club", ""},
		{"I graduated from Stanford University.", ontology.RelAttended, "Sam", "Stanford University", ""},
		{"My cousin Priya founded Nimbus Labs.", ontology.RelCreated, "Priya", "Nimbus Labs", ""},
		{"Nimbus Labs makes weather drones.", ontology.RelMakes, "Nimbus Labs", "weather drones", ""},
	}
	times := []struct {
		text       string
		start, end string // dates, end exclusive
		phrase     string
	}{
		{"I went to a pottery class yesterday.", "2023-05-07", "2023-05-08", "yesterday"},
		{"I ran a charity race last week.", "2023-05-01", "2023-05-08", "last week"},
		{"I visited Rome two weeks ago.", "2023-04-24", "2023-05-01", "two weeks ago"},
		{"I adopted a cat last month.", "2023-04-01", "2023-05-01", "last month"},
		{"I went camping last summer.", "2022-06-01", "2022-09-01", "last summer"},
		{"I painted a mural last Friday.", "2023-05-05", "2023-05-06", "last Friday"},
		{"I started a new job in 2022.", "2022-01-01", "2023-01-01", "in 2022"},
		{"I climbed Mount Rainier last year.", "2022-01-01", "2023-01-01", "last year"},
	}
	var turns []ontology.Turn
	for i, r := range rels {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("r%d", i), Session: "1", Speaker: "Sam", Text: r.text, Timestamp: &at})
	}
	for i, tc := range times {
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: "1", Speaker: "Sam", Text: tc.text, Timestamp: &at})
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
		id, err := store.ResolveEntity(ctx, tenant, "c", name)
		if err != nil {
			t.Fatalf("entity %q: %v", name, err)
		}
		d, err := store.Entity(ctx, tenant, id)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for i, r := range rels {
		d := detail(r.from)
		found := false
		for _, e := range d.Relations {
			if e.Type == r.typ && e.FromID == d.ID && ontology.NormaliseName(e.ToName) == ontology.NormaliseName(r.to) && (r.role == "" || e.Role == r.role) {
				for _, id := range e.SourceTurnIDs {
					found = found || id == fmt.Sprintf("r%d", i)
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s %s→%s (role %q) in Neo4j; %s has %+v", r.text, r.typ, r.from, r.to, r.role, r.from, d.Relations)
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
			t.Errorf("%q: no dated event in Neo4j (events %+v)", tc.text, sam.Events)
			continue
		}
		if d := got.When.Start.Format("2006-01-02"); d != tc.start || got.When.End.Format("2006-01-02") != tc.end || got.When.Phrase != tc.phrase {
			t.Errorf("%q: when = %s..%s %q, want %s..%s %q", tc.text, d, got.When.End.Format("2006-01-02"), got.When.Phrase, tc.start, tc.end, tc.phrase)
		}
	}
}

// fondTurn is one turn of a two-party chat between Jo and Nat, and the
// relation it must store (typ "" for none: a negative case).
type fondTurn struct {
	speaker, text string
	typ           ontology.RelationType
	from, to      string
	role          string
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
		in = append(in, ontology.Turn{ID: fmt.Sprintf("D1:%d", i+1), Session: "1", Speaker: tc.speaker, Text: tc.text, Timestamp: &at})
	}
	if _, err := extract.NewIngestor(store, nil, rules.New()).AddTurns(ctx, tenant, "c", in); err != nil {
		t.Fatal(err)
	}
	cited := map[string][]ontology.RelationEdge{} // turn id → stored relations citing it
	for _, who := range []string{"Jo", "Nat"} {
		id, err := store.ResolveEntity(ctx, tenant, "c", who)
		if err != nil {
			t.Fatalf("entity %q: %v", who, err)
		}
		d, err := store.Entity(ctx, tenant, id)
		if err != nil {
			t.Fatal(err)
		}
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
		if tc.typ == "" {
			if len(cited[id]) != 0 {
				t.Errorf("%q: stored %+v", tc.text, cited[id])
			}
			continue
		}
		found := false
		for _, r := range cited[id] {
			found = found || r.Type == tc.typ && r.FromName == tc.from &&
				ontology.NormaliseName(r.ToName) == ontology.NormaliseName(tc.to) && r.Role == tc.role
		}
		if !found {
			t.Errorf("%q: no %s %s→%s (role %q) in Neo4j; turn cited by %+v", tc.text, tc.typ, tc.from, tc.to, tc.role, cited[id])
		}
	}
}

// Each family of liking, owning and coming-from phrasings, through the whole
// write path into Neo4j: what each turn stores, and what it must not.
func TestFondFamiliesStoredInNeo4j(t *testing.T) {
	families := []struct {
		name  string
		turns []fondTurn
	}{
		// The passion family: "my/your passion for X", "a passion of mine", "X is
		// my passion"; a question and a lost passion store nothing.
		{"Passion", []fondTurn{
			{"Jo", "I'll definitely keep pursuing my passion for writing.", ontology.RelLikes, "Jo", "writing", ""},
			{"Nat", "Don't forget your passion for writing, Jo!", ontology.RelLikes, "Jo", "writing", ""},
			{"Nat", "Sailing has always been a passion of mine.", ontology.RelLikes, "Nat", "sailing", ""},
			{"Jo", "Do you have a passion for pottery?", "", "", "", ""},
			{"Nat", "I lost my passion for chess last year.", "", "", "", ""},
		}},
		// Favourites said of the thing: "X is one of my favorites", "X is my top
		// pick"; a pronoun subject and a modal store nothing.
		{"FavouriteOf", []fondTurn{
			{"Nat", "Coconut milk ice cream is one of my favorites.", ontology.RelLikes, "Nat", "coconut milk ice cream", ""},
			{"Jo", "Spider-Man has always been a favorite of mine.", ontology.RelLikes, "Jo", "Spider-Man", ""},
			{"Nat", "Iron Man is my top pick.", ontology.RelLikes, "Nat", "Iron Man", ""},
			{"Jo", "I'm a huge Harry Potter fan.", ontology.RelLikes, "Jo", "Harry Potter", ""},
			{"Jo", "It's one of my favorites.", "", "", "", ""},
			{"Nat", "Pottery might be one of my favorites.", "", "", "", ""},
		}},
		// Long-standing and progressive liking: "I've always liked X", "I'm
		// loving X", "I'm drawn to X", "I've been into X"; "used to" and a visit
		// store nothing.
		{"FondVerbs", []fondTurn{
			{"Nat", "I've always liked turtles since I was a boy.", ontology.RelLikes, "Nat", "turtles", ""},
			{"Jo", "I'm loving pottery these days.", ontology.RelLikes, "Jo", "pottery", ""},
			{"Nat", "I'm drawn to board games.", ontology.RelLikes, "Nat", "board games", ""},
			{"Jo", "I've been into hiking since I was a kid.", ontology.RelLikes, "Jo", "hiking", ""},
			{"Nat", "I used to love skating.", "", "", "", ""},
			{"Jo", "I've been into the city twice this week.", "", "", "", ""},
		}},
		// The reason clause: "that's why I love X", "reminds me how much I love
		// X"; a negated and a modal reason store nothing.
		{"WhyILove", []fondTurn{
			{"Jo", "It reminded me why I love writing.", ontology.RelLikes, "Jo", "writing", ""},
			{"Nat", "Reminds me how much I love performing.", ontology.RelLikes, "Nat", "performing", ""},
			{"Jo", "That's why I don't like skating.", "", "", "", ""},
			{"Nat", "That's why I'd love to try pottery.", "", "", "", ""},
		}},
		// A pet named in a later sentence of the turn: "I got a puppy! Her name's
		// Coco"; a name after a person's mention and a plan store nothing.
		{"PetNamedLater", []fondTurn{
			{"Jo", "Guess what - I got a puppy two weeks ago! Her name's Coco and she's adorable.", ontology.RelOwns, "Jo", "Coco", "puppy"},
			{"Nat", "We adopted a rescue dog last month. We named him Rufus.", ontology.RelOwns, "Nat", "Rufus", "dog"},
			{"Jo", "I got a puppy for my daughter. Her name is Sara.", "", "", "", ""},
			{"Nat", "I might get a kitten. Her name would be Miso.", "", "", "", ""},
		}},
		// Where one comes from, in apposition: "my home country, Sweden", "my
		// hometown of Aarhus"; a question and an unnamed hometown store nothing.
		{"HomeCountry", []fondTurn{
			{"Jo", "It's a gift from my grandma in my home country, Sweden.", ontology.RelComesFrom, "Jo", "Sweden", ""},
			{"Nat", "I miss my hometown of Aarhus.", ontology.RelComesFrom, "Nat", "Aarhus", ""},
			{"Jo", "Is your home country Denmark?", "", "", "", ""},
			{"Nat", "My hometown, a small village, is quiet.", "", "", "", ""},
		}},
	}
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) { ingestFondChat(t, f.turns) })
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
	id, err := store.ResolveEntity(ctx, tenant, "c", "Tiago")
	if err != nil {
		t.Fatal(err)
	}
	d, err := store.Entity(ctx, tenant, id)
	if err != nil {
		t.Fatal(err)
	}
	var job *ontology.RelationEdge
	for i, e := range d.Relations {
		if e.Type == ontology.RelWorksAt && e.ToName == "Norvik Shipping" {
			job = &d.Relations[i]
		}
	}
	if job == nil {
		t.Fatalf("no WORKS_AT Tiago → Norvik Shipping in Neo4j; Tiago has %+v", d.Relations)
	}
	if !slices.Contains(job.SourceTurnIDs, "D1:3") || !slices.Contains(job.SourceTurnIDs, "D1:1") {
		t.Errorf("WORKS_AT cites %v, want the turn (D1:3) and the antecedent's turn (D1:1)", job.SourceTurnIDs)
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
