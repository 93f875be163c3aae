package extract_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

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

// The passion family: "my/your passion for X", "a passion of mine", "X is
// my passion"; a question and a lost passion store nothing.
func TestPassionStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Jo", "I'll definitely keep pursuing my passion for writing.", ontology.RelLikes, "Jo", "writing", ""},
		{"Nat", "Don't forget your passion for writing, Jo!", ontology.RelLikes, "Jo", "writing", ""},
		{"Nat", "Sailing has always been a passion of mine.", ontology.RelLikes, "Nat", "sailing", ""},
		{"Jo", "Do you have a passion for pottery?", "", "", "", ""},
		{"Nat", "I lost my passion for chess last year.", "", "", "", ""},
	})
}

// Favourites said of the thing: "X is one of my favorites", "X is my top
// pick"; a pronoun subject and a modal store nothing.
func TestFavouriteOfStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Nat", "Coconut milk ice cream is one of my favorites.", ontology.RelLikes, "Nat", "coconut milk ice cream", ""},
		{"Jo", "Spider-Man has always been a favorite of mine.", ontology.RelLikes, "Jo", "Spider-Man", ""},
		{"Nat", "Iron Man is my top pick.", ontology.RelLikes, "Nat", "Iron Man", ""},
		{"Jo", "I'm a huge Harry Potter fan.", ontology.RelLikes, "Jo", "Harry Potter", ""},
		{"Jo", "It's one of my favorites.", "", "", "", ""},
		{"Nat", "Pottery might be one of my favorites.", "", "", "", ""},
	})
}

// Long-standing and progressive liking: "I've always liked X", "I'm
// loving X", "I'm drawn to X", "I've been into X"; "used to" and a visit
// store nothing.
func TestFondVerbsStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Nat", "I've always liked turtles since I was a boy.", ontology.RelLikes, "Nat", "turtles", ""},
		{"Jo", "I'm loving pottery these days.", ontology.RelLikes, "Jo", "pottery", ""},
		{"Nat", "I'm drawn to board games.", ontology.RelLikes, "Nat", "board games", ""},
		{"Jo", "I've been into hiking since I was a kid.", ontology.RelLikes, "Jo", "hiking", ""},
		{"Nat", "I used to love skating.", "", "", "", ""},
		{"Jo", "I've been into the city twice this week.", "", "", "", ""},
	})
}

// The reason clause: "that's why I love X", "reminds me how much I love
// X"; a negated and a modal reason store nothing.
func TestWhyILoveStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Jo", "It reminded me why I love writing.", ontology.RelLikes, "Jo", "writing", ""},
		{"Nat", "Reminds me how much I love performing.", ontology.RelLikes, "Nat", "performing", ""},
		{"Jo", "That's why I don't like skating.", "", "", "", ""},
		{"Nat", "That's why I'd love to try pottery.", "", "", "", ""},
	})
}

// A pet named in a later sentence of the turn: "I got a puppy! Her name's
// Coco"; a name after a person's mention and a plan store nothing.
func TestPetNamedLaterStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Jo", "Guess what - I got a puppy two weeks ago! Her name's Coco and she's adorable.", ontology.RelOwns, "Jo", "Coco", "puppy"},
		{"Nat", "We adopted a rescue dog last month. We named him Rufus.", ontology.RelOwns, "Nat", "Rufus", "dog"},
		{"Jo", "I got a puppy for my daughter. Her name is Sara.", "", "", "", ""},
		{"Nat", "I might get a kitten. Her name would be Miso.", "", "", "", ""},
	})
}

// Where one comes from, in apposition: "my home country, Sweden", "my
// hometown of Aarhus"; a question and an unnamed hometown store nothing.
func TestHomeCountryStoredInNeo4j(t *testing.T) {
	ingestFondChat(t, []fondTurn{
		{"Jo", "It's a gift from my grandma in my home country, Sweden.", ontology.RelComesFrom, "Jo", "Sweden", ""},
		{"Nat", "I miss my hometown of Aarhus.", ontology.RelComesFrom, "Nat", "Aarhus", ""},
		{"Jo", "Is your home country Denmark?", "", "", "", ""},
		{"Nat", "My hometown, a small village, is quiet.", "", "", "", ""},
	})
}
