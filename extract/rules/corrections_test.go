package rules

import "testing"

// TestCorrections: a message right after another may correct a name in it
// ("sorry, Leeds not York", "*Lidl") or take it back ("ignore me"); its
// twins (a question, a name the message before lacks, another speaker's
// bare name, two candidates, a turn in between) change nothing
// (testdata/corrections.txt).
func TestCorrections(t *testing.T) { wantWithout(t, "corrections.txt") }

// TestWholeNames: a frame's organisation slot never starts inside a name
// joined by "&" ("Pell & Rowe hired Amira" is not WORKS_AT Rowe)
// (testdata/whole_names.txt).
func TestWholeNames(t *testing.T) { wantWithout(t, "whole_names.txt") }

// wantWithout checks every chat of a testdata file ("WANT | UNWANTED |
// speaker: text | …") gives WANT as a current relation ("-": nothing
// asked) and never gives UNWANTED.
func wantWithout(t *testing.T, file string) {
	t.Helper()
	for _, f := range readCases(t, file, -3) {
		want, unwanted, turns := f[0], f[1], f[2:]
		x := extractChat(t, nil, chat("t", turns...))
		var got []string
		found := want == "-"
		for _, r := range x.Relations {
			line := relationLine(r)
			got = append(got, line)
			found = found || line == want && r.ValidTo == nil
			if line == unwanted {
				t.Errorf("%q: gave %s", turns, unwanted)
			}
		}
		if !found {
			t.Errorf("%q: want %s, got %q", turns, want, got)
		}
	}
}
