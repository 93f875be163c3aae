package metamorph

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/ontology"
)

func devConvs(t *testing.T) []Conv {
	t.Helper()
	cs, err := LoadDev(filepath.Join("..", "..", "testdata", "graphgold"), "")
	if err != nil || len(cs) == 0 {
		t.Fatalf("no dev conversations: %v", err)
	}
	return cs
}

func mentions(text, name string) bool { return mentionsCase(text, "(?i)"+regexp.QuoteMeta(name)) }

func mentionsCase(text, pattern string) bool {
	return regexp.MustCompile(`(^|[^\pL\pN])` + pattern + `($|[^\pL\pN])`).MatchString(text)
}

func allText(c Conv) string {
	var b strings.Builder
	for _, t := range c.Turns {
		b.WriteString(t.Text + "\n")
	}
	return b.String()
}

// TestPoolsAreUnseen: no pool name occurs in a dev chat, so a swapped name
// is one the dev half never showed.
func TestPoolsAreUnseen(t *testing.T) {
	var text strings.Builder
	for _, c := range devConvs(t) {
		text.WriteString(allText(c))
	}
	for _, n := range DefaultPools.All() {
		if mentions(text.String(), n) {
			t.Errorf("pool name %q occurs in a dev chat", n)
		}
	}
}

// TestSwapNames: every named person (not a speaker), organisation, place
// and pet is renamed; its new name is in the text wherever the old one
// was, the old one is gone, and the relations point at the new names.
func TestSwapNames(t *testing.T) {
	for _, c := range devConvs(t) {
		v := SwapNames(c, DefaultPools)
		speakers := map[string]bool{}
		for _, s := range c.Speakers() {
			speakers[graphbench.Normalise(s)] = true
		}
		before, after := allText(c), allText(v)
		names := map[string]bool{}
		renamed := 0
		for i, e := range c.Entities {
			n := v.Entities[i]
			names[n.Name] = true
			if n.Name == e.Name {
				continue
			}
			renamed++
			if speakers[graphbench.Normalise(e.Name)] {
				t.Errorf("%s: speaker %q renamed", c.Name, e.Name)
			}
			inOld, inNew := false, false
			for _, f := range append([]string{e.Name}, e.Aliases...) {
				inOld = inOld || mentions(before, f)
			}
			for _, f := range append([]string{n.Name}, n.Aliases...) {
				inNew = inNew || mentions(after, f)
			}
			if inOld && !inNew {
				t.Errorf("%s: %q became %q, which the text never names", c.Name, e.Name, n.Name)
			}
			if len(e.Name) > 3 && e.Name != strings.ToLower(e.Name) && mentionsCase(after, regexp.QuoteMeta(e.Name)) && !mentions(n.Name, e.Name) {
				t.Errorf("%s: %q still in the text after the swap", c.Name, e.Name)
			}
		}
		if renamed == 0 {
			t.Errorf("%s: nothing renamed", c.Name)
		}
		for _, r := range v.Relations {
			if !names[r.From] || !names[r.To] {
				t.Errorf("%s: relation %s %s -> %s names no entity", c.Name, r.Type, r.From, r.To)
			}
		}
	}
}

// TestBurst: every turn of several sentences becomes one message per
// sentence, the words are kept in order, and every evidence id names a
// turn of the variant.
func TestBurst(t *testing.T) {
	for _, c := range devConvs(t) {
		v := Burst(c)
		ids := map[string]bool{}
		for _, tn := range v.Turns {
			ids[tn.ID] = true
		}
		if len(ids) != len(v.Turns) {
			t.Errorf("%s: duplicate turn ids", c.Name)
		}
		if strings.Join(strings.Fields(allText(c)), " ") != strings.Join(strings.Fields(allText(v)), " ") {
			t.Errorf("%s: the burst changed the words", c.Name)
		}
		if len(v.Turns) <= len(c.Turns) {
			t.Errorf("%s: %d turns became %d", c.Name, len(c.Turns), len(v.Turns))
		}
		for _, r := range v.Relations {
			for _, id := range r.Evidence {
				if !ids[id] {
					t.Errorf("%s: evidence %s of %s is no turn", c.Name, id, r.Type)
				}
			}
		}
	}
	got := splitSentences("Mr. Popescu is nice. I moved! Really?? yes\nok")
	want := []string{"Mr. Popescu is nice.", "I moved!", "Really??", "yes", "ok"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("splitSentences = %q, want %q", got, want)
	}
}

// TestStyleKeepsGold: lower case, fillers and chat spellings change the
// text and leave the annotation as it was.
func TestStyleKeepsGold(t *testing.T) {
	c := devConvs(t)[0]
	for _, f := range []func(Conv) Conv{Lower, Fillers, Typos} {
		v := f(c)
		if allText(v) == allText(c) {
			t.Errorf("%s: a style variant changed nothing", c.Name)
		}
		if len(v.Relations) != len(c.Relations) || len(v.Entities) != len(c.Entities) {
			t.Errorf("%s: a style variant changed the gold", c.Name)
		}
	}
	if got := typo("working"); got != "workin" {
		t.Errorf("typo(working) = %q", got)
	}
	if got := typo("Reading"); got != "Reading" {
		t.Errorf("typo(Reading) = %q: a capitalised word is a name", got)
	}
}

// TestScore: an extraction holding exactly the gold relations scores
// full recall and precision; an extra relation costs precision.
func TestScore(t *testing.T) {
	c := devConvs(t)[0]
	var x ontology.Extraction
	for _, r := range c.Relations {
		x.Relations = append(x.Relations, ontology.Relation{Type: r.Type, From: ontology.EntityRef{Name: r.From},
			To: ontology.EntityRef{Name: r.To}, SourceTurnIDs: r.Evidence})
	}
	tab := Table{}
	tab.Add("all", Score(c, x))
	if o := tab.Overall("all"); o.Found != o.Gold || o.Correct != o.Predicted || o.Gold == 0 {
		t.Errorf("gold as extraction scored %+v", o)
	}
	x.Relations = append(x.Relations, ontology.Relation{Type: ontology.RelWorksAt, From: ontology.EntityRef{Name: "Nobody"},
		To: ontology.EntityRef{Name: "Nowhere Ltd"}, SourceTurnIDs: []string{c.Turns[0].ID}})
	found, wrong := Found(c, x)
	if len(wrong) != 1 || len(found) != len(c.Relations) {
		t.Errorf("Found: %d wrong, %d found flags", len(wrong), len(found))
	}
}

// TestSwapNamesKeepsCues: the swap changes names and not the cues the
// original carried. A street stays a street ("Alder Road" keeps "Road"),
// a club keeps its head word ("Cheadle Rovers"), a name without a head
// word takes a bare name (no "Logistics" for a choir), and a person's
// lower-case possessive is swapped like the capitalised name, while an
// everyday word that is a name too ("will") is left alone.
func TestSwapNamesKeepsCues(t *testing.T) {
	c := Conv{Name: "cues", Annotation: graphbench.Annotation{Entities: []graphbench.GoldEntity{
		{Name: "Sam", Type: ontology.EntityPerson}, {Name: "Marta", Type: ontology.EntityPerson},
		{Name: "Will", Type: ontology.EntityPerson},
		{Name: "Alder Road", Type: ontology.EntityPlace}, {Name: "Porto", Type: ontology.EntityPlace},
		{Name: "Cheadle Rovers", Type: ontology.EntityOrganization},
		{Name: "Larkspur Voices", Type: ontology.EntityOrganization},
		{Name: "Ironwake", Type: ontology.EntityOrganization}}},
		Turns: []ontology.Turn{
			{ID: "D1:1", Speaker: "Sam", Text: "We're at number 9 on Alder Road. marta's moved to Porto."},
			{ID: "D1:2", Speaker: "Jo", Text: "Marta plays for Cheadle Rovers and sings with Larkspur Voices, I left Ironwake."},
			{ID: "D1:3", Speaker: "Jo", Text: "Will says it will rain."},
		}}
	v := SwapNames(c, DefaultPools)
	text := allText(v)
	for _, old := range []string{"Alder", "marta", "Marta", "Cheadle", "Larkspur", "Ironwake", "Porto"} {
		if mentionsCase(text, old) {
			t.Errorf("%q still in %q", old, text)
		}
	}
	for _, cue := range []string{"Road", "Rovers", "Voices", "it will rain"} {
		if !strings.Contains(text, cue) {
			t.Errorf("cue %q lost: %q", cue, text)
		}
	}
	for _, e := range v.Entities {
		if e.Type == ontology.EntityOrganization && strings.Contains(e.Name, " ") && !strings.HasSuffix(e.Name, "Rovers") && !strings.HasSuffix(e.Name, "Voices") {
			t.Errorf("organisation without a head word became %q", e.Name)
		}
	}
	// No dev chat exhausts a pool: a numbered name ("Veltrix2") is no name.
	for _, c := range devConvs(t) {
		for i, e := range SwapNames(c, DefaultPools).Entities {
			if last := e.Name[len(e.Name)-1]; last >= '0' && last <= '9' && e.Name != c.Entities[i].Name && !strings.HasSuffix(e.Name, "Studio 9") {
				t.Errorf("%s: %q became %q, a pool ran out", c.Name, c.Entities[i].Name, e.Name)
			}
		}
	}
}
