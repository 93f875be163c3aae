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
// relation | turns…" (testdata/left_and_started.txt says the format) with
// checkRelationState.
func checkRelationStates(t *testing.T, file string, each func(turns []string, r ontology.Relation)) {
	for _, f := range readCases(t, file, -4) {
		checkRelationState(t, f, each)
	}
}

// checkRelationState checks one case "state | relation | turns…": the
// relation must be current, ended or none; a relation given as a type
// alone matches every relation of the type. each, when not nil, checks
// every relation matching a current or ended case.
func checkRelationState(t *testing.T, f []string, each func(turns []string, r ontology.Relation)) {
	t.Helper()
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

// TestWellKnownOrgs: organisations of data/organisations.txt named bare
// (testdata/known_orgs.txt): typed Organization wherever they stand, an
// employer only in an employment frame, and names that are also words
// ("Apple pie") only in mid-sentence.
func TestWellKnownOrgs(t *testing.T) {
	for _, f := range readCases(t, "known_orgs.txt", -4) {
		state, name, turns := f[0], f[1], f[2:]
		if state != "org" && state != "notorg" {
			checkRelationState(t, f, nil)
			continue
		}
		x := extractChat(t, nil, chat("t", turns...))
		typed := false
		var got []string
		for _, e := range x.Entities {
			got = append(got, e.Name+":"+string(e.Type))
			typed = typed || e.Name == name && e.Type == ontology.EntityOrganization
		}
		if typed != (state == "org") {
			t.Errorf("%q: want %s %s, got %q", turns, state, name, got)
		}
	}
}

// TestOrganisationListIsClean: no name of data/organisations.txt is also a
// place of the gazetteer or, unmarked, a given name; a place or a person
// would lose its type to the list.
func TestOrganisationListIsClean(t *testing.T) {
	if len(knownOrgs) < 200 {
		t.Fatalf("only %d organisations", len(knownOrgs))
	}
	for name, o := range knownOrgs {
		if inGazetteer(name) {
			t.Errorf("%q is both an organisation and a place", name)
		}
		if firstName(name) && !o.word {
			t.Errorf("%q is a given name: mark it ~ or leave it out", name)
		}
	}
}
