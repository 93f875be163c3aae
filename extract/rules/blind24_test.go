package rules

import "testing"

// TestBlind24Chats checks h14-blind24's readings on short chats
// (testdata/blind24_cases.txt) and their adversarial twins, written with
// them (testdata/blind24_negatives.txt): the post a named club, team or
// committee gave the speaker ("Ferndale Rovers made me captain", "the
// committee made me treasurer of the Hove Players", "Bowls club made me
// vice chair. Lostock Crown Green."), and a last day at an employer ("last
// day at Northfold was friday", "Tel's last day at X"), and a business on
// its street ("The Cooper's Arms, on Bishopthorpe Road", "TR Motors on
// paisley road"), and a club one agreed to run ("Dec has agreed to run the
// Pickled Page Book Club"). Each twin (a
// feeling, a hedge, a question, a negation, a job title, someone else made
// captain, an unnamed club, a person's name after the club, a person as
// the subject, a captain's dinner, a festival, a trip, a school, a hedge,
// a question, someone unnamed, a beach; a person or the speaker on a
// road, "on the way", "on Monday", "on my road", a longer name after the
// street; a race run, a hedge, a negation, a question, a raffle, someone
// unnamed agreeing) reads nothing.
func TestBlind24Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind24", 18, 30) }
