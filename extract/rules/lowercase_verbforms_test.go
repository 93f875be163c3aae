package rules

import "testing"

// TestLowercaseOrgEndingIng: in an organisation's slot a lower-case name
// ending in "-ing" or "-ed" that reads as no verb's form is a name; a
// verb's form, a word of the language or a compound ending in one stays
// a word. Names here are of no list, no pool and no dev chat.
func TestLowercaseOrgEndingIng(t *testing.T) {
	const cases = `starting at brackwing on the 3rd!! | Brackwing
		she works at ostling now | Ostling
		joined a startup called vorbling, payments app | Vorbling
		been at quarrling for six years | Quarrling
		starting at training on monday
		she works at weekends
		he's working at lunch
		a startup called nothing special
		im starting at bouldering club`
	checkRecased(t, cases)
}

// TestVerbForm: an "-ing" or "-ed" word is a verb's form when it or its
// stem is a word of the language, or it ends in such a form after one.
func TestVerbForm(t *testing.T) {
	for w, want := range map[string]bool{
		"running": true, "baked": true, "carried": true, "stopped": true, "hoping": true,
		"speedrunning": true, "wing": true, "morning": true,
		"brackwing": false, "tjing": false, "vorbling": false, "quarrling": false,
	} {
		if got := verbForm(w); got != want {
			t.Errorf("verbForm(%q) = %v, want %v", w, got, want)
		}
	}
}
