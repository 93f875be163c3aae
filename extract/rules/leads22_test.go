package rules

import "testing"

// TestLeads22Chats checks h14-leads22's LEADS readings of whole chats
// (testdata/leads22_cases.txt) and their adversarial twins, written first
// (testdata/leads22_negatives.txt): leading an organisation just named
// said as "i run it now", "Rami runs it with his brother", "since Dr
// Hamid took over the practice", "I've run Kowal Plumbing from my
// garage", "So I'm in charge from February!". Each twin (a thing run by or past someone, a race or an app
// run, a modal or a hypothetical, an unanswered question, a negation, a
// stale or interrupted antecedent, a joke, a likeness) reads nothing.
func TestLeads22Chats(t *testing.T) { checkCaseFiles(t, "testdata/leads22", 13, 51) }
