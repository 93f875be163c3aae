package rules

import "testing"

// TestGl29Chats checks h14-gl29's readings on short chats
// (testdata/gl29_cases.txt) and their adversarial twins, written with them
// (testdata/gl29_negatives.txt): a couple made "official with" someone
// ("its official w ines btw"), a job being quit ("jamie's quitting the
// breadhouse for it", "I'm quitting Hartwell Rail to go freelance"), a
// break-up told in answer to a question about the other one ("is calum
// still about" / "god no. we broke up in may"). Each twin (someone else's
// news, a firm, a place, a pair, a negation, a hedge, a question, an app,
// "the gym", "the band", a habit, a past, "they split up", two people
// asked after, the asker's own turn, no question) reads nothing of its
// kind.
func TestGl29Chats(t *testing.T) { checkCaseFiles(t, "testdata/gl29", 17, 30) }
