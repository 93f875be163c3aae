package rules

import "testing"

// TestBlind15Chats checks h14-blind15's readings of whole chats on short
// chats (testdata/blind15_cases.txt) and their adversarial twins
// (testdata/blind15_negatives.txt): premises "their office is in X", who
// "runs the place", neighbourhoods "on the east side of" a city and so
// answered, jobs answered to "who's colm", ties named "Dev, the flatmate,"
// or announced "new neighbour!! Mrs Adebayo", "joined some fintech called
// X", offers taken, "whos ur boss" / "some guy …, Rupert", origins and
// homes told of a place just asked about, groups "hamish's club, the X"
// and teams' age groups, "the one X runs?" / "yeah", lower-case names
// that "got the job at", venues answered by name, homes told with their
// length first and starts after the employer; each twin reads nothing.
func TestBlind15Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind15", 43, 119) }

// checkCaseFiles reads prefix_cases.txt and prefix_negatives.txt, wants at
// least leastCases and leastTwins of them, and checks every one.
func checkCaseFiles(t *testing.T, prefix string, leastCases, leastTwins int) {
	t.Helper()
	read := func(suffix string, least int) []blind8Case {
		got := readBlind8Cases(t, prefix+suffix)
		if len(got) < least {
			t.Errorf("%s%s: %d read, want at least %d", prefix, suffix, len(got), least)
		}
		return got
	}
	checkChatCases(t, append(read("_cases.txt", leastCases), read("_negatives.txt", leastTwins)...))
}
