package handlers_test

import (
	"net/http"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// multiSession is a hand-written three-session conversation. Answering
// "what does the company Sam's cousin founded make?" needs three hops
// (Sam -FAMILY_OF-> Dana -CREATED-> Acme Labs -MAKES-> solar panels), and
// "which company did Sam's cousin found?" two.
var multiSession = chat("multi-session")

func TestMultiHopOverRulesExtraction(t *testing.T) {
	s := newRulesServer(t, nil)
	// One batch per session, as an agent would send them.
	for _, ses := range [][]map[string]any{multiSession[:2], multiSession[2:4], multiSession[4:]} {
		code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": ses})
		if code != http.StatusCreated || body["knowledge"] == nil {
			t.Fatalf("POST: %d %v", code, body)
		}
	}

	path := func(from, to string) []any {
		t.Helper()
		code, body := s.do("GET", "/v1/graph/paths?conversation_id=c&from="+from+"&to="+to, nil)
		if code != http.StatusOK {
			t.Fatalf("paths %s→%s: %d %v", from, to, code, body)
		}
		return body["paths"].([]any)
	}
	// The shortest typed path comes first (paths through co-mention
	// edges, when there are any, after it).
	two := path("Sam", "Acme%20Labs")
	if len(two) == 0 || two[0].(map[string]any)["length"].(float64) != 2 {
		t.Fatalf("Sam→Acme Labs = %v, want a 2-hop path first", two)
	}
	three := path("Sam", "solar%20panels")
	if len(three) == 0 || three[0].(map[string]any)["length"].(float64) != 3 {
		t.Fatalf("Sam→solar panels = %v, want a 3-hop path first", three)
	}
	var types []string
	cites := map[string]bool{}
	for _, e := range three[0].(map[string]any)["edges"].([]any) {
		em := e.(map[string]any)
		types = append(types, em["type"].(string))
		for _, id := range em["source_turn_ids"].([]any) {
			cites[id.(string)] = true
		}
	}
	if types[0] != "FAMILY_OF" || types[1] != "CREATED" || types[2] != "MAKES" || !cites["1"] || !cites["3"] {
		t.Fatalf("3-hop path = %v citing %v", types, cites)
	}

	// Search with the graph channel finds the turn that says what the
	// company makes, though it names neither Sam nor the cousin.
	code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c",
		"query": "What does the company Sam's cousin founded make?", "config": "graph", "explain": true})
	if code != http.StatusOK {
		t.Fatalf("search: %d %v", code, body)
	}
	found := map[string]bool{}
	for _, r := range body["results"].([]any) {
		for _, id := range r.(map[string]any)["source_turn_ids"].([]any) {
			found[id.(string)] = true
		}
	}
	if !found["1"] || !found["3"] {
		t.Fatalf("graph search cites %v, want turns 1 and 3: %v", found, body)
	}

	// Ria's profile: the newer employer replaced the older, which is kept
	// with a valid_to; the move is an event dated two weeks before turn 2.
	code, body = s.do("GET", "/v1/entities?conversation_id=c&q=Ria", nil)
	ria := body["entities"].([]any)[0].(map[string]any)["id"].(string)
	code, body = s.do("GET", "/v1/entities/"+ria, nil)
	if code != http.StatusOK {
		t.Fatalf("Ria: %d %v", code, body)
	}
	employers := map[string]bool{}
	for _, p := range body["profile"].([]any) {
		pm := p.(map[string]any)
		if pm["sub_topic"] == "employer" {
			employers[pm["value"].(string)] = pm["valid_to"] == nil
		}
	}
	if len(employers) != 2 || !employers["Initech"] || employers["Globex"] {
		t.Fatalf("employers (value → current) = %v", employers)
	}
	var moved bool
	for _, e := range body["events"].([]any) {
		em := e.(map[string]any)
		if when, ok := em["when"].(map[string]any); ok && when["phrase"] == "two weeks ago" {
			moved = when["start"].(string) >= "2023-02-13" && when["start"].(string) < "2023-02-20"
		}
	}
	if !moved {
		t.Fatalf("no dated move event for Ria: %v", body["events"])
	}
	code, body = s.do("GET", "/v1/entities/"+ria+"/history", nil)
	var actions []string
	for _, d := range body["decisions"].([]any) {
		dm := d.(map[string]any)
		if dm["sub_topic"] == "employer" {
			actions = append(actions, dm["action"].(string))
		}
	}
	if len(actions) != 2 || actions[0] != string(ontology.MergeInsert) || actions[1] != string(ontology.MergeUpdate) {
		t.Fatalf("employer decisions = %v", actions)
	}
}
