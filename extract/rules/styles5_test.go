package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestStyles5 reads the styles h14-blind5's probes found unread: seeing
// someone, pairs together since a stretch of life, growing up somewhere
// in storytelling, clauses that drop their subject after a comma
// (testdata/styles5.txt), and their near misses, which draw no current
// relation of the type named (testdata/styles5_negatives.txt).
func TestStyles5(t *testing.T) { styleCases(t, "styles5") }

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

// TestFrontedPlaceEnded: "In Kyiv I was living with my parents" states a
// home that is over (an ended LIVES_IN), not a current one.
func TestFrontedPlaceEnded(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: In Kyiv I was living with my parents"))
	found := false
	for _, r := range x.Relations {
		if relationLine(r) == "LIVES_IN Jo -> Kyiv" {
			found = true
			if r.ValidTo == nil {
				t.Errorf("LIVES_IN Jo -> Kyiv is current, want ended")
			}
		}
	}
	if !found {
		t.Errorf("no LIVES_IN Jo -> Kyiv in %+v", x.Relations)
	}
}

// TestPastTies: ties the text says are over are drawn ended, never
// current ("Dana was my roommate at uni", "Dana and I dated for two
// years", "we were at uni together" after "how do you know Tariq?"); near
// misses draw nothing. "Q / A" is Kat's question and Jo's answer.
func TestPastTies(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Dana was my roommate at uni", "KNOWS Jo -> Dana"},
		{"Dana used to be my neighbour", "KNOWS Jo -> Dana"},
		{"Dana is my ex", "PARTNER_OF Jo -> Dana"},
		{"I dated Dana in college", "PARTNER_OF Jo -> Dana"},
		{"Tom dated Priya for a year", "PARTNER_OF Tom -> Priya"},
		{"Dana and I were flatmates in Leeds", "KNOWS Jo -> Dana"},
		{"Dana and I dated for two years", "PARTNER_OF Jo -> Dana"},
		{"Dana and I were together for 5 years", "PARTNER_OF Jo -> Dana"},
		{"Cormac and I were at Belvedere College together", "KNOWS Jo -> Cormac"},
		{"Cormac and I were at Belvedere College together", "ATTENDED Cormac -> Belvedere College"},
		{"how do you know Tariq? / we were at uni together", "KNOWS Jo -> Tariq"},
		{"Dana and I were together at the bar", ""},
		{"Dana and I were never friends", ""},
		{"Dana wasn't my boss", ""},
		{"was Dana my boss?", ""},
		{"Dana was my rock", ""},
	} {
		turns := []string{"Kat: hi", "Jo: " + c.text}
		if q, a, ok := strings.Cut(c.text, " / "); ok {
			turns = []string{"Kat: " + q, "Jo: " + a} // Kat asks, Jo answers
		}
		x := extractChat(t, nil, chat("t", turns...))
		found := false
		for _, r := range x.Relations {
			if c.want == "" {
				t.Errorf("%q gave %s", c.text, relationLine(r))
				continue
			}
			if r.ValidTo == nil {
				t.Errorf("%q gave a current %s", c.text, relationLine(r))
			}
			found = found || relationLine(r) == c.want
		}
		if c.want != "" && !found {
			t.Errorf("%q: no %s in %+v", c.text, c.want, x.Relations)
		}
	}
}
