package rules

import "testing"

// TestBlind18Chats checks h14-blind18's readings of whole chats on short
// chats (testdata/blind18_cases.txt) and their adversarial twins, written
// first (testdata/blind18_negatives.txt): a job told as "she's taken a
// matron post at X", "Tomas, who drives for X,", "was at X for twenty six
// years", "down to three days at X" or "coming to us from X"; leading as
// "he coaches the X" or "who's going to run X then" / "Me, for now";
// belonging as "joined the women's team at X" or "turn out for the X"; a
// neighbour as "X next door"; a mentor; a liking as "i love a pub quiz";
// study as "we did our degree together at X", "got onto the … course at
// X"; home towns said to a named addressee ("ferg ye were born in derry"),
// as "us Donegal girls" or "Curepipe born and raised"; a home confirmed by
// "aye still in partick"; a pet named in answer to "your dog" or in
// apposition; "They're the builders out at Wigton" of the organisation
// just named; kin named in the sentence after "my sister"; no kin for a
// pet. Each twin (an offer, a question, a hypothetical, someone unnamed,
// a past, a person coached, a plan, a generic, a modal, sarcasm, another
// speaker's answer, a visit, a shop next door, a race run, a stale or
// interrupted antecedent) reads nothing.
func TestBlind18Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind18", 40, 100) }
