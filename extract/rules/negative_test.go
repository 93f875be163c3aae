package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestPrecisionNothing lists phrasings that must yield no knowledge at all:
// no relation, profile fact, fact or event, and no entity but those listed.
func TestPrecisionNothing(t *testing.T) {
	for _, f := range readCases(t, "precision_nothing.txt", 2) {
		tc := struct {
			text     string
			entities []string // entity names allowed
		}{text: f[0]}
		if f[1] != "" {
			tc.entities = strings.Split(f[1], ", ")
		}
		t.Run(tc.text, func(t *testing.T) {
			x := extractOne(t, "Sam", tc.text, tp(ref))
			if len(x.Relations)+len(x.Profile)+len(x.Facts)+len(x.Events) != 0 {
				t.Errorf("relations %+v\nprofile %+v\nfacts %q\nevents %+v", x.Relations, x.Profile, statements(x), x.Events)
			}
			allowed := map[string]bool{}
			for _, n := range tc.entities {
				allowed[n] = true
			}
			for _, e := range x.Entities {
				if !allowed[e.Name] {
					t.Errorf("unexpected entity %+v", e)
				}
			}
		})
	}
}

// TestNegatives lists, by kind, phrasings that must not give some piece
// of knowledge: the kind's check says what a phrasing wrongly gave.
func TestNegatives(t *testing.T) {
	for _, g := range []struct {
		name  string
		pair  bool // said by Sam to Kim, both speakers of the request
		texts []string
		gave  func(x ontology.Extraction) []string
	}{
		// "I don't work at Google anymore" ends a job; it must not state a
		// current one.
		{"no current job when negated", false, []string{
			"I don't work at Google anymore.",
			"I no longer work at Google.",
			"I used to work at Google.",
			"I don't work at Google.",
			"I never worked at Google.",
		}, currentJob},
		// A question about the listener says nothing about the speaker.
		{"no self relation in questions", false, []string{
			"Do you work at Google?",
			"Did I tell you I moved to Boston?",
			"Do you live in Paris?",
			"Would you like to meet my friend?",
		}, func(x ontology.Extraction) []string { return append(relations(x), profile(x, nil)...) }},
		{"no events", false, []string{
			"I will go to Paris tomorrow.",
			"I went there with Dana.",
			"I didn't go to the gym yesterday.",
			"Did you go hiking yesterday?",
			"I thought about it yesterday.",
			"The book I read yesterday was great.",
			"I got it last week.",
			"If I went yesterday, I'd know.",
			"I was so tired yesterday.",
		}, func(x ontology.Extraction) []string { return events(x) }},
		// Questions, negations, modals, hedges, ended and lost likings,
		// pronoun or deictic objects, visits and a name that is not the
		// pet's give no relation.
		{"fondness", true, []string{
			// passion
			"Do you have a passion for writing?",
			"I don't have a passion for writing.",
			"If I had a passion for writing I would write more.",
			"I lost my passion for writing.",
			"I'm trying to find my passion for writing again.",
			"My passion for it is gone.",
			"Do you have any passion for sailing?",
			"You're into pottery, right?",
			"If you're passionate about sailing, join us.",
			"You're not into pottery.",
			"You're into the city early today.",
			// favourites
			"Pottery isn't one of my favorites.",
			"Pottery might be one of my favorites.",
			"Is pottery one of your favorites?",
			"It's one of my favorites.",
			"This is my go-to place for writing inspiration.",
			"They are still my favorites.",
			"Pottery was one of my favorites.",
			"If pottery is one of my favorites, I should do more.",
			"I'm a big fan.",
			"I'm not a huge Harry Potter fan.",
			"Are you a Harry Potter fan?",
			"I'm a fan of this genre.",
			"I'm a huge fan of it.",
			// fond verbs
			"I used to love turtles.",
			"I might be drawn to turtles.",
			"I've never liked turtles.",
			"Have you always liked turtles?",
			"I've been into the city twice this week.",
			"I'm loving it.",
			"I'd love to try pottery.",
			"I wish I had always loved reading.",
			// why I love
			"Why do I love writing?",
			"That's why I don't like writing.",
			"That's why I'd love to try pottery.",
			// home country
			"Is your home country Sweden?",
			"I went back to my home country, which is lovely.",
			"My hometown, a small village, is quiet.",
			// pet named
			"I got a puppy for my daughter. Her name is Sara.",
			"I might get a puppy. Her name would be Coco.",
			"I got a puppy! What's her name going to be?",
			"Her name is Coco.",
			"I still have that stuffed animal dog you gave me! I named her Tilly.",
		}, fondness},
	} {
		for _, text := range g.texts {
			var x ontology.Extraction
			if g.pair {
				x = extractPair(t, "Sam", "Kim", text)
			} else {
				x = extractOne(t, "Sam", text, tp(ref))
			}
			if gave := g.gave(x); len(gave) > 0 {
				t.Errorf("%s: %q gave %q", g.name, text, gave)
			}
		}
	}
}

// currentJob lists a current WORKS_AT, an employer and a "works at" fact
// that is not about a past job.
func currentJob(x ontology.Extraction) []string {
	var out []string
	for _, r := range x.Relations {
		if r.Type == ontology.RelWorksAt && r.ValidTo == nil {
			out = append(out, fmt.Sprintf("current %+v", r))
		}
	}
	out = append(out, profile(x, map[string]bool{"employer": true})...)
	for _, s := range statements(x) {
		if strings.Contains(s, "works at") && !strings.Contains(s, "no longer") {
			out = append(out, s)
		}
	}
	return out
}

// fondness lists relations, liking profile facts and liking facts.
func fondness(x ontology.Extraction) []string {
	out := append(relations(x), profile(x, map[string]bool{"favourites": true, "hobbies": true, "pets": true})...)
	for _, f := range x.Facts {
		if strings.Contains(f.Statement, " loves ") || strings.Contains(f.Statement, " likes ") ||
			strings.Contains(f.Statement, "passion") {
			out = append(out, f.Statement)
		}
	}
	return out
}

// relations lists x's relations.
func relations(x ontology.Extraction) []string { return sprintAll(x.Relations, nil) }

// profile lists x's profile facts of the sub-topics subs (nil: all).
func profile(x ontology.Extraction, subs map[string]bool) []string {
	return sprintAll(x.Profile, func(p ontology.ProfileFact) bool { return subs == nil || subs[p.SubTopic] })
}

// events lists x's events.
func events(x ontology.Extraction) []string { return sprintAll(x.Events, nil) }

// sprintAll formats the items of xs that keep accepts (nil: all of them).
func sprintAll[T any](xs []T, keep func(T) bool) []string {
	var out []string
	for _, v := range xs {
		if keep == nil || keep(v) {
			out = append(out, fmt.Sprintf("%+v", v))
		}
	}
	return out
}

// TestEndedJob: "I don't work at Google anymore" ends the job at the
// turn's time.
func TestEndedJob(t *testing.T) {
	x := extractOne(t, "Sam", "I don't work at Google anymore.", tp(ref))
	r := findRelation(x, ontology.RelWorksAt, "Google")
	if r == nil || r.ValidTo == nil || !r.ValidTo.Equal(ref) {
		t.Errorf("ended WORKS_AT = %+v", r)
	}
	if !hasFact(x, "Sam no longer works at Google.") || !hasProfile(x, "work", "past_employers", "Google") {
		t.Errorf("facts %q profile %+v", statements(x), x.Profile)
	}
}
