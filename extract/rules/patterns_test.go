package rules

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Entity types the tables name most.
const (
	person = ontology.EntityPerson
	place  = ontology.EntityPlace
)

// TestRelationPatterns checks each relation pattern: the relation (type,
// ends, role), the profile fact it implies and the statement.
func TestRelationPatterns(t *testing.T) {
	for _, f := range readCases(t, "relation_patterns.txt", 10) {
		tc := struct {
			name, speaker, text string
			typ                 ontology.RelationType
			from, to            ontology.EntityRef
			role                string
			topic, sub, value   string // profile fact expected, if topic != ""
			fact                string // statement expected, if not ""
			conf                float64
		}{name: f[0], speaker: f[1], text: f[2], typ: ontology.RelationType(f[3]), from: entityRef(t, f[4]),
			to: entityRef(t, f[5]), role: f[6], fact: f[8], conf: number(t, f[9])}
		if f[7] != "" {
			tc.topic, tc.sub, tc.value = profileFields(t, f[7])
		}
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, tc.speaker, tc.text, tp(ref))
			r := findRelation(x, tc.typ, tc.to.Name)
			if r == nil {
				t.Fatalf("no %s to %q in %+v", tc.typ, tc.to.Name, x.Relations)
			}
			if r.From != tc.from || r.To != tc.to || r.Role != tc.role || r.Confidence != tc.conf {
				t.Errorf("relation %+v -> %+v role %q conf %v, want %+v -> %+v role %q conf %v",
					r.From, r.To, r.Role, r.Confidence, tc.from, tc.to, tc.role, tc.conf)
			}
			if len(r.SourceTurnIDs) != 1 || r.SourceTurnIDs[0] != "t1" {
				t.Errorf("source turns %v", r.SourceTurnIDs)
			}
			for _, end := range []ontology.EntityRef{r.From, r.To} {
				if e := findEntity(x, end.Name); e == nil || e.Type != end.Type {
					t.Errorf("no entity mention %+v in %+v", end, x.Entities)
				}
			}
			if tc.topic != "" && !hasProfile(x, tc.topic, tc.sub, tc.value) {
				t.Errorf("no profile %s/%s = %q in %+v", tc.topic, tc.sub, tc.value, x.Profile)
			}
			if tc.fact != "" && !hasFact(x, tc.fact) {
				t.Errorf("no fact %q in %q", tc.fact, statements(x))
			}
		})
	}
}

func eref(name string, typ ontology.EntityType) ontology.EntityRef {
	return ontology.EntityRef{Name: name, Type: typ}
}

// TestValidity checks the times relations and profile facts carry.
func TestValidity(t *testing.T) {
	x := extractOne(t, "Sam", "I've been living in Seattle since 2019.", tp(ref))
	r := findRelation(x, ontology.RelLivesIn, "Seattle")
	if r == nil || r.ValidFrom == nil || !r.ValidFrom.Equal(d(2019, 1, 1)) || r.ValidTo != nil {
		t.Fatalf("LIVES_IN = %+v, want valid from 2019", r)
	}
	x = extractOne(t, "Sam", "I work at Google.", tp(ref))
	if r := findRelation(x, ontology.RelWorksAt, "Google"); r == nil || r.ValidFrom == nil || !r.ValidFrom.Equal(ref) {
		t.Fatalf("WORKS_AT = %+v, want valid from the turn's time", r)
	}
	x = extractOne(t, "Sam", "I used to live in Denver.", tp(ref))
	r = findRelation(x, ontology.RelLivesIn, "Denver")
	if r == nil || r.ValidTo == nil || !r.ValidTo.Equal(ref) || findProfile(x, "basic_info", "location") != nil {
		t.Fatalf("past LIVES_IN = %+v, profile %+v", r, x.Profile)
	}
	if !hasFact(x, "Sam used to live in Denver.") {
		t.Errorf("facts %q", statements(x))
	}
	x = extractOne(t, "Sam", "I work at Google.", nil)
	if r := findRelation(x, ontology.RelWorksAt, "Google"); r == nil || r.ValidFrom != nil {
		t.Fatalf("without a timestamp WORKS_AT = %+v, want no valid_from", r)
	}
}

// TestProfilePatterns checks the patterns that yield a profile fact
// without a relation.
func TestProfilePatterns(t *testing.T) {
	for _, f := range readCases(t, "profile_patterns.txt", 4) {
		name, text, fact := f[0], f[1], f[3]
		topic, sub, value := profileFields(t, f[2])
		t.Run(name, func(t *testing.T) {
			x := extractOne(t, "Sam", text, tp(ref))
			p := findProfile(x, topic, sub)
			if p == nil || p.Value != value {
				t.Fatalf("profile %s/%s = %+v, want %q (all: %+v)", topic, sub, p, value, x.Profile)
			}
			if p.Subject != eref("Sam", person) {
				t.Errorf("subject %+v", p.Subject)
			}
			if !hasFact(x, fact) {
				t.Errorf("no fact %q in %q", fact, statements(x))
			}
			if e := findEntity(x, "Sam"); e == nil || e.Type != person {
				t.Errorf("speaker not mentioned: %+v", x.Entities)
			}
		})
	}
}

// TestEvents checks first-person past sentences with a time.
func TestEvents(t *testing.T) {
	cases := []struct {
		name, text, what string
		start, end       time.Time
		where            string
		others           []string
	}{
		{"yesterday", "I went to a pottery class yesterday.", "Sam went to a pottery class", d(2023, 5, 7), d(2023, 5, 8), "", nil},
		{"leading time", "Last week I ran a charity race.", "Sam ran a charity race", d(2023, 5, 1), d(2023, 5, 8), "", nil},
		{"leading time with comma", "Yesterday, I baked bread with my son.", "Sam baked bread with Sam's son", d(2023, 5, 7), d(2023, 5, 8), "", nil},
		{"we", "We went camping last weekend.", "Sam went camping", d(2023, 5, 6), d(2023, 5, 8), "", nil},
		{"no subject", "Twisted my knee last Friday, ugh.", "Sam twisted Sam's knee", d(2023, 5, 5), d(2023, 5, 6), "", nil},
		{"place", "I visited my mom in Ohio on Friday.", "Sam visited Sam's mom in Ohio", d(2023, 5, 5), d(2023, 5, 6), "Ohio", nil},
		{"people", "I had lunch with Dana Smith yesterday.", "Sam had lunch with Dana Smith", d(2023, 5, 7), d(2023, 5, 8), "", []string{"Dana Smith"}},
		{"present perfect aux", "I finally finished my novel two days ago!", "Sam finally finished Sam's novel", d(2023, 5, 6), d(2023, 5, 7), "", nil},
		{"read", "I read a great novel last week.", "Sam read a great novel", d(2023, 5, 1), d(2023, 5, 8), "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, "Sam", tc.text, tp(ref))
			if len(x.Events) != 1 {
				t.Fatalf("events %+v, want 1", x.Events)
			}
			e := x.Events[0]
			if e.What != tc.what || e.When == nil || !e.When.Start.Equal(tc.start) || !e.When.End.Equal(tc.end) {
				t.Fatalf("event %q %+v, want %q [%v, %v)", e.What, e.When, tc.what, tc.start, tc.end)
			}
			if e.Participants[0] != eref("Sam", person) {
				t.Errorf("participants %+v", e.Participants)
			}
			for i, o := range tc.others {
				if len(e.Participants) <= i+1 || e.Participants[i+1].Name != o {
					t.Errorf("participants %+v, want also %q", e.Participants, o)
				}
			}
			if tc.where != "" && (e.Where == nil || e.Where.Name != tc.where) {
				t.Errorf("where %+v, want %q", e.Where, tc.where)
			}
			if want := tc.what + " " + spanWords(*e.When) + "."; !hasFact(x, want) {
				t.Errorf("no fact %q in %q", want, statements(x))
			}
		})
	}
}

func TestRelativeTimeNeedsTimestamp(t *testing.T) {
	x := extractOne(t, "Sam", "I went to a pottery class yesterday.", nil)
	if len(x.Events) != 0 {
		t.Errorf("events without a timestamp: %+v", x.Events)
	}
	x = extractOne(t, "Sam", "I went to Rome on May 7, 2023.", nil)
	if len(x.Events) != 1 || !x.Events[0].When.Start.Equal(d(2023, 5, 7)) {
		t.Errorf("absolute date without a timestamp: %+v", x.Events)
	}
}
