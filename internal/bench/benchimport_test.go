package bench

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// bareImport sends every non-empty session of every sample once, in order
// within its conversation, with the seq of its first turn, and stops at the
// first error.
func TestBareImportBatches(t *testing.T) {
	turns := func(ids ...string) []ontology.Turn {
		var out []ontology.Turn
		for _, id := range ids {
			out = append(out, ontology.Turn{ID: id, Speaker: "A", Text: id})
		}
		return out
	}
	samples := []extract.LoCoMoSample{
		{ID: "a", Sessions: []extract.LoCoMoSession{{ID: "1", Turns: turns("a1", "a2")}, {ID: "2"}, {ID: "3", Turns: turns("a3")}}},
		{ID: "b", Sessions: []extract.LoCoMoSession{{ID: "1", Turns: turns("b1", "b2", "b3")}, {ID: "2", Turns: turns("b4")}}},
	}
	var mu sync.Mutex
	got := map[string][]int64{}
	ids := map[string][]string{}
	_, err := bareImport(context.Background(), func(_ context.Context, tenant, conv string, seq int64, ts []ontology.Turn) error {
		if tenant != bareTenant {
			t.Errorf("tenant %q, want %q", tenant, bareTenant)
		}
		mu.Lock()
		defer mu.Unlock()
		got[conv] = append(got[conv], seq)
		for _, x := range ts {
			ids[conv] = append(ids[conv], x.ID)
		}
		return nil
	}, samples, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got["a"], []int64{0, 2}) || !slices.Equal(got["b"], []int64{0, 3}) {
		t.Errorf("first seqs per batch = %v, want a: [0 2], b: [0 3] (the empty session skipped)", got)
	}
	if !slices.Equal(ids["a"], []string{"a1", "a2", "a3"}) || !slices.Equal(ids["b"], []string{"b1", "b2", "b3", "b4"}) {
		t.Errorf("turns sent = %v, want each conversation's in order", ids)
	}

	boom := errors.New("boom")
	calls := 0
	_, err = bareImport(context.Background(), func(context.Context, string, string, int64, []ontology.Turn) error {
		mu.Lock()
		calls++
		mu.Unlock()
		return boom
	}, samples, 1)
	if !errors.Is(err, boom) || calls != 1 {
		t.Errorf("err %v after %d calls; want boom after one", err, calls)
	}
}

func TestMedianAndRatios(t *testing.T) {
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("median odd = %v", m)
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median even = %v", m)
	}
	if r := ratios([]float64{1, 3}, []float64{4, 4}); r != "25.0 %, 75.0 %" {
		t.Errorf("ratios = %q", r)
	}
}
