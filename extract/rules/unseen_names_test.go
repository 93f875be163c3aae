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
	ended := map[string]string{ // text → the ended partner tie it gives; "" none
		"ran into my ex Selorm at the shop 🙃": "PARTNER_OF Jo -> Selorm",
		"Anvar's ex Dzifa is a nightmare":     "PARTNER_OF Anvar -> Dzifa",
		"my ex Tesco job was awful":           "",
		"my ex Brevik colleague texted":       "",
	}
	for text, want := range ended {
		found := false
		for _, r := range extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+text)).Relations {
			if r.Type == ontology.RelPartnerOf && (want == "" || r.ValidTo == nil) {
				t.Errorf("%q gave %s (ended: %v)", text, relationLine(r), r.ValidTo != nil)
			}
			found = found || relationLine(r) == want && r.ValidTo != nil
		}
		if want != "" && !found {
			t.Errorf("%q: want %s, ended", text, want)
		}
	}
}

// TestUnseenTyping: the words around a name no list knows type it (or
// leave it untyped) the way the relations above rely on.
func TestUnseenTyping(t *testing.T) {
	for _, c := range []struct {
		text, name string
		want       ontology.EntityType // "" : anything but notWant
		notWant    ontology.EntityType
	}{
		{"moving in with Zhanibek in Kpando!", "Zhanibek", ontology.EntityPerson, ""},
		{"moving in with Zhanibek in Kpando!", "Kpando", ontology.EntityPlace, ""},
		{"she got herself engaged to Selorm, the tall one", "Selorm", ontology.EntityPerson, ""},
		{"Come to Kpando and see them", "Kpando", ontology.EntityPlace, ""},
		{"I moved back here from Kokshetau in march", "Kokshetau", ontology.EntityPlace, ""},
		{"Bumped into Selorm at the station", "Selorm", ontology.EntityPerson, ""},
		{"are you coming to Dzifa's 60th?", "Dzifa", "", ontology.EntityPlace},
		{"my sister lives with ADHD", "ADHD", "", ontology.EntityPerson},
		{"he's living with Crohn's and it's rough", "Crohn", "", ontology.EntityPerson},
		{"ran into Kpando traffic", "Kpando", "", ontology.EntityPerson},
	} {
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+c.text))
		e := findEntity(x, c.name)
		switch {
		case c.want != "" && (e == nil || e.Type != c.want):
			t.Errorf("%q: %s typed %v, want %s", c.text, c.name, e, c.want)
		case c.notWant != "" && e != nil && e.Type == c.notWant:
			t.Errorf("%q: %s typed %s", c.text, c.name, e.Type)
		}
	}
}
