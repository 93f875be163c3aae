package handlers_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/loci-memory/loci/extract/llm"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/query/budget"
)

type answererFunc func(ctx context.Context, q, c string) (handlers.Answer, error)

func (f answererFunc) Answer(ctx context.Context, q, c string) (handlers.Answer, error) {
	return f(ctx, q, c)
}

// newContextServer wires ingest with the rules extractor and /v1/context
// with anchors, as `loci serve` does; answerer may be nil.
func newContextServer(t *testing.T, answerer handlers.Answerer) *server {
	return newRulesServer(t, func(d *handlers.Deps) { d.Answerer = answerer })
}

func (s *server) ingestMultiSession() {
	s.t.Helper()
	for _, ses := range [][]map[string]any{multiSession[:2], multiSession[2:4], multiSession[4:]} {
		if code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": ses}); code != http.StatusCreated {
			s.t.Fatalf("POST: %d %v", code, body)
		}
	}
}

func TestContextEndpoint(t *testing.T) {
	// Another test process's background anchor pass (internal/app,
	// cmd/loci: `loci serve` rebuilds stale anchors of every tenant) may
	// build Ria's profile between two batches; a read then serves it
	// stale within the rebuild grace, by design. So reads here rebuild
	// at once, and one read and its rebuilds come before the checks.
	// Here a read after the first batch builds the profile, as such a
	// pass may.
	store := graphtest.Store(t)
	a := apptest.Rules(store)
	a.Contexts.WithRebuildGrace(0)
	tenant := graphtest.Tenant(t, store)
	s := &server{t: t, store: store, tenant: tenant, h: apptest.Handler(a, tenant, nil)}
	for i, ses := range [][]map[string]any{multiSession[:2], multiSession[2:4], multiSession[4:]} {
		if code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": ses}); code != http.StatusCreated {
			t.Fatalf("POST: %d %v", code, body)
		}
		if i == 0 { // a read now builds Ria's profile from the first batch
			if code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?"}); code != http.StatusOK {
				t.Fatalf("context: %d %v", code, body)
			}
		}
	}
	if code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?"}); code != http.StatusOK {
		t.Fatalf("context: %d %v", code, body)
	}
	a.Contexts.WaitRebuilds()
	// The anchor layout, without the gate that makes anchors pay for
	// their tokens (below).
	for _, b := range []int{60, 120, 300, 2000} {
		code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?", "budget_tokens": b, "config": "no-gate"})
		if code != http.StatusOK {
			t.Fatalf("context: %d %v", code, body)
		}
		text := body["context"].(string)
		tokens := int(body["tokens"].(float64))
		if got := budget.Default().Count(text); tokens != got || tokens > b {
			t.Fatalf("budget %d: tokens %d, counted %d", b, tokens, got)
		}
		// Every item cites only turn ids its text carries.
		for _, it := range body["items"].([]any) {
			im := it.(map[string]any)
			for _, id := range im["source_turn_ids"].([]any) {
				if !strings.Contains(im["text"].(string), id.(string)) || !strings.Contains(text, id.(string)) {
					t.Fatalf("budget %d: item %v cites %v it does not carry", b, im, id)
				}
			}
		}
		if b < 2000 {
			continue
		}
		// Profile-first: Ria's profile, current employer and the old one.
		profiles := body["blocks"].(map[string]any)["profiles"].([]any)
		if len(profiles) == 0 || !strings.Contains(profiles[0].(map[string]any)["text"].(string), "Initech") {
			t.Fatalf("profiles = %v", profiles)
		}
		order := []string{"## Entity Profiles", "## Event Records", "## Retrieved Memories"}
		last := -1
		for _, h := range order {
			i := strings.Index(text, h)
			if i < 0 || i < last {
				t.Fatalf("block %q missing or out of order in:\n%s", h, text)
			}
			last = i
		}
		if !strings.Contains(text, "[5]") {
			t.Fatalf("the turn naming Initech is not in the context:\n%s", text)
		}
	}
	// The default gate: at 2,000 tokens the memories hold every turn of
	// this short conversation, so an anchor line could only repeat one and
	// none is kept; at 120 the memories leave turns out, and whatever
	// anchor lines are kept cite one of those.
	code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?", "budget_tokens": 2000})
	if code != http.StatusOK || body["config"] != "default" {
		t.Fatalf("default: %d %v", code, body)
	}
	for key, items := range body["blocks"].(map[string]any) {
		if key != "memories" && len(items.([]any)) > 0 {
			t.Fatalf("default at 2,000 tokens kept %s %v though the memories carry every turn", key, items)
		}
	}
	if text := body["context"].(string); !strings.Contains(text, "[5]") {
		t.Fatalf("the turn naming Initech is not in the default context:\n%s", text)
	}
	code, body = s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?", "budget_tokens": 120})
	if code != http.StatusOK {
		t.Fatalf("default at 120: %d %v", code, body)
	}
	carried := map[string]bool{}
	for _, it := range body["blocks"].(map[string]any)["memories"].([]any) {
		for _, id := range it.(map[string]any)["source_turn_ids"].([]any) {
			carried[id.(string)] = true
		}
	}
	for key, items := range body["blocks"].(map[string]any) {
		for _, it := range items.([]any) {
			ids := it.(map[string]any)["source_turn_ids"].([]any)
			novel := false
			for _, id := range ids {
				novel = novel || !carried[id.(string)]
			}
			if key != "memories" && !novel {
				t.Fatalf("default at 120 tokens kept a %s item citing only turns the memories carry: %v", key, it)
			}
		}
	}
	// Temporal slots: a question about February 2023 gets the move dated then.
	code, body = s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "What did Ria do in February 2023?", "config": "no-gate"})
	if code != http.StatusOK || body["time_filter"] == nil {
		t.Fatalf("temporal: %d %v", code, body)
	}
	events := body["blocks"].(map[string]any)["events"].([]any)
	if len(events) == 0 || !strings.Contains(events[0].(map[string]any)["text"].(string), "Lisbon") {
		t.Fatalf("events for February 2023 = %v", events)
	}
	for _, bad := range []map[string]any{
		{"conversation_id": "c", "query": "x", "budget_tokens": 10},
		{"query": "   "}, // a blank question, tenant-wide
		{"conversation_id": "c", "query": "x", "config": "nope"},
		{"conversation_id": "c", "query": "x", "unknown": 1},
	} {
		if code, body := s.do("POST", "/v1/context", bad); code < 400 || code >= 500 || errCode(body) == "" {
			t.Errorf("bad request %v: %d %v", bad, code, body)
		}
	}
	if code, _ := s.do("POST", "/v1/context", map[string]any{"conversation_id": "nope", "query": "x"}); code != http.StatusNotFound {
		t.Errorf("unknown conversation: %d", code)
	}
}

func TestAnswerWithoutLLM(t *testing.T) {
	s := newContextServer(t, nil)
	s.ingestMultiSession()
	code, body := s.do("POST", "/v1/answer", map[string]any{"conversation_id": "c", "query": "Where does Ria work?"})
	if code != http.StatusOK || body["answer"] != nil || body["reason"] == "" || body["context"] == nil {
		t.Fatalf("answer without LLM: %d %v", code, body)
	}
}

// newLLMAnswerServer is the API over the real Neo4j, holding the
// multi-session conversation "c", whose answering LLM is the extractor's
// client talking to an OpenAI-compatible endpoint served by endpoint.
func newLLMAnswerServer(t *testing.T, endpoint http.HandlerFunc) *server {
	t.Helper()
	srv := httptest.NewServer(endpoint)
	t.Cleanup(srv.Close)
	x, err := llm.New(llm.Config{BaseURL: srv.URL + "/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	s := newContextServer(t, answererFunc(func(ctx context.Context, q, c string) (handlers.Answer, error) {
		a, err := x.Answer(ctx, q, c)
		return handlers.Answer{Text: a.Text, CitedTurnIDs: a.CitedTurnIDs, PromptTokens: a.PromptTokens, CompletionTokens: a.CompletionTok}, err
	}))
	s.ingestMultiSession()
	return s
}

func TestAnswerWithLLM(t *testing.T) {
	var prompt string
	s := newLLMAnswerServer(t, func(w http.ResponseWriter, r *http.Request) {
		var req openai.ChatCompletionRequest
		_ = json.NewDecoder(r.Body).Decode(&req)
		prompt = req.Messages[len(req.Messages)-1].Content
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(openai.ChatCompletionResponse{ID: "x", Object: "chat.completion", Model: "m",
			Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: "assistant",
				Content: `{"answer": "At Initech.", "cited_turn_ids": ["5", "99"]}`}, FinishReason: openai.FinishReasonStop}},
			Usage: openai.Usage{PromptTokens: 400, CompletionTokens: 12, TotalTokens: 412}})
	})
	code, body := s.do("POST", "/v1/answer", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?"})
	if code != http.StatusOK || body["answer"] != "At Initech." {
		t.Fatalf("answer: %d %v", code, body)
	}
	cited := body["cited_turn_ids"].([]any)
	if len(cited) != 1 || cited[0] != "5" {
		t.Fatalf("cited = %v, want only the id present in the context", cited)
	}
	if !strings.Contains(prompt, "Retrieved Memories") || !strings.Contains(prompt, "Where does Ria work now?") {
		t.Fatalf("prompt lacks the context or question: %q", prompt)
	}
	if tok := body["tokens"].(map[string]any); tok["prompt"].(float64) != 400 {
		t.Fatalf("tokens = %v", tok)
	}
}

// A failing answering LLM gives a 503 JSON error that does not pass the
// endpoint's own error text (which may name the account or the key) to
// the caller.
func TestAnswerLLMFailureKeepsItsCause(t *testing.T) {
	const secret = "sk-live-4f9a-account-acme"
	s := newLLMAnswerServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error": {"message": "Incorrect API key provided: ` + secret + `", "type": "invalid_request_error"}}`))
	})
	code, body := s.do("POST", "/v1/answer", map[string]any{"conversation_id": "c", "query": "Where does Ria work now?"})
	if code != http.StatusServiceUnavailable || errCode(body) == "" {
		t.Fatalf("failing LLM: %d %v, want 503 with an error code", code, body)
	}
	if raw, _ := json.Marshal(body); strings.Contains(string(raw), secret) || strings.Contains(string(raw), "Incorrect API key") {
		t.Fatalf("the endpoint's error text reached the caller: %s", raw)
	}
}

// Under a stream of writes, a read has stale topics rebuilt (in the
// background) only when their last build is older than the rebuild grace;
// anchors never built are built at once, before the read answers.
func TestContextRebuildGrace(t *testing.T) {
	for _, tc := range []struct {
		grace       time.Duration
		wantRebuilt bool
	}{{time.Hour, false}, {0, true}} {
		store := graphtest.Store(t)
		tenant := graphtest.Tenant(t, store)
		a := apptest.Rules(store)
		a.Contexts.WithRebuildGrace(tc.grace)
		s := &server{t: t, store: store, tenant: tenant, h: apptest.Handler(a, tenant, nil)}
		ctx := context.Background()
		post := func(turns []map[string]any) {
			if code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": turns}); code != http.StatusCreated {
				t.Fatalf("POST: %d %v", code, body)
			}
		}
		ask := func() {
			if code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "What does Acme Labs make?"}); code != http.StatusOK {
				t.Fatalf("context: %d %v", code, body)
			}
		}
		post(multiSession[:4])
		ask() // never built: built now, whatever the grace
		if stale, built, err := store.TopicsStale(ctx, tenant, "c"); err != nil || stale || built.IsZero() {
			t.Fatalf("grace %s: after the first read, topics stale=%v built=%v err=%v; want built", tc.grace, stale, built, err)
		}
		post(multiSession[4:])
		ask()
		a.Contexts.WaitRebuilds() // a read past the grace rebuilds in the background
		stale, _, err := store.TopicsStale(ctx, tenant, "c")
		if err != nil || stale == tc.wantRebuilt {
			t.Fatalf("grace %s: after new turns and a read, topics stale=%v (%v); want rebuilt=%v", tc.grace, stale, err, tc.wantRebuilt)
		}
	}
}

// As `loci serve` runs (WithFirstBuildsInBackground), a read that finds a
// conversation's topics never built does not build them itself: it
// answers, and their build runs in the background, after the rebuilds
// already waiting there (held here, so the read is seen to answer first).
func TestContextFirstBuildInBackground(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	a := apptest.Rules(store)
	a.Contexts.WithFirstBuildsInBackground()
	s := &server{t: t, store: store, tenant: tenant, h: apptest.Handler(a, tenant, nil)}
	ctx := context.Background()
	if code, body := s.do("POST", "/v1/conversations/c/turns", map[string]any{"turns": multiSession[:4]}); code != http.StatusCreated {
		t.Fatalf("POST: %d %v", code, body)
	}
	release, held, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- a.Contexts.Rebuild(ctx, func(context.Context) error { close(held); <-release; return nil })
	}()
	<-held
	code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": "What does Acme Labs make?"})
	if code != http.StatusOK || len(body["blocks"].(map[string]any)["memories"].([]any)) == 0 {
		t.Fatalf("context: %d %v, want 200 with memories", code, body)
	}
	if items := body["blocks"].(map[string]any)["topics"].([]any); len(items) > 0 {
		t.Fatalf("topics never built, yet the answer holds topic lines %v", items)
	}
	if stale, built, err := store.TopicsStale(ctx, tenant, "c"); err != nil || !stale || !built.IsZero() {
		t.Fatalf("after the read, before the background build: topics stale=%v built=%v err=%v; want never built", stale, built, err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	a.Contexts.WaitRebuilds()
	if stale, built, err := store.TopicsStale(ctx, tenant, "c"); err != nil || stale || built.IsZero() {
		t.Fatalf("after the background build: topics stale=%v built=%v err=%v; want built", stale, built, err)
	}
}

// The default gives each kind of question the parts of the context that
// pay for their tokens on it (llmcontext Config.KindParts): a question
// asking when gets the expanded queries and no anchor line, any other
// question no expanded query and no profile or event line.
func TestContextDefaultPartsByQuestionKind(t *testing.T) {
	s := newContextServer(t, nil)
	s.ingestMultiSession()
	for _, tc := range []struct {
		query     string
		expansion bool
		blocks    []string // anchor blocks that must be empty
	}{
		{"When did Ria move to Lisbon?", true, []string{"topics", "profiles", "events"}},
		{"Where does Ria work now?", false, []string{"profiles", "events"}},
	} {
		for _, b := range []int{120, 2000} {
			code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": tc.query, "budget_tokens": b})
			if code != http.StatusOK || body["config"] != "default" {
				t.Fatalf("%q at %d: %d %v", tc.query, b, code, body)
			}
			if got := len(body["expansions"].([]any)); (got > 0) != tc.expansion {
				t.Errorf("%q at %d: %d expanded queries %v, want some: %v", tc.query, b, got, body["expansions"], tc.expansion)
			}
			for _, key := range tc.blocks {
				if items := body["blocks"].(map[string]any)[key].([]any); len(items) > 0 {
					t.Errorf("%q at %d: %s block %v, want none", tc.query, b, key, items)
				}
			}
			if mems := body["blocks"].(map[string]any)["memories"].([]any); len(mems) == 0 {
				t.Errorf("%q at %d: no memories", tc.query, b)
			}
		}
		// The configuration before the kinds gives the same question
		// every part: expanded queries whatever it asks.
		code, body := s.do("POST", "/v1/context", map[string]any{"conversation_id": "c", "query": tc.query, "config": "default-before-kinds"})
		if code != http.StatusOK || len(body["expansions"].([]any)) == 0 {
			t.Errorf("%q with default-before-kinds: %d, expansions %v", tc.query, code, body["expansions"])
		}
	}
}
