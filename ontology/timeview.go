package ontology

import (
	"strings"
	"time"
)

// TimeView is the point in time a read looks from (bi-temporal). AsOf is
// valid time, "what was true then": an item counts when valid_from ≤ AsOf <
// valid_to (a missing bound is open), a turn when its timestamp ≤ AsOf.
// KnownAt is record time, "what had Loci been told by then": an item counts
// when it was stored (created_at) at or before KnownAt; items stored before
// record times were kept count as always known. Nil fields look from now.
type TimeView struct {
	AsOf    *time.Time `json:"as_of,omitempty"`
	KnownAt *time.Time `json:"known_at,omitempty"`
}

// IsZero reports whether v looks from now (neither bound set).
func (v TimeView) IsZero() bool { return v.AsOf == nil && v.KnownAt == nil }

// Params are v's Cypher parameters, as_of and known_at (nil when unset),
// added to params (a new map when params is nil).
func (v TimeView) Params(params map[string]any) map[string]any {
	if params == nil {
		params = map[string]any{}
	}
	params["as_of"], params["known_at"] = timeParam(v.AsOf), timeParam(v.KnownAt)
	return params
}

func timeParam(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// ParseTimeView reads as_of and known_at given as RFC 3339 text (an empty
// string leaves the bound unset).
func ParseTimeView(asOf, knownAt string) (TimeView, error) {
	var v TimeView
	var err error
	if v.AsOf, err = ParseInstant("as_of", asOf); err != nil {
		return TimeView{}, err
	}
	if v.KnownAt, err = ParseInstant("known_at", knownAt); err != nil {
		return TimeView{}, err
	}
	return v, nil
}

// ParseInstant reads one RFC 3339 time named what; "" is nil. A time whose
// UTC year falls outside 1 to 9999 (0001-01-01T00:00:00+01:00 is in year 0)
// is refused as a turn timestamp is: no read may compare against it.
func ParseInstant(what, s string) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return nil, Errorf(EValidation, "%s %q is not an RFC 3339 time (like 2023-05-08T13:56:00Z)", what, Truncate(s, 64))
	}
	if err := CheckInstant(what, t); err != nil {
		return nil, err
	}
	t = t.UTC()
	return &t, nil
}

// CheckInstant refuses a time named what that Go's RFC 3339 parser
// accepts but Loci cannot use: an offset of 24 hours or more (RFC 3339
// allows hours 00 to 23), or a UTC year outside 1 to 9999.
func CheckInstant(what string, t time.Time) error {
	if _, off := t.Zone(); off <= -24*3600 || off >= 24*3600 {
		return Errorf(EValidation, "%s %s has an offset of 24 hours or more; RFC 3339 offsets run from -23:59 to +23:59", what, t.Format(time.RFC3339Nano))
	}
	if !InTimeRange(t) {
		return Errorf(EValidation, "%s %s is in year %d in UTC; it must fall within years 1 to 9999 in UTC", what, t.Format(time.RFC3339Nano), t.UTC().Year())
	}
	return nil
}

// Check refuses a view decoded from a JSON body (the as_of and known_at
// of a search or context request) that ParseTimeView would refuse: the
// JSON decoder checks the RFC 3339 syntax only.
func (v TimeView) Check() error {
	for _, b := range []struct {
		what string
		t    *time.Time
	}{{"as_of", v.AsOf}, {"known_at", v.KnownAt}} {
		if b.t != nil {
			if err := CheckInstant(b.what, *b.t); err != nil {
				return err
			}
		}
	}
	return nil
}

// Relation states, relative to a TimeView's AsOf (or now).
const (
	StateCurrent = "current"
	StatePast    = "past"
)

// RelationState says whether a relation valid until validTo (nil: open)
// still held at the view's time (AsOf, or now when unset): "past" once
// validTo ≤ that time, else "current".
func (v TimeView) RelationState(validTo *time.Time, now time.Time) string {
	at := now
	if v.AsOf != nil {
		at = *v.AsOf
	}
	if validTo != nil && !validTo.After(at) {
		return StatePast
	}
	return StateCurrent
}
