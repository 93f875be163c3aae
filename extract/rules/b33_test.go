package rules

import "testing"

// TestB33Chats checks h14-b33's readings, found on the blind33 chats'
// misses (Filipino nurses abroad, an estate agent's texts, a frisbee
// alumni chat), on short chats (testdata/b33_cases.txt) and their
// adversarial twins (testdata/b33_negatives.txt): British "my lad alfie"
// is a son ("my lad tylers been picked": Tyler, the "has" typed without
// its apostrophe); a verbless tally of years in a place opening the
// speaker's clause ("6 yrs na living in dubai", "5 yrs in riyadh is
// enough", "After 8 years in Lagos") is their home; a course word between a
// year and its school ("1st year med at colegio de santa ines", "final
// year law at X") keeps the year the speaker's there. Each twin ("a lad from
// work", "this lad tom", a vocative, someone else's lad, a month, a chair,
// a trade, weeks, a question, a hedge, a third person's years, a year
// teaching or running, a sister's year, a question) reads
// nothing of its kind.
func TestB33Chats(t *testing.T) { checkCaseFiles(t, "testdata/b33", 9, 17) }
