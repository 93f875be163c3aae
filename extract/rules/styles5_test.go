package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestStyles5 reads the styles h14-blind5's probes found unread: seeing
// someone, pairs together since a stretch of life, growing up somewhere
// in storytelling, clauses that drop their subject after a comma
// (testdata/styles5.txt), and their near misses, which draw no current
// relation of the type named (testdata/styles5_negatives.txt).
func TestStyles5(t *testing.T) {
	t.Run("stated", func(t *testing.T) { wantCurrentRelations(t, "styles5.txt") })
	t.Run("near misses", func(t *testing.T) { wantNoCurrentRelation(t, "styles5_negatives.txt") })
}

// TestPastTemporal: a "when" or "before" clause in the past states what
// was so ("back when I lived in Leeds": an ended LIVES_IN); in the
// present or future it states nothing.
func TestPastTemporal(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ended      bool
	}{
		{"back when I lived in Leeds we'd go to the Brudenell", "LIVES_IN Jo -> Leeds", true},
		{"when I lived in Cádiz I surfed every day", "LIVES_IN Jo -> Cádiz", true},
		{"before I moved to Bristol I was miserable", "MOVED_TO Jo -> Bristol", false},
		{"Tariq and I split up", "PARTNER_OF Jo -> Tariq", true},
		{"Did u hear? Wiktor and Agnieszka separated", "PARTNER_OF Wiktor -> Agnieszka", true},
		{"when I move to Leeds I'll call you", "", false},
		{"whenever I visit Leeds it rains", "", false},
		{"if I lived in Leeds I'd be happy", "", false},
	} {
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+c.text))
		found := false
		for _, r := range x.Relations {
			if c.want == "" {
				t.Errorf("%q gave %s", c.text, relationLine(r))
				continue
			}
			if relationLine(r) == c.want {
				found = true
				if ended := r.ValidTo != nil; ended != c.ended {
					t.Errorf("%q: %s ended %v, want %v", c.text, c.want, ended, c.ended)
				}
			}
		}
		if c.want != "" && !found {
			t.Errorf("%q: no %s in %+v", c.text, c.want, x.Relations)
		}
	}
}

// TestSarcasmDropsLikes: a sentence marked as sarcastic keeps none of its
// likings, and its neighbours keep theirs.
func TestSarcasmDropsLikes(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: I love Lisbon. oh sure, I just LOVE Mondays 🙄"))
	var likes []string
	for _, r := range x.Relations {
		if r.Type == ontology.RelLikes {
			likes = append(likes, relationLine(r))
		}
	}
	if len(likes) != 1 || likes[0] != "LIKES Jo -> Lisbon" {
		t.Errorf("likes %q, want only LIKES Jo -> Lisbon", likes)
	}
}

// TestNamedBurstNotTheSpeakers: after a message that is only a name, a
// subjectless "got into X" is that person's, and no relation of the
// speaker's is drawn from it.
func TestNamedBurstNotTheSpeakers(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: omg", "Jo: Ifeoma", "Jo: got into Guildhall School!!"))
	found := false
	for _, r := range x.Relations {
		if r.From.Name == "Jo" {
			t.Errorf("relation of the speaker: %s", relationLine(r))
		}
		found = found || relationLine(r) == "ATTENDED Ifeoma -> Guildhall School"
	}
	if !found {
		t.Errorf("no ATTENDED Ifeoma -> Guildhall School in %+v", x.Relations)
	}
	// with nothing named before, the same message is the speaker's
	x = extractChat(t, nil, chat("t", "Kat: hi", "Jo: omg", "Jo: got into Guildhall School!!"))
	if len(x.Relations) != 1 || relationLine(x.Relations[0]) != "ATTENDED Jo -> Guildhall School" {
		t.Errorf("want only ATTENDED Jo -> Guildhall School, got %+v", x.Relations)
	}
}
