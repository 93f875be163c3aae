package rules

import (
	"strings"
	"testing"
)

// TestLowerSlots: in a lower-case sentence a name no list knows is read
// from the slot around it: an honorific, a pet's species after a
// possessive, a naming phrase, a frame's cue pair, a place cue; common
// words in those slots stay words.
func TestLowerSlots(t *testing.T) {
	const cases = `aunty bisi says hi | Aunty Bisi
		ur uncle pete has joined the club | Uncle Pete
		our cat biscuit is sick | Biscuit
		a startup called hollowpine | Hollowpine
		his name is bolacha | Bolacha
		she quit crumb & co last week | Crumb Co
		akua lives in tamale now | Akua Tamale
		he was the drummer of stereo miorita | Stereo Miorita
		priya raman founded it | Priya Raman
		i'm in charge of dinner tonight |
		she's a member of staff |
		i'm on the board of directors |
		he got hired by accident |
		she lives in fear |
		he moved to tears lol |
		she called me yesterday |
		he's still at the gym |
		plays in the garden |`
	for _, line := range strings.Split(cases, "\n") {
		text, want, _ := strings.Cut(strings.TrimSpace(line), " |")
		if got := strings.Join(recased(text), " "); got != strings.TrimSpace(want) {
			t.Errorf("recase(%q) = %q, want %q", text, got, strings.TrimSpace(want))
		}
	}
}
