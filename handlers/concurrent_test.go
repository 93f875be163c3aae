package handlers_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// TestConcurrentOverlappingBatches: batches of one conversation sent at
// once, their turn ids overlapping, store each turn once, and every turn
// a batch acknowledged is readable.
func TestConcurrentOverlappingBatches(t *testing.T) {
	s := newServer(t)
	const batches, size, step = 4, 40, 20
	for round := range 3 {
		conv := fmt.Sprintf("race-%d", round)
		var wg sync.WaitGroup
		created := make([]float64, batches)
		for i := range batches {
			turns := make([]map[string]any, size)
			for k := range turns {
				n := i*step + k
				turns[k] = map[string]any{"id": fmt.Sprint(n), "session": "1", "speaker": []string{"Sam", "Ria"}[n%2],
					"text": fmt.Sprintf("Turn %d is about topic %d.", n, n%7)}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, body := s.do("POST", "/v1/conversations/"+conv+"/turns", map[string]any{"turns": turns})
				if code/100 != 2 {
					t.Errorf("batch %d of %s: %d %v", i, conv, code, body)
					return
				}
				created[i] = body["created"].(float64)
			}()
		}
		wg.Wait()
		want := (batches-1)*step + size
		total := 0.0
		for _, c := range created {
			total += c
		}
		code, body := s.do("GET", "/v1/conversations/"+conv+"/turns?limit=1000", nil)
		turns, _ := body["turns"].([]any)
		seen := map[string]int{}
		for _, tr := range turns {
			seen[tr.(map[string]any)["id"].(string)]++
		}
		if code != http.StatusOK || len(turns) != want || len(seen) != want || int(total) != want {
			t.Fatalf("%s: %d turns (%d distinct) readable, %v created in all, want %d each: %d", conv, len(turns), len(seen), total, want, code)
		}
		if n := s.turnCount(conv); int(n) != want {
			t.Fatalf("%s: turn_count %v, want %d", conv, n, want)
		}
	}
}
