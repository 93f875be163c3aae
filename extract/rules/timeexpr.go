package rules

import (
	"strconv"
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TimeSpanMatch is one time expression found in a text: the span it
// resolves to and where its words are (byte offsets, End exclusive), so a
// caller can cut the expression out of a query.
type TimeSpanMatch struct {
	Span  ontology.TimeSpan
	Start int
	End   int
}

// ResolveTime finds the time expressions of text and resolves them against
// ref, the time the text was written. Spans are half-open calendar
// intervals [Start, End): calendar days are ref's local days, expressed as
// UTC midnights, and weeks run Monday to Sunday. Seasons are northern
// hemisphere (spring March–May, summer June–August, fall September–
// November, winter December–February).
//
// With a zero ref only absolute expressions ("May 7, 2023", "2023-05-07",
// "in 2022", "May 2023") are resolved. Expressions whose meaning depends on
// tense ("in May", "on Friday") are resolved only when the sentence is
// clearly about the past or the future.
func ResolveTime(text string, ref time.Time) []TimeSpanMatch {
	var out []TimeSpanMatch
	for _, s := range splitSentences(tokenize(text)) {
		out = append(out, resolveSentence(text, &s, ref)...)
	}
	return out
}

// resolveSentence returns the time expressions of one sentence of text.
func resolveSentence(text string, s *sentence, ref time.Time) []TimeSpanMatch {
	c := newTimeScan(s, ref)
	var out []TimeSpanMatch
	for i := 0; i < len(s.toks); {
		h, ok := c.at(i)
		if !ok {
			i++
			continue
		}
		m := TimeSpanMatch{Span: h.span, Start: s.toks[h.from].start, End: s.toks[h.to-1].end}
		m.Span.Phrase = text[m.Start:m.End]
		out = append(out, m)
		i = h.to
	}
	return out
}

// tense is what a sentence says about when things happen.
type tense int

const (
	tenseUnknown tense = iota
	tensePast
	tenseFuture
)

// timeScan holds one sentence and its reference day while its time
// expressions are matched.
type timeScan struct {
	s      *sentence
	hasRef bool
	day    time.Time // the reference day, 00:00 UTC
	tense  tense
	tensed bool // tense has been computed
}

// timeHit is a matched expression: its span and its tokens [from, to).
type timeHit struct {
	span     ontology.TimeSpan
	from, to int
}

func newTimeScan(s *sentence, ref time.Time) *timeScan {
	c := &timeScan{s: s, hasRef: !ref.IsZero()}
	if c.hasRef {
		y, m, d := ref.Date()
		c.day = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	return c
}

// sentenceTense returns the tense of the whole sentence, computed once.
func (c *timeScan) sentenceTense() tense {
	if !c.tensed {
		c.tense = tenseOf(c.s, 0, len(c.s.toks))
		c.tensed = true
	}
	return c.tense
}

// tenseAt returns the tense that governs the expression at token i: the
// sentence's, or when the sentence mixes past and future, the clause's.
func (c *timeScan) tenseAt(i int) tense {
	if t := c.sentenceTense(); t != tenseUnknown {
		return t
	}
	from, to := clauseAround(c.s, i)
	return tenseOf(c.s, from, to)
}

// clauseAround returns the token range of the clause holding token i:
// bounded by punctuation and by coordinating conjunctions.
func clauseAround(s *sentence, i int) (int, int) {
	isEdge := func(k int) bool {
		t := s.toks[k]
		return !t.word || t.norm == "and" || t.norm == "but" || t.norm == "so" || t.norm == "because"
	}
	from := i
	for from > 0 && !isEdge(from-1) {
		from--
	}
	to := i
	for to < len(s.toks) && !isEdge(to) {
		to++
	}
	return from, to
}

// at tries every expression form at token i.
func (c *timeScan) at(i int) (timeHit, bool) {
	t := c.s.toks[i]
	if !t.word {
		return timeHit{}, false
	}
	if p := c.prepLen(i); p > 0 {
		if h, ok := c.calendar(i+p, true); ok {
			h.from = i
			return h, true
		}
		if t.norm == "in" && c.hasRef {
			if h, ok := c.inCount(i); ok {
				return h, true
			}
		}
		return timeHit{}, false
	}
	if h, ok := c.calendar(i, false); ok {
		return h, true
	}
	if !c.hasRef {
		return timeHit{}, false
	}
	return c.relative(i)
}

// prepLen returns how many tokens of calendar preposition start at i
// ("in", "on", "since", "back in", "over"), or 0.
func (c *timeScan) prepLen(i int) int {
	switch c.s.norm(i) {
	case "in", "on", "since", "during", "around", "over", "at":
		return 1
	case "back":
		if c.s.norm(i+1) == "in" {
			return 2
		}
	}
	return 0
}

// calendar matches calendar expressions at i: full and partial dates,
// months, years, seasons, weekdays and weekends. prepped says a
// preposition came before, which bare months, years and weekdays need.
func (c *timeScan) calendar(i int, prepped bool) (timeHit, bool) {
	s := c.s
	if i >= len(s.toks) || !s.toks[i].word {
		return timeHit{}, false
	}
	if h, ok := c.isoDate(i); ok {
		return h, true
	}
	if h, ok := c.monthFirst(i, prepped); ok {
		return h, true
	}
	if h, ok := c.dayFirst(i); ok {
		return h, true
	}
	if h, ok := c.seasonYear(i); ok {
		return h, true
	}
	if prepped {
		if y, ok := yearValue(s.norm(i)); ok {
			return timeHit{span: yearSpan(y), from: i, to: i + 1}, true
		}
		if c.hasRef {
			return c.preppedRelative(i)
		}
	}
	return timeHit{}, false
}

// preppedRelative matches, after a preposition, expressions resolved by
// tense: "on Friday", "over the summer", "over the weekend".
func (c *timeScan) preppedRelative(i int) (timeHit, bool) {
	s := c.s
	if wd, ok := weekdays[s.norm(i)]; ok {
		return c.tensedWeekday(i, i, wd)
	}
	if s.norm(i) != "the" {
		return timeHit{}, false
	}
	n := s.norm(i + 1)
	if fm, ok := seasons[n]; ok {
		switch c.tenseAt(i) {
		case tensePast:
			return timeHit{span: pastSeason(fm, c.day), from: i, to: i + 2}, true
		case tenseFuture:
			return timeHit{span: comingSeason(fm, c.day), from: i, to: i + 2}, true
		}
		return timeHit{}, false
	}
	if n == "weekend" {
		ws := weekStart(c.day)
		switch c.tenseAt(i) {
		case tensePast:
			sat := ws.AddDate(0, 0, 5)
			if !sat.Before(c.day) {
				sat = sat.AddDate(0, 0, -7)
			}
			return timeHit{span: dayRange(sat, 2), from: i, to: i + 2}, true
		case tenseFuture:
			return timeHit{span: dayRange(ws.AddDate(0, 0, 5), 2), from: i, to: i + 2}, true
		}
	}
	return timeHit{}, false
}

// relative matches expressions relative to the reference day.
func (c *timeScan) relative(i int) (timeHit, bool) {
	s := c.s
	switch n := s.norm(i); n {
	case "today", "tonight":
		return c.dayHit(i, i+1+partOfDay(s, i+1), 0), true
	case "yesterday":
		return c.dayHit(i, i+1+partOfDay(s, i+1), -1), true
	case "tomorrow":
		return c.dayHit(i, i+1+partOfDay(s, i+1), 1), true
	case "the":
		if s.seq(i+1, "day", "before", "yesterday") {
			return c.dayHit(i, i+4, -2), true
		}
		if s.seq(i+1, "day", "after", "tomorrow") {
			return c.dayHit(i, i+4, 2), true
		}
	case "earlier", "later":
		if s.is(i+1, "today", "tonight") {
			return c.dayHit(i, i+2, 0), true
		}
		if s.norm(i+1) == "this" {
			if h, ok := c.anchored(i+1, "this"); ok {
				h.from = i
				return h, true
			}
		}
	case "last", "this", "next":
		if s.norm(i-1) == "the" || s.norm(i-1) == "at" {
			return timeHit{}, false
		}
		if n == "this" && s.norm(i+1) == "past" {
			if h, ok := c.anchored(i+1, "last"); ok {
				h.from = i
				return h, true
			}
			return timeHit{}, false
		}
		return c.anchored(i, n)
	}
	if h, ok := c.ago(i); ok {
		return h, true
	}
	if wd, ok := weekdays[s.norm(i)]; ok && s.toks[i].cap && !s.toks[max(i-1, 0)].cap {
		return c.tensedWeekday(i, i, wd)
	}
	return timeHit{}, false
}

// dayHit is the day offset days from the reference day, matched by
// tokens [from, to).
func (c *timeScan) dayHit(from, to, offset int) timeHit {
	return timeHit{span: daySpan(c.day.AddDate(0, 0, offset)), from: from, to: to}
}

// partOfDay returns 1 when the token at i is a part of the day that may
// follow a day word ("yesterday morning", "Friday night").
func partOfDay(s *sentence, i int) int {
	if s.is(i, "morning", "afternoon", "evening", "night") {
		return 1
	}
	return 0
}

// anchored matches "last X", "this X" and "next X" at i, where the token
// at i is the anchor word and which is "last", "this" or "next".
func (c *timeScan) anchored(i int, which string) (timeHit, bool) {
	s := c.s
	n := s.norm(i + 1)
	to := i + 2
	ws := weekStart(c.day)
	hit := func(span ontology.TimeSpan) (timeHit, bool) { return timeHit{span: span, from: i, to: to}, true }
	switch n {
	case "night":
		if which == "last" {
			return hit(daySpan(c.day.AddDate(0, 0, -1)))
		}
	case "morning", "afternoon", "evening":
		if which == "this" {
			return hit(daySpan(c.day))
		}
	case "week":
		return hit(weekSpan(ws.AddDate(0, 0, 7*shift(which))))
	case "weekend":
		return hit(dayRange(ws.AddDate(0, 0, 5+7*shift(which)), 2))
	case "month":
		return hit(monthSpan(c.day.Year(), c.day.Month()+time.Month(shift(which))))
	case "year":
		return hit(yearSpan(c.day.Year() + shift(which)))
	}
	if fm, ok := seasons[n]; ok {
		switch which {
		case "last":
			return hit(pastSeasonEnded(fm, c.day))
		case "this":
			return hit(thisSeason(fm, c.day))
		default:
			next := thisSeason(fm, c.day)
			return hit(seasonSpan(fm, next.Start.Year()+1))
		}
	}
	if wd, ok := weekdays[n]; ok {
		to += partOfDay(s, to)
		return timeHit{span: anchoredWeekday(which, wd, c.day), from: i, to: to}, true
	}
	if m, ok := months[n]; ok {
		return hit(anchoredMonth(which, m, c.day))
	}
	return timeHit{}, false
}

// shift is the offset of an anchor word: last -1, this 0, next +1.
func shift(which string) int {
	switch which {
	case "last":
		return -1
	case "next":
		return 1
	}
	return 0
}

// anchoredWeekday resolves "last Friday" (the latest Friday strictly
// before day), "next Friday" (the first strictly after) and "this Friday"
// (the Friday of day's week).
func anchoredWeekday(which string, wd time.Weekday, day time.Time) ontology.TimeSpan {
	switch which {
	case "last":
		return daySpan(day.AddDate(0, 0, -daysBack(day.Weekday(), wd)))
	case "next":
		return daySpan(day.AddDate(0, 0, daysAhead(day.Weekday(), wd)))
	}
	return daySpan(weekStart(day).AddDate(0, 0, isoIndex(wd)))
}

// daysBack is how many days (1..7) before a day of weekday from the
// previous wd is.
func daysBack(from, wd time.Weekday) int {
	d := (int(from) - int(wd) + 7) % 7
	if d == 0 {
		d = 7
	}
	return d
}

// daysAhead is how many days (1..7) after a day of weekday from the next
// wd is.
func daysAhead(from, wd time.Weekday) int {
	d := (int(wd) - int(from) + 7) % 7
	if d == 0 {
		d = 7
	}
	return d
}

// isoIndex is wd's position in an ISO week: Monday 0 … Sunday 6.
func isoIndex(wd time.Weekday) int { return (int(wd) + 6) % 7 }

// anchoredMonth resolves "last May" (the latest May strictly before day's
// month), "next May" (the first strictly after) and "this May" (May of
// day's year).
func anchoredMonth(which string, m time.Month, day time.Time) ontology.TimeSpan {
	y := day.Year()
	switch which {
	case "last":
		if m >= day.Month() {
			y--
		}
	case "next":
		if m <= day.Month() {
			y++
		}
	}
	return monthSpan(y, m)
}

// tensedWeekday resolves a weekday without an anchor word by the tense of
// the sentence: past is the latest such day before the reference day,
// future the first after it. Tokens [from, i] hold the expression.
func (c *timeScan) tensedWeekday(from, i int, wd time.Weekday) (timeHit, bool) {
	to := i + 1 + partOfDay(c.s, i+1)
	switch c.tenseAt(i) {
	case tensePast:
		return timeHit{span: anchoredWeekday("last", wd, c.day), from: from, to: to}, true
	case tenseFuture:
		return timeHit{span: anchoredWeekday("next", wd, c.day), from: from, to: to}, true
	}
	return timeHit{}, false
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

// ago matches "N days/weeks/months/years ago", "a couple of weeks ago" and
// "a few days ago".
func (c *timeScan) ago(i int) (timeHit, bool) {
	n, approx, k, ok := countAt(c.s, i)
	if !ok {
		return timeHit{}, false
	}
	unit := unitOf(c.s.norm(i + k))
	if unit == "" || c.s.norm(i+k+1) != "ago" {
		return timeHit{}, false
	}
	return timeHit{span: countSpan(c.day, unit, -n, approx), from: i, to: i + k + 2}, true
}

// inCount matches "in N days/weeks/months/years" about the future, with
// the token at i being "in".
func (c *timeScan) inCount(i int) (timeHit, bool) {
	n, approx, k, ok := countAt(c.s, i+1)
	if !ok {
		return timeHit{}, false
	}
	unit := unitOf(c.s.norm(i + 1 + k))
	if unit == "" || c.tenseAt(i) == tensePast {
		return timeHit{}, false
	}
	return timeHit{span: countSpan(c.day, unit, n, approx), from: i, to: i + k + 2}, true
}

// countSpan is the unit n units from day (negative: before). An
// approximate count ("a few") covers two to five units away, with a
// coarser granularity.
func countSpan(day time.Time, unit string, n int, approx bool) ontology.TimeSpan {
	if approx {
		return approxSpan(day, unit, n < 0)
	}
	switch unit {
	case "day":
		return daySpan(day.AddDate(0, 0, n))
	case "week":
		return weekSpan(weekStart(day.AddDate(0, 0, 7*n)))
	case "month":
		return monthSpan(day.Year(), day.Month()+time.Month(n))
	}
	return yearSpan(day.Year() + n)
}

// approxSpan covers the units two to five before (or after) day.
func approxSpan(day time.Time, unit string, past bool) ontology.TimeSpan {
	lo, hi := 2, 5
	var sp ontology.TimeSpan
	switch unit {
	case "day":
		sp = ontology.TimeSpan{Start: day.AddDate(0, 0, -hi), End: day.AddDate(0, 0, -lo+1), Granularity: ontology.GranularityWeek}
		if !past {
			sp.Start, sp.End = day.AddDate(0, 0, lo), day.AddDate(0, 0, hi+1)
		}
	case "week":
		ws := weekStart(day)
		sp = ontology.TimeSpan{Start: ws.AddDate(0, 0, -7*hi), End: ws.AddDate(0, 0, -7*(lo-1)), Granularity: ontology.GranularityMonth}
		if !past {
			sp.Start, sp.End = ws.AddDate(0, 0, 7*lo), ws.AddDate(0, 0, 7*(hi+1))
		}
	case "month":
		ms := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC)
		sp = ontology.TimeSpan{Start: ms.AddDate(0, -hi, 0), End: ms.AddDate(0, -(lo - 1), 0), Granularity: ontology.GranularitySeason}
		if !past {
			sp.Start, sp.End = ms.AddDate(0, lo, 0), ms.AddDate(0, hi+1, 0)
		}
	default:
		y := day.Year()
		sp = ontology.TimeSpan{Start: yearStart(y - hi), End: yearStart(y - lo + 1), Granularity: ontology.GranularityYear}
		if !past {
			sp.Start, sp.End = yearStart(y+lo), yearStart(y+hi+1)
		}
	}
	return sp
}

// countAt reads a count at i: digits, a number word, "a"/"an" (one), "a
// couple (of)" (two), or "a few"/"several" (approximate). It returns the
// count, whether it is approximate and how many tokens it used.
func countAt(s *sentence, i int) (n int, approx bool, used int, ok bool) {
	switch w := s.norm(i); w {
	case "a", "an":
		switch s.norm(i + 1) {
		case "couple":
			if s.norm(i+2) == "of" {
				return 2, false, 3, true
			}
			return 2, false, 2, true
		case "few":
			return 3, true, 2, true
		}
		return 1, false, 1, true
	case "couple":
		if s.norm(i+1) == "of" {
			return 2, false, 2, true
		}
		return 2, false, 1, true
	case "few", "several":
		return 3, true, 1, true
	default:
		if v, ok := numberValue(w); ok && v > 0 && v < 1000 {
			return v, false, 1, true
		}
	}
	return 0, false, 0, false
}

// numberValue parses digits, number words and hyphenated tens
// ("twenty-five").
func numberValue(w string) (int, bool) {
	if v, err := strconv.Atoi(w); err == nil {
		return v, true
	}
	if v, ok := numberWords[w]; ok {
		return v, true
	}
	if tens, ones, found := strings.Cut(w, "-"); found {
		t, ok1 := numberWords[tens]
		o, ok2 := numberWords[ones]
		if ok1 && ok2 && t >= 20 && t%10 == 0 && o < 10 {
			return t + o, true
		}
	}
	return 0, false
}

// unitOf maps a (plural) time unit word to its singular, or "".
func unitOf(w string) string {
	switch w {
	case "day", "days":
		return "day"
	case "week", "weeks":
		return "week"
	case "month", "months":
		return "month"
	case "year", "years":
		return "year"
	}
	return ""
}

// isoDate matches a "2023-05-07" token.
func (c *timeScan) isoDate(i int) (timeHit, bool) {
	w := c.s.norm(i)
	if len(w) != 10 || w[4] != '-' || w[7] != '-' {
		return timeHit{}, false
	}
	y, err1 := strconv.Atoi(w[:4])
	m, err2 := strconv.Atoi(w[5:7])
	d, err3 := strconv.Atoi(w[8:])
	if err1 != nil || err2 != nil || err3 != nil || !validDate(y, m, d) {
		return timeHit{}, false
	}
	return timeHit{span: daySpan(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)), from: i, to: i + 1}, true
}

// monthAt reads a month name at i. Full names are accepted in lower case
// except "may" and "march", which are also common verbs; abbreviations
// ("Jan") only when abbrevOK and capitalised.
func monthAt(s *sentence, i int, abbrevOK bool) (time.Month, bool) {
	if i < 0 || i >= len(s.toks) {
		return 0, false
	}
	t := s.toks[i]
	if m, ok := months[t.norm]; ok {
		if (m == time.May || m == time.March) && !t.cap {
			return 0, false
		}
		return m, true
	}
	if m, ok := monthAbbrevs[t.norm]; ok && abbrevOK && t.cap {
		return m, true
	}
	return 0, false
}

// monthFirst matches "May 7, 2023", "May 7th", "May 2023", "May of 2023"
// and, after a preposition, a bare "May" or "early May" resolved by tense.
func (c *timeScan) monthFirst(i int, prepped bool) (timeHit, bool) {
	s := c.s
	start := i
	if prepped && s.is(i, "early", "late", "mid", "mid-") {
		i++
	}
	m, ok := monthAt(s, i, true)
	if !ok {
		return timeHit{}, false
	}
	j := i + 1
	if d, ok := dayValue(s.norm(j)); ok {
		k := j + 1
		if s.norm(k) == "," {
			k++
		}
		if y, ok := yearValue(s.norm(k)); ok {
			if !validDate(y, int(m), d) {
				return timeHit{}, false
			}
			return timeHit{span: daySpan(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)), from: start, to: k + 1}, true
		}
		if !c.hasRef || !validDate(2024, int(m), d) {
			return timeHit{}, false
		}
		if sp, ok := c.tensedDate(i, m, d); ok {
			return timeHit{span: sp, from: start, to: j + 1}, true
		}
		return timeHit{}, false
	}
	k := j
	if s.norm(k) == "of" || s.norm(k) == "," {
		k++
	}
	if y, ok := yearValue(s.norm(k)); ok {
		return timeHit{span: monthSpan(y, m), from: start, to: k + 1}, true
	}
	if _, full := months[s.norm(i)]; !prepped || !full || !c.hasRef {
		return timeHit{}, false
	}
	if sp, ok := c.tensedMonth(i, m); ok {
		return timeHit{span: sp, from: start, to: j}, true
	}
	return timeHit{}, false
}

// dayFirst matches "7 May 2023", "7th of May, 2023", "the 7th of May" and
// (resolved by tense) "7 May".
func (c *timeScan) dayFirst(i int) (timeHit, bool) {
	s := c.s
	start := i
	if s.norm(i) == "the" {
		i++
	}
	d, ok := dayValue(s.norm(i))
	if !ok {
		return timeHit{}, false
	}
	j := i + 1
	if s.norm(j) == "of" {
		j++
	}
	m, ok := monthAt(s, j, true)
	if !ok {
		return timeHit{}, false
	}
	k := j + 1
	if s.norm(k) == "," {
		k++
	}
	if y, ok := yearValue(s.norm(k)); ok {
		if !validDate(y, int(m), d) {
			return timeHit{}, false
		}
		return timeHit{span: daySpan(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)), from: start, to: k + 1}, true
	}
	if !c.hasRef || !validDate(2024, int(m), d) {
		return timeHit{}, false
	}
	if sp, ok := c.tensedDate(i, m, d); ok {
		return timeHit{span: sp, from: start, to: j + 1}, true
	}
	return timeHit{}, false
}

// seasonYear matches "summer 2021", "summer of 2021", "the summer of 2021".
func (c *timeScan) seasonYear(i int) (timeHit, bool) {
	s := c.s
	start := i
	if s.norm(i) == "the" {
		i++
	}
	fm, ok := seasons[s.norm(i)]
	if !ok {
		return timeHit{}, false
	}
	k := i + 1
	if s.norm(k) == "of" {
		k++
	}
	y, ok := yearValue(s.norm(k))
	if !ok {
		return timeHit{}, false
	}
	return timeHit{span: seasonSpan(fm, y), from: start, to: k + 1}, true
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

// Span constructors. All spans are UTC and half-open.

func daySpan(d time.Time) ontology.TimeSpan {
	return ontology.TimeSpan{Start: d, End: d.AddDate(0, 0, 1), Granularity: ontology.GranularityDay}
}

// dayRange is n whole days from d, at day granularity ("last weekend").
func dayRange(d time.Time, n int) ontology.TimeSpan {
	return ontology.TimeSpan{Start: d, End: d.AddDate(0, 0, n), Granularity: ontology.GranularityDay}
}

// weekStart is the Monday of d's ISO week.
func weekStart(d time.Time) time.Time { return d.AddDate(0, 0, -isoIndex(d.Weekday())) }

func weekSpan(monday time.Time) ontology.TimeSpan {
	return ontology.TimeSpan{Start: monday, End: monday.AddDate(0, 0, 7), Granularity: ontology.GranularityWeek}
}

// monthSpan is month m of year y; m may be out of range and is normalised
// (month 0 is December of the year before).
func monthSpan(y int, m time.Month) ontology.TimeSpan {
	start := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	return ontology.TimeSpan{Start: start, End: start.AddDate(0, 1, 0), Granularity: ontology.GranularityMonth}
}

func yearStart(y int) time.Time { return time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC) }

func yearSpan(y int) ontology.TimeSpan {
	return ontology.TimeSpan{Start: yearStart(y), End: yearStart(y + 1), Granularity: ontology.GranularityYear}
}

// seasonSpan is the season starting in month fm of year y (winter y runs
// from December y to February y+1).
func seasonSpan(fm time.Month, y int) ontology.TimeSpan {
	start := time.Date(y, fm, 1, 0, 0, 0, 0, time.UTC)
	return ontology.TimeSpan{Start: start, End: start.AddDate(0, 3, 0), Granularity: ontology.GranularitySeason}
}

// pastSeasonEnded is "last summer": the latest such season that has ended
// by day.
func pastSeasonEnded(fm time.Month, day time.Time) ontology.TimeSpan {
	for y := day.Year(); ; y-- {
		if sp := seasonSpan(fm, y); !sp.End.After(day) {
			return sp
		}
	}
}

// pastSeason is "(over) the summer" in a past sentence: the latest such
// season that has begun by day.
func pastSeason(fm time.Month, day time.Time) ontology.TimeSpan {
	for y := day.Year(); ; y-- {
		if sp := seasonSpan(fm, y); !sp.Start.After(day) {
			return sp
		}
	}
}

// comingSeason is "(over) the summer" in a future sentence: the current
// or next such season.
func comingSeason(fm time.Month, day time.Time) ontology.TimeSpan {
	for y := day.Year() - 1; ; y++ {
		if sp := seasonSpan(fm, y); sp.End.After(day) {
			return sp
		}
	}
}

// thisSeason is "this summer": the season of day's year, or for winter the
// winter that day is in or that starts this December.
func thisSeason(fm time.Month, day time.Time) ontology.TimeSpan {
	y := day.Year()
	if fm == time.December && day.Month() < time.March {
		y--
	}
	return seasonSpan(fm, y)
}
