package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// turnsOf builds probe turns from "Speaker: text" parts joined by " / ".
func turnsOf(line string) []ontology.Turn {
	var out []ontology.Turn
	for _, part := range strings.Split(line, " / ") {
		sp, tx, _ := strings.Cut(part, ": ")
		out = append(out, ontology.Turn{Speaker: sp, Text: tx})
	}
	return out
}

// relationsOf runs the extractor on line (Alex and Sam talking) and returns
// its relations as "TYPE from -> to".
func relationsOf(t *testing.T, line string) map[string]bool {
	t.Helper()
	x := runProbe(t, probeFile{Speaker: "Alex", With: "Sam"}, probe{ID: "t", Turns: turnsOf(line)})
	got := map[string]bool{}
	for _, r := range x.Relations {
		got[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = true
	}
	return got
}

// checkReads checks the cases of family in testdata/reads.txt: every
// relation listed (";"-separated) is read from the turns, or none at all
// where the list is "-".
func checkReads(t *testing.T, family string) {
	t.Helper()
	n := 0
	for _, f := range readCases(t, "reads.txt", 3) {
		if f[0] != family {
			continue
		}
		n++
		line, got := f[1], relationsOf(t, f[1])
		if f[2] == "-" {
			if len(got) > 0 {
				t.Errorf("%q: want no relation, got %v", line, got)
			}
			continue
		}
		for _, w := range strings.Split(f[2], ";") {
			if w = strings.TrimSpace(w); !got[w] {
				t.Errorf("%q: missing %s; got %v", line, w, got)
			}
		}
	}
	if n == 0 {
		t.Fatalf("reads.txt: no cases of %s", family)
	}
}

func TestPairClauses(t *testing.T) {
	checkReads(t, "pair clauses")
}

func TestPairSingular(t *testing.T) {
	for w, want := range map[string]string{"work": "works", "study": "studies", "teach": "teaches", "go": "goes",
		"are": "is", "have": "has", "moved": "moved", "founded": "founded", "play": "plays"} {
		s := langSentence(w)
		if got, ok := pairSingular(s, 0); !ok || got != want {
			t.Errorf("pairSingular(%q) = %q, %v; want %q", w, got, ok, want)
		}
	}
	if _, ok := pairSingular(langSentence("watched"), 0); !ok {
		t.Errorf("a past -ed verb should keep its form")
	}
	if _, ok := pairSingular(langSentence("might"), 0); ok {
		t.Errorf("a modal is no verb pairSingular rebuilds")
	}
}

func TestOpeningPerson(t *testing.T) {
	checkReads(t, "opening person")
	// a club is joined, not an employer
	if got := relationsOf(t, "Alex: Peter joined the Hackney Harriers"); got["WORKS_AT Peter -> Hackney Harriers"] {
		t.Errorf("joining a running club read as a job: %v", got)
	}
}

func TestRewritesAfterBackRefs(t *testing.T) {
	checkReads(t, "rewrites")
	// two organisations in the last six turns: "there" may be either
	x := runProbe(t, probeFile{Speaker: "Alex", With: "Sam"}, probe{ID: "t", Turns: turnsOf(
		"Alex: Elena worked at Stripe for years / Sam: ok / Alex: Tidewater Labs hired her / Sam: nice / Alex: she did 5 yrs there")})
	for _, r := range x.Relations {
		for _, id := range r.SourceTurnIDs {
			if id == "D1:5" {
				t.Errorf("\"did 5 yrs there\" read with two organisations named before: %+v", r)
			}
		}
	}
}

func TestYearsAfter(t *testing.T) {
	for text, want := range map[string]int{"for 3 years": 3, "5 yrs": 2, "for a few months": 4, "for years": 2,
		"for hours": 0, "all day": 0, "over a decade": 3} {
		s := langSentence(text)
		if got := yearsAfter(s, 0); got != want {
			t.Errorf("yearsAfter(%q) = %d, want %d", text, got, want)
		}
	}
}

// langSentence tokenizes text as one sentence.
func langSentence(text string) *sentence {
	ss := lang.SplitSentences(lang.Tokenize(text))
	return &ss[0]
}

func TestRelativeWhereAndSchools(t *testing.T) {
	checkReads(t, "relative where")
}

func TestUntypedAntecedents(t *testing.T) {
	checkReads(t, "untyped antecedents")
}

func TestTheyAfterPair(t *testing.T) {
	checkReads(t, "they after pair")
	for _, line := range []string{
		"Alex: Tom and Aisha moved to Leeds / Sam: Kestrel Labs is hiring / Alex: they're based in Bristol",
		"Alex: Tom and Aisha moved to Leeds / Sam: what about Priya / Alex: they live in Bristol",
		"Alex: Tom and Aisha moved to Leeds / Sam: cool / Alex: they might move to Bristol next year",
		"Alex: Tom and Aisha moved to Leeds / Sam: a / Alex: b / Sam: c / Alex: d / Sam: they live in Bristol",
	} {
		for r := range relationsOf(t, line) {
			if strings.HasSuffix(r, "-> Bristol") && !strings.HasPrefix(r, "LOCATED_IN") {
				t.Errorf("%q: %s", line, r)
			}
		}
	}
}
