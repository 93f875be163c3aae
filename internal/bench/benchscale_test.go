package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseSizes(t *testing.T) {
	got, err := parseSizes("10k, 100K,1m")
	if err != nil || len(got) != 3 || got[0] != 10000 || got[1] != 100000 || got[2] != 1000000 {
		t.Fatalf("parseSizes: %v %v", got, err)
	}
	for _, bad := range []string{"", "10x", "100k,10k", "0"} {
		if _, err := parseSizes(bad); err == nil {
			t.Errorf("parseSizes(%q): no error", bad)
		}
	}
}

func TestGeneratedSamplesHaveDistinctIDsAndQuestions(t *testing.T) {
	samples := generatedSamples(3, 600)
	if len(samples) != 3 {
		t.Fatalf("%d samples", len(samples))
	}
	for _, s := range samples {
		if n := s.TurnCount(); n != 600 {
			t.Errorf("%s: %d turns, want 600", s.ID, n)
		}
		ids := map[string]bool{}
		for _, ses := range s.Sessions {
			for _, tr := range ses.Turns {
				if ids[tr.ID] {
					t.Errorf("%s: turn id %s twice", s.ID, tr.ID)
				}
				ids[tr.ID] = true
			}
		}
		if len(s.Questions) == 0 {
			t.Errorf("%s: no questions", s.ID)
		}
	}
}

// The report says whether each target is met from the measured numbers.
func TestScaleReportTargets(t *testing.T) {
	r := scaleReport{Date: "2026-12-01", Server: "2026.08.1 community", Sizes: []scaleSize{{
		Turns: 500000, BigTurns: 50000, LociPeakRSSMiB: 310,
		Runs: []scaleRun{
			{Endpoint: "search", Scope: "conversation (600)", Clients: 1, N: 40, P50: 20},
			{Endpoint: "search", Scope: "conversation (big)", Clients: 1, N: 40, P50: 29},
			{Endpoint: "search", Scope: "tenant-wide", Clients: 1, N: 40, P50: 41},
		},
	}}}
	md := r.markdown("")
	for _, want := range []string{"1.45× its p50 in a 600-turn one (target ≤ 1.5×: met)", "41.0 ms (target ≤ 40 ms at 500k: not met)", "310 MiB (target ≤ 300 MB: not met)", "| 500000 | search | conversation (50000) |"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	dir := t.TempDir()
	png := filepath.Join(dir, "img", "scale.png")
	if err := r.write(dir, png); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(dir, "scale.json"), filepath.Join(dir, "scale.md"), png} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// settleAnchors calls the refresh until nothing is stale, counts what was
// rebuilt, and stops with an error when stale anchors cannot be rebuilt.
func TestSettleAnchors(t *testing.T) {
	left := 450
	n, err := settleAnchors(context.Background(), func(_ context.Context, limit int) (int, int, error) {
		k := min(left, limit)
		left -= k
		return k, k, nil
	})
	if err != nil || n != 450 || left != 0 {
		t.Fatalf("settleAnchors = %d, %v (left %d); want 450 rebuilt", n, err, left)
	}
	calls := 0
	_, err = settleAnchors(context.Background(), func(context.Context, int) (int, int, error) {
		calls++
		return 3, 0, nil
	})
	if err == nil || calls != 1 {
		t.Fatalf("stuck anchors: err %v after %d calls; want an error after one", err, calls)
	}
}
