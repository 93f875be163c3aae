package rules

import "testing"

// TestMember23Chats checks h14-member23's readings of founding, studying
// and belonging in whole chats (testdata/member23_cases.txt) and their
// adversarial twins, written first (testdata/member23_negatives.txt): a
// business founded by someone else ("she set up the charity in 2011",
// "Dara set it up in her flat 2 yrs ago", "set it up with her sister Paz
// and still runs it"), by the speaker of the firm the turn names first,
// "the founder and CEO of X", "set up his own firm, X", a book "called The
// Quiet Lab"; a course begun, done or finished ("doing my master's at
// King's rn", "finished her nursing degree at Kingston", "doing nursing at
// Leeds Beckett", "Sheffield uni", "a Durham grad", "me and Tom did our
// degree at UWE"); a club by a sport done for it, its own side, an
// apposition, a board and a past spell ("i played for Cheadle Rovers for
// 5 seasons"). Each twin (two firms or a firm named long ago, a telly or a
// stall set up, a show started, a hospital placement, a job or a gig, a
// hedge, a question, a negation, a charity run for, a crowd sung for,
// hours played) reads nothing.
func TestMember23Chats(t *testing.T) { checkCaseFiles(t, "testdata/member23", 41, 52) }
