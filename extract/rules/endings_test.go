package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestEndedRoles checks that a role stated as over ("my late husband",
// "my ex-wife", "my ex", "my former boss") gives the relation ended at the
// turn's time, never a current one, and that kin compounds written apart
// ("brother in law", "step-mum", "half brother") read as one role.
func TestEndedRoles(t *testing.T) {
	third := extractOne(t, "Sam", "Tom's ex Sara is a nightmare", tp(ref))
	if len(third.Relations) != 1 || third.Relations[0].From.Name != "Tom" || third.Relations[0].To.Name != "Sara" ||
		third.Relations[0].ValidTo == nil {
		t.Errorf("Tom's ex Sara: want PARTNER_OF Tom -> Sara ended, got %+v", third.Relations)
	}
	for _, f := range readCases(t, "ended_roles.txt", 5) {
		tc := struct {
			text, typ, to, role string
			ended               bool
		}{f[0], f[1], f[2], f[3], f[4] == "ended"}
		x := extractOne(t, "Sam", tc.text, tp(ref))
		if len(x.Relations) != 1 {
			t.Errorf("%q: want one relation, got %+v", tc.text, x.Relations)
			continue
		}
		r := x.Relations[0]
		if string(r.Type) != tc.typ || r.From.Name != "Sam" || r.To.Name != tc.to || r.Role != tc.role {
			t.Errorf("%q: got %s %s -> %s (%s)", tc.text, r.Type, r.From.Name, r.To.Name, r.Role)
		}
		if ended := r.ValidTo != nil && r.ValidFrom == nil; ended != tc.ended {
			t.Errorf("%q: ended %v, want %v (%+v)", tc.text, ended, tc.ended, r)
		}
	}
	for _, text := range []string{"is Tom your ex?", "my friend's late husband Tom was a chef",
		"Tom is like a brother in law to me lol", "had a late lunch with Tom", "my ex Amazon colleague Dana", "if Sara were my wife i'd never leave"} {
		x := extractOne(t, "Sam", text, tp(ref))
		for _, r := range x.Relations {
			if r.Type == ontology.RelPartnerOf || r.Type == ontology.RelFamilyOf {
				t.Errorf("%q: drew %s %s -> %s", text, r.Type, r.From.Name, r.To.Name)
			}
		}
	}
}

// TestPetEnded checks that a pet stated as dead keeps OWNS, ended at the
// turn's time, and that a hedged or unrelated sentence leaves it current.
func TestPetEnded(t *testing.T) {
	for _, tc := range []struct {
		text, pet string
		ended     bool
	}{
		{"we had to put our cat luna down 💔", "Luna", true},
		{"our dog Max passed away this morning", "Max", true},
		{"my old dog Biscuit died last year", "Biscuit", true},
		{"if our dog Max ever dies i'll be wrecked", "Max", false},
		{"if you hear shouting it's me, our dog Max died last night", "Max", true},
		{"we might move lol, our dog Max died last night", "Max", true},
		{"if our dog Max dies, we'll get a cat", "Max", false},
		{"our dog Max passed the test", "Max", false},
		{"took my cat Luna to the vet", "Luna", false},
	} {
		x := extractOne(t, "Sam", tc.text, tp(ref))
		found := false
		for _, r := range x.Relations {
			if r.Type != ontology.RelOwns || r.From.Name != "Sam" || !strings.EqualFold(r.To.Name, tc.pet) {
				continue
			}
			found = true
			if ended := r.ValidTo != nil; ended != tc.ended {
				t.Errorf("%q: ended %v, want %v", tc.text, ended, tc.ended)
			}
		}
		if !found {
			t.Errorf("%q: no OWNS %s -> %s in %+v", tc.text, "Sam", tc.pet, x.Relations)
		}
	}
}

// TestLowerJobEndings checks that an employer typed in lower case after a
// job ending ("got fired from amazon") is read as the employer, ended,
// and that a common noun there ("sacked from football practice", "fired
// from work") gives nothing.
func TestLowerJobEndings(t *testing.T) {
	for text, org := range map[string]string{"i got fired from amazon lol": "Amazon",
		"got laid off from deloitte last week": "Deloitte", "got let go from barclays today": "Barclays",
		"got sacked from football practice": "", "got fired from work": "", "i got fired from my job": ""} {
		x := extractOne(t, "Sam", text, tp(ref))
		if org == "" {
			if len(x.Relations) != 0 {
				t.Errorf("%q: drew %+v", text, x.Relations)
			}
			continue
		}
		if len(x.Relations) != 1 || x.Relations[0].Type != ontology.RelWorksAt || x.Relations[0].To.Name != org ||
			x.Relations[0].ValidTo == nil {
			t.Errorf("%q: want WORKS_AT Sam -> %s ended, got %+v", text, org, x.Relations)
		}
	}
}

// TestFiredMe checks the active firings of the speaker ("they let me go at
// Tesco") and that hedged, negated or asked ones, and "let me go to the
// party", give no WORKS_AT.
func TestFiredMe(t *testing.T) {
	for text, org := range map[string]string{"they let me go at Tesco, after 6 years": "Tesco",
		"they fired me from Boots": "Boots", "they might let me go at Tesco next month": "",
		"did they let me go at Tesco": "", "they didn't fire me from Lidl": "", "if Aviva fired me i'd cry": "",
		"mum let me go to the party": "", "Tom fired me": ""} {
		x := extractOne(t, "Sam", text, tp(ref))
		var got []string
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt && r.ValidTo != nil {
				got = append(got, r.To.Name)
			}
		}
		if org == "" && len(got) != 0 || org != "" && (len(got) != 1 || got[0] != org) {
			t.Errorf("%q: WORKS_AT ended %v, want %q", text, got, org)
		}
	}
}

// TestKinCompounds checks the compounds written as one word and the law
// nouns that keep "in law" apart.
func TestKinCompounds(t *testing.T) {
	cases := [][2]string{{"my brother in law Raj", "my brother-in-law Raj"},
		{"my Sister In-Law Bea", "my Sister-in-law Bea"}, {"my step mum Carol", "my stepmum Carol"},
		{"my son in law school is stressed", ""}, {"my halfsister Ana", "my half-sister Ana"},
		{"my exwife Sara", "my ex-wife Sara"}, {"next step, mum said", ""}}
	for _, c := range cases {
		want := c[1]
		if want == "" {
			want = c[0] // left as it is
		}
		if got := kinCompounds(c[0]); got != want {
			t.Errorf("kinCompounds(%q) = %q, want %q", c[0], got, want)
		}
	}
}
