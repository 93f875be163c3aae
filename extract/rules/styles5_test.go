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
// present or future it states nothing (testdata/past_temporal.txt).
func TestPastTemporal(t *testing.T) { checkPastCases(t, "past_temporal.txt", false) }

// TestPastTies: ties the text says are over are drawn ended, never
// current ("Dana was my roommate at uni", "Dana and I dated for two
// years", "we were at uni together" after "how do you know Tariq?"); near
// misses draw nothing (testdata/past_ties.txt).
func TestPastTies(t *testing.T) { checkPastCases(t, "past_ties.txt", true) }

// checkPastCases runs the cases of testdata file name, "text | relation |
// ended|current", each as Jo's turn after Kat's (a text "Q / A" is Kat's
// question and Jo's answer): the relation must be drawn, ended or current
// as the case says, and a case with no relation must draw none. With
// everyEnded, no relation the text draws may be current.
func checkPastCases(t *testing.T, name string, everyEnded bool) {
	for _, c := range readCases(t, name, 3) {
		text, want, ended := c[0], c[1], c[2] == "ended"
		turns := []string{"Kat: hi", "Jo: " + text}
		if q, a, ok := strings.Cut(text, " / "); ok {
			turns = []string{"Kat: " + q, "Jo: " + a}
		}
		x := extractChat(t, nil, chat("t", turns...))
		found := false
		for _, r := range x.Relations {
			switch line := relationLine(r); {
			case want == "":
				t.Errorf("%q gave %s", text, line)
			case everyEnded && r.ValidTo == nil:
				t.Errorf("%q gave a current %s", text, line)
			case line == want:
				found = true
				if (r.ValidTo != nil) != ended {
					t.Errorf("%q: %s ended %v, want %v", text, want, r.ValidTo != nil, ended)
				}
			}
		}
		if want != "" && !found {
			t.Errorf("%q: no %s in %+v", text, want, x.Relations)
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

// TestBlind7 reads the phrasings h14-blind7's probes found unread: band
// line-ups, passives naming who runs a place, "how's X?" answered by a
// relative, names ending before a verb or a shouted word, "remember X?"
// then the news (testdata/blind7.txt), and their near misses
// (testdata/blind7_negatives.txt).
func TestBlind7(t *testing.T) { styleCases(t, "blind7") }

// TestQuitTheBandEnded: "Gethin quit the band" with the band in focus
// draws MEMBER_OF ended at the turn, never a current one.
func TestQuitTheBandEnded(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: our band Moth Choir has a gig friday", "Jo: Gethin quit the band"))
	ended := false
	for _, r := range x.Relations {
		if relationLine(r) == "MEMBER_OF Gethin -> Moth Choir" {
			if r.ValidTo == nil {
				t.Errorf("current %s", relationLine(r))
			}
			ended = true
		}
	}
	if !ended {
		t.Errorf("no ended MEMBER_OF Gethin -> Moth Choir in %v", x.Relations)
	}
}

// TestFrameNeed: a sentence frame needs the words of its most selective
// required literal, none of an optional one; a sentence without any of
// them skips it, and every data frame it may match still needs only words
// of its own.
func TestFrameNeed(t *testing.T) {
	fs, _ := parseFrames("LEADS - runs|run|manages ORG\nLEADS ORG be? run|managed by PERSON")
	_, sfs := parseFrames("LEADS ORG be? run|managed by PERSON\nOWNS PET ( MY @species )")
	if len(fs) != 1 || len(fs[0].need) != 0 {
		t.Fatalf("clause frames carry no need: %+v", fs)
	}
	if got := sfs[0].need; len(got) != 1 || !got["by"] {
		t.Errorf("need %v, want only \"by\"", got)
	}
	if got := sfs[1].need; len(got) != 1 || !got["("] && !got[")"] {
		t.Errorf("need %v, want a bracket", got)
	}
	for _, f := range sentenceFrames {
		for w := range f.need {
			if strings.TrimSpace(w) == "" {
				t.Errorf("frame %+v needs an empty word", f.toks)
			}
		}
	}
}
