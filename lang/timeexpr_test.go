package lang

import (
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/internal/casefile"
	"github.com/loci-memory/loci/ontology"
)

// ref is Monday 8 May 2023, 13:56 UTC.
var ref = time.Date(2023, time.May, 8, 13, 56, 0, 0, time.UTC)

func d(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }

func TestResolveTime(t *testing.T) {
	sunday := time.Date(2023, time.May, 14, 20, 0, 0, 0, time.UTC)
	jan := time.Date(2024, time.January, 10, 9, 0, 0, 0, time.UTC)
	newYear := time.Date(2024, time.January, 1, 9, 0, 0, 0, time.UTC)
	march := time.Date(2023, time.March, 15, 9, 0, 0, 0, time.UTC)
	july := time.Date(2023, time.July, 15, 9, 0, 0, 0, time.UTC)
	nov := time.Date(2023, time.November, 20, 9, 0, 0, 0, time.UTC)
	april := time.Date(2023, time.April, 3, 9, 0, 0, 0, time.UTC)
	june := time.Date(2023, time.June, 3, 9, 0, 0, 0, time.UTC)
	jan23 := time.Date(2023, time.January, 20, 9, 0, 0, 0, time.UTC)
	const (
		day    = ontology.GranularityDay
		week   = ontology.GranularityWeek
		month  = ontology.GranularityMonth
		season = ontology.GranularitySeason
		year   = ontology.GranularityYear
	)
	cases := []struct {
		name, text, phrase string
		ref                time.Time
		start, end         time.Time
		gran               string
	}{
		{"today", "I feel great today", "today", ref, d(2023, 5, 8), d(2023, 5, 9), day},
		{"yesterday", "I went hiking yesterday", "yesterday", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"yesterday across a year", "I went hiking yesterday", "yesterday", newYear, d(2023, 12, 31), d(2024, 1, 1), day},
		{"day before yesterday", "I saw her the day before yesterday", "the day before yesterday", ref, d(2023, 5, 6), d(2023, 5, 7), day},
		{"tomorrow", "I fly out tomorrow", "tomorrow", ref, d(2023, 5, 9), d(2023, 5, 10), day},
		{"day after tomorrow", "I fly the day after tomorrow", "the day after tomorrow", ref, d(2023, 5, 10), d(2023, 5, 11), day},
		{"last night", "I slept badly last night", "last night", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"this morning", "I ran this morning", "this morning", ref, d(2023, 5, 8), d(2023, 5, 9), day},
		{"tonight", "We are out tonight", "tonight", ref, d(2023, 5, 8), d(2023, 5, 9), day},
		{"last week", "I ran a race last week", "last week", ref, d(2023, 5, 1), d(2023, 5, 8), week},
		{"last week on a Sunday", "I ran a race last week", "last week", sunday, d(2023, 5, 1), d(2023, 5, 8), week},
		{"last week across a year", "I ran a race last week", "last week", jan, d(2024, 1, 1), d(2024, 1, 8), week},
		{"last week into the old year", "I ran a race last week", "last week", newYear, d(2023, 12, 25), d(2024, 1, 1), week},
		{"this week", "I am busy this week", "this week", ref, d(2023, 5, 8), d(2023, 5, 15), week},
		{"next week", "I start next week", "next week", ref, d(2023, 5, 15), d(2023, 5, 22), week},
		{"earlier this week", "I started earlier this week", "earlier this week", ref, d(2023, 5, 8), d(2023, 5, 15), week},
		{"last weekend", "I went camping last weekend", "last weekend", ref, d(2023, 5, 6), d(2023, 5, 8), day},
		{"last weekend on a Sunday", "I went camping last weekend", "last weekend", sunday, d(2023, 5, 6), d(2023, 5, 8), day},
		{"this past weekend", "I went camping this past weekend", "this past weekend", ref, d(2023, 5, 6), d(2023, 5, 8), day},
		{"this weekend", "I'm camping this weekend", "this weekend", ref, d(2023, 5, 13), d(2023, 5, 15), day},
		{"next weekend", "I'm camping next weekend", "next weekend", ref, d(2023, 5, 20), d(2023, 5, 22), day},
		{"over the weekend past", "I went camping over the weekend", "over the weekend", ref, d(2023, 5, 6), d(2023, 5, 8), day},
		{"days ago digits", "I adopted him 3 days ago", "3 days ago", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"days ago words", "I adopted him three days ago", "three days ago", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"twelve days ago", "I adopted him twelve days ago", "twelve days ago", ref, d(2023, 4, 26), d(2023, 4, 27), day},
		{"a couple of days ago", "I adopted him a couple of days ago", "a couple of days ago", ref, d(2023, 5, 6), d(2023, 5, 7), day},
		{"a few days ago", "I adopted him a few days ago", "a few days ago", ref, d(2023, 5, 3), d(2023, 5, 7), week},
		{"a week ago", "I met her a week ago", "a week ago", ref, d(2023, 5, 1), d(2023, 5, 8), week},
		{"two weeks ago", "I met her two weeks ago", "two weeks ago", ref, d(2023, 4, 24), d(2023, 5, 1), week},
		{"a couple of weeks ago", "I met her a couple of weeks ago", "a couple of weeks ago", ref, d(2023, 4, 24), d(2023, 5, 1), week},
		{"a few weeks ago", "I met her a few weeks ago", "a few weeks ago", ref, d(2023, 4, 3), d(2023, 5, 1), month},
		{"months ago", "I moved 2 months ago", "2 months ago", ref, d(2023, 3, 1), d(2023, 4, 1), month},
		{"months ago across a year", "I moved six months ago", "six months ago", ref, d(2022, 11, 1), d(2022, 12, 1), month},
		{"a few months ago", "I moved a few months ago", "a few months ago", ref, d(2022, 12, 1), d(2023, 4, 1), season},
		{"years ago", "I moved 4 years ago", "4 years ago", ref, d(2019, 1, 1), d(2020, 1, 1), year},
		{"a year ago", "I moved a year ago", "a year ago", ref, d(2022, 1, 1), d(2023, 1, 1), year},
		{"a few years ago", "I moved a few years ago", "a few years ago", ref, d(2018, 1, 1), d(2022, 1, 1), year},
		{"in a few days", "I'll know in a few days", "in a few days", ref, d(2023, 5, 10), d(2023, 5, 14), week},
		{"in two weeks", "I'll know in two weeks", "in two weeks", ref, d(2023, 5, 22), d(2023, 5, 29), week},
		{"last month", "I moved last month", "last month", ref, d(2023, 4, 1), d(2023, 5, 1), month},
		{"last month in January", "I moved last month", "last month", jan, d(2023, 12, 1), d(2024, 1, 1), month},
		{"this month", "I moved this month", "this month", ref, d(2023, 5, 1), d(2023, 6, 1), month},
		{"next month", "I move next month", "next month", ref, d(2023, 6, 1), d(2023, 7, 1), month},
		{"next month in December", "I move next month", "next month", time.Date(2023, 12, 5, 0, 0, 0, 0, time.UTC), d(2024, 1, 1), d(2024, 2, 1), month},
		{"last year", "I moved last year", "last year", ref, d(2022, 1, 1), d(2023, 1, 1), year},
		{"this year", "I moved this year", "this year", ref, d(2023, 1, 1), d(2024, 1, 1), year},
		{"next year", "I move next year", "next year", ref, d(2024, 1, 1), d(2025, 1, 1), year},
		{"last summer in May", "I went to Rome last summer", "last summer", ref, d(2022, 6, 1), d(2022, 9, 1), season},
		{"last summer in November", "I went to Rome last summer", "last summer", nov, d(2023, 6, 1), d(2023, 9, 1), season},
		{"last summer in July", "I went to Rome last summer", "last summer", july, d(2022, 6, 1), d(2022, 9, 1), season},
		{"last summer in March", "I went to Rome last summer", "last summer", march, d(2022, 6, 1), d(2022, 9, 1), season},
		{"last winter", "I skied last winter", "last winter", ref, d(2022, 12, 1), d(2023, 3, 1), season},
		{"last winter in January", "I skied last winter", "last winter", jan23, d(2021, 12, 1), d(2022, 3, 1), season},
		{"last spring", "I planted roses last spring", "last spring", ref, d(2022, 3, 1), d(2022, 6, 1), season},
		{"last fall", "I started college last fall", "last fall", ref, d(2022, 9, 1), d(2022, 12, 1), season},
		{"last autumn", "I started college last autumn", "last autumn", ref, d(2022, 9, 1), d(2022, 12, 1), season},
		{"this summer", "I'm going to Rome this summer", "this summer", ref, d(2023, 6, 1), d(2023, 9, 1), season},
		{"this winter in January", "It's cold this winter", "this winter", jan23, d(2022, 12, 1), d(2023, 3, 1), season},
		{"this winter in May", "I'll ski this winter", "this winter", ref, d(2023, 12, 1), d(2024, 3, 1), season},
		{"next summer", "I'll go to Rome next summer", "next summer", ref, d(2024, 6, 1), d(2024, 9, 1), season},
		{"over the summer past", "I worked on a farm over the summer", "over the summer", nov, d(2023, 6, 1), d(2023, 9, 1), season},
		{"on Friday past", "I went hiking on Friday", "on Friday", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"on Friday future", "I will go hiking on Friday", "on Friday", ref, d(2023, 5, 12), d(2023, 5, 13), day},
		{"bare Friday past", "We met Friday and talked", "Friday", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"last Friday", "I went hiking last Friday", "last Friday", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"last Friday night", "I went out last Friday night", "last Friday night", ref, d(2023, 5, 5), d(2023, 5, 6), day},
		{"last Monday on a Monday", "I went hiking last Monday", "last Monday", ref, d(2023, 5, 1), d(2023, 5, 2), day},
		{"next Friday", "I go hiking next Friday", "next Friday", ref, d(2023, 5, 12), d(2023, 5, 13), day},
		{"this Friday", "I go hiking this Friday", "this Friday", ref, d(2023, 5, 12), d(2023, 5, 13), day},
		{"in May past", "I went to Paris in May", "in May", ref, d(2023, 5, 1), d(2023, 6, 1), month},
		{"in May past from April", "I went to Paris in May", "in May", april, d(2022, 5, 1), d(2022, 6, 1), month},
		{"in May future from January", "I will go to Paris in May", "in May", jan23, d(2023, 5, 1), d(2023, 6, 1), month},
		{"in March future from May", "I'm going to go to Paris in March", "in March", ref, d(2024, 3, 1), d(2024, 4, 1), month},
		{"in early June past", "I graduated in early June", "in early June", nov, d(2023, 6, 1), d(2023, 7, 1), month},
		{"last May in May", "I went to Paris last May", "last May", ref, d(2022, 5, 1), d(2022, 6, 1), month},
		{"last May in June", "I went to Paris last May", "last May", june, d(2023, 5, 1), d(2023, 6, 1), month},
		{"next May in May", "I go to Paris next May", "next May", ref, d(2024, 5, 1), d(2024, 6, 1), month},
		{"in 2022", "I moved there in 2022", "in 2022", ref, d(2022, 1, 1), d(2023, 1, 1), year},
		{"since 2019", "I have lived here since 2019", "since 2019", ref, d(2019, 1, 1), d(2020, 1, 1), year},
		{"back in 2015", "I lived there back in 2015", "back in 2015", ref, d(2015, 1, 1), d(2016, 1, 1), year},
		{"month day year", "We married on May 7, 2023", "on May 7, 2023", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"month ordinal day year", "We married on May 7th 2023", "on May 7th 2023", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"day month year", "We married on 7 May 2023", "on 7 May 2023", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"day of month year", "We married on the 7th of May, 2023", "on the 7th of May, 2023", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"iso date", "Deadline 2023-05-07 passed", "2023-05-07", ref, d(2023, 5, 7), d(2023, 5, 8), day},
		{"abbreviated month", "It was Jan 5, 2021", "Jan 5, 2021", ref, d(2021, 1, 5), d(2021, 1, 6), day},
		{"month and year", "I moved in March 2020", "in March 2020", ref, d(2020, 3, 1), d(2020, 4, 1), month},
		{"month of year", "It happened in May of 2019", "in May of 2019", ref, d(2019, 5, 1), d(2019, 6, 1), month},
		{"season of year", "I lived there in the summer of 2021", "in the summer of 2021", ref, d(2021, 6, 1), d(2021, 9, 1), season},
		{"date without year past", "I got married on May 3", "on May 3", ref, d(2023, 5, 3), d(2023, 5, 4), day},
		{"date without year future", "I will get married on May 20", "on May 20", ref, d(2023, 5, 20), d(2023, 5, 21), day},
		{"curly apostrophe future", "I’ll fly tomorrow", "tomorrow", ref, d(2023, 5, 9), d(2023, 5, 10), day},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ResolveTime(tc.text, tc.ref)
			if len(got) != 1 {
				t.Fatalf("ResolveTime(%q) = %d matches %+v, want 1", tc.text, len(got), got)
			}
			m := got[0]
			if m.Span.Phrase != tc.phrase || tc.text[m.Start:m.End] != tc.phrase {
				t.Errorf("phrase %q (offsets %d:%d), want %q", m.Span.Phrase, m.Start, m.End, tc.phrase)
			}
			if !m.Span.Start.Equal(tc.start) || !m.Span.End.Equal(tc.end) || m.Span.Granularity != tc.gran {
				t.Errorf("span [%s, %s) %s, want [%s, %s) %s", m.Span.Start.Format(time.DateOnly),
					m.Span.End.Format(time.DateOnly), m.Span.Granularity, tc.start.Format(time.DateOnly),
					tc.end.Format(time.DateOnly), tc.gran)
			}
			if m.Span.Start.Location() != time.UTC || m.Span.End.Location() != time.UTC {
				t.Errorf("span not in UTC: %v", m.Span)
			}
		})
	}
}

func TestResolveTimeNone(t *testing.T) {
	for _, text := range casefile.Lines(t, "testdata/time_none.txt") {
		if got := ResolveTime(text, ref); len(got) != 0 {
			t.Errorf("ResolveTime(%q) = %+v, want none", text, got)
		}
	}
}

func TestResolveTimeWithoutReference(t *testing.T) {
	got := ResolveTime("Yesterday I moved, on May 7, 2023, to a flat I found in 2022.", time.Time{})
	if len(got) != 2 {
		t.Fatalf("got %+v, want the two absolute expressions", got)
	}
	if got[0].Span.Phrase != "on May 7, 2023" || got[1].Span.Phrase != "in 2022" {
		t.Errorf("phrases %q, %q", got[0].Span.Phrase, got[1].Span.Phrase)
	}
}

func TestResolveTimeSeveral(t *testing.T) {
	text := "Last week I ran a race. Tomorrow I rest! I moved here 2 years ago."
	got := ResolveTime(text, ref)
	want := []string{"Last week", "Tomorrow", "2 years ago"}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i, w := range want {
		if got[i].Span.Phrase != w || text[got[i].Start:got[i].End] != w {
			t.Errorf("match %d = %q, want %q", i, got[i].Span.Phrase, w)
		}
	}
}

func TestResolveTimeLocalDay(t *testing.T) {
	// 23:30 in New York on 7 May is 03:30 UTC on 8 May; "today" is the
	// speaker's day, 7 May.
	ny := time.FixedZone("EDT", -4*3600)
	local := time.Date(2023, time.May, 7, 23, 30, 0, 0, ny)
	got := ResolveTime("today", local)
	if len(got) != 1 || !got[0].Span.Start.Equal(d(2023, 5, 7)) {
		t.Fatalf("got %+v, want 7 May", got)
	}
}

// TestResolveTimeAtTheEdges: against references on the first and last
// day of years 1–9999, expressions that would reach outside them (issue
// 13: "next year" on 9999-12-31 was year 10000, "last year" on 0001-01-01
// year 0) are left out, and those inside are resolved as anywhere else.
func TestResolveTimeAtTheEdges(t *testing.T) {
	last := time.Date(9999, time.December, 31, 23, 59, 59, 0, time.UTC)
	first := time.Date(1, time.January, 1, 10, 0, 0, 0, time.UTC) // 00:00 is the zero time.Time: no reference
	cases := []struct {
		text string
		ref  time.Time
		want []string // phrases resolved, in order
	}{
		{"Next year I will move to Paris; tomorrow I start at Acme.", last, nil},
		{"Today I met Dana, and next week I fly out.", last, nil},
		{"Yesterday I met Dana; last year I moved; in two days I leave.", last, []string{"Yesterday", "last year"}},
		{"Last year I moved to Oslo. Yesterday I joined Nordic Labs.", first, nil},
		{"Two years ago I lived in Bergen, last month too.", first, nil},
		{"Today I met Dana, tomorrow I leave, next year I return.", first, []string{"Today", "tomorrow", "next year"}},
		{"I was born on 9999-12-31 and left in 2022.", last, []string{"in 2022"}},
	}
	for _, c := range cases {
		var got []string
		for _, m := range ResolveTime(c.text, c.ref) {
			if !ontology.SpanInRange(m.Span) {
				t.Errorf("%q on %v: %q spans [%v, %v), outside years 1–9999", c.text, c.ref, m.Span.Phrase, m.Span.Start, m.Span.End)
			}
			got = append(got, m.Span.Phrase)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q on %v: resolved %q, want %q", c.text, c.ref, got, c.want)
		}
	}
}
