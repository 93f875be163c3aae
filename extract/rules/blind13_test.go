package rules

import "testing"

// TestBlind13Chats checks h14-blind13's readings of whole chats on short
// chats and their adversarial twins (testdata/blind13_cases.txt and
// testdata/blind13_negatives.txt, one block a case, named after the
// reading): an organisation's head office, showroom or city branch, an
// employer that takes the speaker on, shifts and internships, "X manages
// the Y in Z", "wakefield born n bred", an organisation bought by
// another, years of a trade or at an employer, "my mentor is this guy X",
// who runs the speaker's branch, "they're a sheffield firm", "where even
// is X head office" / "york.", and "WE'RE COLLEAGUES"; each with twins
// (visits, plans, someone else's, quoted, questions, stale antecedents,
// another organisation or workplace in between, jokes, hypotheticals)
// that must read nothing.
func TestBlind13Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind13", 20, 80) }
