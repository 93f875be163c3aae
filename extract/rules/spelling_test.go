package rules

import (
	"strings"
	"testing"
)

// TestChatSpelling: chat spellings are written out before the patterns
// read a turn; words that mean something else, names and initials are
// kept.
func TestChatSpelling(t *testing.T) {
	checkRewrites(t, chatSpelling, `
		ive been in brixton 8 yrs => i've been in brixton 8 yrs
		hes at tfl now, doesnt like it => he's at tfl now, doesn't like it
		me n my bf femi r moving in 2gether 🏠 => me and my bf femi are moving in together 🏠
		Im starting at Brightloom b4 xmas => i'm starting at Brightloom before xmas
		yesss im in!! nooo way => yes i'm in!! no way
		u coming to Tom's bday? => you coming to Tom's birthday?
		# kept: "ill", "were", "its", "ur"; a capitalised "Hes"/"U" (a name,
		# an initial); "n" and "r" not between two words; a plain stretch
		ill be there, were its ur call => ill be there, were its ur call
		Hes and U Thant => Hes and U Thant
		plan B n => plan B n
		r u sure => r you sure
		Tom's n Ana's => Tom's n Ana's
		zzz brrr => zzz brrr`)
}

// TestChatFillerForms: a laugh ending a question goes (no joke to mark),
// as does a turn's opening "ok so"; a laugh after a bare answer stays as
// a sentence of its own, and an "ok so" that is no opening, or has
// nothing after it, stays.
func TestChatFillerForms(t *testing.T) {
	checkRewrites(t, func(s string) string { return strings.TrimSpace(chatSpelling(s)) }, `
		omg who is rolo lmao => who is rolo
		where?? lol => where??
		haha where u based trinket lmao => where you based trinket
		ok so yes, Ikeja GRA => yes, Ikeja GRA
		okay so callum lol. he's a chef => callum . he's a chef
		# kept
		the Ministry of Magic lol => the Ministry of Magic . lol
		Miso and Tofu 🐱🐱 haha => Miso and Tofu 🐱🐱 . haha
		ok so. => ok so.
		i said ok so he left => i said ok so he left
		ok sounds good => ok sounds good`)
}

// checkRewrites runs rewrite on lines "in => want" (lines starting with
// # are comments) and reports every line whose output differs.
func checkRewrites(t *testing.T, rewrite func(string) string, cases string) {
	t.Helper()
	for _, line := range strings.Split(cases, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		in, want, ok := strings.Cut(line, " => ")
		if !ok {
			t.Fatalf("case %q has no \" => \"", line)
		}
		if got := rewrite(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
