package rules

import (
	"strings"
	"testing"
)

// TestGivenNameSlots: a name of the large list (data/givennames.txt) typed
// in lower case is read where a person's name fits the slot (a subject
// before its verb or auxiliary, a question's subject, a clause of its
// own after "and" or "that's", after "me and", "with" or "sold it to"),
// with twins that stay words: the same names where no person's slot is
// (after a preposition of place, before a noun, possessive), and words of
// other languages and chats the list holds ("ora", "sal", "ena") outside
// a slot.
func TestGivenNameSlots(t *testing.T) {
	const cases = `oriol is moving to girona next month | Oriol Girona
		wessel was my boss for years | Wessel
		so bruna finally quit | Bruna
		did jorrit finally say yes | Jorrit
		and tjerk?? | Tjerk
		thats sietse!! | Sietse
		me and marit started it in 2019 | Marit
		sold it to ilka!! | Ilka
		wessel and i signed for a flat | Wessel
		oriol from our course | Oriol
		the cafe in oriol street |
		bruna's place is lovely |
		see you at ora |
		a sal of the old kind |
		i said ena is |
		the wessel design is out |`
	checkRecased(t, cases)
}

// TestGivenNameList: the large list leaves out the words it must not hold
// (givenName): common and chat words, days and months, kin words, places,
// pet names, names of two letters; and reads the names it adds in either
// accent form.
func TestGivenNameList(t *testing.T) {
	for _, w := range strings.Fields(`will may rose grace mark bill jordan victoria florence austin luna bella milo
		toby harry sunday september january vid sus edu nana tia abba jesus santa lol bro sis al ed jo`) {
		if givenName(w) && !firstName(w) {
			t.Errorf("givenName(%q) = true, want a word", w)
		}
	}
	for _, w := range strings.Fields(`dario bernie gail bea nisha wout pieter oriol josé jose`) {
		if !givenName(w) {
			t.Errorf("givenName(%q) = false, want a name", w)
		}
	}
	if n := len(moreGivenNames); n < 15000 {
		t.Errorf("data/givennames.txt holds %d names, want 15000 or more", n)
	}
}

// TestGivenNameChats: the relations a name of the large list typed in
// lower case opens (testdata/givennames_cases.txt) and twins that must
// read none (testdata/givennames_negatives.txt): a question, a word of
// the list in no person's slot.
func TestGivenNameChats(t *testing.T) { checkCaseFiles(t, "testdata/givennames", 2, 2) }
