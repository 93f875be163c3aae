package llmcontext

import (
	"context"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

func TestExpansionRoundRobinAndBudget(t *testing.T) {
	line := func(s string) ontology.AnchorLine { return ontology.AnchorLine{Text: s} }
	set := anchorSet{
		topics: []ontology.Anchor{{Title: "adoption agency", Participants: []string{"Caroline"}}, {Title: "marathon training"}},
		profiles: []ontology.Anchor{{Title: "Caroline", Lines: []ontology.AnchorLine{line("Caroline (Person)"), line("work/occupation: counselor"), line("sister: Dana")}},
			{Title: "Melanie", Lines: []ontology.AnchorLine{line("Melanie (Person)"), line("interests/hobbies: painting")}}},
		events: []ontology.Anchor{{Title: "went to a support group", Participants: []string{"Caroline"}, When: &ontology.TimeSpan{Phrase: "yesterday"}},
			{Title: "ran a charity race", Participants: []string{"Melanie"}}, {Title: "painted a sunrise"}},
	}
	got := expansionQueries(set, 9)
	want := []string{
		"adoption agency Caroline", "Caroline work/occupation: counselor", "Caroline went to a support group yesterday",
		"marathon training", "Caroline sister: Dana", "Melanie ran a charity race",
		"Melanie interests/hobbies: painting", "painted a sunrise",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d queries %q, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("query %d = %q, want %q (all: %q)", i, got[i], want[i], got)
		}
	}
	if got := expansionQueries(set, 4); len(got) != 4 || got[3] != "marathon training" {
		t.Fatalf("budget 4: %q", got)
	}
	if got := expansionQueries(anchorSet{}, 9); len(got) != 0 {
		t.Fatalf("no anchors: %q", got)
	}
}

func TestQueryTime(t *testing.T) {
	ref := time.Date(2023, 8, 20, 12, 0, 0, 0, time.UTC)
	cases := map[string]string{
		"What did Caroline do in May 2023?":      "2023-05-01",
		"What happened last May?":                "2023-05-01",
		"Where did Melanie go in 2022?":          "2022-01-01",
		"What has Caroline been doing recently?": "2023-07-21",
	}
	for q, start := range cases {
		sp := queryTime(q, ref)
		if sp == nil || sp.Start.Format("2006-01-02") != start {
			t.Errorf("%q: %+v, want start %s", q, sp, start)
		}
	}
	if sp := queryTime("What is Caroline's job?", ref); sp != nil {
		t.Errorf("no time expression: %+v", sp)
	}
}

func TestRankReservesTemporalSlots(t *testing.T) {
	s := &Service{search: query.NewService(nil, fakeEmbedder{})}
	cc := Config{Rerank: true, MinSimilarity: 0.2}
	feb := &ontology.TimeSpan{Start: time.Date(2023, 2, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC)}
	as := []ontology.Anchor{{ID: "a", Similarity: 0.9}, {ID: "b", Similarity: 0.8}, {ID: "c", Similarity: 0.1, When: feb}, {ID: "d", Similarity: 0.7}}
	got := s.rank(cc, as, nil, 2, []ontology.Anchor{as[2]})
	if len(got) != 2 || got[0].ID != "c" || got[1].ID != "a" {
		t.Fatalf("ranked %+v: want the reserved low-similarity event first, then the most similar", got)
	}
	cc.Rerank = false
	got = s.rank(cc, as, nil, 3, nil)
	if len(got) != 3 {
		t.Fatalf("without rerank the floor does not apply: %+v", got)
	}
}

// fakeEmbedder stands in where only the presence of an embedder matters.
type fakeEmbedder struct{}

func (fakeEmbedder) ID() string      { return "fake" }
func (fakeEmbedder) Dimensions() int { return 2 }
func (fakeEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1, 0}
	}
	return out, nil
}

func TestWithResolvedDates(t *testing.T) {
	said := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	for text, want := range map[string]string{
		"I went to a support group yesterday.":           "I went to a support group yesterday [7 May 2023].",
		"We moved two weeks ago.":                        "We moved two weeks ago [24 Apr 2023 – 30 Apr 2023].",
		"The wedding was on May 7, 2023.":                "The wedding was on May 7, 2023.",
		"No time here at all.":                           "No time here at all.",
		"Back in 2019 I lived in Boston; last year too.": "Back in 2019 I lived in Boston; last year [2022] too.",
	} {
		if got := withResolvedDates(text, said); got != want {
			t.Errorf("withResolvedDates(%q) = %q, want %q", text, got, want)
		}
	}
}
