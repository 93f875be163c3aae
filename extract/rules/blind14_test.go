package rules

import "testing"

// TestBlind14Chats checks h14-blind14's readings of whole chats on short
// chats and their adversarial twins (testdata/blind14_cases.txt and
// testdata/blind14_negatives.txt): "Stevie has signed for Clifton
// Rovers", "he's signed for them", "Gethin now sings for X and Y", "Ollie
// has become Rovers' manager", "my cousin Dev is a nurse there", "Adaeze's
// in charge now", and "is the Heron the one on Carlton Road?" / "ya in
// Sneinton"; each with twins (a parcel signed for, the speaker's own, a
// hedge, a past, a question, a place named after the organisation, a
// visit, a no, a choice, a time) that must read nothing.
func TestBlind14Chats(t *testing.T) {
	checkCaseFiles(t, "testdata/blind14", 27, 88)
}
