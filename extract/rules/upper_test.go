package rules

import (
	"strings"
	"testing"
)

// TestUpperAlready checks upperAlready against what it stands for,
// strings.ToUpper(w) == w, on capitals, mixed case, non-Latin scripts,
// title-case and special runes, and invalid UTF-8.
func TestUpperAlready(t *testing.T) {
	for _, w := range []string{"", "FINALLY", "Finally", "finally", "BBC", "OK!", "123", "ÉTÉ", "été", "ΣΟΦΙΑ", "Σοφία",
		"ǅ", "ǆ", "Ǆ", "ß", "ẞ", "ﬁ", "İ", "ı", "😭", "NO😭", "\xff", "AB\xffC", "A\xc3", "\uFFFD", "ＡＢＣ", "ａｂｃ"} {
		if got, want := upperAlready(w), strings.ToUpper(w) == w; got != want {
			t.Errorf("upperAlready(%q) = %v, want %v", w, got, want)
		}
	}
}
