package lang

import (
	"time"

	"github.com/loci-memory/loci/ontology"
)

// The span constructors below build UTC, half-open calendar spans.

// daySpan is the day starting at d.
func daySpan(d time.Time) ontology.TimeSpan {
	return ontology.TimeSpan{Start: d, End: d.AddDate(0, 0, 1), Granularity: ontology.GranularityDay}
}

// dayRange is n whole days from d, at day granularity ("last weekend").
func dayRange(d time.Time, n int) ontology.TimeSpan {
	return ontology.TimeSpan{Start: d, End: d.AddDate(0, 0, n), Granularity: ontology.GranularityDay}
}

// weekStart is the Monday of d's ISO week.
func weekStart(d time.Time) time.Time { return d.AddDate(0, 0, -isoIndex(d.Weekday())) }

// weekSpan is the ISO week starting on monday.
func weekSpan(monday time.Time) ontology.TimeSpan {
	return ontology.TimeSpan{Start: monday, End: monday.AddDate(0, 0, 7), Granularity: ontology.GranularityWeek}
}

// monthSpan is month m of year y; m may be out of range and is normalised
// (month 0 is December of the year before).
func monthSpan(y int, m time.Month) ontology.TimeSpan {
	start := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	return ontology.TimeSpan{Start: start, End: start.AddDate(0, 1, 0), Granularity: ontology.GranularityMonth}
}

// yearStart is 1 January of year y.
func yearStart(y int) time.Time { return time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC) }

// yearSpan is the calendar year y.
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

// isoIndex is wd's position in an ISO week: Monday 0 … Sunday 6.
func isoIndex(wd time.Weekday) int { return (int(wd) + 6) % 7 }

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
