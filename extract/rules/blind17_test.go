package rules

import "testing"

// TestBlind17Chats checks h14-blind17's readings of whole chats on short
// chats (testdata/blind17_cases.txt) and their adversarial twins, written
// first (testdata/blind17_negatives.txt): work told as "my manager at X"
// and "Rosie from X signed up", an organisation's town as "they're out in
// X" or "based out of X", a school as "2nd year at X College"; each twin
// (an old or someone else's manager, a date, a place, a parcel, a club, a
// question, "back from", a possessive, a quote, a visit, a garden, people
// named after the firm, a holiday, a hypothetical, a stale antecedent, a
// job, a sister's year, a negation) reads nothing.
func TestBlind17Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind17", 31, 78) }
