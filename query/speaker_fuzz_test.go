package query

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDropSpeakerNames: any query and speaker name, valid UTF-8 or not,
// gives back either the query itself or a shorter text that still has a
// word, and never splits a character.
func FuzzDropSpeakerNames(f *testing.F) {
	f.Add("What did Caroline's sister say to Melanie?", "Caroline")
	f.Add("Jon Snow? Jon!", "Jon Snow")
	f.Add("İstanbul Caroline", "Caroline")
	f.Add("\xff\xfeCaroline", "Caroline")
	f.Add("José’s dog", "José")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, query, speaker string) {
		got := DropSpeakerNames(query, []string{speaker, "Melanie"})
		if got == query {
			return
		}
		if len(got) >= len(query) {
			t.Fatalf("DropSpeakerNames(%q, %q) = %q: not shorter", query, speaker, got)
		}
		if utf8.ValidString(query) && !utf8.ValidString(got) {
			t.Fatalf("DropSpeakerNames(%q, %q) = %q: split a character", query, speaker, got)
		}
		if strings.IndexFunc(got, isWordRune) < 0 {
			t.Fatalf("DropSpeakerNames(%q, %q) = %q: nothing left to match", query, speaker, got)
		}
	})
}
