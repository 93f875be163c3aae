package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestUnseenNames: relations of people, places and organisations no list
// knows, read from the words around their names (testdata/unseen_names.txt).
func TestUnseenNames(t *testing.T) { wantCurrentRelations(t, "unseen_names.txt") }

// TestUnseenNamesNegatives: phrasings close to TestUnseenNames' that state
// no current relation of the type given (testdata/unseen_names_negatives.txt).
func TestUnseenNamesNegatives(t *testing.T) { wantNoCurrentRelation(t, "unseen_names_negatives.txt") }

// TestUnseenNamesWrong: chats of unseen names whose wrong reading draws a
// relation they do not state: an earlier turn's place for "there", an aunt
// for "your girlfriend" (testdata/unseen_names_wrong.txt).
func TestUnseenNamesWrong(t *testing.T) { wantNotTheseRelations(t, "unseen_names_wrong.txt") }

// wantNotTheseRelations checks no chat of a testdata file ("TYPE From ->
// To | speaker: text | …") gives that relation, in either direction.
func wantNotTheseRelations(t *testing.T, file string) {
	t.Helper()
	for _, f := range readCases(t, file, -3) {
		x := extractChat(t, nil, chat("t", f[1:]...))
		for _, r := range x.Relations {
			back := relationLine(ontology.Relation{Type: r.Type, From: r.To, To: r.From})
			if relationLine(r) == f[0] || back == f[0] {
				t.Errorf("%q gave %s", f[1:], relationLine(r))
			}
		}
	}
}

// TestUnseenExPartner: "my ex X" and "Anvar's ex X" with a name no list
// knows give the partner tie, ended at the turn's time; "my ex Tesco job"
// names no one.
func TestUnseenExPartner(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"ran into my ex Selorm at the shop 🙃", "PARTNER_OF Jo -> Selorm"},
		{"Anvar's ex Dzifa is a nightmare", "PARTNER_OF Anvar -> Dzifa"},
		{"my ex Tesco job was awful", ""},
		{"my ex Brevik colleague texted", ""},
	} {
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+c.text))
		found := false
		for _, r := range x.Relations {
			if r.Type == ontology.RelPartnerOf && (c.want == "" || r.ValidTo == nil) {
				t.Errorf("%q gave %s (ended: %v)", c.text, relationLine(r), r.ValidTo != nil)
			}
			found = found || relationLine(r) == c.want && r.ValidTo != nil
		}
		if c.want != "" && !found {
			t.Errorf("%q: want %s, ended", c.text, c.want)
		}
	}
}
