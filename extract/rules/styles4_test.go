package rules

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestStyles4 reads the workplace, club, owning, leading and liking
// phrasings h14-blind4's probes found unread (testdata/styles4.txt), and
// their near misses, which draw no current relation of the type named
// (testdata/styles4_negatives.txt).
func TestStyles4(t *testing.T) { styleCases(t, "styles4") }

// styleCases runs a round's stated cases (testdata/<name>.txt) and near
// misses (testdata/<name>_negatives.txt) as subtests.
func styleCases(t *testing.T, name string) {
	t.Run("stated", func(t *testing.T) { wantCurrentRelations(t, name+".txt") })
	t.Run("near misses", func(t *testing.T) { wantNoCurrentRelation(t, name+"_negatives.txt") })
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

// TestOurGroupCitesItsTurn: a member read through "our drummer Kit" cites
// the turn that named the group as well as its own.
func TestOurGroupCitesItsTurn(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Jo: my band Paper Boats has a gig friday", "Kat: nice", "Jo: our drummer Kit is nervous lol"))
	for _, r := range x.Relations {
		if relationLine(r) != "MEMBER_OF Kit -> Paper Boats" {
			continue
		}
		if !slices.Contains(r.SourceTurnIDs, "t0") || !slices.Contains(r.SourceTurnIDs, "t2") || r.Role != "drummer" {
			t.Errorf("want role drummer citing t0 and t2, got %+v", r)
		}
		return
	}
	t.Errorf("no MEMBER_OF Kit -> Paper Boats in %v", x.Relations)
}

// TestOurGroupNearMisses: "our drummer Kit" names no member when the
// speaker has two groups, when it is asked or tentative, or when the part
// is a band's and the group a football club.
func TestOurGroupNearMisses(t *testing.T) {
	for _, turns := range [][]string{
		{"Jo: my band Paper Boats and my choir Cantamus both sing sunday", "Jo: our drummer Kit is sick"},
		{"Jo: my band Paper Boats has a gig friday", "Jo: is Kit our new drummer?"},
		{"Jo: my band Paper Boats has a gig friday", "Jo: Kit might play bass for us"},
		{"Jo: my band Paper Boats has a gig friday", "Jo: Kit never plays bass for us"},
		{"Jo: I play for Hackney Wick FC", "Jo: our drummer Kit is sick"}, // a band's part, a football club
	} {
		x := extractChat(t, nil, chat("t", turns...))
		for _, r := range x.Relations {
			if r.Type == ontology.RelMemberOf && r.From.Name == "Kit" {
				t.Errorf("%q gave %s", turns, relationLine(r))
			}
		}
	}
}

// TestPastTogether: "Amy and I used to work together", "Amy and I were at
// school together" are past ties, closed.
func TestPastTogether(t *testing.T) {
	for _, text := range []string{"Amy and I used to work together", "Amy and I worked together at Tesco", "Amy and I were at school together"} {
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+text))
		found := false
		for _, r := range x.Relations {
			if relationLine(r) == "KNOWS Jo -> Amy" {
				found = true
				if r.ValidTo == nil {
					t.Errorf("%q: KNOWS current, want closed", text)
				}
			}
		}
		if !found {
			t.Errorf("%q: no KNOWS Jo -> Amy in %v", text, x.Relations)
		}
	}
}

// TestNoWiderLowerOrg: the frames' cue pairs type a lower-case name after
// them as an organisation's, so a frame that adds "work|at" would read "the
// ford plant" whole in "he used to work at the ford plant in dagenham"
// (the gold's employer is Ford).
func TestNoWiderLowerOrg(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Tunde: also your stepdad kwame was telling me he used to work at the ford plant in dagenham"))
	for _, r := range x.Relations {
		if r.To.Name == "Ford Plant" || r.To.Name == "ford plant" {
			t.Errorf("relation to the wider name: %s", relationLine(r))
		}
	}
}
