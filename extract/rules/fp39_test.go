package rules

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// TestFP39Chats checks h14-fp39's mends, found on the blind39 chats' wrong
// relations (co-parents' texts, a function band's WhatsApp, a church youth
// club's leaders' group), on short chats (testdata/fp39_cases.txt) and
// their twins (testdata/fp39_negatives.txt): "round" and the other
// prepositions of place are no lower-case names ("from round there"); the
// Akan surname "asante" is no Swahili filler in an English sentence, and a
// given name with a surname said alone is the subject of the subjectless
// sentence after it; ", here in X" after "<name> is the church" is where
// the church is, no home; a subjectless "X born and bred" answering a tag
// question about someone else is theirs; a chat member ending a request
// after "my son" is asked, no son; a helper joining on a weekday in the
// plural starts no job.
func TestFP39Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp39", 8, 8) }

// TestFP39PluralWeekdays: a weekday in the plural opens no name ("on
// Fridays") but a club's name after "the" ("the Sundays Social"); it says a
// joining comes back every week.
func TestFP39PluralWeekdays(t *testing.T) {
	for text, want := range map[string]bool{
		"He's joining on Fridays now":        false,
		"We play for the Sundays Social now": true,
		"Saturdays are for the allotment":    false,
	} {
		s := lang.SplitSentences(lang.Tokenize(text))[0]
		got := false
		for i := range s.Toks {
			if n := s.Norm(i); n == "fridays" || n == "sundays" || n == "saturdays" {
				got = nameStart(&s, i)
			}
		}
		if got != want {
			t.Errorf("%q: a name opens at the weekday %v, want %v", text, got, want)
		}
	}
	s := lang.SplitSentences(lang.Tokenize("he's joining the team on Fridays, he's coming from Acme"))[0]
	if !recurringDay(&s, 0, len(s.Toks)) {
		t.Errorf("%q: no weekday in the plural found", "on Fridays")
	}
}

// TestFP39SpeakerShortForm: a word that starts a speaker's one-word name
// ("tam" for Tamsin) marks a candidate end as a speaker, so the
// similarity stage leaves "shes my daughter too tam" alone; another name
// does not.
func TestFP39SpeakerShortForm(t *testing.T) {
	req := ontology.ExtractRequest{Conversation: "c", Speakers: []string{"Tamsin", "Darren P"}, Turns: []ontology.Turn{
		{ID: "t1", Speaker: "Tamsin", Text: "I'm her mother and I've said no until Christmas."},
		{ID: "t2", Speaker: "Darren P", Text: "shes my daughter too tam. but ok. xmas"},
		{ID: "t3", Speaker: "Darren P", Text: "my daughter Isla wants a phone"},
	}}
	_, cands, _, err := New().ExtractCandidates(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	speaker := map[string]bool{}
	for _, c := range cands {
		for _, e := range c.Ends {
			if !e.Self {
				speaker[e.Ref.Name] = e.Speaker
			}
		}
	}
	if got, ok := speaker["Tam"]; !ok || !got {
		t.Errorf("tam: a speaker end %v (found %v), want true; ends %v", got, ok, speaker)
	}
	if speaker["Isla"] {
		t.Errorf("Isla: a speaker end, want none")
	}
	k := &known{speakers: map[string]bool{"tamsin": true, "jo": true}}
	for n, want := range map[string]bool{"tam": true, "tamsin": false, "ta": false, "jo": false, "isla": false} {
		if got := k.speakerShortForm(n); got != want {
			t.Errorf("speakerShortForm(%q) = %v, want %v", n, got, want)
		}
	}
}
