package rules

import "testing"

// TestBiz22Chats checks h14-biz22's business OWNS readings of whole chats
// (testdata/biz22_cases.txt) and their adversarial twins, written first
// (testdata/biz22_negatives.txt): a business named right after "his own
// place" or "my own business" ("got his own place now, Kerr Motors"). Each
// twin (a wish or a plan, a modal, a likeness, a flat or a room, a person
// named after the comma, a question, a metaphor, a negation) reads nothing.
func TestBiz22Chats(t *testing.T) { checkCaseFiles(t, "testdata/biz22", 4, 11) }
