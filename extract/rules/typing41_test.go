package rules

import "testing"

// TestTyping41Chats checks h14-typing41's readings on short chats and
// their adversarial twins (testdata/typing41_cases.txt and
// typing41_negatives.txt): "he's at Hubtel, doing sales", "Priya's at
// Brackwell now, started last month", "as a cashier", "on the art team"
// read as a job, a visit, an errand, a place, a hedge or "is at X" with
// no cue read nothing; a firm named by two names joined by "&" is found
// whole before "is based in", not its last name; and "his son Dean runs it now" after "Kev
// from Wheelhouse" is not a business named turns before.
func TestTyping41Chats(t *testing.T) { checkCaseFiles(t, "testdata/typing41", 7, 9) }
