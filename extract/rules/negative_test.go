package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestPrecisionNothing lists phrasings that must yield no knowledge at all:
// no relation, profile fact, fact or event, and no entity but those listed.
func TestPrecisionNothing(t *testing.T) {
	cases := []struct {
		text     string
		entities []string // entity names allowed
	}{
		{"I love you", nil},
		{"I like that", nil},
		{"I love it when you call.", nil},
		{"I like how you think.", nil},
		{"I love hearing that!", nil},
		{"My bad", nil},
		{"I'm sure", nil},
		{"I'm sure you'll do great.", nil},
		{"I'm so happy", nil},
		{"I'm so happy for you!", nil},
		{"I'm going to bed", nil},
		{"Hey Mel!", nil},
		{"Thanks Caroline", nil},
		{"Thanks, Caroline!", nil},
		{"That's great, Mel!", nil},
		{"Wow, that's amazing", nil},
		{"Wow Mel, that's amazing!", nil},
		{"Yesterday was great", nil},
		{"Yesterday was great!! Wow.", nil},
		{"Do you work at Google?", []string{"Google"}},
		{"Are you from Sweden?", []string{"Sweden"}},
		{"I might move to Paris", []string{"Paris"}},
		{"I might move to Paris next year.", []string{"Paris"}},
		{"I want to move to Paris.", []string{"Paris"}},
		{"I'm going to move to Paris.", []string{"Paris"}},
		// "I'm moving to Paris next month" is a scheduled move, read as a fact
		// from next month (TestScheduledStarts); plans are not:
		{"I'm thinking about moving to Paris.", []string{"Paris"}},
		{"I might move to Berlin someday.", []string{"Berlin"}},
		{"I hope to work at Google one day.", []string{"Google"}},
		{"She's planning to move to Lisbon.", []string{"Lisbon"}},
		{"Do you work at Google?", []string{"Google"}},
		{"If I move to Paris, I'll tell you.", []string{"Paris"}},
		{"Maybe I'll work at Google someday.", []string{"Google"}},
		{"I would love to visit Paris.", []string{"Paris"}},
		{"I'd love to live in Paris.", []string{"Paris"}},
		{"I'm not from Sweden.", []string{"Sweden"}},
		{"I don't live in Boston.", []string{"Boston"}},
		{"I work with Python every day.", []string{"Python"}},
		{"My late husband John loved jazz.", []string{"John"}},
		{"My ex-boyfriend Tom called.", []string{"Tom"}},
		{"Is Dana your sister?", []string{"Dana"}},
		{"I'm a big fan", nil},
		{"I'm a hard worker.", nil},
		{"I'm a team player.", nil},
		{"I like a lot of things.", nil},
		{"I love the photo!", nil},
		{"I love your painting!", nil},
		{"I enjoy spending time with family.", nil},
		{"I love being a mom.", nil},
		{"That makes sense.", nil},
		{"It makes me happy.", nil},
		{"Mom makes the best pancakes.", nil},
		{"May I ask you something?", nil},
		{"Painting is fun.", nil},
		{"I LOVE THIS SO MUCH", nil},
		{"I'm reading now.", nil},
		{"I'm engaged in a project.", nil},
		{"I live in the city.", nil},
		{"I work at a hospital.", nil},
		{"I started a new chapter.", nil},
		{"My girlfriend, Toby and I are going camping.", []string{"Toby"}},
		{"Wish I could live in Tokyo.", []string{"Tokyo"}},
	}
	for _, tc := range cases {
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

// TestNoCurrentJobWhenNegated: "I don't work at Google anymore" ends a
// job; it must not state a current one.
func TestNoCurrentJobWhenNegated(t *testing.T) {
	for _, text := range []string{
		"I don't work at Google anymore.",
		"I no longer work at Google.",
		"I used to work at Google.",
		"I don't work at Google.",
		"I never worked at Google.",
	} {
		x := extractOne(t, "Sam", text, tp(ref))
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt && r.ValidTo == nil {
				t.Errorf("%q: current WORKS_AT %+v", text, r)
			}
		}
		if p := findProfile(x, "work", "employer"); p != nil {
			t.Errorf("%q: employer %+v", text, p)
		}
		for _, s := range statements(x) {
			if strings.Contains(s, "works at") && !strings.Contains(s, "no longer") {
				t.Errorf("%q: fact %q", text, s)
			}
		}
	}
	x := extractOne(t, "Sam", "I don't work at Google anymore.", tp(ref))
	r := findRelation(x, ontology.RelWorksAt, "Google")
	if r == nil || r.ValidTo == nil || !r.ValidTo.Equal(ref) {
		t.Errorf("ended WORKS_AT = %+v", r)
	}
	if !hasFact(x, "Sam no longer works at Google.") || !hasProfile(x, "work", "past_employers", "Google") {
		t.Errorf("facts %q profile %+v", statements(x), x.Profile)
	}
}

// TestNoSelfRelationInQuestions: a question about the listener says
// nothing about the speaker.
func TestNoSelfRelationInQuestions(t *testing.T) {
	for _, text := range []string{
		"Do you work at Google?",
		"Did I tell you I moved to Boston?",
		"Do you live in Paris?",
		"Would you like to meet my friend?",
	} {
		x := extractOne(t, "Sam", text, tp(ref))
		if len(x.Relations)+len(x.Profile) != 0 {
			t.Errorf("%q: relations %+v profile %+v", text, x.Relations, x.Profile)
		}
	}
}
