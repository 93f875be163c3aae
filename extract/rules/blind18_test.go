package rules

import "testing"

// TestBlind18Chats checks h14-blind18's readings of whole chats on short
// chats (testdata/blind18_cases.txt) and their adversarial twins, written
// first (testdata/blind18_negatives.txt): a job told as "she's taken a
// matron post at X", leading as "he coaches the X", belonging as "joined
// the women's team at X" or "turn out for the X", a neighbour as "X next
// door", a liking as "i love a pub quiz", a birthplace said to a named
// addressee ("ferg ye were born in derry"), a home confirmed by "aye still
// in partick", and no kin for a pet; each twin (an offer, a question, a
// hypothetical, someone unnamed, a past, a person coached, a plan, a
// generic, a modal, sarcasm, another's answer, a visit) reads nothing.
func TestBlind18Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind18", 19, 40) }
