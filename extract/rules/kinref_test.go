package rules

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestKinRefs: a relationship word alone stands for the one person its
// holder was tied to by it (testdata/kinref.txt); two people tied by the
// word, none yet, someone else's relative, an in-law, a question, a hedge,
// a new boss and another speaker's "my" read nothing
// (testdata/kinref_negatives.txt). A relation read through the word cites
// the turn that named the person as well as its own; the person counts as
// mentioned in the later turn even where nothing is read of them; a
// sentence that names the person itself, accents aside, is left to its own
// readings.
func TestKinRefs(t *testing.T) {
	wantCurrentRelations(t, "kinref.txt")
	wantNoCurrentRelation(t, "kinref_negatives.txt")
	wantCitesBoth(t, "WORKS_AT Rich -> Calder Print", "Shaz: my husband Rich says hi", "Shaz: my husband just started at Calder Print")
	x := extractChat(t, nil, chat("t", "Dee: my sister Ana lives in Leeds", "Dee: my sister is coming over later"))
	if !slices.ContainsFunc(x.Entities, func(e ontology.EntityMention) bool { return e.Name == "Ana" && slices.Contains(e.SourceTurnIDs, "t1") }) {
		t.Errorf("Ana not mentioned in t1: %v", x.Entities)
	}
	s := (&discourse{}).sentencesOf("elodie tremblay, my little sister")
	if len(s) == 0 || !namesIn(&s[0], "Élodie") || namesIn(&s[0], "Ana") {
		t.Errorf("namesIn(%q) wrong", "elodie tremblay, my little sister")
	}
}
