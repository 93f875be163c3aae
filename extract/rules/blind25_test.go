package rules

import "testing"

// TestBlind25Chats checks h14-blind25's readings on short chats
// (testdata/blind25_cases.txt) and their adversarial twins, written with
// them (testdata/blind25_negatives.txt): a job quit or left in the perfect
// tense ("I've quit Brennan Foods", "i've quit brennan foods", "I've left
// Halden Logistics after six years", "We've left London for good"), a group
// quit by the short name the conversation gave it ("i joined the Lindy Hop
// society" … "i've quit lindy hop": MEMBER_OF, not a job), and retiring to
// a place ("terry's retired to anglesey with his wife marion", "I retired to
// Cornwall last year"), and a post said in passing ("as captain of
// hollybank rovers i'm taking that as a compliment", "speaking as chair of
// the X"). Each twin (a pastime quit, a group by its lower-case
// name alone, keys or a message left, a party left, a negation, a question,
// a conditional, smoking quit; retired from a job, to bed, to the lounge, a
// hedge, a question, a plan, a negation) reads nothing.
func TestBlind25Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind25", 16, 26) }
