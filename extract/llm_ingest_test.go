package extract_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// llmAnswer is what the fake model extracts from llmTurns.
const llmAnswer = `{
 "entities": [{"name": "Globex", "type": "Organization", "aliases": [], "source_turn_ids": ["t1"]}],
 "relations": [{"type": "WORKS_AT", "from": {"name": "Maya", "type": "Person"}, "to": {"name": "Globex", "type": "Organization"},
   "role": "", "confidence": 0.9, "valid_from": "2024-02-01", "source_turn_ids": ["t1"]}],
 "facts": [{"subject": {"name": "Maya", "type": "Person"}, "statement": "Maya started working at Globex as a designer.",
   "confidence": 0.9, "source_turn_ids": ["t1"]}],
 "events": [{"participants": [{"name": "Maya", "type": "Person"}], "what": "Maya started at Globex",
   "when_start": "2024-02-01", "when_end": "2024-02-01", "when_phrase": "today", "where": null, "confidence": 0.8, "source_turn_ids": ["t1"]}],
 "profile": [{"subject": {"name": "Maya", "type": "Person"}, "topic": "work", "sub_topic": "employer", "value": "Globex",
   "confidence": 0.9, "source_turn_ids": ["t1"]}]
}`

func llmTurns(prefix string) []ontology.Turn {
	at := time.Date(2024, 2, 1, 9, 0, 0, 0, time.UTC)
	return []ontology.Turn{{ID: "t1", Session: "s1", Speaker: "Maya", Text: prefix + "I started at Globex as a designer today!", Timestamp: &at}}
}

// fakeModel is an OpenAI-protocol server; mode picks its behaviour.
func fakeModel(t *testing.T, mode string, calls *atomic.Int32) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		switch mode {
		case "ok", "malformed":
			content := llmAnswer
			if mode == "malformed" {
				content = `{"entities": [ this is not json`
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(openai.ChatCompletionResponse{ID: "x", Object: "chat.completion", Model: "m",
				Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: "assistant", Content: content}, FinishReason: openai.FinishReasonStop}},
				Usage:   openai.Usage{PromptTokens: 300, CompletionTokens: 120, TotalTokens: 420}})
		case "429":
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"message":"slow down"}}`))
		case "timeout":
			select {
			case <-time.After(2 * time.Second):
			case <-r.Context().Done():
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

func TestLLMExtractorThroughNeo4j(t *testing.T) {
	store := graphtest.Store(t)
	ctx := context.Background()
	for _, mode := range []string{"ok", "malformed", "429", "timeout"} {
		t.Run(mode, func(t *testing.T) {
			tenant := graphtest.Tenant(t, store)
			var calls atomic.Int32
			x, err := llm.New(llm.Config{BaseURL: fakeModel(t, mode, &calls), Model: "m", Timeout: 300 * time.Millisecond, MaxRetries: 1})
			if err != nil {
				t.Fatal(err)
			}
			in := extract.NewIngestor(store, nil, x)
			res, err := in.AddTurns(ctx, tenant, "c", llmTurns(mode))
			if err != nil {
				t.Fatalf("ingest failed: %v; an extractor failure must not fail the batch", err)
			}
			if res.Created != 1 || res.Knowledge == nil || len(res.Knowledge.Extractors) != 1 {
				t.Fatalf("result = %+v / %+v", res, res.Knowledge)
			}
			u := res.Knowledge.Extractors[0]
			if mode == "ok" {
				if u.Error != "" || u.PromptTokens != 300 || u.CompletionTokens != 120 || u.Calls != 1 {
					t.Fatalf("usage = %+v", u)
				}
				if res.Knowledge.Facts != 1 || res.Knowledge.Relations != 1 || res.Knowledge.Events != 1 || res.Knowledge.ProfileFacts != 1 {
					t.Fatalf("knowledge = %+v", res.Knowledge)
				}
				id, err := store.ResolveEntity(ctx, tenant, "c", "Maya")
				if err != nil {
					t.Fatal(err)
				}
				d, _ := store.Entity(ctx, tenant, id)
				if len(d.Relations) != 1 || d.Relations[0].Type != ontology.RelWorksAt || len(d.Facts) != 1 || d.Facts[0].Extractor != ontology.ExtractorLLM {
					t.Fatalf("Maya = %+v", d)
				}
				// A retried batch costs nothing: the extraction is cached.
				again, err := in.AddTurns(ctx, tenant, "c", llmTurns(mode))
				if err != nil || !again.Knowledge.Extractors[0].Cached || calls.Load() != 1 {
					t.Fatalf("retry: %+v, %v, %d calls", again.Knowledge, err, calls.Load())
				}
				return
			}
			if u.Error == "" {
				t.Fatalf("failure not reported: %+v", u)
			}
			if res.Knowledge.Facts != 0 || res.Knowledge.Relations != 0 || res.Knowledge.ProfileFacts != 0 {
				t.Fatalf("knowledge written despite failure: %+v", res.Knowledge)
			}
			page, err := store.Turns(ctx, tenant, "c", -1, 10)
			if err != nil || len(page.Turns) != 1 {
				t.Fatalf("turn not stored: %+v, %v", page, err)
			}
			cov, err := store.Coverage(ctx, tenant, []string{"c"})
			if err != nil || cov.Counts["facts/llm"] != 0 || cov.Counts["profile_facts/llm"] != 0 {
				t.Fatalf("half-written knowledge: %+v, %v", cov, err)
			}
		})
	}
}

// An ambiguous profile conflict (a different employer stated without a
// date newer than the known one) goes to the LLM when one is configured;
// its ruling is applied and recorded with decider "llm".
func TestAmbiguousProfileConflictRuledByLLM(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(openai.ChatCompletionResponse{ID: "x", Object: "chat.completion", Model: "m",
			Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: "assistant",
				Content: `{"action": "update", "reason": "the new employer replaces the old one", "confidence": 0.8}`}, FinishReason: openai.FinishReasonStop}},
			Usage: openai.Usage{PromptTokens: 50, CompletionTokens: 10, TotalTokens: 60}})
	}))
	t.Cleanup(srv.Close)
	judge, err := llm.New(llm.Config{BaseURL: srv.URL + "/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	in := extract.NewIngestor(store, nil).WithConflictResolver(judge, store)
	june := time.Date(2023, 6, 1, 0, 0, 0, 0, time.UTC)
	profile := func(id, value string, from *time.Time) ontology.Extraction {
		return ontology.Extraction{Profile: []ontology.ProfileFact{{Subject: ontology.EntityRef{Name: "Maya", Type: ontology.EntityPerson},
			Topic: "work", SubTopic: "employer", Value: value, Confidence: 0.9, ValidFrom: from, SourceTurnIDs: []string{id}, Extractor: "test"}}}
	}
	turn := func(id, text string) []ontology.Turn {
		return []ontology.Turn{{ID: id, Session: "s", Speaker: "Maya", Text: text}}
	}
	k := profile("1", "Globex", &june)
	if _, err := in.Ingest(ctx, tenant, "c", turn("1", "I work at Globex."), &k); err != nil {
		t.Fatal(err)
	}
	k = profile("2", "Initech", nil) // no date: the rules cannot tell which is current
	res, err := in.Ingest(ctx, tenant, "c", turn("2", "I work at Initech."), &k)
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 1 || res.Knowledge.Decisions[ontology.MergeUpdate] != 1 {
		t.Fatalf("%d LLM calls, decisions %v; want one call ruling update", calls.Load(), res.Knowledge.Decisions)
	}
	id, _ := store.ResolveEntity(ctx, tenant, "c", "Maya")
	hist, err := store.EntityHistory(ctx, tenant, id, 0)
	if err != nil || len(hist) != 2 || hist[1].Decider != "llm" || hist[1].Action != ontology.MergeUpdate || hist[1].Previous != "Globex" {
		t.Fatalf("history = %+v, %v", hist, err)
	}
	d, _ := store.Entity(ctx, tenant, id)
	for _, p := range d.Profile {
		if (p.Value == "Initech") != (p.ValidTo == nil) {
			t.Fatalf("profile after ruling = %+v; want Initech current, Globex closed", d.Profile)
		}
	}
}

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
