package handlers_test

import (
	"math"
	"testing"
)

// TestEchoAndShortDiscounts asks about a dog one speaker adopted, told once
// and echoed by the other ("Wow, you adopted a greyhound!", two of its
// three content words in the turn before): echo_discount (default-echo50)
// scales the echo's score by 1 − 0.5 × 2/3 and touches no other turn (the
// telling turn has no turn before it; the others repeat nothing), and the
// length prior (default-short40w8) scales it, three content words of 8, by
// 1 − 0.4 × (1 − 3/8). Both presets are built on default-before-top
// (default before echo_discount), the baseline here; default itself
// (echo_discount 0.2) scales the echo by 1 − 0.2 × 2/3.
func TestEchoAndShortDiscounts(t *testing.T) {
	s := newHybridServer(t)
	s.ingest("c1", chat("greyhound-echo"))
	scores := func(config string) (map[any]float64, []map[string]any) {
		t.Helper()
		rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": "Who adopted a greyhound?", "config": config, "explain": true})
		if len(rs) == 0 {
			t.Fatalf("%s: no results", config)
		}
		out := map[any]float64{}
		for _, r := range rs {
			out[r["id"]] = r["score"].(float64)
		}
		return out, rs
	}
	base, _ := scores("default-before-top")
	if _, ok := base["2"]; !ok {
		t.Fatalf("default-before-top: the echo, turn 2, not found: %v", base)
	}
	echo, rs := scores("default-echo50")
	if got, want := echo["2"]/base["2"], 1-0.5*2.0/3; math.Abs(got-want) > 1e-9 {
		t.Errorf("echo50: the echo's score scaled by %v, want %v", got, want)
	}
	for _, r := range rs {
		ch := r["channels"].(map[string]any)
		if (r["id"] == "2") != (ch["echo"] != nil) {
			t.Errorf("turn %v: echo recorded %v, want it on the echo (turn 2) only", r["id"], ch["echo"])
		}
		if r["id"] != "2" && math.Abs(echo[r["id"]]-base[r["id"]]) > 1e-9 {
			t.Errorf("echo50: turn %v scored %v, default %v; want it untouched (as in default-before-top)", r["id"], echo[r["id"]], base[r["id"]])
		}
	}
	def, _ := scores("default")
	if got, want := def["2"]/base["2"], 1-0.2*2.0/3; math.Abs(got-want) > 1e-9 {
		t.Errorf("default: the echo's score scaled by %v, want %v", got, want)
	}
	short, _ := scores("default-short40w8")
	if got, want := short["2"]/base["2"], 1-0.4*(1-3.0/8); math.Abs(got-want) > 1e-9 {
		t.Errorf("short40w8: the echo's score scaled by %v, want %v", got, want)
	}
}
