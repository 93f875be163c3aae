package ontology

import "strings"

// WindowTurns is how many messages before a turn its context window holds:
// the turns right before it in its session, any speaker.
const WindowTurns = 2

// WindowSeparator joins the texts of a context window.
const WindowSeparator = "\n"

// WindowTurn is what a context window needs of a turn: its session and
// text.
type WindowTurn struct {
	Session string
	Text    string
}

// ContextWindow is the text a turn is also searchable by: the texts of up
// to WindowTurns messages right before it in its session (any speaker),
// then its own, joined by WindowSeparator. before lists the turns before
// it in conversation order (only its last WindowTurns matter); the walk
// back stops at the first turn of another session. In chat the subject of
// a message is often named only in a message before it ("How is Sigrid?"
// / "Is she still at the university?" / "She is, she teaches linguistics"):
// the window holds the subject and the answer together, so a question
// naming both can match the answer.
func ContextWindow(before []WindowTurn, t WindowTurn) string {
	parts := []string{t.Text}
	for i := len(before) - 1; i >= 0 && len(parts) <= WindowTurns; i-- {
		if before[i].Session != t.Session {
			break
		}
		parts = append(parts, before[i].Text)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, WindowSeparator)
}
