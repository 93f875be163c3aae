package rules

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TestStyles3 reads the styles h14-blind3's probes found unread: pronouns
// taking up a name, durations first, who-questions answered, committees,
// squads, pets and branches in everyday words (testdata/styles3.txt), and
// their near misses, which draw no current relation of the type named
// (testdata/styles3_negatives.txt).
func TestStyles3(t *testing.T) { styleCases(t, "styles3") }

// TestNoAnswererMoveAfterNo: a subjectless reply to a yes/no question about
// someone else is not the answerer's ("does Omar still live in Leicester?"
// / "no, moved back to Cairo": Jo did not move).
func TestNoAnswererMoveAfterNo(t *testing.T) {
	ts := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	turns := []ontology.Turn{
		{ID: "t0", Session: "1", Speaker: "Kat", Text: "does Omar still live in Leicester?", Timestamp: &ts},
		{ID: "t1", Session: "1", Speaker: "Jo", Text: "no, moved back to Cairo last year", Timestamp: &ts},
	}
	x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns, Speakers: []string{"Kat", "Jo"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range x.Relations {
		if r.From.Name == "Jo" {
			t.Errorf("relation of the answerer: %s %s -> %s", r.Type, r.From.Name, r.To.Name)
		}
	}
	// the same reply to a question about the answerer is theirs
	turns[0].Text = "are you still in Leicester?"
	x, _, err = New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns, Speakers: []string{"Kat", "Jo"}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range x.Relations {
		found = found || r.Type == ontology.RelMovedTo && r.From.Name == "Jo" && r.To.Name == "Cairo"
	}
	if !found {
		t.Errorf("no MOVED_TO Jo -> Cairo in %+v", x.Relations)
	}
}
