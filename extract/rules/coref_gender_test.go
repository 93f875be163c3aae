package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestCorefNameGender: the gender a first name says picks between named
// persons for he/she/his/her, below relationship words and resolved
// pronouns; names of either gender fit both pronouns; negative twins where
// the pronoun must resolve to nobody named (testdata/coref_gender.txt).
func TestCorefNameGender(t *testing.T) { checkCorefCases(t, "coref_gender.txt") }

// TestNameGenders checks data/genders.txt: every name tagged is a first
// name the extractor knows, none is tagged twice, the names given to both
// genders or to one in a language and the other elsewhere stay unknown,
// and a name's first word decides whatever its case, accents or handle.
func TestNameGenders(t *testing.T) {
	f, m := 0, 0
	seen := map[string]bool{}
	for _, l := range strings.Split(gendersData, "\n") {
		fields := strings.Fields(l)
		if len(fields) < 2 || fields[0] != "f" && fields[0] != "m" {
			continue
		}
		for _, w := range fields[1:] {
			if seen[w] {
				t.Errorf("%s is tagged twice", w)
			}
			seen[w] = true
			if !firstName(w) {
				t.Errorf("%s is tagged but is no first name of lang.FirstNames or data/firstnames.txt", w)
			}
			if fields[0] == "f" {
				f++
			} else {
				m++
			}
		}
	}
	if f < 100 || m < 100 {
		t.Errorf("%d female and %d male names tagged, want at least 100 of each", f, m)
	}
	for _, w := range []string{"alex", "sam", "jordan", "charlie", "robin", "kim", "nikita", "andrea", "simone",
		"sasha", "nicola", "jean", "casey", "jamie", "morgan", "riley", "michal", "karen", "yuri", "noor"} {
		if g := nameGender(w); g != genderUnknown {
			t.Errorf("nameGender(%q) = %c, want unknown", w, g)
		}
	}
	for name, want := range map[string]byte{"Ana": genderFemale, "ana lopes": genderFemale, "@priya.k": genderFemale,
		"Oisín": genderMale, "Ann-Marie": genderFemale, "TOM": genderMale, "@tom_h": genderMale, "Mrs Okoro": genderUnknown,
		"Brightwater": genderUnknown, "": genderUnknown} {
		if g := nameGender(name); g != want {
			t.Errorf("nameGender(%q) = %q, want %q", name, g, want)
		}
	}
}

// TestGenderEvidenceOrder: a relationship word or a resolved pronoun gives
// the gender of a name that says none; where the name says the other
// gender, the gender is unknown; an organisation carries no gender.
func TestGenderEvidenceOrder(t *testing.T) {
	d := newDiscourse(ontology.ExtractRequest{Speakers: []string{"Kat", "Jo"}}, &known{speakers: map[string]bool{"kat": true, "jo": true}})
	d.note(ontology.EntityRef{Name: "Maria", Type: ontology.EntityPerson}, "t0", "", false)
	d.note(ontology.EntityRef{Name: "Tom", Type: ontology.EntityPerson}, "t0", "", false)
	if a, ok := d.person("she"); !ok || a.ref.Name != "Maria" {
		t.Errorf("she = %v %v, want Maria", a.ref.Name, ok)
	}
	if _, ok := d.person("they"); ok {
		t.Error("they resolved to one of two persons")
	}
	d.setGender("Maria", genderMale) // "my brother Maria": a conflict
	if g := d.genderOf("Maria"); g != genderUnknown {
		t.Errorf("genderOf(Maria) = %q after a male role, want unknown", g)
	}
	if _, ok := d.person("he"); ok {
		t.Error("he resolved with Maria unknown and Tom male in the turn")
	}
	d.setGender("Maria", genderFemale) // a conflict stays unknown
	if g := d.genderOf("Maria"); g != genderUnknown {
		t.Errorf("genderOf(Maria) = %q after a conflict, want unknown", g)
	}
	d.nextTurn()
	d.note(ontology.EntityRef{Name: "Andrea", Type: ontology.EntityPerson}, "t1", "", false)
	d.note(ontology.EntityRef{Name: "Giulia", Type: ontology.EntityPerson}, "t1", "", false)
	if _, ok := d.person("she"); ok {
		t.Error("she resolved with Andrea unknown and Giulia female in the turn")
	}
	d.setGender("Andrea", genderMale) // "my brother Andrea"
	if a, ok := d.person("she"); !ok || a.ref.Name != "Giulia" {
		t.Errorf("she = %v %v after Andrea's role, want Giulia", a.ref.Name, ok)
	}
	if a, ok := d.person("he"); !ok || a.ref.Name != "Andrea" {
		t.Errorf("he = %v %v after Andrea's role, want Andrea", a.ref.Name, ok)
	}
	d.nextTurn()
	d.note(ontology.EntityRef{Name: "Julia Bakery", Type: ontology.EntityOrganization}, "t2", "", false)
	if g := d.mentions[len(d.mentions)-1].gender; g != genderUnknown {
		t.Errorf("an organisation carries gender %q", g)
	}
}

// TestResolvePronounsByNameGender: another extractor's "she"/"he" is
// replaced by the named person whose first name fits, and dropped when no
// one named fits (the LLM path reads the same coreference).
func TestResolvePronounsByNameGender(t *testing.T) {
	for _, c := range []struct {
		first, pronoun, want string // want "" = dropped
	}{
		{"Tom and Ana came over last night", "she", "Ana"},
		{"Tom and Ana came over last night", "he", "Tom"},
		{"Tom and Dave came over last night", "she", ""},
		{"Andrea and Luca came over last night", "he", ""},
		{"Andrea and Luca came over last night", "she", "Andrea"},
	} {
		turns := chat("t", "Kat: "+c.first, "Kat: "+c.pronoun+" just joined Arup")
		req := ontology.ExtractRequest{Conversation: "c", Turns: turns, Speakers: []string{"Kat", "Jo"}}
		x := ontology.Extraction{Relations: []ontology.Relation{{Type: ontology.RelWorksAt,
			From: ontology.EntityRef{Name: c.pronoun, Type: ontology.EntityPerson},
			To:   ontology.EntityRef{Name: "Arup", Type: ontology.EntityOrganization}, SourceTurnIDs: []string{"t1"}}}}
		got := ResolvePronouns(req, x)
		switch {
		case c.want == "" && len(got.Relations) != 0:
			t.Errorf("%q / %q: kept %+v, want it dropped", c.first, c.pronoun, got.Relations[0].From)
		case c.want != "" && (len(got.Relations) != 1 || got.Relations[0].From.Name != c.want):
			t.Errorf("%q / %q: got %+v, want From %s", c.first, c.pronoun, got.Relations, c.want)
		}
	}
}
