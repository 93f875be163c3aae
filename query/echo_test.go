package query

import (
	"math"
	"testing"
)

func TestEchoShare(t *testing.T) {
	for _, c := range []struct {
		text, prev string
		want       float64
	}{
		{"Wow, you adopted a greyhound!", "Last month we adopted a greyhound.", 2.0 / 3},
		{"Wow, adopting greyhounds is great", "I adopted a greyhound", 2.0 / 4},
		{"She sleeps on the sofa.", "I adopted a dog", 0},
		{"Yes!", "I adopted a dog", 0},
	} {
		if got := EchoShare(c.text, c.prev); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("EchoShare(%q, %q) = %v, want %v (words %v / %v)", c.text, c.prev, got, c.want, ContentWords(c.text), ContentWords(c.prev))
		}
	}
}

func TestShortFactor(t *testing.T) {
	if got := ShortFactor("Wow, you adopted a greyhound!", 0.4, 8); math.Abs(got-(1-0.4*(1-3.0/8))) > 1e-9 {
		t.Errorf("three content words of 8: %v", got)
	}
	if got := ShortFactor("one two three four five six seven eight nine", 0.4, 8); got != 1 {
		t.Errorf("long turn: %v, want 1", got)
	}
	if got := ShortFactor("hi", 0, 8); got != 1 {
		t.Errorf("off: %v, want 1", got)
	}
}
