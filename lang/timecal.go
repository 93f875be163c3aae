package lang

import (
	"strconv"
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// calendar matches calendar expressions at i: full and partial dates,
// months, years, seasons, weekdays and weekends. prep is the preposition
// before i ("" for none): bare months and years need "in" or "since",
// bare weekdays "on", seasons and weekends "over", "in" or "on".
func (c *timeScan) calendar(i int, prep string) (TimeHit, bool) {
	s := c.s
	if i >= len(s.Toks) || !s.Toks[i].Word {
		return TimeHit{}, false
	}
	if h, ok := c.isoDate(i); ok {
		return h, true
	}
	if h, ok := c.monthFirst(i, yearPreps[prep]); ok {
		return h, true
	}
	if h, ok := c.dayFirst(i); ok {
		return h, true
	}
	if h, ok := c.seasonYear(i); ok {
		return h, true
	}
	if y, ok := yearValue(s.Norm(i)); ok && yearPreps[prep] {
		return TimeHit{Span: yearSpan(y), From: i, To: i + 1}, true
	}
	if prep != "" && c.hasRef {
		return c.preppedRelative(i, prep)
	}
	return TimeHit{}, false
}

// yearPreps may stand before a bare month or year ("in May", "since 2019").
var yearPreps = map[string]bool{"in": true, "since": true, "during": true, "around": true, "back": true}

// preppedRelative matches, after the preposition prep, expressions
// resolved by tense: "on Friday", "over the summer", "over the weekend".
func (c *timeScan) preppedRelative(i int, prep string) (TimeHit, bool) {
	s := c.s
	if wd, ok := Weekdays[s.Norm(i)]; ok && prep == "on" {
		return c.tensedWeekday(i, i, wd)
	}
	if s.Norm(i) != "the" {
		return TimeHit{}, false
	}
	n := s.Norm(i + 1)
	if fm, ok := seasons[n]; ok && prep != "on" && prep != "at" && prep != "around" {
		switch c.tenseAt(i) {
		case tensePast:
			return TimeHit{Span: pastSeason(fm, c.day), From: i, To: i + 2}, true
		case tenseFuture:
			return TimeHit{Span: comingSeason(fm, c.day), From: i, To: i + 2}, true
		}
		return TimeHit{}, false
	}
	if n == "weekend" && prep != "in" && prep != "since" && prep != "around" {
		ws := weekStart(c.day)
		switch c.tenseAt(i) {
		case tensePast:
			sat := ws.AddDate(0, 0, 5)
			if !sat.Before(c.day) {
				sat = sat.AddDate(0, 0, -7)
			}
			return TimeHit{Span: dayRange(sat, 2), From: i, To: i + 2}, true
		case tenseFuture:
			return TimeHit{Span: dayRange(ws.AddDate(0, 0, 5), 2), From: i, To: i + 2}, true
		}
	}
	return TimeHit{}, false
}

// isoDate matches a "2023-05-07" token, in the years yearValue accepts.
func (c *timeScan) isoDate(i int) (TimeHit, bool) {
	w := c.s.Norm(i)
	if len(w) != 10 || w[4] != '-' || w[7] != '-' {
		return TimeHit{}, false
	}
	y, ok := yearValue(w[:4])
	m, err2 := strconv.Atoi(w[5:7])
	d, err3 := strconv.Atoi(w[8:])
	if !ok || err2 != nil || err3 != nil || !validDate(y, m, d) {
		return TimeHit{}, false
	}
	return TimeHit{Span: daySpan(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)), From: i, To: i + 1}, true
}

// monthAt reads a month name at i. Full names are accepted in lower case
// except "may" and "march", which are also common verbs; abbreviations
// ("Jan") only when abbrevOK and capitalised.
func monthAt(s *Sentence, i int, abbrevOK bool) (time.Month, bool) {
	if i < 0 || i >= len(s.Toks) {
		return 0, false
	}
	t := s.Toks[i]
	if m, ok := Months[t.Norm]; ok {
		if (m == time.May || m == time.March) && !t.Cap {
			return 0, false
		}
		return m, true
	}
	if m, ok := monthAbbrevs[t.Norm]; ok && abbrevOK && t.Cap {
		return m, true
	}
	return 0, false
}

// monthFirst matches "May 7, 2023", "May 7th", "May 2023", "May of 2023"
// and, after a preposition, a bare "May" or "early May" resolved by tense.
func (c *timeScan) monthFirst(i int, prepped bool) (TimeHit, bool) {
	s := c.s
	start := i
	if prepped && s.Is(i, "early", "late", "mid", "mid-") {
		i++
	}
	m, ok := monthAt(s, i, true)
	if !ok {
		return TimeHit{}, false
	}
	j := i + 1
	if d, ok := dayValue(s.Norm(j)); ok {
		return c.dateEnd(start, i, j, m, d)
	}
	k := j
	if s.Norm(k) == "of" || s.Norm(k) == "," {
		k++
	}
	if y, ok := yearValue(s.Norm(k)); ok {
		return TimeHit{Span: monthSpan(y, m), From: start, To: k + 1}, true
	}
	if _, full := Months[s.Norm(i)]; !prepped || !full || !c.hasRef {
		return TimeHit{}, false
	}
	if sp, ok := c.tensedMonth(i, m); ok {
		return TimeHit{Span: sp, From: start, To: j}, true
	}
	return TimeHit{}, false
}

// dayFirst matches "7 May 2023", "7th of May, 2023", "the 7th of May" and
// (resolved by tense) "7 May".
func (c *timeScan) dayFirst(i int) (TimeHit, bool) {
	s := c.s
	start := i
	i += c.article(i)
	d, ok := dayValue(s.Norm(i))
	if !ok {
		return TimeHit{}, false
	}
	j := i + 1
	if s.Norm(j) == "of" {
		j++
	}
	m, ok := monthAt(s, j, true)
	if !ok {
		return TimeHit{}, false
	}
	return c.dateEnd(start, i, j, m, d)
}

// dateEnd finishes a date of day d of month m whose words run from token
// start to token j: with a year after j ("7 May, 2023") it is that day;
// without one it is resolved by the tense at token i, when there is a
// reference day and the date exists in a leap year.
func (c *timeScan) dateEnd(start, i, j int, m time.Month, d int) (TimeHit, bool) {
	s := c.s
	k := j + 1
	if s.Norm(k) == "," {
		k++
	}
	if y, ok := yearValue(s.Norm(k)); ok {
		if !validDate(y, int(m), d) {
			return TimeHit{}, false
		}
		return TimeHit{Span: daySpan(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)), From: start, To: k + 1}, true
	}
	if !c.hasRef || !validDate(2024, int(m), d) {
		return TimeHit{}, false
	}
	if sp, ok := c.tensedDate(i, m, d); ok {
		return TimeHit{Span: sp, From: start, To: j + 1}, true
	}
	return TimeHit{}, false
}

// seasonYear matches "summer 2021", "summer of 2021", "the summer of 2021".
func (c *timeScan) seasonYear(i int) (TimeHit, bool) {
	s := c.s
	start := i
	i += c.article(i)
	fm, ok := seasons[s.Norm(i)]
	if !ok {
		return TimeHit{}, false
	}
	k := i + 1
	if s.Norm(k) == "of" {
		k++
	}
	y, ok := yearValue(s.Norm(k))
	if !ok {
		return TimeHit{}, false
	}
	return TimeHit{Span: seasonSpan(fm, y), From: start, To: k + 1}, true
}

// article returns 1 when the token at i is "the" ("the 7th of May", "the
// summer of 2021"), else 0.
func (c *timeScan) article(i int) int {
	if c.s.Norm(i) == "the" {
		return 1
	}
	return 0
}

// dayValue parses a day of the month: "7", "07", "7th", "1st", "22nd".
func dayValue(w string) (int, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	if len(w) == 0 || len(w) > 2 {
		return 0, false
	}
	d, err := strconv.Atoi(w)
	if err != nil || d < 1 || d > 31 {
		return 0, false
	}
	return d, true
}

// yearValue parses a four-digit year between 1900 and 2100.
func yearValue(w string) (int, bool) {
	if len(w) != 4 {
		return 0, false
	}
	y, err := strconv.Atoi(w)
	if err != nil || y < 1900 || y > 2100 {
		return 0, false
	}
	return y, true
}

// validDate reports whether y-m-d is a real calendar date.
func validDate(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t.Day() == d
}

// tensedMonth resolves a month named without a year by tense: past is the
// latest such month up to and including the reference month, future the
// first from the reference month on.
func (c *timeScan) tensedMonth(i int, m time.Month) (ontology.TimeSpan, bool) {
	y := c.day.Year()
	switch c.tenseAt(i) {
	case tensePast:
		if m > c.day.Month() {
			y--
		}
	case tenseFuture:
		if m < c.day.Month() {
			y++
		}
	default:
		return ontology.TimeSpan{}, false
	}
	return monthSpan(y, m), true
}

// tensedDate resolves a day of a month without a year by tense: the latest
// such date up to the reference day, or the first from it on.
func (c *timeScan) tensedDate(i int, m time.Month, d int) (ontology.TimeSpan, bool) {
	y := c.day.Year()
	date := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	switch c.tenseAt(i) {
	case tensePast:
		if date.After(c.day) {
			date = time.Date(y-1, m, d, 0, 0, 0, 0, time.UTC)
		}
	case tenseFuture:
		if date.Before(c.day) {
			date = time.Date(y+1, m, d, 0, 0, 0, 0, time.UTC)
		}
	default:
		return ontology.TimeSpan{}, false
	}
	return daySpan(date), true
}
