package rules

import (
	"regexp"
	"strings"
	"testing"
)

func TestPrefilterLiteral(t *testing.T) {
	for _, c := range []struct {
		re   string
		want prefilter
	}{
		{`(?i)\b(work|works)\s+there\b`, prefilter{"there", true}},
		{`(?i)\bbeen\s+(?:there|with\s+them)\b`, prefilter{"been", true}},
		{`\bWorks at\b`, prefilter{"Works at", false}},
		{`(?i)\bits\b`, prefilter{}},  // "s" also matches "ſ", which lower-casing keeps
		{`(?i)\bkid\b`, prefilter{}},  // "k" also matches the Kelvin sign
		{`(?i)(?:a|b)+`, prefilter{}}, // no literal every match holds
		{`(?i)\b(?:x|y)there`, prefilter{"there", true}},
	} {
		if got := newPrefilter(regexp.MustCompile(c.re)); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.re, got, c.want)
		}
	}
	if want := (prefilter{"not", true}); notFilter != want {
		t.Errorf("notFilter = %+v, want %+v", notFilter, want)
	}
	for _, text := range []string{"*Lisbon", "Lisbon*", "Porto, NOT Lisbon", "no"} {
		if got, want := starFilter.findSubmatch(starRe, text), starRe.FindStringSubmatch(text); len(got) != len(want) {
			t.Errorf("starRe on %q: filtered %q, unfiltered %q", text, got, want)
		}
		if got, want := notFilter.findSubmatch(notRe, text), notRe.FindStringSubmatch(text); len(got) != len(want) {
			t.Errorf("notRe on %q: filtered %q, unfiltered %q", text, got, want)
		}
	}
}

// Every text a back-reference form matches passes its prefilter, whatever
// its case; texts without the literal are left out.
func TestPrefilterBackRefs(t *testing.T) {
	texts := []string{
		"my cousin Theo works there too", "MY BROTHER LIVES THERE", "we Moved There in May",
		"he went there for uni", "I did 3 yrs in sales there", "she interned there", "I've been with them since",
		"Dario plays for them", "she sings with them", "he joined them last year", "nothing of the kind here",
		"Been THERE", "worked for THEM",
	}
	matched := 0
	for _, text := range texts {
		lower := strings.ToLower(text)
		for i, f := range backRefForms {
			m := f.re.MatchString(text)
			if m {
				matched++
			}
			if m && !backRefFilters[i].mayMatch(text, lower) {
				t.Errorf("form %d matches %q but its prefilter %+v rejects it", i, text, backRefFilters[i])
			}
		}
	}
	if matched < 12 {
		t.Errorf("only %d matches: the texts no longer exercise the forms", matched)
	}
	if backRefFilters[0].mayMatch("nothing of the kind here", "nothing of the kind here") {
		t.Error("a text without the literal passes the prefilter")
	}
}
