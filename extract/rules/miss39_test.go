package rules

import "testing"

// TestMiss39Mechanisms checks h14-miss39's mechanisms, chosen by grouping
// the blind39 chats' misses by the mechanism that would find them, on short
// chats (testdata/miss39_cases.txt) and their adversarial twins
// (testdata/miss39_negatives.txt): a name the conversation typed an
// organisation keeps that type when named again where an organisation's
// name may stand ("I got head of music at Downsview" … "Downsview is in
// Lewes isnt it" / "Yes"), not after "a second", as a modifier or in a
// place's slot; a particle of direction before "in" and a place is dropped
// ("runs Oyelaran & Sons out in Burton Latimer"), but not from a phrasal
// verb ("grew up in"), before a time, or after "they're", whose reading
// needs it; a home found, bought or signed for is a move ("aylin and i
// signed for a flat in connewitz"), not a stay, a hope, a condition, a
// thing that is no home, or a room.
func TestMiss39Mechanisms(t *testing.T) { checkCaseFiles(t, "testdata/miss39", 10, 11) }

// TestDirectionParticles checks the rewrite of a particle of direction
// before "in" and a place: dropped after a form of "be", a verb of being
// based or living, a site's noun or a name; kept in a phrasal verb,
// before a time or a word that is no place, and after "they're".
func TestDirectionParticles(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"who runs Oyelaran & Sons out in Burton Latimer.", "who runs Oyelaran & Sons in Burton Latimer."},
		{"their office is out in wakefield", "their office is in wakefield"},
		{"Saltwick Marine Trust up in Whitby, starting in october", "Saltwick Marine Trust in Whitby, starting in october"},
		{"she lives out in Witney with loads of space", "she lives in Witney with loads of space"},
		{"the one over in Caversham by the park?", "the one in Caversham by the park?"},
		{"she grew up in Leicester", "she grew up in Leicester"},
		{"she's moving out in May", "she's moving out in May"},
		{"it came out in June with Atlas Press", "it came out in June with Atlas Press"},
		{"they're out in Coalville, decent and quick", "they're out in Coalville, decent and quick"},
		{"They're based up in Plymouth.", "They're based up in Plymouth."},
		{"Locumline are based up in Plymouth.", "Locumline are based in Plymouth."},
		{"i was up in the loft all day", "i was up in the loft all day"},
		{"Ended up in York somehow", "Ended up in York somehow"},
	} {
		if got := directionParticles(tc.in); got != tc.want {
			t.Errorf("directionParticles(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
