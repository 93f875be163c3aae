package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// TestConcurrentOverlappingBatches: batches of one conversation sent at
// once over REST and MCP, their turn ids overlapping, store each turn
// once, and every turn a batch acknowledged is readable, with the text it
// was acknowledged with. A batch that resends an overlapping id with other
// text is refused whole (409) and stores nothing.
func TestConcurrentOverlappingBatches(t *testing.T) {
	s, _ := newTenants(t)
	const batches, size, step = 4, 40, 20
	for round := range 4 {
		conv, conflicting := fmt.Sprintf("race-%d", round), round == 3
		var wg sync.WaitGroup
		acked := make([][]map[string]any, batches) // the turns of each acknowledged batch
		for i := range batches {
			turns := make([]map[string]any, size)
			for k := range turns {
				n := i*step + k
				text := fmt.Sprintf("Turn %d is about topic %d.", n, n%7)
				if conflicting {
					text += fmt.Sprintf(" Sent by batch %d.", i)
				}
				turns[k] = map[string]any{"id": fmt.Sprint(n), "session": "1", "speaker": []string{"Sam", "Ria"}[n%2], "text": text}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				var code string
				if i%2 == 0 {
					status, raw := s.send("POST", "/v1/conversations/"+conv+"/turns", j(map[string]any{"turns": turns}))
					var body map[string]any
					if json.Unmarshal(raw, &body) != nil || status/100 != 2 && status != http.StatusConflict {
						t.Errorf("batch %d of %s: %d %s", i, conv, status, raw)
					}
					code = errCode(body)
				} else {
					code, _, _ = s.callTool("add_turns", j(map[string]any{"conversation_id": conv, "turns": turns}))
				}
				switch {
				case code == "":
					acked[i] = turns
				case !conflicting || code != "conflict":
					t.Errorf("batch %d of %s: %q", i, conv, code)
				}
			}()
		}
		wg.Wait()
		_, raw := s.send("GET", "/v1/conversations/"+conv+"/turns?limit=1000", "")
		var page struct{ Turns []struct{ ID, Text string } }
		_ = json.Unmarshal(raw, &page)
		stored := map[string]string{}
		for _, tr := range page.Turns {
			if _, dup := stored[tr.ID]; dup {
				t.Errorf("%s: turn %s stored twice", conv, tr.ID)
			}
			stored[tr.ID] = tr.Text
		}
		want := map[string]string{}
		for _, turns := range acked {
			for _, tr := range turns {
				want[tr["id"].(string)] = tr["text"].(string)
				if got, ok := stored[tr["id"].(string)]; !ok || got != tr["text"] {
					t.Errorf("%s: acknowledged turn %s reads %q, want %q", conv, tr["id"], got, tr["text"])
				}
			}
		}
		if full := (batches-1)*step + size; len(want) == 0 || !conflicting && len(want) != full || len(stored) != len(want) {
			t.Errorf("%s: %d turns stored, %d acknowledged (all %d unless conflicting)", conv, len(stored), len(want), full)
		}
		if n := s.turnCount(conv); int(n) != len(stored) {
			t.Errorf("%s: turn_count %v, %d turns readable", conv, n, len(stored))
		}
	}
}
