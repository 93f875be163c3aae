package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestTheirJob: "he's their head of sales now" after the organisation just
// named is a job there (testdata/pronouns_their.txt), in several styles; "their"
// of people, a fan, a past or planned job, a question, a negation, a
// relative, a band, two firms or an outing reads nothing
// (testdata/pronouns_their_negatives.txt). The same files hold the clauses that
// drop their subject after a comma, "and" or "but" ("he moved to Leeds,
// works at Halden Bank now") and their twins.
func TestTheirJob(t *testing.T) {
	wantCurrentRelations(t, "pronouns_their.txt")
	wantNoCurrentRelation(t, "pronouns_their_negatives.txt")
}

// TestCommaSubjectNotSpeaker: a clause that drops its subject after
// another person's clause is that person's, never the speaker's.
func TestCommaSubjectNotSpeaker(t *testing.T) {
	for _, text := range []string{"Tom left Aldi and joined Lidl in May", "Ana quit Barclays, moved to Leeds",
		"he moved to Leeds, works at Halden Bank now", "moved to Leeds, Tom works at Halden Bank"} {
		x := extractChat(t, nil, chat("t", "Kat: how's Tom?", "Jo: "+text))
		for _, r := range x.Relations {
			if r.From.Name == "Jo" && (r.Type == ontology.RelWorksAt || r.Type == ontology.RelMemberOf) {
				t.Errorf("%q gave the speaker %s", text, relationLine(r))
			}
		}
	}
}

// TestLeftDenial: "you still at Halden Bank?" / "nope, left in May" ends
// the job the question asked of, for the one it asked about; leaving at a
// time of day, leaving a thing, a visit asked ("you at … today?") or a
// yes end nothing (testdata/left_denial.txt).
func TestLeftDenial(t *testing.T) {
	for _, f := range readCases(t, "left_denial.txt", 3) {
		want, turns := f[0], f[1:]
		x := extractChat(t, nil, chat("t", turns...))
		ended := ""
		for _, r := range x.Relations {
			if r.ValidTo != nil && (r.Type == ontology.RelWorksAt || r.Type == ontology.RelMemberOf) {
				ended = relationLine(r)
			}
		}
		if ended != want {
			t.Errorf("%q: ended %q, want %q", turns, ended, want)
		}
	}
}
