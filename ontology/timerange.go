package ontology

import "time"

// MinTime and MaxTime bound every time Loci accepts, derives and returns:
// years 1 to 9999 in UTC. RFC 3339, and so encoding/json's time.Time, has
// four-digit years only, so a time outside could be stored (Neo4j's
// datetimes reach far beyond) but not written into a response.
var (
	MinTime = time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC)
	MaxTime = time.Date(9999, time.December, 31, 23, 59, 59, 999999999, time.UTC)
)

// InTimeRange reports whether t, whatever its zone, falls within [MinTime,
// MaxTime] once in UTC.
func InTimeRange(t time.Time) bool { return !t.Before(MinTime) && !t.After(MaxTime) }

// ClampTime returns t in UTC, moved to MinTime or MaxTime when it lies
// before or after them. Reads use it on stored times, so a value written
// before timestamps were checked in UTC still encodes.
func ClampTime(t time.Time) time.Time {
	switch {
	case t.Before(MinTime):
		return MinTime
	case t.After(MaxTime):
		return MaxTime
	}
	return t.UTC()
}

// SpanInRange reports whether the half-open span [Start, End) fits within
// years 1 to 9999: a span ending at 10000-01-01 does not, as its End
// could not be written. Derived spans that do not fit are dropped rather
// than cut, so a span always means the calendar unit it names.
func SpanInRange(sp TimeSpan) bool { return InTimeRange(sp.Start) && InTimeRange(sp.End) }

// TimeInRange returns t when it is nil or within range, and nil otherwise:
// an out-of-range validity bound is treated as unknown.
func TimeInRange(t *time.Time) *time.Time {
	if t == nil || InTimeRange(*t) {
		return t
	}
	return nil
}
