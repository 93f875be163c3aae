package extract_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/graph/graphtest"
)

// topicModel is an OpenAI-protocol server that writes topic summaries. It
// answers with a line citing the first two turns it was given, a line
// citing a turn it was not given, and a line citing nothing; with
// malformed set it answers with broken JSON.
func topicModel(t *testing.T, malformed bool, calls *atomic.Int32) string {
	given := regexp.MustCompile(`\[(t\d+)\]`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		body, _ := io.ReadAll(r.Body)
		var req openai.ChatCompletionRequest
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) < 2 {
			t.Errorf("bad request: %v", err)
			return
		}
		ids := given.FindAllStringSubmatch(req.Messages[len(req.Messages)-1].Content, -1)
		content := `{"lines": [ not json`
		if !malformed && len(ids) >= 2 {
			reply, _ := json.Marshal(map[string]any{"lines": []map[string]any{
				{"text": "Caroline went through the adoption agency's home study and signed the papers.", "turn_ids": []string{ids[0][1], ids[1][1]}},
				{"text": "A line resting on a turn it was not given.", "turn_ids": []string{"t999"}},
				{"text": "A line citing nothing.", "turn_ids": []string{}},
			}})
			content = string(reply)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(openai.ChatCompletionResponse{ID: "x", Object: "chat.completion", Model: "m",
			Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: "assistant", Content: content}, FinishReason: openai.FinishReasonStop}},
			Usage:   openai.Usage{PromptTokens: 200, CompletionTokens: 40, TotalTokens: 240}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

// TestTopicSummaryWrittenByLLM: with an LLM, each topic's summary is
// written by one call from the topic's own turns; lines citing turns the
// call was not given, or none, are dropped; when the call fails the topic
// keeps its extractive summary.
func TestTopicSummaryWrittenByLLM(t *testing.T) {
	store := graphtest.Store(t)
	ctx := context.Background()
	for _, malformed := range []bool{false, true} {
		tenant := graphtest.Tenant(t, store)
		addAdoptionSessions(t, store, tenant)
		var calls atomic.Int32
		x, err := llm.New(llm.Config{BaseURL: topicModel(t, malformed, &calls), Model: "m"})
		if err != nil {
			t.Fatal(err)
		}
		if err := extract.NewAnchorBuilder(store, nil).WithTopicWriter(x).RefreshTopics(ctx, tenant, "c"); err != nil {
			t.Fatal(err)
		}
		topics, err := store.TopicAnchors(ctx, tenant, "c", nil)
		if err != nil || len(topics) == 0 {
			t.Fatalf("topics = %+v, %v", topics, err)
		}
		if int(calls.Load()) != len(topics) {
			t.Errorf("%d calls for %d topics, want one per topic", calls.Load(), len(topics))
		}
		for _, tp := range topics {
			covered := map[string]bool{}
			for _, id := range tp.SourceTurnIDs {
				covered[id] = true
			}
			if len(tp.Lines) == 0 {
				t.Fatalf("topic %q has no summary", tp.Title)
			}
			for _, l := range tp.Lines {
				for _, id := range l.SourceTurnIDs {
					if !covered[id] {
						t.Errorf("topic %q: line %q cites %s, not one of its turns %v", tp.Title, l.Text, id, tp.SourceTurnIDs)
					}
				}
			}
			written := len(tp.Lines) == 1 && strings.HasPrefix(tp.Lines[0].Text, "Caroline went through") && len(tp.Lines[0].SourceTurnIDs) == 2
			extractive := strings.HasPrefix(tp.Lines[0].Text, "Caroline: ") || strings.HasPrefix(tp.Lines[0].Text, "Melanie: ")
			if !malformed && !written {
				t.Errorf("topic %q: lines %+v, want only the model's line citing two of its turns", tp.Title, tp.Lines)
			}
			if malformed && !extractive {
				t.Errorf("topic %q after a failed call: lines %+v, want the extractive summary", tp.Title, tp.Lines)
			}
		}
	}
}

// The LLM extractor is a TopicWriter.
var _ extract.TopicWriter = (*llm.Extractor)(nil)
