package rules

import (
	"context"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestFP35Chats checks h14-fp35's mends, found on the blind35 chats' wrong
// relations (a gaming clan's Discord, retired teachers' letters, a vet
// practice's WhatsApp), on short chats (testdata/fp35_cases.txt) and their
// twins (testdata/fp35_negatives.txt): a lower-case name no list knows
// and a listed noun that ends the clause are one name ("my shift at lumen
// reach"), never a place's branch ("the ripon shop") or a time word; a
// lower-case "city" after a place, ending its phrase, ends the place's
// name ("in quezon city", not "leeds city centre"); a known name's
// possessive opening a lower-case name that ends on a club's noun is read
// whole, as an unknown name's is, so a speaker label no longer decides it
// ("joined kayleigh's surf club"); Swedish and Brazilian Portuguese
// fillers ("asså", "kkkk", "mano": data/particles.txt) are no names.
func TestFP35Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp35", 5, 7) }

// TestFP35KnownPossessiveClub: a club named by a known person's possessive
// ("i joined kayleigh's surf club") is read whole whether or not her name
// is stored before the batch, so a speaker's label decides nothing; a
// question about it reads no membership.
func TestFP35KnownPossessiveClub(t *testing.T) {
	for _, stored := range [][]ontology.EntityRef{nil, {{Name: "kayleigh", Type: ontology.EntityPerson}}} {
		for text, want := range map[string]bool{
			"news from me also. i joined kayleigh's surf club honestly i love cornwall": true,
			"is kayleigh's surf club any good":                                          false,
		} {
			x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c",
				Turns: []ontology.Turn{{ID: "t1", Speaker: "Tomasz", Text: text}}, Speakers: []string{"Tomasz", "kayleigh"}, StoredNames: stored})
			if err != nil {
				t.Fatal(err)
			}
			got := false
			for _, r := range x.Relations {
				got = got || r.Type == ontology.RelMemberOf && r.From.Name == "Tomasz" && r.To.Name == "Kayleigh's Surf Club"
			}
			if got != want {
				t.Errorf("stored %v, %q: membership %v, want %v%s", stored, text, got, want, relSummary(x))
			}
		}
	}
}
