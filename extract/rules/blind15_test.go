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
