package lang

import (
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/loci-memory/loci/ontology"
)

// Reference times the fuzzer may pick: any second of years 1 to 9999, the
// range ontology.ValidateTurns accepts for a turn's timestamp.
var (
	fuzzRefMin = ontology.MinTime.Unix()
	fuzzRefMax = ontology.MaxTime.Unix()
)

// fuzzRef maps fuzzed numbers to a reference time: zero when !hasRef,
// otherwise a second of years 1–9999 in a fixed zone of at most ±14 hours.
func fuzzRef(hasRef bool, unix int64, offsetMin int16) time.Time {
	if !hasRef {
		return time.Time{}
	}
	span := fuzzRefMax - fuzzRefMin + 1
	sec := fuzzRefMin + ((unix%span)+span)%span
	off := (int(offsetMin)%(14*60+1) + 14*60 + 1) % (14*60 + 1) * 2 // 0…28 h in minutes
	zone := time.FixedZone("fuzz", (off-14*60)*60)
	return time.Unix(sec, 0).In(zone)
}

// FuzzResolveTime fuzzes ResolveTime over any text and reference
// time.
//
// Invariants:
//   - nothing panics, and the same input gives the same matches;
//   - every match has 0 <= Start < End <= len(text), text[Start:End] is its
//     Phrase (so the phrase is a substring of the text), and matches are
//     in order without overlapping;
//   - every phrase is valid UTF-8, holds no newline (sentences end there)
//     and has no leading or trailing space;
//   - every span has Start < End, both UTC midnights (calendar days), and a
//     known granularity;
//   - every span lies in a sane window: with a zero reference only absolute
//     dates, years 1900–2100, are resolved (so [1900-01-01, 2101-03-01),
//     the end of winter 2100); with a reference, also counts below 1000
//     units from it ("999 years ago"), so within ±1001 years of it;
//   - every span lies within years 1–9999 (ontology.SpanInRange), which
//     a response can carry, however close to the edges the reference is;
//   - only the reference's calendar date counts: the same date at 00:00
//     UTC gives the same matches.
func FuzzResolveTime(f *testing.F) {
	ref := time.Date(2023, time.May, 8, 13, 56, 0, 0, time.UTC).Unix()
	for _, s := range []string{
		"I went hiking yesterday and I fly out tomorrow.",
		"I moved 4 years ago, a few months ago, a couple of weeks ago, 999 years ago.",
		"We met on May 7, 2023; then 2023-05-07; the 7th of May, 2023; summer of 2021; in 2022.",
		"Last Friday night, this past weekend, next spring, earlier this week, over the summer.",
		"in 1899 in 2101 in 0000 on 2023-02-30 on 2023-13-01 99999999999999999999 days ago",
		"MATCH (n) WHERE n.date > date('2023-05-07') RETURN n // last week",
		`text:(+last +week) AND "next month"~2 OR yesterday*`,
		"yesterday\x00tomorrow \xff\xfe last \xc3 week",
		"el año pasado, 昨日, last wéek, ｌａｓｔ ｗｅｅｋ, Ｍａｙ ７",
		"twenty-five days ago, ninety-nine years ago, a few years ago, in several weeks",
		strings.Repeat("last week ", 300),
		"\n\n\t  \r\n",
	} {
		f.Add(s, ref, int16(0), true)
		f.Add(s, int64(0), int16(-600), false)
	}
	f.Fuzz(func(t *testing.T, text string, unix int64, offsetMin int16, hasRef bool) {
		ref := fuzzRef(hasRef, unix, offsetMin)
		ms := ResolveTime(text, ref)
		if again := ResolveTime(text, ref); !reflect.DeepEqual(ms, again) {
			t.Fatalf("ResolveTime(%q, %v) not deterministic:\n%+v\n%+v", text, ref, ms, again)
		}
		lo, hi := timeWindow(ref)
		prevEnd := 0
		for _, m := range ms {
			if m.Start < prevEnd || m.Start >= m.End || m.End > len(text) {
				t.Fatalf("ResolveTime(%q): match at [%d,%d) after %d, text of %d bytes", text, m.Start, m.End, prevEnd, len(text))
			}
			prevEnd = m.End
			sp := m.Span
			switch {
			case text[m.Start:m.End] != sp.Phrase:
				t.Fatalf("ResolveTime(%q): phrase %q is not text[%d:%d] = %q", text, sp.Phrase, m.Start, m.End, text[m.Start:m.End])
			case !utf8.ValidString(sp.Phrase):
				t.Fatalf("ResolveTime(%q): phrase %q is not valid UTF-8", text, sp.Phrase)
			case strings.ContainsRune(sp.Phrase, '\n') || strings.TrimSpace(sp.Phrase) != sp.Phrase:
				t.Fatalf("ResolveTime(%q): phrase %q spans a newline or is not trimmed", text, sp.Phrase)
			case !sp.Start.Before(sp.End):
				t.Fatalf("ResolveTime(%q, %v): %q is the empty span [%v, %v)", text, ref, sp.Phrase, sp.Start, sp.End)
			case !utcMidnight(sp.Start) || !utcMidnight(sp.End):
				t.Fatalf("ResolveTime(%q, %v): %q spans [%v, %v), not UTC midnights", text, ref, sp.Phrase, sp.Start, sp.End)
			case sp.Start.Before(lo) || sp.End.After(hi):
				t.Fatalf("ResolveTime(%q, %v): %q spans [%v, %v), outside [%v, %v]", text, ref, sp.Phrase, sp.Start, sp.End, lo, hi)
			case !ontology.SpanInRange(sp):
				t.Fatalf("ResolveTime(%q, %v): %q spans [%v, %v), outside years 1–9999", text, ref, sp.Phrase, sp.Start, sp.End)
			}
			switch sp.Granularity {
			case ontology.GranularityDay, ontology.GranularityWeek, ontology.GranularityMonth,
				ontology.GranularitySeason, ontology.GranularityYear:
			default:
				t.Fatalf("ResolveTime(%q): %q has granularity %q", text, sp.Phrase, sp.Granularity)
			}
		}
		if hasRef {
			y, mo, d := ref.Date()
			if day := time.Date(y, mo, d, 0, 0, 0, 0, time.UTC); !day.IsZero() && !ref.IsZero() {
				if other := ResolveTime(text, day); !reflect.DeepEqual(ms, other) {
					t.Fatalf("ResolveTime(%q) differs for %v and its date %v:\n%+v\n%+v", text, ref, day, ms, other)
				}
			}
		}
	})
}

// timeWindow is where a span resolved against ref may lie.
func timeWindow(ref time.Time) (time.Time, time.Time) {
	lo := time.Date(1900, time.January, 1, 0, 0, 0, 0, time.UTC)
	hi := time.Date(2101, time.March, 1, 0, 0, 0, 0, time.UTC)
	if ref.IsZero() {
		return lo, hi
	}
	y, m, d := ref.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if l := day.AddDate(-1001, 0, 0); l.Before(lo) {
		lo = l
	}
	if h := day.AddDate(1001, 0, 0); h.After(hi) {
		hi = h
	}
	return lo, hi
}

func utcMidnight(t time.Time) bool {
	return t.Location() == time.UTC && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0
}
