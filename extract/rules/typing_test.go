package rules

import "testing"

// TestTypingFromContext: the words around a name that nothing else types
// vote for its type (testdata/typing_context.txt): "at X", "left for X",
// "organises X", "the X group", a group noun's apposition and "headteacher
// from X" for an organisation; "X texted", "told X", "X's birthday",
// "dating X" for a person; "train to X", "back to X" for a place. A time
// ("at Hogmanay"), a skill ("rubbish at Excel"), a question and a name
// looked at stay untyped, and a name's own cue wins over the context.
func TestTypingFromContext(t *testing.T) { checkTyping(t, "typing_context.txt") }
