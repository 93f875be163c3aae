package rules

import "testing"

// TestAskedClauseChats checks statements glued to questions in one chat
// message (testdata/asked_clause_cases.txt): "started at tesco monday lol
// hbu?", "just moved to leeds! wbu", "we got a cat called Mochi, do u have
// pets??", "finally left Argos. you still at Boots?" keep the statement's
// relation. Its twins (testdata/asked_clause_negatives.txt) ask the only
// clause with the relation ("still at Boots?", "did Jo move to Leeds?"),
// tag the statement itself ("Jo runs the Fox now innit?") or ask
// rhetorically ("who doesn't love Greggs?") and read none of it.
func TestAskedClauseChats(t *testing.T) { checkCaseFiles(t, "testdata/asked_clause", 30, 30) }
