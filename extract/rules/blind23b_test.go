package rules

import "testing"

// TestBlind23bChats checks h14-blind23b's readings and frames on short
// chats (testdata/blind23b_cases.txt) and their adversarial twins, written
// with them (testdata/blind23b_negatives.txt): OWNS of a named business
// ("Stuart Kerr owns Kerr Motor Group", "benny's sold the Rowan Tree",
// ended), LEADS of a side coached and of a title in apposition ("I'm
// Brenda, chair of Yarrow Vale Juniors"), WORKS_AT of a shift worked,
// MEMBER_OF of a part played for the band in focus ("he's on bass for them
// now") and of a committee officer ("Gaz is our treasurer"). Each twin (a
// thing owned or sold, a wish, a plan, a question, a negation, a person
// coached, a past, a place, a trial shift, a gig or a favour for a band, a
// heading, a verb after a tie, an office's secretary) reads nothing.
func TestBlind23bChats(t *testing.T) { checkCaseFiles(t, "testdata/blind23b", 29, 39) }
