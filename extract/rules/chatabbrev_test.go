package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestChatAbbreviationsAreNoNames: a chat abbreviation after a
// relationship word ("my landlord tbh", "My Boss Tho") is no person's
// name, while a name between the word and the abbreviation still is.
func TestChatAbbreviationsAreNoNames(t *testing.T) {
	for _, text := range []string{
		"i live in fear of my landlord tbh", "my mom btw is coming", "texted my cousin idk",
		"my roommate fr is the worst", "my dad ngl", "my neighbour imo is nosy", "my manager asap wants it",
		"my wife xx", "my gf lmk", "my coach tbf", "my colleague ofc agreed", "my uncle jk", "My Boss Tho",
		"my landlord smh",
	} {
		x := extractOne(t, "Jo", text, tp(ref))
		if len(x.Relations) != 0 {
			t.Errorf("%q gave %+v", text, x.Relations)
		}
	}
	for _, c := range []struct {
		text string
		typ  ontology.RelationType
		to   string
	}{
		{"my brother mark tbh", ontology.RelFamilyOf, "Mark"},
		{"my boss dana ngl is great", ontology.RelKnows, "Dana"},
		{"my roommate tom fr", ontology.RelKnows, "Tom"},
		{"TBH my sister Emma is the best", ontology.RelFamilyOf, "Emma"},
	} {
		x := extractOne(t, "Jo", c.text, tp(ref))
		if findRelation(x, c.typ, c.to) == nil {
			t.Errorf("%q: no %s to %s in %+v", c.text, c.typ, c.to, x.Relations)
		}
	}
}
