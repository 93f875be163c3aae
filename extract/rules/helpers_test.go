package rules

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/internal/casefile"
	"github.com/loci-memory/loci/ontology"
)

// extractOne runs the extractor on one turn by speaker at ts (nil: no
// timestamp) and checks the invariants every extraction must hold.
func extractOne(t *testing.T, speaker, text string, ts *time.Time, known ...ontology.EntityRef) ontology.Extraction {
	t.Helper()
	turn := ontology.Turn{ID: "t1", Speaker: speaker, Text: text, Timestamp: ts}
	req := ontology.ExtractRequest{Conversation: "c1", Turns: []ontology.Turn{turn},
		Speakers: []string{speaker, "Caroline", "Mel"}, KnownEntities: known}
	x, usage, err := New().Extract(context.Background(), req)
	if err != nil {
		t.Fatalf("Extract(%q): %v", text, err)
	}
	if usage.Extractor != ontology.ExtractorRules || usage.Calls != 0 {
		t.Errorf("usage = %+v", usage)
	}
	checkInvariants(t, x, map[string]bool{"t1": true})
	return x
}

// checkInvariants asserts what every extraction must satisfy: extractor
// "rules", confidence in [0.5, 1], turn ids from the batch, and nothing
// dropped by ontology.SanitiseExtraction.
func checkInvariants(t *testing.T, x ontology.Extraction, ids map[string]bool) {
	t.Helper()
	cited := func(what string, turns []string) {
		if len(turns) == 0 {
			t.Errorf("%s cites no turn", what)
		}
		for _, id := range turns {
			if !ids[id] {
				t.Errorf("%s cites unknown turn %q", what, id)
			}
		}
	}
	conf := func(what string, c float64) {
		if c < ontology.MinConfidence || c > ontology.MaxConfidence {
			t.Errorf("%s confidence %v out of range", what, c)
		}
	}
	for _, e := range x.Entities {
		cited("entity "+e.Name, e.SourceTurnIDs)
		if !e.Type.Valid() {
			t.Errorf("entity %q has type %q", e.Name, e.Type)
		}
	}
	for _, r := range x.Relations {
		what := "relation " + string(r.Type) + " " + r.To.Name
		cited(what, r.SourceTurnIDs)
		conf(what, r.Confidence)
		if r.Extractor != ontology.ExtractorRules || !r.Type.Valid() {
			t.Errorf("%s: extractor %q valid %v", what, r.Extractor, r.Type.Valid())
		}
	}
	for _, f := range x.Facts {
		cited("fact "+f.Statement, f.SourceTurnIDs)
		conf("fact "+f.Statement, f.Confidence)
		if f.Extractor != ontology.ExtractorRules || f.Speaker == "" {
			t.Errorf("fact %q: extractor %q speaker %q", f.Statement, f.Extractor, f.Speaker)
		}
	}
	for _, e := range x.Events {
		cited("event "+e.What, e.SourceTurnIDs)
		conf("event "+e.What, e.Confidence)
		if e.Extractor != ontology.ExtractorRules || len(e.Participants) == 0 {
			t.Errorf("event %q: extractor %q participants %v", e.What, e.Extractor, e.Participants)
		}
	}
	for _, p := range x.Profile {
		what := "profile " + p.Topic + "/" + p.SubTopic
		cited(what, p.SourceTurnIDs)
		conf(what, p.Confidence)
		if p.Extractor != ontology.ExtractorRules {
			t.Errorf("%s: extractor %q", what, p.Extractor)
		}
	}
	if _, dropped := ontology.SanitiseExtraction(x, ids); dropped != 0 {
		t.Errorf("SanitiseExtraction dropped %d items of %+v", dropped, x)
	}
}

func findRelation(x ontology.Extraction, typ ontology.RelationType, to string) *ontology.Relation {
	for i := range x.Relations {
		if x.Relations[i].Type == typ && (to == "" || x.Relations[i].To.Name == to) {
			return &x.Relations[i]
		}
	}
	return nil
}

func findProfile(x ontology.Extraction, topic, sub string) *ontology.ProfileFact {
	for i := range x.Profile {
		if x.Profile[i].Topic == topic && x.Profile[i].SubTopic == sub {
			return &x.Profile[i]
		}
	}
	return nil
}

func hasProfile(x ontology.Extraction, topic, sub, value string) bool {
	for _, p := range x.Profile {
		if p.Topic == topic && p.SubTopic == sub && p.Value == value {
			return true
		}
	}
	return false
}

func hasFact(x ontology.Extraction, statement string) bool {
	for _, f := range x.Facts {
		if f.Statement == statement {
			return true
		}
	}
	return false
}

func findEntity(x ontology.Extraction, name string) *ontology.EntityMention {
	for i := range x.Entities {
		if x.Entities[i].Name == name {
			return &x.Entities[i]
		}
	}
	return nil
}

func statements(x ontology.Extraction) []string {
	var out []string
	for _, f := range x.Facts {
		out = append(out, f.Statement)
	}
	return out
}

func tp(t time.Time) *time.Time { return &t }

// ref is Monday 8 May 2023, 13:56 UTC.
var ref = time.Date(2023, time.May, 8, 13, 56, 0, 0, time.UTC)

// d is midnight UTC of y-m-day.
func d(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }

// readCases returns the cases of testdata file name, each split at "|"
// into n fields (at least -n when n is negative): see casefile.Read.
func readCases(t *testing.T, name string, n int) [][]string {
	t.Helper()
	return casefile.Read(t, filepath.Join("testdata", name), n)
}

// entityRef reads "name:Type" (the type is after the last colon).
func entityRef(t *testing.T, s string) ontology.EntityRef {
	t.Helper()
	k := strings.LastIndex(s, ":")
	if k < 0 || !ontology.EntityType(s[k+1:]).Valid() {
		t.Fatalf("entity %q is not name:Type", s)
	}
	return ontology.EntityRef{Name: s[:k], Type: ontology.EntityType(s[k+1:])}
}

// profileFields reads "topic/sub/value"; the value may hold slashes.
func profileFields(t *testing.T, s string) (topic, sub, value string) {
	t.Helper()
	f := strings.SplitN(s, "/", 3)
	if len(f) != 3 {
		t.Fatalf("profile fact %q is not topic/sub/value", s)
	}
	return f[0], f[1], f[2]
}

// number reads a float.
func number(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkSentenceRelations reads one sentence a line, said by Caroline at ts:
// "text | TYPE | to" (Caroline the subject) or "text | TYPE | from | to"
// must draw that relation; a twin "text |" must draw none of the types
// banned.
func checkSentenceRelations(t *testing.T, cases string, ts *time.Time, banned ...ontology.RelationType) {
	t.Helper()
	for _, line := range strings.Split(cases, "\n") {
		f := strings.Split(strings.TrimSpace(line), " | ")
		var at *time.Time
		if ts != nil {
			c := *ts
			at = &c
		}
		x := extractOne(t, "Caroline", strings.TrimSuffix(f[0], " |"), at)
		if len(f) < 3 {
			for _, r := range x.Relations {
				if slices.Contains(banned, r.Type) {
					t.Errorf("%q drew %s %s -> %s", f[0], r.Type, r.From.Name, r.To.Name)
				}
			}
			continue
		}
		from, to := "Caroline", f[2]
		if len(f) > 3 {
			from, to = f[2], f[3]
		}
		if r := findRelation(x, ontology.RelationType(f[1]), to); r == nil || r.From.Name != from {
			t.Errorf("%q: want %s %s -> %s, got %v", f[0], f[1], from, to, x.Relations)
		}
	}
}
