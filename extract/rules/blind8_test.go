package rules

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// blind8Case is a short chat and the relations it must ("TYPE From ->
// To") and must not ("TYPE From -> To", or "TYPE" for any of that type)
// yield.
type blind8Case struct {
	name      string
	turns     []ontology.Turn
	want, not []string
}

// readBlind8Cases reads a file of cases (testdata/blind8_cases.txt):
// blocks of "= Name", turns "speaker|text", "+ relation" and "- relation"
// lines.
func readBlind8Cases(t *testing.T, path string) []blind8Case {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []blind8Case
	for _, block := range strings.Split(string(b), "\n\n") {
		var c blind8Case
		for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
			switch {
			case line == "" || strings.HasPrefix(line, "#"):
			case strings.HasPrefix(line, "= "):
				c.name = line[2:]
			case strings.HasPrefix(line, "+ "):
				c.want = append(c.want, line[2:])
			case strings.HasPrefix(line, "- "):
				c.not = append(c.not, line[2:])
			default:
				sp, text, _ := strings.Cut(line, "|")
				ts := time.Date(2025, 5, 1, 10, len(c.turns), 0, 0, time.UTC)
				c.turns = append(c.turns, ontology.Turn{ID: fmt.Sprintf("t%d", len(c.turns)+1), Speaker: sp, Text: text, Timestamp: &ts})
			}
		}
		if c.name != "" {
			out = append(out, c)
		}
	}
	return out
}

// TestBlind8Chats checks h14-blind8's readings of whole chats on short
// chats and their negative twins (testdata/blind8_cases.txt, one block a
// case, named after the reading): "they're in X" after an organisation,
// a group joined and named, "you're my little brother", subjectless homes,
// moves away and jobs ended, years somewhere, an activity liked across
// sentences or turns, "In Cork?" / "ya", a move to the home named before,
// "my go-to", a notice handed in, who runs "it", "A or your bf", a line-up
// waiting for its band, "is also my", "whose cat" / "mine", "X = my Y",
// "who's ur boss there" / "the founder, Jonas Brandt", "Fernleaf, the
// climate startup" typed an organisation, "under Hakim from jan", "the
// dublin office" of the organisation in focus, "kit n i" moving together,
// "im engaged" / "to who" / "to dev", "she does sound at X", and
// lower-case names opening "marg is leaving tallyo", "marg is still my
// lead", "here" where the speaker said they are ("Moving here was the
// best thing", "based here"), "cheers sis", "if anyone wants to come",
// "my fav nephew in the world" right after a name, "wait who's kit" /
// "kit = my girlfriend", "jonno?" / "our old drummer", "nell is
// officially in the band", "he started it after leaving siemens", "im
// staying in dublin", "so guess who's the new lead of Ledger" / "u??" /
// "me 🙃".
// Each twin is a visit, a plan, a question, someone else's, a likeness or
// a negation that states nothing. testdata/blind8_negatives.txt adds
// adversarial group-chat twins of every reading (h14-hard8): "here" of a
// trip, another organisation's office, a stale or interrupted antecedent,
// a line-up of a band watched, "to who" answered with no partner.
func TestBlind8Chats(t *testing.T) {
	cases := readBlind8Cases(t, "testdata/blind8_cases.txt")
	count := len(cases)
	negatives := readBlind8Cases(t, "testdata/blind8_negatives.txt")
	if len(negatives) < 100 {
		t.Errorf("only %d cases read from testdata/blind8_negatives.txt", len(negatives))
	}
	checkChatCases(t, append(cases, negatives...))
	if count < 70 {
		t.Errorf("only %d cases read from testdata/blind8_cases.txt", count)
	}
}

// TestEqualsCopula: a chat's "=" between a name and a possessive reads as
// "is"; sums and symbols are left alone.
func TestEqualsCopula(t *testing.T) {
	for _, c := range [][2]string{
		{"Kit = my girlfriend 🙄", "Kit is my girlfriend 🙄"},
		{"Rowan = her dog, not bf", "Rowan is her dog, not bf"},
		{"2 + 2 = 4", "2 + 2 = 4"},
		{"x = y", "x = y"},
	} {
		if got := equalsCopula(c[0]); got != c[1] {
			t.Errorf("equalsCopula(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// checkCaseFiles reads prefix_cases.txt and prefix_negatives.txt, wants at
// least leastCases and leastTwins of them, and checks every one.
func checkCaseFiles(t *testing.T, prefix string, leastCases, leastTwins int) {
	t.Helper()
	checkChatCases(t, append(readCasesAtLeast(t, prefix+"_cases.txt", leastCases), readCasesAtLeast(t, prefix+"_negatives.txt", leastTwins)...))
}

// readCasesAtLeast reads a file of cases (readBlind8Cases) and wants at
// least least of them.
func readCasesAtLeast(t *testing.T, path string, least int) []blind8Case {
	t.Helper()
	got := readBlind8Cases(t, path)
	if len(got) < least {
		t.Errorf("%s: %d read, want at least %d", path, len(got), least)
	}
	return got
}
