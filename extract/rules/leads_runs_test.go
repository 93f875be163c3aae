package rules

import "testing"

// TestLeadsRunsChats checks h14-leads22's LEADS readings of whole chats
// (testdata/leads_runs_cases.txt) and their adversarial twins, written first
// (testdata/leads_runs_negatives.txt): leading an organisation just named
// said as "i run it now", "Rami runs it with his brother", "since Dr
// Hamid took over the practice", "I've run Kowal Plumbing from my
// garage", "So I'm in charge from February!". Each twin (a thing run by or past someone, a race or an app
// run, a modal or a hypothetical, an unanswered question, a negation, a
// stale or interrupted antecedent, a joke, a likeness) reads nothing.
func TestLeadsRunsChats(t *testing.T) { checkCaseFiles(t, "testdata/leads_runs", 13, 51) }
