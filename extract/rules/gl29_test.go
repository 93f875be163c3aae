package rules

import "testing"

// TestGl29Chats checks h14-gl29's readings on short chats
// (testdata/gl29_cases.txt) and their adversarial twins, written with them
// (testdata/gl29_negatives.txt): a couple made "official with" someone
// ("its official w ines btw"), a job being quit ("jamie's quitting the
// breadhouse for it", "I'm quitting Hartwell Rail to go freelance"), a
// break-up told in answer to a question about the other one ("is calum
// still about" / "god no. we broke up in may"), a business owned in full
// or in part ("she owns all of onda azul now") or co-owned ("i co-own a
// surf shop in ericeira … onda azul"), a place left typed in lower case
// ("left glasgow with 2 suitcases"), a relative asked after as "your
// brother" and named back ("jamie? yeah still the drowned pylons"). Each twin (someone else's
// news, a firm, a place, a pair, a negation, a hedge, a question, an app,
// "the gym", "the band", a habit, a past, "they split up", two people
// asked after, the asker's own turn, no question, a street, a station,
// an airport, a university, a trip or a weekend left, a name asked back
// and denied, "his sister", "your brothers", "your boss") reads nothing of its
// kind.
func TestGl29Chats(t *testing.T) { checkCaseFiles(t, "testdata/gl29", 37, 61) }

// TestKindNamedAfter checks the rewrite of an organisation described in
// one sentence and named by the bare fragment that ends the turn, and the
// fragments and descriptions it leaves alone.
func TestKindNamedAfter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"teaching english at a language school in alfama. lingua viva", "teaching english at a language school in alfama called lingua viva."},
		{"and i co-own a surf shop in ericeira w my pal joana. onda azul", "and i co-own a surf shop in ericeira called onda azul, w my pal joana."},
		{"Got a job at a startup. Fernweh Labs!", "Got a job at a startup called Fernweh Labs."},
		{"I work at a school in Leeds. Amazing", ""},              // a common word
		{"met her at a bar in soho. Sarah", ""},                   // a given name
		{"i work at a cafe in town. lisbon", ""},                  // a place
		{"got a job at a shop called Kiln. crumbs", ""},           // named already
		{"is it a school in alfama? lingua viva", ""},             // a question
		{"we went to a bar in soho. the blind pig is next", ""},   // no bare fragment
		{"teaching english at a language school. lol", ""},        // a chat word
		{"a language school in alfama. lingua viva. love it", ""}, // the name is not last
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := kindNamedAfter(c.in); got != want {
			t.Errorf("kindNamedAfter(%q) = %q, want %q", c.in, got, want)
		}
	}
}
