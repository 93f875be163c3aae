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

// checkReads asserts every wanted relation is read from each line.
func checkReads(t *testing.T, cases map[string][]string) {
	t.Helper()
	for line, want := range cases {
		got := relationsOf(t, line)
		for _, w := range want {
			if !got[w] {
				t.Errorf("%q: missing %s; got %v", line, w, got)
			}
		}
	}
}

// checkNone asserts no relation is read from each line.
func checkNone(t *testing.T, lines []string) {
	t.Helper()
	for _, line := range lines {
		if got := relationsOf(t, line); len(got) > 0 {
			t.Errorf("%q: want no relation, got %v", line, got)
		}
	}
}

func TestPairClauses(t *testing.T) {
	checkReads(t, map[string][]string{
		"Alex: Emeka and Chidi both work at Barclays":                                 {"WORKS_AT Emeka -> Barclays", "WORKS_AT Chidi -> Barclays"},
		"Alex: Zuri and I both work at Monzo now":                                     {"WORKS_AT Zuri -> Monzo", "WORKS_AT Alex -> Monzo"},
		"Alex: Priya and Dan live in Bristol":                                         {"LIVES_IN Priya -> Bristol", "LIVES_IN Dan -> Bristol"},
		"Alex: Tom and his wife Aisha live in Leeds":                                  {"LIVES_IN Tom -> Leeds", "LIVES_IN Aisha -> Leeds", "PARTNER_OF Tom -> Aisha"},
		"Sam: have you been to Crumb & Co? / Alex: yes! Nadia and her brother run it": {"LEADS Nadia -> Crumb & Co"},
		"Alex: Marco opened a bakery, it's called Forno / Alex: him and his cousin Luca run it together": {
			"LEADS Marco -> Forno", "LEADS Luca -> Forno"},
	})
	checkNone(t, []string{
		"Alex: Tom and Aisha are visiting Leeds next week",
		"Alex: Emeka and Chidi are thinking of moving to Manchester",
		"Alex: Anita and Raj are running late",
		"Alex: do Priya and Dan live in Bristol?",
		"Alex: me and Jo might start a band lol",
	})
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
	checkReads(t, map[string][]string{
		"Alex: Dagrun says hi / Alex: she got into Imperial College btw": {"ATTENDED Dagrun -> Imperial College"},
		"Sam: @mo_j is back!! / Sam: he joined the Hackney Harriers":     {"MEMBER_OF @mo_j -> Hackney Harriers"},
		"Alex: had coffee with Dagrun / Alex: Dagrun is lovely / Alex: she joined the Hackney Harriers": {
			"MEMBER_OF Dagrun -> Hackney Harriers"},
	})
	// a club is joined, not an employer
	if got := relationsOf(t, "Alex: Peter joined the Hackney Harriers"); got["WORKS_AT Peter -> Hackney Harriers"] {
		t.Errorf("joining a running club read as a job: %v", got)
	}
}

func TestRewritesAfterBackRefs(t *testing.T) {
	checkReads(t, map[string][]string{
		"Alex: Elena's joining us from Stripe / Alex: she did 5 yrs there":                  {"WORKS_AT Elena -> Stripe"},
		"Sam: ever heard of Brightwater Analytics? / Alex: yeah Mina spent 4 years there":   {"WORKS_AT Mina -> Brightwater Analytics"},
		"Sam: Halden Bank is hiring btw / Alex: my aunt Rosa has been with them since 2019": {"WORKS_AT Rosa -> Halden Bank"},
		"Alex: Greyfield Hospital is hiring nurses / Sam: Ruth's been there 3 yrs":          {"WORKS_AT Ruth -> Greyfield Hospital"},
		"Alex: Mina worked at Stripe for five years":                                        {"WORKS_AT Mina -> Stripe"},
		"Alex: i interned at Arup last summer!":                                             {"WORKS_AT Alex -> Arup"},
		"Alex: Ruth has been at Greyfield Hospital for 3 years":                             {"WORKS_AT Ruth -> Greyfield Hospital"},
	})
	checkNone(t, []string{
		"Sam: how was Lisbon? / Alex: amazing, we spent 4 days there",
		"Sam: my parents are so stressed rn / Alex: been with them since friday, it's a lot",
		"Alex: Mina worked at Stripe",
		"Alex: Ruth has been at the pub for hours",
		"Alex: I worked at the library all day",
	})
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
	checkReads(t, map[string][]string{
		"Alex: I sang in the choir at Babeș-Bolyai University, where I studied informatics": {"ATTENDED Alex -> Babeș-Bolyai University"},
		"Alex: we drove through Leeds, where I grew up":                                     {"COMES_FROM Alex -> Leeds"},
		"Alex: I'm doing a master's at King's College London":                               {"ATTENDED Alex -> King's College London"},
		"Alex: Tom's a student at King's College London":                                    {"ATTENDED Tom -> King's College London"},
	})
	checkNone(t, []string{
		"Alex: Paris, where I studied for a week, was fun",
		"Alex: went to Kestrel Labs, where I might work next year",
		"Alex: is that Durham University, where you studied?",
	})
}

func TestUntypedAntecedents(t *testing.T) {
	checkReads(t, map[string][]string{
		"Alex: Marguerite came round / Alex: she's my sister":          {"FAMILY_OF Alex -> Marguerite"},
		"Alex: Marguerite came round / Alex: she works at Arup now":    {"WORKS_AT Marguerite -> Arup"},
		"Alex: so Ruben came with you / Alex: ofc he's my husband lol": {"PARTNER_OF Alex -> Ruben"},
	})
	checkNone(t, []string{
		"Alex: Biscuit is so cute / Alex: he's my baby",
		"Alex: Biscuit is so cute / Alex: she's my girl",
		"Alex: Tesco closed early / Alex: he's my husband",
		"Alex: Yesterday went well / Alex: she's my sister",
	})
}

func TestTheyAfterPair(t *testing.T) {
	checkReads(t, map[string][]string{
		"Alex: in Leeds!! Tom and Aisha moved in last weekend / Sam: did they sell the flat? / Alex: they did but they've left Bristol for good now": {
			"MOVED_FROM Tom -> Bristol", "MOVED_FROM Aisha -> Bristol"},
		"Alex: Tom and Aisha moved to Leeds / Sam: nice / Alex: they're from Bristol originally": {
			"COMES_FROM Tom -> Bristol", "COMES_FROM Aisha -> Bristol"},
	})
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
