package rules

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// twoSessions extracts first (a session) and then second (the next one),
// the second given the first's names of ontology.ContextNameTypes as
// StoredNames, as ingest reads them from the store. Lines are
// "Speaker: text", separated by " / "; the speakers are Ana and Ben. It
// returns the second session's relations as "TYPE from -> to".
func twoSessions(t *testing.T, first, second string) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	for _, r := range secondSession(t, first, second).Relations {
		got[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = true
	}
	return got
}

// secondSession is twoSessions' extraction of the second session.
func secondSession(t *testing.T, first, second string) ontology.Extraction {
	t.Helper()
	turns := func(session, text string) []ontology.Turn {
		var out []ontology.Turn
		for i, line := range strings.Split(text, " / ") {
			sp, txt, _ := strings.Cut(line, ":")
			out = append(out, ontology.Turn{ID: fmt.Sprintf("%s-%d", session, i), Session: session,
				Speaker: strings.TrimSpace(sp), Text: strings.TrimSpace(txt)})
		}
		return out
	}
	speakers := []string{"Ana", "Ben"}
	x := New()
	one, _, err := x.Extract(context.Background(), ontology.ExtractRequest{Conversation: "c1", Turns: turns("S1", first), Speakers: speakers})
	if err != nil {
		t.Fatal(err)
	}
	var stored []ontology.EntityRef
	for _, e := range one.Entities {
		if slices.Contains(ontology.ContextNameTypes, string(e.Type)) {
			stored = append(stored, e.EntityRef)
		}
	}
	two, _, err := x.Extract(context.Background(), ontology.ExtractRequest{Conversation: "c1", Turns: turns("S2", second),
		Speakers: speakers, StoredNames: stored})
	if err != nil {
		t.Fatal(err)
	}
	return two
}

// TestKnownNamesInLowerCase: a name the conversation wrote with capitals
// in one session is that name in the next one written in lower case,
// where a reading looks for a name: an organisation after "at" or
// "joined", a place after "in" or "to", a person as a subject. Twins: a
// known name that is also a common word used as a word ("a heron flew
// over", "I will be"), a name inside a longer name, a name after "a", a
// speaker addressed by name, a relative with no name. Names of no list,
// pool or dev chat. Each case: first session || second session ||
// relation, or "- Name" for a twin: no relation names Name.
func TestKnownNamesInLowerCase(t *testing.T) {
	const cases = `Ben: Tomasz works at Quillery || Ben: Jonah got a job at quillery || WORKS_AT Jonah -> Quillery
		Ben: Tomasz works at Quillery || Ben: Jonah joined quillery in March || WORKS_AT Jonah -> Quillery
		Ana: my friend Odalys lives in Pellbridge || Ana: Odalys still lives in pellbridge || LIVES_IN Odalys -> Pellbridge
		Ana: my friend Odalys lives in Pellbridge || Ana: Efua moved to pellbridge in May || MOVED_TO Efua -> Pellbridge
		Ana: I met Teodric at the climbing wall, he's lovely || Ana: Honestly teodric works at Pellfern now and loves it || WORKS_AT Teodric -> Pellfern
		Ana: Brannock Studios hired Efua || Ana: Efua still works at brannock studios || WORKS_AT Efua -> Brannock Studios
		Ana: we walked down to the Heron for a pint || Ana: a heron flew over the garden this morning || - Heron
		Ana: Will from work came round || Ana: I will be at the office in the morning || - Will
		Ana: Efua works at Brannock || Ana: Efua works at brannock studios || - Brannock
		Ana: I work at Velloway || Ben: is that a velloway thing? || - Velloway
		Ana: Odalys lives in Pellbridge || Ana: My sister lives in pellbridge now || - Pellbridge
		Ana: I'm at Quillery || Ben: thanks ana, I'm at quillery too! || - Ana`
	for _, line := range strings.Split(cases, "\n") {
		f := strings.Split(strings.TrimSpace(line), " || ")
		got := twoSessions(t, f[0], f[1])
		if name, twin := strings.CutPrefix(f[2], "- "); twin {
			for r := range got {
				if strings.HasSuffix(r, "-> "+name) || strings.Contains(r, " "+name+" ->") {
					t.Errorf("%q drew %s", f[1], r)
				}
			}
		} else if !got[f[2]] {
			t.Errorf("%q: want %s, got %v", f[1], f[2], got)
		}
	}
}
