package llm

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// vocabularyBatch is a chat in which every relation type is stated.
func vocabularyBatch() ontology.ExtractRequest {
	return ontology.ExtractRequest{
		Conversation: "c1",
		Context: []ontology.Turn{
			{ID: "c1", Session: "s1", Speaker: "Rui", Text: "Visiting my brother Tiago this weekend.", Timestamp: at("2025-01-14T20:00:00Z")},
		},
		Turns: []ontology.Turn{
			{ID: "t1", Session: "s1", Speaker: "Rui", Text: "He's starting at Norvik Shipping next month.", Timestamp: at("2025-01-14T20:05:00Z")},
			{ID: "t2", Session: "s1", Speaker: "Joana", Text: "My neighbour Sérgio runs Os Sete Mares, a fado band from Porto.", Timestamp: at("2025-01-14T20:06:00Z")},
			{ID: "t3", Session: "s1", Speaker: "Rui", Text: "Marta and I adopted a beagle called Nutmeg.", Timestamp: at("2025-01-14T20:07:00Z")},
		},
		Speakers: []string{"Rui", "Joana"},
	}
}

// TestLLMFeedsTheVocabulary: every relation type of ontology.Relations,
// Animal entities among them, arrives through the LLM path from an
// OpenAI-protocol server; malformed items are dropped; an end the model
// left as a pronoun resolves as the rules resolve it, to the person named
// in a context turn.
func TestLLMFeedsTheVocabulary(t *testing.T) {
	var rels []string
	for _, spec := range ontology.Relations {
		rels = append(rels, fmt.Sprintf(`{"type": %q, "from": {"name": "Joana", "type": "Person"}, "to": {"name": "Thing %s", "type": "Concept"},
			"role": "r", "confidence": 0.8, "valid_from": "", "source_turn_ids": ["t2"]}`, spec.Type, spec.Type))
	}
	rels = append(rels,
		// a pronoun end: "he" is Tiago, named in the context turn
		`{"type": "WORKS_AT", "from": {"name": "he", "type": "Person"}, "to": {"name": "Norvik Shipping", "type": "Organization"},
		  "role": "", "confidence": 0.9, "valid_from": "2025-02-01", "source_turn_ids": ["t1"]}`,
		`{"type": "KNOWS", "from": {"name": "Joana", "type": "Person"}, "to": {"name": "Sérgio", "type": "Person"},
		  "role": "neighbour", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t2"]}`,
		`{"type": "LEADS", "from": {"name": "Sérgio", "type": "Person"}, "to": {"name": "Os Sete Mares", "type": "Organization"},
		  "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t2"]}`,
		`{"type": "COMES_FROM", "from": {"name": "Sérgio", "type": "Person"}, "to": {"name": "Porto", "type": "Place"},
		  "role": "", "confidence": 0.6, "valid_from": "", "source_turn_ids": ["t2"]}`,
		`{"type": "OWNS", "from": {"name": "Rui", "type": "Person"}, "to": {"name": "Nutmeg", "type": "Animal"},
		  "role": "beagle", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t3"]}`,
		// malformed: an unknown turn, only a context turn, an empty end, a self loop, an unresolvable pronoun
		`{"type": "LIKES", "from": {"name": "Rui", "type": "Person"}, "to": {"name": "fado", "type": "Concept"},
		  "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t99"]}`,
		`{"type": "FAMILY_OF", "from": {"name": "Rui", "type": "Person"}, "to": {"name": "Tiago", "type": "Person"},
		  "role": "brother", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["c1"]}`,
		`{"type": "LIVES_IN", "from": {"name": "", "type": "Person"}, "to": {"name": "Faro", "type": "Place"},
		  "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t1"]}`,
		`{"type": "KNOWS", "from": {"name": "Joana", "type": "Person"}, "to": {"name": "Joana", "type": "Person"},
		  "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t2"]}`,
		`{"type": "PARTNER_OF", "from": {"name": "she", "type": "Person"}, "to": {"name": "Rui", "type": "Person"},
		  "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["t1"]}`,
	)
	content := `{"entities": [
		{"name": "Nutmeg", "type": "Animal", "aliases": [], "source_turn_ids": ["t3"]},
		{"name": "he", "type": "Person", "aliases": [], "source_turn_ids": ["t1"]},
		{"name": "Blob", "type": "Gadget", "aliases": [], "source_turn_ids": ["t2"]}
	], "relations": [` + strings.Join(rels, ",") + `], "facts": [], "events": [], "profile": []}`
	f := newFakeAPI(t, func(w http.ResponseWriter, _ *http.Request, _ int) { answer(w, content, openai.FinishReasonStop) })
	e := newTestExtractor(t, f, nil)
	x, _, err := e.Extract(context.Background(), vocabularyBatch())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[ontology.RelationType]bool{}
	for _, r := range x.Relations {
		seen[r.Type] = true
		if r.Extractor != ontology.ExtractorLLM || !r.Type.Valid() || r.From.Name == "" || r.To.Name == "" {
			t.Errorf("relation %+v", r)
		}
		for _, bad := range []string{"he", "she", "fado", "Faro"} {
			if r.From.Name == bad || r.To.Name == bad {
				t.Errorf("malformed relation kept: %+v", r)
			}
		}
		if r.Type == ontology.RelFamilyOf && r.To.Name == "Tiago" {
			t.Errorf("a relation citing only a context turn was kept: %+v", r)
		}
		if r.From.Name == r.To.Name {
			t.Errorf("self relation kept: %+v", r)
		}
	}
	for _, spec := range ontology.Relations {
		if !seen[spec.Type] {
			t.Errorf("%s did not arrive through the LLM path", spec.Type)
		}
	}
	var job *ontology.Relation
	for i, r := range x.Relations {
		if r.Type == ontology.RelWorksAt && r.To.Name == "Norvik Shipping" {
			job = &x.Relations[i]
		}
	}
	if job == nil || job.From.Name != "Tiago" || job.From.Type != ontology.EntityPerson {
		t.Errorf("WORKS_AT from the pronoun = %+v, want from Tiago", job)
	}
	var names []string
	for _, e := range x.Entities {
		names = append(names, e.Name+"/"+string(e.Type))
	}
	if !slices.Contains(names, "Nutmeg/Animal") || !slices.Contains(names, "Tiago/Person") || !slices.Contains(names, "Blob/Concept") ||
		slices.Contains(names, "he/Person") {
		t.Errorf("entities = %v, want Nutmeg as an Animal, he as Tiago, an unknown type as Concept", names)
	}
}
