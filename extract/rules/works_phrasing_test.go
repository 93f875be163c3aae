package rules

import "testing"

// TestWorksPhrasingChats checks h14-works23's readings of whole chats
// (testdata/works_phrasing_cases.txt) and their adversarial twins
// (testdata/works_phrasing_negatives.txt): a topic leading the clause without a
// comma ("speaking of jobs Kemi quit Crumb & Co"); an employer named
// after a description of its kind ("a tiny studio called Pebblewire", "a
// startup there, Fernweh Labs", "his uncle's roofing firm, Hartley and
// Sons"); a pronoun after "X is my husband"; "has gone to work for X";
// "been with X since 2016"; "Sami's at X too", "at X in Leeds now";
// "Jem's leaving X for Y"; chat job words ("a sparky with X", "a dev
// at X"); a title starting the next name ("the X Lab dr okafor runs
// it"); "Where are you working now Marcus?" answered by marcus_r; "still
// nights at X"; "not at X anymore", "not at dunmore anymore" after
// "Dunmore Logistics", "Priya's not at X anymore"; "still w/ X"; a pronoun
// taking up the one possessed, not the possessor ("renée's sister Solène
// …, she got a job at X"); "after ten years at X, Rob finally quit". Each twin (a modal, a question, a plan, a visit, a person or a
// place or a clause after the comma, an unnamed person taken up by the
// pronoun, a person worked for, a commute, a partner one has been with,
// a shop or a party, a leaving do, a name that is a job word, another
// speaker answering a question put by name, a night out, "not at X
// today", a venue left, a hedge) reads nothing; leaving one employer for
// another is no move.
func TestWorksPhrasingChats(t *testing.T) { checkCaseFiles(t, "testdata/works_phrasing", 10, 10) }
