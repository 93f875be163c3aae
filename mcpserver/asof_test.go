package mcpserver_test

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// TestToolsAsOf: get_entity, find_paths, search_memory and get_context take
// as_of and known_at as the REST routes do, and refuse bad times.
func TestToolsAsOf(t *testing.T) {
	s, store, tenant := newSession(t)
	tl := graphtest.SeedTimeline(t, store, tenant, "c1")
	const april = "2023-04-01T09:00:00Z"

	var ana ontology.EntityDetail
	s.ok("get_entity", map[string]any{"entity": "Ana", "conversation_id": "c1", "as_of": april}, &ana)
	var targets []string
	for _, r := range ana.Relations {
		targets = append(targets, r.ToName)
	}
	if !slices.Contains(targets, "Acme") || slices.Contains(targets, "Brightwater") {
		t.Errorf("get_entity as of April: relations to %v", targets)
	}
	s.ok("get_entity", map[string]any{"entity": "Ana", "conversation_id": "c1", "as_of": "2023-08-01T09:00:00Z"}, &ana)
	for _, r := range ana.Relations {
		if r.ToName == "Acme" && r.State != ontology.StatePast {
			t.Errorf("get_entity as of August: Acme %+v, want past", r)
		}
	}

	var paths struct {
		Paths []ontology.Path `json:"paths"`
	}
	s.ok("find_paths", map[string]any{"from": "Bo", "to": "Acme", "conversation_id": "c1"}, &paths)
	if len(paths.Paths) < 3 || paths.Paths[0].Kind != ontology.EdgeTyped || paths.Paths[len(paths.Paths)-1].Kind != ontology.EdgeCoMention {
		t.Errorf("find_paths Bo→Acme = %+v, want typed first and co-mentions last", paths.Paths)
	}
	s.ok("find_paths", map[string]any{"from": "Bo", "to": "Acme", "conversation_id": "c1", "kinds": "typed"}, &paths)
	for _, p := range paths.Paths {
		if p.Kind != ontology.EdgeTyped {
			t.Errorf("find_paths typed only holds %+v", p)
		}
	}
	s.ok("find_paths", map[string]any{"from": "Bo", "to": "Acme", "conversation_id": "c1", "known_at": tl.Mid.Format("2006-01-02T15:04:05.999999999Z07:00")}, &paths)
	if len(paths.Paths) != 0 {
		t.Errorf("find_paths known at Mid = %+v, want none", paths.Paths)
	}

	var found ontology.SearchResponse
	s.ok("search_memory", map[string]any{"conversation_id": "c1", "query": "Acme", "as_of": april}, &found)
	for _, r := range found.Results {
		if slices.Contains(r.SourceTurnIDs, "3") || slices.Contains(r.SourceTurnIDs, "4") {
			t.Errorf("search_memory as of April found %+v", r)
		}
	}
	if len(found.Results) == 0 {
		t.Errorf("search_memory as of April found nothing")
	}
	var cx struct {
		Items []struct {
			SourceTurnIDs []string `json:"source_turn_ids"`
		} `json:"items"`
	}
	s.ok("get_context", map[string]any{"conversation_id": "c1", "query": "Where does Ana work?", "as_of": april}, &cx)
	for _, it := range cx.Items {
		if slices.Contains(it.SourceTurnIDs, "3") || slices.Contains(it.SourceTurnIDs, "4") {
			t.Errorf("get_context as of April cites %v", it.SourceTurnIDs)
		}
	}

	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"get_entity", map[string]any{"entity": "Ana", "conversation_id": "c1", "as_of": "yesterday"}},
		{"find_paths", map[string]any{"from": "Bo", "to": "Acme", "conversation_id": "c1", "known_at": "2023-04-01"}},
		{"find_paths", map[string]any{"from": "Bo", "to": "Acme", "conversation_id": "c1", "kinds": "some"}},
		{"search_memory", map[string]any{"query": "Acme", "as_of": "soon"}},
		{"get_context", map[string]any{"conversation_id": "c1", "query": "Acme", "known_at": "later"}},
	} {
		s.fails(c.tool, c.args, ontology.EValidation)
	}
}
