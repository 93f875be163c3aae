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

// TestLowercaseReusePronounAfterLowerName: a person the rules read in a lower-case
// sentence ("my flatmate cormac") is who "he" in the next sentence of the
// turn means, as a capitalised name is; a relationship word with no name
// after it still holds the pronoun back. Names of no list, pool or dev chat.
// Each case: text | who works at Vornaby ("-": no one named).
func TestLowercaseReusePronounAfterLowerName(t *testing.T) {
	const cases = `my flatmate pellam is looking actually! he's at vornaby doing data stuff | Pellam
		my flatmate Pellam is looking actually! he's at vornaby doing data stuff | Pellam
		my cousin quessa is sorted now. she works at vornaby | Quessa
		my flatmate is looking actually! he's at vornaby doing data stuff | -`
	for _, line := range strings.Split(cases, "\n") {
		text, who, _ := strings.Cut(strings.TrimSpace(line), " | ")
		r := findRelation(extractOne(t, "Ana", text, nil), ontology.RelWorksAt, "Vornaby")
		if got := "-"; r != nil && r.From.Name != "Ana" {
			got = r.From.Name
			if got != who {
				t.Errorf("%q: WORKS_AT Vornaby from %q, want %q", text, got, who)
			}
		} else if who != "-" {
			t.Errorf("%q: no WORKS_AT Vornaby, want one from %s", text, who)
		}
	}
}

// TestLowercaseReuseRecurringNames: a lower-case word outside the word list that a
// chat puts twice in a person's slots, once where only a person fits, is a
// person from then on; chat spellings, slang, brand-like words, words
// only ever after "is" and a word repeated as a verb are not. Each case:
// the chat's turns ("/" between them, Ana and Ben in turn) | the word |
// whether it is a person.
func TestLowercaseReuseRecurringNames(t *testing.T) {
	const cases = `pellam texted me again / lol what did he want / pellam reckons we should go | Pellam | yes
		went for drinks with quessa / nice / quessa is moving to leeds | Quessa | yes
		trindle is so annoying / ha / trindle's sister is lovely though | Trindle | yes
		quessa is having now a job! she is accepted at vornaby | Quessa | yes
		so trindle is my boss now, she runs the place | Trindle | yes
		vornaby got her. she's assistant manager there now | Vornaby | no
		we kept the dog, Trindle / trindle is thriving. he's a corgi mix | Trindle | no
		wrk is my life now / sesh is my fave | Wrk | no
		wrk is my life now / sesh is my fave | Sesh | no
		spotify is down again / ugh spotify is the worst | Spotify | no
		deliveroo is late again / deliveroo was late yesterday too | Deliveroo | no
		wrk is mad / wrk was mad for me too | Wrk | no
		sesh is tonight / sesh was good last time | Sesh | no
		tmrw is fine / tmrw works for me | Tmrw | no
		pellam is annoying / who? / pellam is a dog lol | Pellam | no
		i yeeted it lol / you yeeted it? / yeeted it into the bin | Yeeted | no
		offce is closed / offce was closed yday | Offce | no
		spotify is down again. he says it's fine | Spotify | no
		deliveroo was late. she was fuming | Deliveroo | no`
	for _, line := range strings.Split(cases, "\n") {
		f := strings.Split(strings.TrimSpace(line), " | ")
		var chat []string
		for i, text := range strings.Split(f[0], " / ") {
			chat = append(chat, []string{"Ana", "Ben"}[i%2]+": "+text)
		}
		e := findEntity(extractLines(t, strings.Join(chat, "\n")), f[1])
		if person := e != nil && e.Type == ontology.EntityPerson; person != (f[2] == "yes") {
			t.Errorf("%q: %s a person = %v, want %s", f[0], f[1], person, f[2])
		}
	}
}
