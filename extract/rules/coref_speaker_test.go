package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestCorefOtherSpeaker: a person named in the other speaker's message is
// the antecedent of he/she/they/his/her in the answer, and the relation
// cites the antecedent's turn as well as its own; negative twins where the
// pronoun means the speaker, someone more recent, a pet, an organisation
// or someone named in the same message (testdata/coref_other_speaker.txt).
func TestCorefOtherSpeaker(t *testing.T) { checkCorefCases(t, "coref_other_speaker.txt") }

// citesChain reports whether ids cite the turn named (the last to name an
// end of the relation) or a later turn before the relation's own, which
// met the end as a pronoun ("how's Lena?" / "she's great" / "she works at
// …" cites the second turn).
func citesChain(ids []string, named string) bool {
	if named == "" || slices.Contains(ids, named) {
		return true
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(named, "t"))
	own := 0
	for _, id := range ids {
		k, _ := strconv.Atoi(strings.TrimPrefix(id, "t"))
		own = max(own, k)
	}
	for _, id := range ids {
		if k, _ := strconv.Atoi(strings.TrimPrefix(id, "t")); k > n && k < own {
			return true
		}
	}
	return false
}

// lastNaming is the id ("t<i>") of the last turn whose text names name,
// case aside, or "".
func lastNaming(turns []string, name string) string {
	for i := len(turns) - 1; i >= 0; i-- {
		_, text, _ := strings.Cut(turns[i], ": ")
		if strings.Contains(strings.ToLower(text), strings.ToLower(name)) {
			return fmt.Sprintf("t%d", i)
		}
	}
	return ""
}

// checkCorefCases checks the cases of file (checkRelationStates) and that
// every relation found cites the last turn naming each of its ends, or a
// turn since that met it as a pronoun.
func checkCorefCases(t *testing.T, file string) {
	t.Helper()
	checkRelationStates(t, file, func(turns []string, r ontology.Relation) {
		for _, end := range []string{r.From.Name, r.To.Name} {
			if id := lastNaming(turns, end); !citesChain(r.SourceTurnIDs, id) {
				t.Errorf("%q: %s cites %v, not %s naming %s nor a turn since", turns, relationLine(r), r.SourceTurnIDs, id, end)
			}
		}
	})
}

// TestCorefParticipant: a participant of the chat named in another's turn
// (first name, nickname, lower-case handle) is the antecedent of he/she/his/
// her like any named person, on the entity their own turns make; twins
// where the pronoun is the speaker, the one addressed, a non-participant
// named since, of the other gender, or the name was only asked about, and
// plans, hedges, negations, visits and others' relations
// (testdata/coref_participant_cases.txt, coref_participant_negatives.txt).
func TestCorefParticipant(t *testing.T) {
	checkCaseFiles(t, "testdata/coref_participant", 15, 38)
}
