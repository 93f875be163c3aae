package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestKindAppositions: a named thing's kind said first and its name after
// a comma closing the clause is read as the name with its kind in
// apposition (appos_kind.go), in lower case or capitalised; a choir one
// joins is no job. Its twins: no name after the comma ("so cosy", "it was
// fun", "next to the bank"), a plan or a denial.
func TestKindAppositions(t *testing.T) {
	checkSentenceRelations(t, `she owns that bakery in kreuzberg, brezelwerk. | LOCATED_IN | Brezelwerk | Kreuzberg
		I joined the running club down the road, darley abbey runners. | MEMBER_OF | Darley Abbey Runners
		I joined the running club down the road, Darley Abbey Runners. | MEMBER_OF | Darley Abbey Runners
		i'm joining a choir, the wiener chorgemeinschaft. every tuesday | MEMBER_OF | Wiener Chorgemeinschaft
		i love that cafe, so cosy |
		I joined the running club down the road, it was fun |
		I might join the running club down the road, darley abbey runners |
		I didn't join the running club down the road, darley abbey runners |
		i work at the shop on the corner, next to the bank |`, nil,
		ontology.RelMemberOf, ontology.RelWorksAt, ontology.RelOwns, ontology.RelLocatedIn)
	x := extractOne(t, "Caroline", "i'm joining a choir, the wiener chorgemeinschaft. every tuesday", nil)
	if r := findRelation(x, ontology.RelWorksAt, "Wiener Chorgemeinschaft"); r != nil {
		t.Errorf("a choir joined read as a job: %v", r)
	}
}

// TestPetApposedBefore: a lower-case pet's name before its species in
// apposition ("pepper, our greyhound, is a menace"); not a possessive
// species ("our greyhound's food") nor a clause after the comma ("rice,
// our dog ate it all").
func TestPetApposedBefore(t *testing.T) {
	checkSentenceRelations(t, `and pepper, our greyhound, is a menace | OWNS | Pepper
		mochi, my cat. | OWNS | Mochi
		pepper, our greyhound's food is in the cupboard |
		rice, our dog ate it all |`, nil, ontology.RelOwns)
}

// TestLowerPlacePair: a district of two lower-case words, its second a
// place's tail word, in a place's slot ("a flat in coton hill", "grew up
// in thunder bay"); not "derby end of jan", "a flat in town centre",
// "moved to tears", "at work".
func TestLowerPlacePair(t *testing.T) {
	checkSentenceRelations(t, `i grew up in thunder bay | COMES_FROM | Thunder Bay
		i live in a flat in selly oak now | LIVES_IN | Selly Oak
		me n lottie are moving to derby end of jan |
		we got a flat in town centre |
		we moved to tears honestly |
		i'm at work til 6 |`, nil, ontology.RelMovedTo, ontology.RelLivesIn, ontology.RelComesFrom, ontology.RelWorksAt)
	x := extractOne(t, "Caroline", "me and raf got the keys to a flat in coton hill yesterday!!", nil)
	if e := findEntity(x, "Coton Hill"); e == nil || e.Type != ontology.EntityPlace {
		t.Errorf("coton hill: %v", x.Entities)
	}
	for _, text := range []string{"me n lottie are moving to derby end of jan", "we got a flat in town centre"} {
		x := extractOne(t, "Caroline", text, nil)
		for _, e := range x.Entities {
			if e.Type == ontology.EntityPlace {
				t.Errorf("%q read the place %q", text, e.Name)
			}
		}
	}
}
