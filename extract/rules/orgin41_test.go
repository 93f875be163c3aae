package rules

import "testing"

// TestOrgIn41Chats checks h14-orgin41's readings of an organisation or a
// neighbourhood placed in one sentence (testdata/orgin41_cases.txt) and
// their adversarial twins (testdata/orgin41_negatives.txt): a place set
// beside the part of a city it is ("Leslieville now, east end of
// Toronto"), "a little tapas place in Chorlton called Brasa", "X, an
// investment fund based in Luxembourg", "founded X in Church Stretton",
// and a family firm's name ("Pryce & Son in Euxton"); the twins ask,
// hedge, wish, count, or name a person, a year or a couple instead.
func TestOrgIn41Chats(t *testing.T) {
	checkCaseFiles(t, "testdata/orgin41", 8, 12)
}
