package handlers_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// seedKnowledge stores a small graph for conversation conv: Sam's cousin
// Dana founded Acme.
func (s *server) seedKnowledge(conv string) {
	s.t.Helper()
	person := func(n string) ontology.EntityRef { return ontology.EntityRef{Name: n, Type: ontology.EntityPerson} }
	acme := ontology.EntityRef{Name: "Acme", Type: ontology.EntityOrganization}
	_, err := s.store.AddBatch(context.Background(), s.tenant, conv, ontology.TurnBatch{
		Turns: []ontology.Turn{{ID: "1", Session: "s", Speaker: "Sam", Text: "My cousin Dana founded Acme."}},
		Knowledge: ontology.Extraction{Relations: []ontology.Relation{
			{Type: ontology.RelFamilyOf, From: person("Sam"), To: person("Dana"), Role: "cousin", Confidence: 0.9, SourceTurnIDs: []string{"1"}, Extractor: "test"},
			{Type: ontology.RelCreated, From: person("Dana"), To: acme, Confidence: 0.9, SourceTurnIDs: []string{"1"}, Extractor: "test"},
		}, Profile: []ontology.ProfileFact{{Subject: person("Sam"), Topic: "relationships", SubTopic: "family", Value: "cousin: Dana", Confidence: 0.9, SourceTurnIDs: []string{"1"}, Extractor: "test"}}},
		Extracted: true,
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func TestEntityEndpoints(t *testing.T) {
	s := newServer(t)
	s.seedKnowledge("c1")

	code, body := s.do("GET", "/v1/entities?conversation_id=c1&q=dana", nil)
	ents, _ := body["entities"].([]any)
	if code != http.StatusOK || len(ents) != 1 {
		t.Fatalf("find Dana: %d %v", code, body)
	}
	dana := ents[0].(map[string]any)["id"].(string)

	code, body = s.do("GET", "/v1/entities/"+dana, nil)
	if code != http.StatusOK || body["name"] != "Dana" || len(body["relations"].([]any)) != 2 || len(body["mentions"].([]any)) != 1 {
		t.Fatalf("GET entity: %d %v", code, body)
	}

	code, body = s.do("GET", "/v1/graph/paths?conversation_id=c1&from=Sam&to=Acme", nil)
	paths, _ := body["paths"].([]any)
	if code != http.StatusOK || len(paths) != 1 || paths[0].(map[string]any)["length"].(float64) != 2 {
		t.Fatalf("paths Sam→Acme: %d %v", code, body)
	}
	edges := paths[0].(map[string]any)["edges"].([]any)
	if e := edges[0].(map[string]any); e["type"] != "FAMILY_OF" || e["role"] != "cousin" || len(e["source_turn_ids"].([]any)) != 1 {
		t.Fatalf("first edge = %v", e)
	}

	code, body = s.do("GET", "/v1/graph/neighborhood?conversation_id=c1&entity=Sam&hops=2", nil)
	if code != http.StatusOK || len(body["entities"].([]any)) != 2 || len(body["edges"].([]any)) != 2 {
		t.Fatalf("neighbourhood: %d %v", code, body)
	}

	code, body = s.do("GET", "/v1/entities?conversation_id=c1&q=sam", nil)
	sam := body["entities"].([]any)[0].(map[string]any)["id"].(string)
	code, body = s.do("GET", "/v1/entities/"+sam+"/history", nil)
	ds, _ := body["decisions"].([]any)
	if code != http.StatusOK || len(ds) != 1 || ds[0].(map[string]any)["action"] != "insert" {
		t.Fatalf("history: %d %v", code, body)
	}

	// Another tenant sees none of it.
	other := newServerWith(t, s.store, nil)
	for _, path := range []string{"/v1/entities/" + dana, "/v1/entities/" + dana + "/history",
		"/v1/graph/neighborhood?entity=" + dana, "/v1/graph/paths?from=" + dana + "&to=" + sam} {
		if code, body := other.do("GET", path, nil); code != http.StatusNotFound {
			t.Errorf("other tenant GET %s: %d %v", path, code, body)
		}
	}
	if code, body := other.do("GET", "/v1/entities?q=dana", nil); code != http.StatusOK || len(body["entities"].([]any)) != 0 {
		t.Errorf("other tenant found entities: %d %v", code, body)
	}
}

func TestEntityEndpointsRejectBadInput(t *testing.T) {
	s := newServer(t)
	s.seedKnowledge("c1")
	cases := []struct {
		path string
		want int
	}{
		{"/v1/graph/neighborhood?conversation_id=c1&entity=Sam&hops=4", http.StatusUnprocessableEntity},
		{"/v1/graph/neighborhood?conversation_id=c1&entity=Sam&hops=x", http.StatusUnprocessableEntity},
		{"/v1/graph/neighborhood?conversation_id=c1", http.StatusUnprocessableEntity},
		{"/v1/graph/neighborhood?entity=Sam", http.StatusNotFound}, // without a conversation only ids are looked up
		{"/v1/graph/paths?conversation_id=c1&from=Sam&to=Acme&max_hops=9", http.StatusUnprocessableEntity},
		{"/v1/graph/paths?conversation_id=c1&from=Sam&to=Nobody", http.StatusNotFound},
		{"/v1/graph/paths?conversation_id=c1&from=Sam", http.StatusUnprocessableEntity},
		{"/v1/entities?limit=0", http.StatusUnprocessableEntity},
		{"/v1/entities?type=Alien", http.StatusUnprocessableEntity},
		{"/v1/entities/00000000-0000-0000-0000-000000000000", http.StatusNotFound},
		{"/v1/entities?q=" + url.QueryEscape("dana\x00"), http.StatusUnprocessableEntity},
		{"/v1/entities?conversation_id=c1&q=" + url.QueryEscape(`name:* OR "x`), http.StatusOK},
		{"/v1/graph/paths?conversation_id=c1&from=" + url.QueryEscape("Sam' OR 1=1 //") + "&to=Acme", http.StatusNotFound},
	}
	for _, c := range cases {
		code, body := s.do("GET", c.path, nil)
		if code != c.want || (code >= 400 && errCode(body) == "") {
			t.Errorf("GET %s: %d %v, want %d with an error code", c.path, code, body, c.want)
		}
	}
}
