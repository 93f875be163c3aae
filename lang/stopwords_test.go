package lang

import (
	"strings"
	"testing"
)

// TestStopWordLists pins what each use leaves out: every list extends
// StopWords, and the words that tell them apart stay where their callers
// need them.
func TestStopWordLists(t *testing.T) {
	lists := map[string]map[string]bool{
		"search": SearchStopWords, "content": ContentStopWords, "name": NameStopWords,
	}
	for name, l := range lists {
		for w := range StopWords {
			if !l[w] {
				t.Errorf("%s list lacks stop word %q", name, w)
			}
		}
		for w := range l {
			if w != strings.ToLower(w) || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("%s list holds %q, not a lower-case word", name, w)
			}
		}
	}
	// Lucene's EnglishAnalyzer stop set, which the turn index applies.
	for _, w := range strings.Fields(`a an and are as at be but by for if in into is it no not of on or
		such that the their then there these they this to was will with`) {
		if !SearchStopWords[w] {
			t.Errorf("search list lacks Lucene's stop word %q", w)
		}
	}
	for _, tc := range []struct {
		word                  string
		search, content, name bool
	}{
		{"the", true, true, true},
		{"what", true, true, false},
		{"doing", true, false, false},
		{"hers", true, false, false},
		{"very", false, true, false},
		{"should", false, true, false},
		{"its", false, true, true},
		{"nor", false, false, true},
		{"caroline", false, false, false},
	} {
		if SearchStopWords[tc.word] != tc.search || ContentStopWords[tc.word] != tc.content || NameStopWords[tc.word] != tc.name {
			t.Errorf("%q: search %v content %v name %v, want %v %v %v", tc.word, SearchStopWords[tc.word],
				ContentStopWords[tc.word], NameStopWords[tc.word], tc.search, tc.content, tc.name)
		}
	}
	if len(SearchStopWords) != 74 || len(ContentStopWords) != 85 || len(NameStopWords) != 55 {
		t.Errorf("sizes search %d content %d name %d, want 74 85 55", len(SearchStopWords), len(ContentStopWords), len(NameStopWords))
	}
}
