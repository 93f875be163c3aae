package rules

import "testing"

// TestFP41Chats checks h14-fp41's mends, found on the blind41 chats' wrong
// relations (a village bell-ringers' group with ALL-CAPS texts, a
// restaurant kitchen brigade, a street-food market's traders), on short
// chats (testdata/fp41_cases.txt) and their twins
// (testdata/fp41_negatives.txt): in a sentence typed all in capitals a
// verb, an auxiliary or an adverb ends a name; someone else's move "here
// in X" is no home of the speaker's; a tally after "that's her" is hers;
// "Chef" is a title; "it" that someone runs after "is that the bakery in
// X" is not the business named before; a post taken up is a job.
func TestFP41Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp41", 8, 11) }
