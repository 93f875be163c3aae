package rules

import "testing"

// TestWorks23Chats checks h14-works23's readings of whole chats
// (testdata/works23_cases.txt) and their adversarial twins
// (testdata/works23_negatives.txt): a topic leading the clause without a
// comma ("speaking of jobs Kemi quit Crumb & Co"); an employer named
// after a description of its kind ("a tiny studio called Pebblewire", "a
// startup there, Fernweh Labs", "his uncle's roofing firm, Hartley and
// Sons"); a pronoun after "X is my husband". Each twin (a modal, a
// question, a plan, a visit, a person or a place or a clause after the
// comma, an unnamed person taken up by the pronoun) reads nothing.
func TestWorks23Chats(t *testing.T) { checkCaseFiles(t, "testdata/works23", 10, 10) }
