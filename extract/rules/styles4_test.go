package rules

import "testing"

// TestStyles4 reads the workplace, club, owning, leading and liking
// phrasings h14-blind4's probes found unread (testdata/styles4.txt), and
// their near misses, which draw no current relation of the type named
// (testdata/styles4_negatives.txt).
func TestStyles4(t *testing.T) {
	t.Run("stated", func(t *testing.T) { wantCurrentRelations(t, "styles4.txt") })
	t.Run("near misses", func(t *testing.T) { wantNoCurrentRelation(t, "styles4_negatives.txt") })
}
