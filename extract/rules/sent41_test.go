package rules

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TestSent41Readings checks h14-sent41's readings, chosen by grouping the
// dev half's misses with both ends read in one sentence by the words that
// relate them (testdata/sent41_cases.txt) and their adversarial twins
// (testdata/sent41_negatives.txt): a notice or resignation handed in, or
// being handed in, at an employer by the speaker or someone named; a last
// shift at an employer; years counted in tens and units; years at an
// employer ended by retiring; a pair whose parting or engagement is told
// after a chat's lead, "tell you", or "our" or a relationship word; a
// student's own offer or place accepted at a school.
func TestSent41Readings(t *testing.T) { checkCaseFiles(t, "testdata/sent41", 14, 11) }

// TestSent41LastShiftEnds checks that a last shift at an employer reads a
// job that is over (WORKS_AT with its end), never one still held: "did my
// last shift at the Rusty Anchor today" (once a blind17 twin that wanted no
// WORKS_AT at all; the dev half's gold reads a last shift as the job's end).
func TestSent41LastShiftEnds(t *testing.T) {
	ts := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, text := range []string{"did my last shift at the Rusty Anchor today 😭", "last shift at Green Cup on friday"} {
		x := extractOne(t, "jay", text, &ts)
		found := false
		for _, r := range x.Relations {
			if r.Type != ontology.RelWorksAt {
				continue
			}
			found = true
			if r.ValidTo == nil {
				t.Errorf("%q: WORKS_AT -> %s read as still held", text, r.To.Name)
			}
		}
		if !found {
			t.Errorf("%q: no WORKS_AT read", text)
		}
	}
}
