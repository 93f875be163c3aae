package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestAddressChats: a message opening with an address (@handles, a
// participant's name, a chat vocative) before "i"/"we" or a subjectless
// clause is the speaker's; the twins keep a handle or name before a verb
// as the subject.
func TestAddressChats(t *testing.T) { checkCaseFiles(t, "testdata/address", 10, 10) }

// TestLeadingAddress checks the rewrite itself: where the colon or stop
// goes, and the openings left as they are.
func TestLeadingAddress(t *testing.T) {
	k := newKnown(ontology.ExtractRequest{Conversation: "c1", Speakers: []string{"Ana", "Ben"}})
	for in, want := range map[string]string{
		"@sam_k i work at Ocado now":    "@sam_k: i work at Ocado now",
		"@sam_k @jo i work at Ocado":    "@sam_k @jo: i work at Ocado",
		"Ben i work at Ocado now":       "Ben: i work at Ocado now",
		"mate we're moving":             "mate: we're moving",
		"@sam_k just moved to Leeds":    "@sam_k. just moved to Leeds",
		"@sam_k works at Ocado now":     "@sam_k works at Ocado now",
		"@sam_k might move to Leeds":    "@sam_k might move to Leeds",
		"@sam_k you still at Ocado?":    "@sam_k you still at Ocado?",
		"Ben and i work at Ocado":       "Ben and i work at Ocado",
		"Jo i think works at Ocado":     "Jo i think works at Ocado",
		"Ben i think he works at Ocado": "Ben i think he works at Ocado",
		"Ben just moved to Leeds":       "Ben just moved to Leeds",
		"Leeds we moved to last year":   "Leeds we moved to last year",
		"@sam_k: i work at Ocado now":   "@sam_k: i work at Ocado now",
		"@sam_k, just moved to Leeds":   "@sam_k. just moved to Leeds",
		"@sam_k, i work at Ocado":       "@sam_k, i work at Ocado",
		"@sam_k, might move to Leeds":   "@sam_k, might move to Leeds",
		"@sam_k,just moved":             "@sam_k,just moved",
	} {
		if got := leadingAddress(in, k); got != want {
			t.Errorf("leadingAddress(%q) = %q, want %q", in, got, want)
		}
	}
}
