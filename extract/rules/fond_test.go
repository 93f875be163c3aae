package rules

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// extractPair runs the extractor on one turn of a two-party chat between
// speaker and other, so "you"/"your" resolve to other.
func extractPair(t *testing.T, speaker, other, text string) ontology.Extraction {
	t.Helper()
	turn := ontology.Turn{ID: "t1", Speaker: speaker, Text: text, Timestamp: tp(ref)}
	req := ontology.ExtractRequest{Conversation: "c1", Turns: []ontology.Turn{turn}, Speakers: []string{speaker, other}}
	x, _, err := New().Extract(context.Background(), req)
	if err != nil {
		t.Fatalf("Extract(%q): %v", text, err)
	}
	checkInvariants(t, x, map[string]bool{"t1": true})
	return x
}

// TestFondnessPatterns checks the LIKES phrasings of patterns_fond.go and
// the pet named in a later sentence (patterns_petname.go): each family
// yields exactly the relations listed, with the right ends.
func TestFondnessPatterns(t *testing.T) {
	type want struct {
		typ      ontology.RelationType
		from, to string
		role     string
	}
	likes := func(from, to string) want { return want{ontology.RelLikes, from, to, ""} }
	cases := []struct {
		family, speaker, text string
		want                  []want
	}{
		// passion
		{"passion", "Joanna", "I'll definitely keep pursuing my passion for writing.", []want{likes("Joanna", "writing")}},
		{"passion", "Jon", "Still following my passion for dance.", []want{likes("Jon", "dance")}},
		{"passion", "Ana", "I've always had a real passion for sailing.", []want{likes("Ana", "sailing")}},
		{"passion", "Gina", "Keep up the good work and don't forget your passion for dance.", []want{likes("Jon", "dance")}},
		{"passion", "Tim", "Your passion for helping others is awesome.", []want{likes("Jon", "helping others")}},
		{"passion", "Nate", "I'm hoping to share my passion for gaming and connect with others.", []want{likes("Nate", "gaming")}},
		{"passion", "Nate", "Sharing my love for dairy-free desserts has been fun.", []want{likes("Nate", "dairy-free desserts")}},
		{"passion", "Joanna", "Writing has always been a passion of mine.", []want{likes("Joanna", "Writing")}},
		{"passion", "Jon", "Dance is my passion, and I'm gonna keep working hard.", []want{likes("Jon", "Dance")}},
		{"passion", "Joanna", "You're really passionate about gaming.", []want{likes("Jon", "gaming")}},
		{"passion", "Joanna", "You're into pottery now!", []want{likes("Jon", "pottery")}},
		// favourites said of the thing
		{"favourite", "Nate", "Coconut milk ice cream is one of my favorites.", []want{likes("Nate", "Coconut milk ice cream")}},
		{"favourite", "Caroline", "Drawing flowers is one of my faves.", []want{likes("Caroline", "Drawing flowers")}},
		{"favourite", "Joanna", "Spider-Man has always been a favorite of mine.", []want{likes("Joanna", "Spider-Man")}},
		{"favourite", "Tim", "Dune is one of my favorite novels.", []want{likes("Tim", "Dune")}},
		{"favourite", "Nate", "Iron Man is my top pick.", []want{likes("Nate", "Iron Man")}},
		{"favourite", "Jon", "I love all dances, but contemporary is my top pick.", []want{likes("Jon", "contemporary")}},
		{"favourite", "Gina", "Dance is pretty much my go-to for stress relief.", []want{likes("Gina", "Dance")}},
		{"favourite", "Tim", "I'm a huge Harry Potter fan.", []want{likes("Tim", "Harry Potter")}},
		{"favourite", "John", "I'm a total movie fan.", []want{likes("John", "movie")}},
		// long-standing and progressive liking
		{"fond verbs", "Nate", "I've always liked turtles since I was a boy.", []want{likes("Nate", "turtles")}},
		{"fond verbs", "Ana", "I'm loving pottery right now.", []want{likes("Ana", "pottery")}},
		{"fond verbs", "Nate", "I'm drawn to turtles.", []want{likes("Nate", "turtles")}},
		{"fond verbs", "Jon", "I've been into dancing since I was a kid.", []want{likes("Jon", "dancing")}},
		{"fond verbs", "John", "I've always been passionate about basketball.", []want{likes("John", "basketball")}},
		// the reason clause states the liking
		{"why I love", "Joanna", "It reminded me why I love writing.", []want{likes("Joanna", "writing")}},
		{"why I love", "Maria", "Yeah, that's why I love volunteering!", []want{likes("Maria", "volunteering")}},
		{"why I love", "Jon", "Reminds me how much I love performing.", []want{likes("Jon", "performing")}},
		// where one comes from, in apposition
		{"home country", "Caroline", "It's a gift from my grandma in my home country, Sweden.",
			[]want{{ontology.RelComesFrom, "Caroline", "Sweden", ""}}},
		{"home country", "Caroline", "My home country is Sweden.", []want{{ontology.RelComesFrom, "Caroline", "Sweden", ""}}},
		{"home country", "Malik", "I miss my hometown of Aarhus.", []want{{ontology.RelComesFrom, "Malik", "Aarhus", ""}}},
		{"home country", "Kwame", "My homeland, Ghana, is beautiful.", []want{{ontology.RelComesFrom, "Kwame", "Ghana", ""}}},
		// a pet named after it was mentioned
		{"pet named", "Maria", "I got a puppy two weeks ago! Her name's Coco and she's adorable.",
			[]want{{ontology.RelOwns, "Maria", "Coco", "puppy"}}},
		{"pet named", "Maria", "We adopted a rescue dog last month. We named him Rufus.",
			[]want{{ontology.RelOwns, "Maria", "Rufus", "dog"}}},
	}
	for _, tc := range cases {
		t.Run(tc.family+": "+tc.text, func(t *testing.T) {
			other := "Jon"
			if tc.speaker == "Jon" {
				other = "Gina"
			}
			x := extractPair(t, tc.speaker, other, tc.text)
			if len(x.Relations) != len(tc.want) {
				t.Errorf("relations %+v, want %+v", x.Relations, tc.want)
			}
			for _, w := range tc.want {
				r := findRelation(x, w.typ, w.to)
				if r == nil || r.From.Name != w.from || r.Role != w.role {
					t.Errorf("no %s %s -> %s (role %q) in %+v", w.typ, w.from, w.to, w.role, x.Relations)
				}
			}
		})
	}
}
