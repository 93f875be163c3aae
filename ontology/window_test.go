package ontology

import "testing"

func TestContextWindow(t *testing.T) {
	s := func(session, text string) WindowTurn { return WindowTurn{Session: session, Text: text} }
	cases := []struct {
		name   string
		before []WindowTurn
		turn   WindowTurn
		want   string
	}{
		{"first turn", nil, s("a", "hi"), "hi"},
		{"one before", []WindowTurn{s("a", "how is Sigrid?")}, s("a", "fine"), "how is Sigrid?\nfine"},
		{"two before, older ones left out",
			[]WindowTurn{s("a", "zero"), s("a", "how is Sigrid?"), s("a", "is she still at the university?")},
			s("a", "she teaches linguistics"),
			"how is Sigrid?\nis she still at the university?\nshe teaches linguistics"},
		{"another session stops the walk",
			[]WindowTurn{s("a", "yesterday's talk"), s("b", "new day")}, s("b", "morning"), "new day\nmorning"},
		{"a session start has no window", []WindowTurn{s("a", "x"), s("a", "y")}, s("b", "z"), "z"},
		{"a turn of another session between stops it",
			[]WindowTurn{s("a", "x"), s("b", "y")}, s("a", "z"), "z"},
	}
	for _, c := range cases {
		if got := ContextWindow(c.before, c.turn); got != c.want {
			t.Errorf("%s: ContextWindow = %q, want %q", c.name, got, c.want)
		}
	}
}
