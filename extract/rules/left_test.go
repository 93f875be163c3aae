package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLeftAndStarted: jobs and groups left or started in chat phrasings,
// each with a negative twin (testdata/left_and_started.txt): an employer
// given in the next message of a burst, a third person's late partner,
// being let go from a band, a start on a bare weekday, "working in" an
// organisation, coaching at a club, an unnamed place of work.
func TestLeftAndStarted(t *testing.T) { checkRelationStates(t, "left_and_started.txt", nil) }

// checkRelationStates checks each chat of a case file of lines "state |
// relation | turns…" (testdata/left_and_started.txt says the format): the
// relation must be current, ended or none; a relation given as a type
// alone matches every relation of the type. each, when not nil, checks
// every relation matching a current or ended case.
func checkRelationStates(t *testing.T, file string, each func(turns []string, r ontology.Relation)) {
	for _, f := range readCases(t, file, -4) {
		state, want, turns := f[0], f[1], f[2:]
		x := extractChat(t, nil, chat("t", turns...))
		last := fmt.Sprintf("t%d", len(turns)-1)
		current, ended := false, false
		var got []string
		for _, r := range x.Relations {
			got = append(got, relationLine(r))
			line := relationLine(r)
			if !strings.Contains(want, " ") {
				line = string(r.Type)
			}
			if line != want {
				continue
			}
			if each != nil && state != "none" {
				each(turns, r)
			}
			// an ending need not undo what an earlier turn stated ("I'm in a
			// band called Mud" … "they kicked me out of the band")
			current = current || r.ValidTo == nil && (state != "ended" || slices.Contains(r.SourceTurnIDs, last))
			ended = ended || r.ValidTo != nil
		}
		ok := false
		switch state {
		case "current":
			ok = current && !ended
		case "ended":
			ok = ended && !current
		case "none":
			ok = !current && !ended
		default:
			t.Fatalf("%q: no state %q", f, state)
		}
		if !ok {
			t.Errorf("%q: want %s %s, got %q", turns, state, want, got)
		}
	}
}
