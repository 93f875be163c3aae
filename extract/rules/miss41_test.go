package rules

import "testing"

// TestMiss41Chats checks h14-miss41's readings, found on the blind41
// chats' misses, on short chats (testdata/miss41_cases.txt) and their
// twins (testdata/miss41_negatives.txt): a dog named with a two-word breed
// is the speaker's pet; the present "moves to" of one person is a planned
// move, not a habit, a condition or a question.
func TestMiss41Chats(t *testing.T) { checkCaseFiles(t, "testdata/miss41", 5, 10) }
