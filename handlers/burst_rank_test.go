package handlers_test

import (
	"strings"
	"testing"
)

// burstChat ingests the chat "hiking-burst": Rosa telling about one hike
// in three messages sent seconds apart (one burst, turns 1-3), Ivan
// answering, Rosa hours later mentioning the mountains again in a message
// of its own (turn 5), and messages on other things.
func burstChat(s *server) { s.ingest("c1", chat("hiking-burst")) }

func inBurst(r map[string]any) bool { return r["id"] == "1" || r["id"] == "2" || r["id"] == "3" }

// TestBurstCollapseGivesTheNextPlaceToAnotherResult: without burst_collapse
// the burst's messages take the first places together; with it the best
// of them keeps first place and the lone message moves up to second, the
// others recorded as "same_burst".
func TestBurstCollapseGivesTheNextPlaceToAnotherResult(t *testing.T) {
	s := newHybridServer(t)
	burstChat(s)
	q := "Where did Rosa go hiking in the mountains?"
	rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": q, "config": "default-before-gap", "explain": true})
	if len(rs) < 3 || !inBurst(rs[0]) || !inBurst(rs[1]) {
		t.Fatalf("default-before-gap: %v, want two of the burst's messages first (the contrast this test relies on)", ids(rs))
	}
	// default-collapse100 is default-before-gap with burst_collapse 1;
	// default-bmfr-c (the default before burst_collapse 0.5) has it too,
	// beside the members_only burst channels.
	for _, config := range []string{"default-collapse100", "default-bmfr-c"} {
		rs, _ = s.search(map[string]any{"conversation_id": "c1", "query": q, "config": config, "explain": true})
		if len(rs) < 3 || !inBurst(rs[0]) || rs[1]["id"] != "5" {
			t.Fatalf("%s: %v, want one of the burst's messages, then turn 5", config, ids(rs))
		}
		for i, r := range rs {
			ch := r["channels"].(map[string]any)
			if (i > 0 && inBurst(r)) != (ch["same_burst"] != nil) {
				t.Errorf("%s: turn %v at %d: same_burst %v, want it on the burst's lower messages only", config, r["id"], i+1, ch["same_burst"])
			}
		}
	}
}

// TestDefaultKeepsHalfTheScoreOfABurstsLowerMessages: default's
// burst_collapse 0.5 scales a message scored below another message of its
// burst by half instead of dropping it: each lower message keeps a score
// above 0 and at most half the burst's best (its own fused score is at
// most the best's), while without the collapse (default-no-collapse) a
// lower message scores above that half, so the check tells the three
// settings apart. Read on default-before-window, default without its
// context-window channels (query's TestDefaultIsTheMeasuredConfig ties
// the two). Each search is judged on its own: full-text statistics move
// between two searches while other tests write to a fresh database.
func TestDefaultKeepsHalfTheScoreOfABurstsLowerMessages(t *testing.T) {
	s := newHybridServer(t)
	burstChat(s)
	q := "Where did Rosa go hiking in the mountains?"
	check := func(config string, wantHalved bool) {
		t.Helper()
		rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": q, "config": config, "explain": true, "limit": 50})
		best, lower := 0.0, []float64{}
		for _, r := range rs {
			if !inBurst(r) {
				continue
			}
			if r["channels"].(map[string]any)["same_burst"] != nil {
				lower = append(lower, r["score"].(float64))
			} else {
				best = max(best, r["score"].(float64))
			}
		}
		if !wantHalved {
			if len(lower) != 0 {
				t.Errorf("%s: %d messages marked same_burst, want none", config, len(lower))
			}
			return
		}
		if len(lower) != 2 {
			t.Fatalf("%s: %d messages scaled down, want the burst's two lower messages: %v", config, len(lower), ids(rs))
		}
		for _, l := range lower {
			if l <= 0 || l > best/2+1e-9 {
				t.Errorf("%s: a lower message scores %v beside the burst's best %v, want above 0 and at most half", config, l, best)
			}
		}
	}
	check("default-before-window", true)
	check("default-no-collapse", false)
	// Without the collapse, the burst's lower messages score above half
	// its best: what the halving is seen against.
	rs, _ := s.search(map[string]any{"conversation_id": "c1", "query": q, "config": "default-no-collapse", "explain": true, "limit": 50})
	var scores []float64
	for _, r := range rs {
		if inBurst(r) {
			scores = append(scores, r["score"].(float64))
		}
	}
	if len(scores) != 3 || scores[1] <= scores[0]/2 || scores[2] <= scores[0]/2 {
		t.Errorf("default-no-collapse: the burst scores %v, want its three messages, the lower two above half the best", scores)
	}
}

// TestMembersOnlyBurstChannelsLiftWithoutAddingResults: members_only burst
// channels (default-bmf: default-before-gap with them) add no result (no
// burst, no turn the turn channels missed) and add their score to the
// burst's messages.
func TestMembersOnlyBurstChannelsLiftWithoutAddingResults(t *testing.T) {
	s := newHybridServer(t)
	burstChat(s)
	q := "Where did Rosa go hiking in the mountains?"
	score, lifted := scoresBeside(t, s, q, "default-before-gap", "default-bmf")
	for _, r := range lifted {
		if r["kind"] != "turn" {
			t.Fatalf("members_only added a %v result: %v", r["kind"], r)
		}
		was, ok := score[r["id"]]
		if !ok {
			t.Fatalf("members_only added turn %v", r["id"])
		}
		ch := r["channels"].(map[string]any)
		lift := r["score"].(float64) - was
		if inBurst(r) != (ch["bursts_fulltext"] != nil) {
			t.Errorf("turn %v: bursts_fulltext %v, want it on the burst's messages only", r["id"], ch["bursts_fulltext"])
		}
		if inBurst(r) && lift <= 0 {
			t.Errorf("turn %v: score %v → %v, want a lift on the burst's messages", r["id"], was, r["score"])
		}
		// Other turns get nothing from a burst channel. (Judged on the
		// search's own explain, not by comparing scores with the first
		// search: full-text statistics move between two searches while
		// other tests write to a fresh database.)
		for name := range ch {
			if !inBurst(r) && strings.HasPrefix(name, "bursts_") {
				t.Errorf("turn %v: channel %s scored a turn outside the burst", r["id"], name)
			}
		}
	}
}

// scoresBeside runs q in conversation c1 under config base and then under
// config other, which must return the same number of results; it returns
// base's score per result id and other's results.
func scoresBeside(t *testing.T, s *server, q, base, other string) (map[any]float64, []map[string]any) {
	t.Helper()
	baseRs, _ := s.search(map[string]any{"conversation_id": "c1", "query": q, "config": base, "explain": true, "limit": 50})
	otherRs, _ := s.search(map[string]any{"conversation_id": "c1", "query": q, "config": other, "explain": true, "limit": 50})
	score := map[any]float64{}
	for _, r := range baseRs {
		score[r["id"]] = r["score"].(float64)
	}
	if len(otherRs) != len(baseRs) {
		t.Fatalf("%s: %v, %s: %v: want the same results", other, ids(otherRs), base, ids(baseRs))
	}
	return score, otherRs
}

func ids(rs []map[string]any) []any {
	var out []any
	for _, r := range rs {
		out = append(out, r["id"])
	}
	return out
}
