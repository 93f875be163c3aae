package extract_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// The LLM extractor's output goes through the same planner as the rules':
// its entity mentions that share a turn become co-mention edges. Maya and
// Globex share turn t1; Lisbon is alone in t2.
func TestLLMOutputMakesCoMentions(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	answer := `{"entities": [
	  {"name": "Maya", "type": "Person", "aliases": [], "source_turn_ids": ["t1"]},
	  {"name": "Globex", "type": "Organization", "aliases": [], "source_turn_ids": ["t1"]},
	  {"name": "Lisbon", "type": "Place", "aliases": [], "source_turn_ids": ["t2"]}],
	 "relations": [], "facts": [], "events": [], "profile": []}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(openai.ChatCompletionResponse{ID: "x", Object: "chat.completion", Model: "m",
			Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: "assistant", Content: answer}, FinishReason: openai.FinishReasonStop}},
			Usage:   openai.Usage{PromptTokens: 10, CompletionTokens: 10, TotalTokens: 20}})
	}))
	t.Cleanup(srv.Close)
	x, err := llm.New(llm.Config{BaseURL: srv.URL + "/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 2, 1, 9, 0, 0, 0, time.UTC)
	turns := []ontology.Turn{
		{ID: "t1", Session: "s", Speaker: "Maya", Text: "I started at Globex today!", Timestamp: &at},
		{ID: "t2", Session: "s", Speaker: "Leo", Text: "Lisbon is lovely in spring."},
	}
	if _, err := extract.NewIngestor(store, nil, x).AddTurns(ctx, tenant, "c", turns); err != nil {
		t.Fatal(err)
	}
	cov, err := store.Coverage(ctx, tenant, []string{"c"})
	if err != nil || cov.Counts["co_mentions"] != 1 || cov.Counts["relations"] != 0 {
		t.Fatalf("counts = %+v, %v; want one co-mention edge (Maya–Globex) and no typed relation", cov.Counts, err)
	}
}
