package rules

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// extractLines runs the extractor on a chat of "Speaker: text" lines, two
// speakers Ana and Ben, and checks the invariants.
func extractLines(t *testing.T, chat string) ontology.Extraction {
	t.Helper()
	var turns []ontology.Turn
	ids := map[string]bool{}
	for i, line := range strings.Split(strings.TrimSpace(chat), "\n") {
		sp, text, _ := strings.Cut(strings.TrimSpace(line), ":")
		id := "t" + strconv.Itoa(i)
		ids[id] = true
		turns = append(turns, ontology.Turn{ID: id, Speaker: strings.TrimSpace(sp), Text: strings.TrimSpace(text)})
	}
	req := ontology.ExtractRequest{Conversation: "c1", Turns: turns, Speakers: []string{"Ana", "Ben"}}
	x, _, err := New().Extract(context.Background(), req)
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	checkInvariants(t, x, ids)
	return x
}

// TestLower4PronounAfterLowerName: a person the rules read in a lower-case
// sentence ("my flatmate cormac") is who "he" in the next sentence of the
// turn means, as a capitalised name is; a relationship word with no name
// after it still holds the pronoun back. Names of no list, pool or dev chat.
func TestLower4PronounAfterLowerName(t *testing.T) {
	for _, c := range []struct{ text, from, to string }{
		{"my flatmate pellam is looking actually! he's at vornaby doing data stuff", "Pellam", "Vornaby"},
		{"my flatmate Pellam is looking actually! he's at vornaby doing data stuff", "Pellam", "Vornaby"},
		{"my cousin quessa is sorted now. she works at vornaby", "Quessa", "Vornaby"},
		{"my flatmate is looking actually! he's at vornaby doing data stuff", "", "Vornaby"},
	} {
		x := extractOne(t, "Ana", c.text, nil)
		r := findRelation(x, ontology.RelWorksAt, c.to)
		switch {
		case c.from == "" && r != nil && r.From.Name != "Ana":
			t.Errorf("%q: WORKS_AT %s from %q, want none from a named person", c.text, c.to, r.From.Name)
		case c.from != "" && (r == nil || r.From.Name != c.from):
			t.Errorf("%q: WORKS_AT %s = %+v, want from %s", c.text, c.to, r, c.from)
		}
	}
}

// TestLower4RecurringNames: a lower-case word outside the word list that a
// chat puts twice in a person's slots, once where only a person fits, is a
// person from then on; chat spellings, slang, brand-like words, words
// only ever after "is" and a word repeated as a verb are not.
func TestLower4RecurringNames(t *testing.T) {
	positives := []struct{ chat, name string }{
		{"Ana: pellam texted me again\nBen: lol what did he want\nAna: pellam reckons we should go", "Pellam"},
		{"Ana: went for drinks with quessa\nBen: nice\nAna: quessa is moving to leeds", "Quessa"},
		{"Ana: trindle is so annoying\nBen: ha\nAna: trindle's sister is lovely though", "Trindle"},
		{"Ana: quessa is having now a job! she is accepted at vornaby", "Quessa"},
	}
	for _, c := range positives {
		x := extractLines(t, c.chat)
		if e := findEntity(x, c.name); e == nil || e.Type != ontology.EntityPerson {
			t.Errorf("%q: entity %s = %+v, want a person", c.chat, c.name, e)
		}
	}
	negatives := []struct{ chat, word string }{
		{"Ana: spotify is down again\nBen: ugh spotify is the worst", "Spotify"},
		{"Ana: deliveroo is late again\nBen: deliveroo was late yesterday too", "Deliveroo"},
		{"Ana: wrk is mad\nBen: wrk was mad for me too", "Wrk"},
		{"Ana: sesh is tonight\nBen: sesh was good last time", "Sesh"},
		{"Ana: tmrw is fine\nBen: tmrw works for me", "Tmrw"},
		{"Ana: pellam is annoying\nBen: who?\nAna: pellam is a dog lol", "Pellam"},
		{"Ana: i yeeted it lol\nBen: you yeeted it?\nAna: yeeted it into the bin", "Yeeted"},
		{"Ana: offce is closed\nBen: offce was closed yday", "Offce"},
		{"Ana: spotify is down again. he says it's fine", "Spotify"},
		{"Ana: deliveroo was late. she was fuming", "Deliveroo"},
	}
	for _, c := range negatives {
		x := extractLines(t, c.chat)
		if e := findEntity(x, c.word); e != nil && e.Type == ontology.EntityPerson {
			t.Errorf("%q: %s read as a person", c.chat, c.word)
		}
	}
}
