package query

import "testing"

// speakers are the conversation's speakers the name tests read queries
// against.
var speakers = []string{"Caroline", "Melanie", "Jon Snow", "José"}

func TestNamedSpeaker(t *testing.T) {
	cases := map[string]string{
		"What did Caroline research?":        "Caroline",
		"what did caroline research?":        "Caroline",
		"CAROLINE?":                          "Caroline",
		"Caroline's favourite book":          "Caroline",
		"Caroline’s favourite book":          "Caroline",
		"Where does Jon work?":               "Jon Snow",
		"Where does Jon Snow work?":          "Jon Snow",
		"Did José go hiking?":                "José",
		"Did Caroline and Melanie meet?":     "",
		"Who painted the lake?":              "",
		"Carolines are common":               "",
		"Is Carol here?":                     "",
		"Josée is someone else":              "",
		"Jonathan is not Jon":                "Jon Snow",
		"caroline and CAROLINE are the same": "Caroline",
	}
	for q, want := range cases {
		if got := NamedSpeaker(q, speakers); got != want {
			t.Errorf("NamedSpeaker(%q) = %q, want %q", q, got, want)
		}
	}
	if got := NamedSpeaker("Jon?", []string{"Jon Snow", "Jon Arryn"}); got != "" {
		t.Errorf("ambiguous first name: %q, want none", got)
	}
	if got := NamedSpeaker("anything", nil); got != "" {
		t.Errorf("no speakers: %q", got)
	}
}

func TestDropSpeakerNames(t *testing.T) {
	cases := map[string]string{
		"What did Caroline research?":                 "What did research?",
		"What does Gina say to CAROLINE and melanie?": "What does Gina say to and ?",
		"Caroline's favourite book":                   "favourite book",
		"Caroline’s favourite book":                   "favourite book",
		"Where does Jon Snow work? Jon said so":       "Where does work? said so",
		"Did José go hiking with Josée?":              "Did go hiking with Josée?",
		"Carolines and Carol are common":              "Carolines and Carol are common",
		"where does carolines sister live":            "where does sister live",
		"melanies? no, josés dog":                     "melanies? no, dog",
		"Caroline?":                                   "Caroline?", // nothing else to match: unchanged
		"Caroline Melanie":                            "Caroline Melanie",
		"Who painted the lake?":                       "Who painted the lake?",
	}
	for q, want := range cases {
		if got := DropSpeakerNames(q, speakers); got != want {
			t.Errorf("DropSpeakerNames(%q) = %q, want %q", q, got, want)
		}
	}
	if got := DropSpeakerNames("What did Caroline say?", nil); got != "What did Caroline say?" {
		t.Errorf("no speakers: %q", got)
	}
	// A name whose lower case changes its byte length leaves the query as it is.
	if got := DropSpeakerNames("İstanbul and Caroline", speakers); got != "İstanbul and Caroline" {
		t.Errorf("length-changing case mapping: %q", got)
	}
}

func TestAsksWhen(t *testing.T) {
	cases := map[string]bool{
		"When did Caroline go to the LGBTQ support group?": true,
		"when is the wedding":                              true,
		"What year did Melanie start painting?":            true,
		"Which month did they move?":                       true,
		"How long ago was the trip?":                       true,
		"Did she say when did the race start?":             true,
		"What did Caroline research?":                      false,
		"Whenever I paint, what happens?":                  false,
		"How long has Melanie been creating art?":          false,
		"What does Gina say about the time she danced?":    false,
	}
	for q, want := range cases {
		if got := AsksWhen(q); got != want {
			t.Errorf("AsksWhen(%q) = %v, want %v", q, got, want)
		}
	}
}
