package ontology

import (
	"testing"
	"time"
)

func TestParseTimeView(t *testing.T) {
	v, err := ParseTimeView("2023-05-08T13:56:00+02:00", "")
	if err != nil || v.AsOf == nil || !v.AsOf.Equal(time.Date(2023, 5, 8, 11, 56, 0, 0, time.UTC)) || v.KnownAt != nil {
		t.Fatalf("ParseTimeView = %+v, %v", v, err)
	}
	if v, err := ParseTimeView("", ""); err != nil || !v.IsZero() {
		t.Fatalf("empty = %+v, %v", v, err)
	}
	for _, bad := range [][2]string{{"yesterday", ""}, {"2023-05-08", ""}, {"", "2023-13-01T00:00:00Z"},
		{"0001-01-01T00:00:00+01:00", ""}, {"", "9999-12-31T23:00:00-02:00"}} {
		_, err := ParseTimeView(bad[0], bad[1])
		if ErrorCode(err) != EValidation {
			t.Errorf("ParseTimeView(%q, %q) = %v, want a validation error", bad[0], bad[1], err)
		}
	}
	if v, err := ParseTimeView("0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"); err != nil || v.AsOf == nil || v.KnownAt == nil {
		t.Errorf("the range's own ends = %+v, %v, want both accepted", v, err)
	}
	params := v.Params(nil)
	if params["as_of"] == nil || params["known_at"] != nil {
		t.Fatalf("params = %v", params)
	}
}

func TestRelationState(t *testing.T) {
	end := time.Date(2023, 6, 1, 0, 0, 0, 0, time.UTC)
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	before, at := end.Add(-time.Hour), end
	cases := []struct {
		view  TimeView
		to    *time.Time
		state string
	}{
		{TimeView{}, nil, StateCurrent},
		{TimeView{}, &end, StatePast},
		{TimeView{AsOf: &before}, &end, StateCurrent},
		{TimeView{AsOf: &at}, &end, StatePast}, // valid_to is exclusive
	}
	for i, c := range cases {
		if got := c.view.RelationState(c.to, now); got != c.state {
			t.Errorf("case %d: %s, want %s", i, got, c.state)
		}
	}
}

func TestRankPaths(t *testing.T) {
	typed := RelationEdge{Kind: EdgeTyped}
	co := RelationEdge{Kind: EdgeCoMention}
	ps := []Path{
		{Edges: []RelationEdge{co}},               // co-mention, 1
		{Edges: []RelationEdge{typed, typed, co}}, // co-mention, 3
		{Edges: []RelationEdge{typed, typed, typed}},
		{Edges: []RelationEdge{co, co}}, // co-mention, 2, two steps
		{Edges: []RelationEdge{typed, co}},
		{Edges: []RelationEdge{typed, typed}},
	}
	RankPaths(ps)
	want := []struct {
		kind        string
		length, cos int
	}{{EdgeTyped, 2, 0}, {EdgeTyped, 3, 0}, {EdgeCoMention, 1, 1}, {EdgeCoMention, 2, 1}, {EdgeCoMention, 2, 2}, {EdgeCoMention, 3, 1}}
	for i, w := range want {
		if ps[i].Kind != w.kind || ps[i].Length != w.length || coMentions(ps[i].Edges) != w.cos {
			t.Errorf("path %d = %s/%d/%d, want %s/%d/%d", i, ps[i].Kind, ps[i].Length, coMentions(ps[i].Edges), w.kind, w.length, w.cos)
		}
	}
}

func TestCheckInstant(t *testing.T) {
	for s, ok := range map[string]bool{"2023-05-08T13:56:00Z": true, "0001-01-01T00:00:00Z": true, "9999-12-31T23:59:59.999Z": true,
		"2023-05-08T13:56:00+23:59": true, "2023-05-08T13:56:00+24:00": false, "2023-05-08T13:56:00-30:00": false,
		"0001-01-01T00:00:00+00:01": false, "9999-12-31T23:59:59-00:01": false} {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil { // Go's parser refuses offsets past 24 hours itself
			if ok {
				t.Errorf("%s: %v", s, err)
			}
			continue
		}
		if err := CheckInstant("as_of", tm); (err == nil) != ok {
			t.Errorf("CheckInstant(%s) = %v, want ok %v", s, err, ok)
		}
		v := TimeView{AsOf: &tm}
		if err := v.Check(); (err == nil) != ok || (err != nil && ErrorCode(err) != EValidation) {
			t.Errorf("TimeView{AsOf: %s}.Check() = %v, want ok %v", s, err, ok)
		}
	}
}
