package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/apptest"
)

// TestWritesRacingDeletes: writes aimed at a conversation, its speakers
// and its entities (aliases set, turns added over REST and MCP, a speaker
// deleted, a context read that rebuilds anchors) race the deletion of the
// same conversation, many at once, against the real Neo4j. Each answers
// a complete JSON body with a 2xx or a 4xx (404 when what it targets is
// gone), never a 5xx; when the dust settles nothing of the conversation
// is left half deleted (no speaker, alias, turn or entity without its
// conversation), and a batch acknowledged after the delete is stored
// whole.
func TestWritesRacingDeletes(t *testing.T) {
	store := graphtest.Store(t)
	a := apptest.Rules(store)
	s := serveApp(t, store, a, apptest.MCP(a))
	turns := func(from int) []map[string]any {
		out := make([]map[string]any, 6)
		for k := range out {
			n := from + k
			out[k] = map[string]any{"id": fmt.Sprint(n), "session": "1", "speaker": []string{"Sam", "Ria"}[n%2],
				"text": fmt.Sprintf("Turn %d: Ria met Jonas Berg at Rossi Motors in Leeds, about topic %d.", n, n%5)}
		}
		return out
	}
	check := func(what string, status int, raw []byte) {
		t.Helper()
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil || body == nil {
			t.Errorf("%s: %d, body not a JSON object: %q", what, status, raw)
			return
		}
		if status >= 500 || status == http.StatusOK && errCode(body) != "" {
			t.Errorf("%s: %d %s", what, status, raw)
		}
	}
	const rounds = 6
	for round := range rounds {
		conv := fmt.Sprintf("race-del-%d", round)
		if st, raw := s.send("POST", "/v1/conversations/"+conv+"/turns", j(map[string]any{"turns": turns(0)})); st/100 != 2 {
			t.Fatalf("seeding %s: %d %s", conv, st, raw)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		run := func(what string, f func() (int, []byte)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				st, raw := f()
				if testing.Verbose() {
					t.Logf("%s %s: %d", what, conv, st)
				}
				check(fmt.Sprintf("%s %s", what, conv), st, raw)
			}()
		}
		for i := range 6 {
			speaker := []string{"Sam", "Ria"}[i%2]
			run("PUT aliases", func() (int, []byte) {
				return s.send("PUT", "/v1/conversations/"+conv+"/speakers/"+speaker+"/aliases",
					j(map[string]any{"aliases": []string{fmt.Sprintf("nick%d", i)}}))
			})
		}
		for i := range 3 {
			run("POST turns", func() (int, []byte) {
				return s.send("POST", "/v1/conversations/"+conv+"/turns", j(map[string]any{"turns": turns(100 + 10*i)}))
			})
		}
		wg.Add(1)
		go func() { // over MCP: a tool error names its code
			defer wg.Done()
			<-start
			code, text, _ := s.callTool("add_turns", j(map[string]any{"conversation_id": conv, "turns": turns(200)}))
			if code != "" && code != "not_found" {
				t.Errorf("MCP add_turns %s: %s", conv, text)
			}
		}()
		run("DELETE speaker", func() (int, []byte) { return s.send("DELETE", "/v1/conversations/"+conv+"/speakers/Ria", "") })
		run("POST context", func() (int, []byte) {
			return s.send("POST", "/v1/context", j(map[string]any{"query": "Where did Ria meet Jonas?", "conversation_id": conv}))
		})
		for range 2 {
			run("DELETE conversation", func() (int, []byte) { return s.send("DELETE", "/v1/conversations/"+conv, "") })
		}
		close(start)
		wg.Wait()
	}
	// Nothing of a conversation outlives it: every node that names a
	// conversation of this tenant has its Conversation.
	orphans := graphtest.Cypher(t, `
MATCH (n) WHERE n.tenant = $tenant AND n.conversation IS NOT NULL AND NOT n:Conversation
  AND NOT EXISTS { MATCH (c:Conversation {tenant: $tenant, id: n.conversation}) }
RETURN labels(n) AS labels, n.conversation AS conversation, count(*) AS n`, map[string]any{"tenant": s.tenant})
	for _, o := range orphans {
		t.Errorf("left without its conversation: %v", o)
	}
	// Nor an alias its speaker: a speaker deleted beside an alias set
	// takes every alias with it.
	for _, o := range graphtest.Cypher(t, `
MATCH (a:SpeakerAlias {tenant: $tenant}) WHERE NOT EXISTS { MATCH (a)-[:ALIAS_OF]->(:Speaker) }
RETURN a.conversation AS conversation, a.speaker AS speaker, a.alias AS alias`, map[string]any{"tenant": s.tenant}) {
		t.Errorf("alias left without its speaker: %v", o)
	}
	// What is stored of each conversation is whole: its turn count is
	// the number of its turns.
	for round := range rounds {
		conv := fmt.Sprintf("race-del-%d", round)
		st, raw := s.send("GET", "/v1/conversations/"+conv+"/turns?limit=1000", "")
		if st == http.StatusNotFound {
			continue
		}
		var page struct{ Turns []struct{ ID string } }
		if st != http.StatusOK || json.Unmarshal(raw, &page) != nil {
			t.Errorf("%s: %d %s", conv, st, raw)
			continue
		}
		if n := s.turnCount(conv); int(n) != len(page.Turns) {
			t.Errorf("%s: turn_count %v, %d turns readable", conv, n, len(page.Turns))
		}
	}
}
