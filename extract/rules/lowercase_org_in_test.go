package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLowerOrgInPlace: an organisation typed in lower case, its name
// ended by an organisation's noun and opened by a word that is no English
// word, is placed by "in" and a town after it, in several chat styles; a
// common noun phrase before "in", an indefinite one, a yes/no question
// typed without its mark and a negation place nothing. Names of no list,
// pool or dev chat.
func TestLowerOrgInPlace(t *testing.T) {
	checkSentenceRelations(t, `quarrow motors in stockport sold up last month lol | LOCATED_IN | Quarrow Motors | Stockport
		quarrow motors in Stockport sold up | LOCATED_IN | Quarrow Motors | Stockport
		my uncle owns quarrow motors in stockport | LOCATED_IN | Quarrow Motors | Stockport
		she sang with the vellani singers in bristol for years | LOCATED_IN | Vellani Singers | Bristol
		the vellani singers in bristol are lovely 😭 | LOCATED_IN | Vellani Singers | Bristol
		my old school in york closed |
		the climbing club in leeds is great |
		my new gym in leeds is great |
		the local football club in leeds |
		some bakery in leeds |
		is quarrow motors in stockport |
		wait is the vellani singers in bristol |
		is quarrow motors in stockport? |
		quarrow motors isnt in stockport anymore |
		the vellani singers are touring in bristol |`, nil, ontology.RelLocatedIn)
}

// TestKnownNameInPlace: a name an earlier turn wrote with capitals, typed
// again in lower case before "in" and a town, is that organisation placed
// there; asked about, or before no town, it is placed nowhere.
func TestKnownNameInPlace(t *testing.T) {
	cases := []struct {
		chat string
		want bool
	}{
		{"Ana: I started at Quillon Digital\nBen: quillon digital in leeds is huge", true},
		{"Ana: I started at Quillon Digital\nBen: omg quillon digital in Leeds?? the big one", false},
		{"Ana: I started at Quillon Digital\nBen: is quillon digital in leeds", false},
		{"Ana: I started at Quillon Digital\nBen: quillon digital in the end was fine", false},
		{"Ana: I started at Quillon Digital\nBen: quillon digital is hiring in leeds", false},
	}
	for _, c := range cases {
		x := extractLines(t, c.chat)
		if got := findRelation(x, ontology.RelLocatedIn, "Leeds") != nil; got != c.want {
			t.Errorf("%q: LOCATED_IN Leeds %v, want %v (%v)", c.chat, got, c.want, x.Relations)
		}
	}
}

// TestFoundedFirmOthersToldOf: the speaker's "we set it up" or "X's my
// co-founder" is of the speaker's own business: a firm another speaker
// told of turns before (a firm the lower-case readings now name, as
// "quarrow motors in belgrave") is not it, while one the speaker named, or
// one another speaker asked about, still is.
func TestFoundedFirmOthersToldOf(t *testing.T) {
	cases := []struct {
		chat, firm string
		want       bool
	}{
		{"Ben: quarrow motors in belgrave. kev's the mechanic there\nAna: cheers\nBen: np\nAna: the print shop is fine, busy with weddings. we set it up together in 2019", "Quarrow Motors", false},
		{"Ben: quarrow motors in belgrave. kev's the mechanic there\nAna: cheers\nBen: np\nAna: the print shop is fine. Nadia's my co-founder", "Quarrow Motors", false},
		{"Ben: how's Tallow Mill going?\nAna: good\nBen: nice\nAna: busy with weddings. we set it up together in 2019", "Tallow Mill", true},
		{"Ana: Tallow Mill is mad busy\nBen: nice\nBen: wow\nAna: we set it up together in 2019", "Tallow Mill", true},
	}
	for _, c := range cases {
		x := extractLines(t, c.chat)
		if got := findRelation(x, ontology.RelCreated, c.firm) != nil; got != c.want {
			t.Errorf("%q: CREATED %s %v, want %v (%v)", c.chat, c.firm, got, c.want, x.Relations)
		}
	}
}

// TestLowerAmpersandEmployer: a trading name typed in lower case as two
// words joined by "&" opens the sentence and takes the speaker on, pays
// or promotes them: WORKS_AT. Kin, given names and everyday pairs
// ("mum & dad", "tom & jess", "salt & pepper"), a trip, someone else, a
// plan and a negation read nothing. Names of no list, pool or dev chat.
func TestLowerAmpersandEmployer(t *testing.T) {
	checkSentenceRelations(t, `quarrel & crown took me on, trial went fine | WORKS_AT | Quarrel & Crown
		omg quarrel & crown took me on!! | WORKS_AT | Quarrel & Crown
		brindle & thorn literally pays me to fold paper all day | WORKS_AT | Brindle & Thorn
		quarrel & crown made me shift lead | WORKS_AT | Quarrel & Crown
		quarrel & crown took me on a tour of the kitchen |
		mum & dad took me on holiday |
		tom & jess took me on |
		salt & pepper made me sneeze |
		quarrel & crown might take me on |
		quarrel & crown took him on |
		quarrel & crown didnt take me on |`, nil, ontology.RelWorksAt)
}
