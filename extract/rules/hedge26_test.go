package rules

import "testing"

// TestHedgeScopeChats checks h14-hedge26's scope of hedges on short chats
// (testdata/hedge26_cases.txt): a plain clause run together with a hedged,
// modal, negated, conditional or asked one, in either order and in chat
// style ("I work at Google, maybe we can meet there", "i live in bristol
// lol might move to bath tho", "Jo works at Ocado, i think she likes it",
// "not sure about tonight, I work at the Red Lion till 11", "I live in
// Leeds now, do you still live in York?", "not at Brightwell anymore, at
// Nova Agency now") keeps the plain clause's relation. Its twins
// (testdata/hedge26_negatives.txt) run one hedge over more than one clause
// ("maybe i'll move to leeds, work at X there", "if i get the job at
// Kestrel i'd move to york", "thinking of quitting and joining X", "if it
// works out, i start at Kestrel", "could be wrong but Jo runs X", "i think
// Jo lives in Leeds", "when i finish uni, i'm joining Kestrel") and read
// none of it.
func TestHedgeScopeChats(t *testing.T) { checkCaseFiles(t, "testdata/hedge26", 60, 100) }
