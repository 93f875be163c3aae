package query

import (
	"testing"

	"github.com/loci-memory/loci/internal/casefile"
)

// speakers are the conversation's speakers the name tests read queries
// against.
var speakers = []string{"Caroline", "Melanie", "Jon Snow", "José"}

func TestNamedSpeaker(t *testing.T) {
	for _, c := range casefile.Read(t, "testdata/named_speaker.txt", 2) {
		if got := NamedSpeaker(c[0], speakers); got != c[1] {
			t.Errorf("NamedSpeaker(%q) = %q, want %q", c[0], got, c[1])
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
	for _, c := range casefile.Read(t, "testdata/drop_speaker_names.txt", 2) {
		if got := DropSpeakerNames(c[0], speakers); got != c[1] {
			t.Errorf("DropSpeakerNames(%q) = %q, want %q", c[0], got, c[1])
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
