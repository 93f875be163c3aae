package rules

import "testing"

// TestStyles4 reads the workplace, club, owning, leading and liking
// phrasings h14-blind4's probes found unread (testdata/styles4.txt), and
// their near misses, which draw no current relation of the type named
// (testdata/styles4_negatives.txt).
func TestStyles4(t *testing.T) {
	t.Run("stated", func(t *testing.T) { wantCurrentRelations(t, "styles4.txt") })
	t.Run("near misses", func(t *testing.T) { wantNoCurrentRelation(t, "styles4_negatives.txt") })
}

// TestOldTieOfMine: "an old colleague of mine from Aviva" is a past tie
// and a past job, both closed (valid_to at the turn), never current; "an
// old friend of mine" is a friend still.
func TestOldTieOfMine(t *testing.T) {
	for _, c := range []struct {
		text   string
		want   []string // relation lines, closed
		exCurr string   // a relation line that must be current
	}{
		{"Yusuf's an old colleague of mine from Aviva", []string{"KNOWS Jo -> Yusuf", "WORKS_AT Yusuf -> Aviva"}, ""},
		{"Dana was a neighbour of mine", []string{"KNOWS Jo -> Dana"}, ""},
		{"Ana is an old friend of mine", nil, "FRIEND_OF Jo -> Ana"},
	} {
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+c.text))
		closed, current := map[string]bool{}, map[string]bool{}
		for _, r := range x.Relations {
			if r.ValidTo != nil {
				closed[relationLine(r)] = true
			} else {
				current[relationLine(r)] = true
			}
		}
		for _, w := range c.want {
			if !closed[w] || current[w] {
				t.Errorf("%q: want %s closed and not current, got %v", c.text, w, x.Relations)
			}
		}
		if c.exCurr != "" && !current[c.exCurr] {
			t.Errorf("%q: want %s current, got %v", c.text, c.exCurr, x.Relations)
		}
	}
}
