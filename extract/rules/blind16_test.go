package rules

import "testing"

// TestBlind16Chats checks h14-blind16's readings of whole chats on short
// chats (testdata/blind16_cases.txt) and their adversarial twins, written
// first (testdata/blind16_negatives.txt): work told as "driving days for
// X now", membership as "I've been singing alto with the X", a home as
// "sheffield's home now", a liking as "i LOVE the anatomy sessions"; each
// twin (hours, a person, a hypothetical, a plan, someone else's, a
// question, a generic, "home to", "home kit", "would love", sarcasm) reads
// nothing.
func TestBlind16Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind16", 10, 28) }
