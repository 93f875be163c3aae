package lang

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
// Spans that do not fit within years 1 to 9999 (ontology.SpanInRange),
// such as "tomorrow" on 9999-12-31, are left out.
//
// With a zero ref only absolute expressions ("May 7, 2023", "2023-05-07",
// "in 2022", "May 2023") are resolved. Expressions whose meaning depends on
// tense ("in May", "on Friday") are resolved only when the sentence is
// clearly about the past or the future.
func ResolveTime(text string, ref time.Time) []TimeSpanMatch {
	var out []TimeSpanMatch
	for _, s := range SplitSentences(Tokenize(text)) {
		out = append(out, resolveSentence(text, &s, ref)...)
	}
	return out
}

// resolveSentence returns the time expressions of one sentence of text.
func resolveSentence(text string, s *Sentence, ref time.Time) []TimeSpanMatch {
	hits := ScanTimes(text, s, ref)
	out := make([]TimeSpanMatch, len(hits))
	for i, h := range hits {
		out[i] = TimeSpanMatch{Span: h.Span, Start: s.Toks[h.From].Start, End: s.Toks[h.To-1].End}
	}
	return out
}

// ScanTimes returns the time expressions of one sentence, left to right,
// each with its phrase set from text.
func ScanTimes(text string, s *Sentence, ref time.Time) []TimeHit {
	c := newTimeScan(s, ref)
	var out []TimeHit
	for i := 0; i < len(s.Toks); {
		if !mayStartTime(s.Toks[i].Norm) {
			i++
			continue
		}
		h, ok := c.at(i)
		if !ok {
			i++
			continue
		}
		i = h.To
		if !ontology.SpanInRange(h.Span) {
			// "next year" on 9999-12-31: a span Loci could not return.
			// Its words are used up all the same, so no shorter reading
			// of them is matched instead.
			continue
		}
		h.Span.Phrase = text[s.Toks[h.From].Start:s.Toks[h.To-1].End]
		out = append(out, h)
	}
	return out
}

// timeStarters are the words a time expression may begin with, besides
// digits, months, weekdays, seasons and number words.
var timeStarters = Words(`in on since during around over at back today tonight yesterday tomorrow the
	earlier later last this next a an couple few several early late mid`)

// mayStartTime reports whether a time expression may begin with w; most
// words are skipped with one map lookup.
func mayStartTime(w string) bool {
	if w == "" {
		return false
	}
	if c := w[0]; c >= '0' && c <= '9' {
		return true
	}
	if timeStarters[w] || NumberWords[w] > 0 {
		return true
	}
	if _, ok := Months[w]; ok {
		return true
	}
	if _, ok := monthAbbrevs[w]; ok {
		return true
	}
	if _, ok := Weekdays[w]; ok {
		return true
	}
	_, ok := seasons[w]
	return ok || strings.Contains(w, "-")
}

// tense is what a sentence says about when things happen.
type tense int

// Tenses.
const (
	tenseUnknown tense = iota
	tensePast
	tenseFuture
)

// timeScan holds one sentence and its reference day while its time
// expressions are matched.
type timeScan struct {
	s      *Sentence
	hasRef bool
	day    time.Time // the reference day, 00:00 UTC
	tense  tense
	tensed bool // tense has been computed
}

// TimeHit is a matched expression: its span and its tokens [from, to).
type TimeHit struct {
	Span     ontology.TimeSpan
	From, To int
}

// newTimeScan prepares the scan of s against ref (zero: no reference).
func newTimeScan(s *Sentence, ref time.Time) *timeScan {
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
		c.tense = tenseOf(c.s, 0, len(c.s.Toks))
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
func clauseAround(s *Sentence, i int) (int, int) {
	isEdge := func(k int) bool {
		t := s.Toks[k]
		return !t.Word || t.Norm == "and" || t.Norm == "but" || t.Norm == "so" || t.Norm == "because"
	}
	from := i
	for from > 0 && !isEdge(from-1) {
		from--
	}
	to := i
	for to < len(s.Toks) && !isEdge(to) {
		to++
	}
	return from, to
}

// at tries every expression form at token i.
func (c *timeScan) at(i int) (TimeHit, bool) {
	t := c.s.Toks[i]
	if !t.Word {
		return TimeHit{}, false
	}
	if p := c.prepLen(i); p > 0 {
		if h, ok := c.calendar(i+p, t.Norm); ok {
			h.From = i
			return h, true
		}
		if t.Norm == "in" && c.hasRef {
			if h, ok := c.inCount(i); ok {
				return h, true
			}
		}
		return TimeHit{}, false
	}
	if h, ok := c.calendar(i, ""); ok {
		return h, true
	}
	if !c.hasRef {
		return TimeHit{}, false
	}
	return c.relative(i)
}

// prepLen returns how many tokens of calendar preposition start at i
// ("in", "on", "since", "back in", "over"), or 0.
func (c *timeScan) prepLen(i int) int {
	switch c.s.Norm(i) {
	case "in", "on", "since", "during", "around", "over", "at":
		return 1
	case "back":
		if c.s.Norm(i+1) == "in" {
			return 2
		}
	}
	return 0
}

// relative matches expressions relative to the reference day.
func (c *timeScan) relative(i int) (TimeHit, bool) {
	s := c.s
	switch n := s.Norm(i); n {
	case "today", "tonight":
		return c.dayHit(i, i+1+partOfDay(s, i+1), 0), true
	case "yesterday":
		return c.dayHit(i, i+1+partOfDay(s, i+1), -1), true
	case "tomorrow":
		return c.dayHit(i, i+1+partOfDay(s, i+1), 1), true
	case "the":
		if s.Seq(i+1, "day", "before", "yesterday") {
			return c.dayHit(i, i+4, -2), true
		}
		if s.Seq(i+1, "day", "after", "tomorrow") {
			return c.dayHit(i, i+4, 2), true
		}
	case "earlier", "later":
		if s.Is(i+1, "today", "tonight") {
			return c.dayHit(i, i+2, 0), true
		}
		if s.Norm(i+1) == "this" {
			if h, ok := c.anchored(i+1, "this"); ok {
				h.From = i
				return h, true
			}
		}
	case "last", "this", "next":
		if s.Norm(i-1) == "the" || s.Norm(i-1) == "at" {
			return TimeHit{}, false
		}
		if n == "this" && s.Norm(i+1) == "past" {
			if h, ok := c.anchored(i+1, "last"); ok {
				h.From = i
				return h, true
			}
			return TimeHit{}, false
		}
		return c.anchored(i, n)
	}
	if h, ok := c.ago(i); ok {
		return h, true
	}
	if wd, ok := Weekdays[s.Norm(i)]; ok && s.Toks[i].Cap && !(i > 0 && s.Toks[i-1].Word && s.Toks[i-1].Cap) {
		return c.tensedWeekday(i, i, wd)
	}
	return TimeHit{}, false
}

// dayHit is the day offset days from the reference day, matched by
// tokens [from, to).
func (c *timeScan) dayHit(from, to, offset int) TimeHit {
	return TimeHit{Span: daySpan(c.day.AddDate(0, 0, offset)), From: from, To: to}
}

// partOfDay returns 1 when the token at i is a part of the day that may
// follow a day word ("yesterday morning", "Friday night").
func partOfDay(s *Sentence, i int) int {
	if s.Is(i, "morning", "afternoon", "evening", "night") {
		return 1
	}
	return 0
}

// anchored matches "last X", "this X" and "next X" at i, where the token
// at i is the anchor word and which is "last", "this" or "next".
func (c *timeScan) anchored(i int, which string) (TimeHit, bool) {
	s := c.s
	n := s.Norm(i + 1)
	to := i + 2
	ws := weekStart(c.day)
	hit := func(span ontology.TimeSpan) (TimeHit, bool) { return TimeHit{Span: span, From: i, To: to}, true }
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
	if wd, ok := Weekdays[n]; ok {
		to += partOfDay(s, to)
		return TimeHit{Span: anchoredWeekday(which, wd, c.day), From: i, To: to}, true
	}
	if m, ok := monthAt(s, i+1, false); ok {
		return hit(anchoredMonth(which, m, c.day))
	}
	return TimeHit{}, false
}

// tensedWeekday resolves a weekday without an anchor word by the tense of
// the sentence: past is the latest such day before the reference day,
// future the first after it. Tokens [from, i] hold the expression.
func (c *timeScan) tensedWeekday(from, i int, wd time.Weekday) (TimeHit, bool) {
	to := i + 1 + partOfDay(c.s, i+1)
	switch c.tenseAt(i) {
	case tensePast:
		return TimeHit{Span: anchoredWeekday("last", wd, c.day), From: from, To: to}, true
	case tenseFuture:
		return TimeHit{Span: anchoredWeekday("next", wd, c.day), From: from, To: to}, true
	}
	return TimeHit{}, false
}

// ago matches "N days/weeks/months/years ago", "a couple of weeks ago" and
// "a few days ago".
func (c *timeScan) ago(i int) (TimeHit, bool) {
	n, approx, k, ok := countAt(c.s, i)
	if !ok {
		return TimeHit{}, false
	}
	unit := unitOf(c.s.Norm(i + k))
	if unit == "" || c.s.Norm(i+k+1) != "ago" {
		return TimeHit{}, false
	}
	return TimeHit{Span: countSpan(c.day, unit, -n, approx), From: i, To: i + k + 2}, true
}

// inCount matches "in N days/weeks/months/years" about the future, with
// the token at i being "in".
func (c *timeScan) inCount(i int) (TimeHit, bool) {
	n, approx, k, ok := countAt(c.s, i+1)
	if !ok {
		return TimeHit{}, false
	}
	unit := unitOf(c.s.Norm(i + 1 + k))
	if unit == "" || c.tenseAt(i) == tensePast {
		return TimeHit{}, false
	}
	return TimeHit{Span: countSpan(c.day, unit, n, approx), From: i, To: i + k + 2}, true
}

// countAt reads a count at i: digits, a number word, "a"/"an" (one), "a
// couple (of)" (two), or "a few"/"several" (approximate). It returns the
// count, whether it is approximate and how many tokens it used.
func countAt(s *Sentence, i int) (n int, approx bool, used int, ok bool) {
	switch w := s.Norm(i); w {
	case "a", "an":
		switch s.Norm(i + 1) {
		case "couple":
			if s.Norm(i+2) == "of" {
				return 2, false, 3, true
			}
			return 2, false, 2, true
		case "few":
			return 3, true, 2, true
		}
		return 1, false, 1, true
	case "couple":
		if s.Norm(i+1) == "of" {
			return 2, false, 2, true
		}
		return 2, false, 1, true
	case "few", "several":
		return 3, true, 1, true
	default:
		if v, ok := NumberValue(w); ok && v > 0 && v < 1000 {
			return v, false, 1, true
		}
	}
	return 0, false, 0, false
}

// NumberValue parses digits, number words and hyphenated tens
// ("twenty-five").
func NumberValue(w string) (int, bool) {
	if v, err := strconv.Atoi(w); err == nil {
		return v, true
	}
	if v, ok := NumberWords[w]; ok {
		return v, true
	}
	if tens, ones, found := strings.Cut(w, "-"); found {
		t, ok1 := NumberWords[tens]
		o, ok2 := NumberWords[ones]
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
