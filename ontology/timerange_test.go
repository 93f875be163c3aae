package ontology

import (
	"encoding/json"
	"testing"
	"time"
)

func TestTimeRange(t *testing.T) {
	west, east := time.FixedZone("-23:59", -(23*3600+59*60)), time.FixedZone("+23:59", 23*3600+59*60)
	cases := []struct {
		name    string
		t       time.Time
		in      bool
		clamped time.Time
	}{
		{"first instant", MinTime, true, MinTime},
		{"last instant", MaxTime, true, MaxTime},
		{"last second", time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC), true, time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)},
		{"year 10000 in UTC, 9999 in its zone", time.Date(9999, 12, 31, 23, 59, 59, 0, west), false, MaxTime},
		{"year 0 in UTC, 1 in its zone", time.Date(1, 1, 1, 0, 0, 0, 0, east), false, MinTime},
		{"a nanosecond early", MinTime.Add(-1), false, MinTime},
		{"year -1", time.Date(-1, 6, 1, 0, 0, 0, 0, time.UTC), false, MinTime},
		{"in range, another zone", time.Date(2023, 5, 8, 23, 0, 0, 0, east), true, time.Date(2023, 5, 8, 23, 0, 0, 0, east).UTC()},
	}
	for _, c := range cases {
		if got := InTimeRange(c.t); got != c.in {
			t.Errorf("%s: InTimeRange(%v) = %v", c.name, c.t, got)
		}
		got := ClampTime(c.t)
		if !got.Equal(c.clamped) || got.Location() != time.UTC {
			t.Errorf("%s: ClampTime(%v) = %v, want %v in UTC", c.name, c.t, got, c.clamped)
		}
		if _, err := json.Marshal(got); err != nil { // what clamping is for
			t.Errorf("%s: the clamped time does not encode: %v", c.name, err)
		}
		p := &c.t
		if got := TimeInRange(p); (got != nil) != c.in {
			t.Errorf("%s: TimeInRange = %v", c.name, got)
		}
	}
	if TimeInRange(nil) != nil {
		t.Error("TimeInRange(nil) is not nil")
	}
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		name       string
		start, end time.Time
		in         bool
	}{
		{"2023", day(2023, 1, 1), day(2024, 1, 1), true},
		{"year 1", day(1, 1, 1), day(2, 1, 1), true},
		{"year 9999", day(9999, 1, 1), day(10000, 1, 1), false},
		{"31 December 9999", day(9999, 12, 31), day(10000, 1, 1), false},
		{"year 0", day(0, 1, 1), day(1, 1, 1), false},
		{"the last day but one", day(9999, 12, 30), day(9999, 12, 31), true},
	} {
		if got := SpanInRange(TimeSpan{Start: c.start, End: c.end}); got != c.in {
			t.Errorf("SpanInRange(%s) = %v, want %v", c.name, got, c.in)
		}
	}
}

// TestSanitiseDropsOutOfRangeTimes: whatever an extractor returns (an LLM
// may answer "10000-01-01"), what is stored stays within years 1–9999.
func TestSanitiseDropsOutOfRangeTimes(t *testing.T) {
	ids := map[string]bool{"t1": true}
	al := EntityRef{Name: "Al", Type: EntityPerson}
	late, early, ok := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC), time.Date(2023, 5, 8, 0, 0, 0, 0, time.UTC)
	x := Extraction{
		Relations: []Relation{{Type: RelLivesIn, From: al, To: EntityRef{Name: "Paris", Type: EntityPlace}, SourceTurnIDs: []string{"t1"}, ValidFrom: &late, ValidTo: &ok}},
		Facts:     []Fact{{Subject: al, Statement: "Al moves to Paris.", SourceTurnIDs: []string{"t1"}, ValidFrom: &ok, ValidTo: &early}},
		Events: []Event{
			{What: "moves to Paris", SourceTurnIDs: []string{"t1"}, When: &TimeSpan{Start: time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), End: late}},
			{What: "moved to Oslo", SourceTurnIDs: []string{"t1"}, When: &TimeSpan{Start: early, End: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}},
			{What: "met Dana", SourceTurnIDs: []string{"t1"}, When: &TimeSpan{Start: ok, End: ok.AddDate(0, 0, 1)}},
		},
		Profile: []ProfileFact{{Subject: al, Topic: "basic_info", SubTopic: "location", Value: "Paris", SourceTurnIDs: []string{"t1"}, ValidFrom: &early}},
	}
	got, dropped := SanitiseExtraction(x, ids)
	if dropped != 0 || len(got.Relations) != 1 || len(got.Facts) != 1 || len(got.Events) != 3 || len(got.Profile) != 1 {
		t.Fatalf("items were dropped (%d), not only their times: %+v", dropped, got)
	}
	if r := got.Relations[0]; r.ValidFrom != nil || r.ValidTo == nil || !r.ValidTo.Equal(ok) {
		t.Errorf("relation validity %v–%v, want unknown–%v", r.ValidFrom, r.ValidTo, ok)
	}
	if f := got.Facts[0]; f.ValidTo != nil || f.ValidFrom == nil {
		t.Errorf("fact validity %v–%v", f.ValidFrom, f.ValidTo)
	}
	if got.Events[0].When != nil || got.Events[1].When != nil || got.Events[2].When == nil {
		t.Errorf("event times %v, %v, %v: want the two outside years 1–9999 dropped", got.Events[0].When, got.Events[1].When, got.Events[2].When)
	}
	if got.Profile[0].ValidFrom != nil {
		t.Errorf("profile valid_from %v kept", got.Profile[0].ValidFrom)
	}
	if _, err := json.Marshal(got); err != nil {
		t.Fatalf("sanitised extraction does not encode: %v", err)
	}
}
