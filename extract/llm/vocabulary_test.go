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
		rels = append(rels, relJSON(string(spec.Type), "Joana", "Person", "Thing "+string(spec.Type), "Concept", "r", 0.8, "", "t2"))
	}
	for _, r := range []struct {
		typ, from, fromType, to, toType, role string
		conf                                  float64
		validFrom, turn                       string
	}{
		// a pronoun end: "he" is Tiago, named in the context turn
		{"WORKS_AT", "he", "Person", "Norvik Shipping", "Organization", "", 0.9, "2025-02-01", "t1"},
		{"KNOWS", "Joana", "Person", "Sérgio", "Person", "neighbour", 0.9, "", "t2"},
		{"LEADS", "Sérgio", "Person", "Os Sete Mares", "Organization", "", 0.9, "", "t2"},
		{"COMES_FROM", "Sérgio", "Person", "Porto", "Place", "", 0.6, "", "t2"},
		{"OWNS", "Rui", "Person", "Nutmeg", "Animal", "beagle", 0.9, "", "t3"},
		// malformed: an unknown turn, only a context turn, an empty end, a self loop, an unresolvable pronoun
		{"LIKES", "Rui", "Person", "fado", "Concept", "", 0.9, "", "t99"},
		{"FAMILY_OF", "Rui", "Person", "Tiago", "Person", "brother", 0.9, "", "c1"},
		{"LIVES_IN", "", "Person", "Faro", "Place", "", 0.9, "", "t1"},
		{"KNOWS", "Joana", "Person", "Joana", "Person", "", 0.9, "", "t2"},
		{"PARTNER_OF", "she", "Person", "Rui", "Person", "", 0.9, "", "t1"},
	} {
		rels = append(rels, relJSON(r.typ, r.from, r.fromType, r.to, r.toType, r.role, r.conf, r.validFrom, r.turn))
	}
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

// relJSON is one relation as the extraction schema has the model write it.
func relJSON(typ, from, fromType, to, toType, role string, conf float64, validFrom, turn string) string {
	return fmt.Sprintf(`{"type": %q, "from": {"name": %q, "type": %q}, "to": {"name": %q, "type": %q}, "role": %q, "confidence": %g, "valid_from": %q, "source_turn_ids": [%q]}`,
		typ, from, fromType, to, toType, role, conf, validFrom, turn)
}
