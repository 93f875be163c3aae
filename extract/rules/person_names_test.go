package rules

import "testing"

func TestNotAPersonName(t *testing.T) {
	for w, want := range map[string]bool{
		"Graz": true, "Seattle": true, "Revolut": true, "Definitely": true, "Woah": true, "Twenty-nine": true,
		"Surfing": true, "Wonderful": true, "Mexican": true, "always": true,
		"Rosa": false, "kat": false, "Will": false, "Rose": false, "Georgia": false, "Mary-Kate": false, "Benji": false,
		"Mo": false, "Ro": false, "Jules": false, "Sterling": false, "Irving": false, "Running": true, "Making": true,
	} {
		if got := NotAPersonName(w); got != want {
			t.Errorf("NotAPersonName(%q) = %v, want %v", w, got, want)
		}
	}
}
