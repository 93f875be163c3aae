package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// sentRequest is the part of a chat completion request the tests inspect.
type sentRequest struct {
	Model          string `json:"model"`
	Messages       []openai.ChatCompletionMessage
	ResponseFormat struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

func decodeSent(t *testing.T, body []byte) sentRequest {
	t.Helper()
	var req sentRequest
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("request body is not JSON: %v", err)
	}
	return req
}

func TestExtractParsesAndSanitises(t *testing.T) {
	var bad []string
	f := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request, call int) {
		answer(w, goodAnswer, openai.FinishReasonStop)
	})
	e := newTestExtractor(t, f, nil)
	prompt0, completion0 := TokensUsed()

	x, usage, err := e.Extract(context.Background(), testBatch())
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("server calls = %d, want 1", n)
	}
	req := decodeSent(t, f.body(0))
	check := func(ok bool, what string) {
		if !ok {
			bad = append(bad, what)
		}
	}
	check(req.Model == "test-model", "model")
	check(req.ResponseFormat.Type == "json_schema", "response_format type")
	check(req.ResponseFormat.JSONSchema.Strict, "strict schema")
	check(strings.Contains(string(req.ResponseFormat.JSONSchema.Schema), `"WORKS_AT"`), "relation enum in schema")
	check(len(req.Messages) == 2 && req.Messages[0].Role == "system", "system and user messages")
	user := req.Messages[len(req.Messages)-1].Content
	for _, want := range []string{"[t1] (2023-05-08 13:56 +00:00, Monday) Alice: I started", "[t2]", "[t3]",
		"## Session s1", "## Session s2", "- Alice", "- Bob", "- Acme (Organization)"} {
		check(strings.Contains(user, want), "user prompt holds "+want)
	}
	if len(bad) > 0 {
		t.Fatalf("request checks failed: %v\nuser prompt:\n%s", bad, user)
	}

	if usage != (ontology.ExtractUsage{Extractor: "llm", Calls: 1, PromptTokens: 100, CompletionTokens: 20}) {
		t.Errorf("usage = %+v", usage)
	}
	if p, c := TokensUsed(); p-prompt0 != 100 || c-completion0 != 20 {
		t.Errorf("TokensUsed grew by %d/%d, want 100/20", p-prompt0, c-completion0)
	}

	if got := len(x.Entities); got != 2 {
		t.Errorf("entities = %+v, want Alice and Acme (Ghost cites an unknown turn)", x.Entities)
	}
	if len(x.Relations) != 2 {
		t.Fatalf("relations = %+v, want 2", x.Relations)
	}
	works := x.Relations[0]
	if works.Type != ontology.RelWorksAt || works.ValidFrom == nil || !works.ValidFrom.Equal(*at("2023-01-15T00:00:00Z")) || works.Extractor != "llm" {
		t.Errorf("WORKS_AT relation = %+v", works)
	}
	if r := x.Relations[1]; r.Type != ontology.RelRelatedTo || r.Role != "best_buddy" {
		t.Errorf("unknown relation type not mapped to RELATED_TO with role: %+v", r)
	}
	if len(x.Facts) != 1 || x.Facts[0].Confidence != 1 || x.Facts[0].Speaker != "Alice" || x.Facts[0].Extractor != "llm" {
		t.Errorf("facts = %+v, want one, clamped, spoken by Alice", x.Facts)
	}
	if len(x.Events) != 2 {
		t.Fatalf("events = %+v, want 2", x.Events)
	}
	marathon := x.Events[0]
	if marathon.When == nil || !marathon.When.Start.Equal(*at("2023-05-06T00:00:00Z")) || !marathon.When.End.Equal(*at("2023-05-07T00:00:00Z")) ||
		marathon.When.Granularity != ontology.GranularityDay || marathon.When.Phrase != "last Saturday" ||
		marathon.Where == nil || marathon.Where.Name != "Boston" {
		t.Errorf("marathon event = %+v when %+v", marathon, marathon.When)
	}
	summer := x.Events[1]
	if summer.When == nil || !summer.When.End.Equal(*at("2023-09-01T00:00:00Z")) || summer.When.Granularity != ontology.GranularitySeason || summer.Where != nil {
		t.Errorf("summer event = %+v when %+v", summer, summer.When)
	}
	if len(x.Profile) != 1 || x.Profile[0].SubTopic != "employer" || x.Profile[0].Value != "Acme" || x.Profile[0].Extractor != "llm" {
		t.Errorf("profile = %+v, want the employer only", x.Profile)
	}
}

func TestExtractCachesIdenticalBatch(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	const ttl = time.Second
	e := newTestExtractor(t, f, func(c *Config) { c.CacheTTL = ttl })
	ctx := context.Background()
	start := time.Now()

	first, u1, err := e.Extract(ctx, testBatch())
	if err != nil || u1.Cached || u1.Calls != 1 {
		t.Fatalf("first Extract: usage %+v, err %v", u1, err)
	}
	// The answer was stored before Extract returned: it expires by
	// stored+ttl at the latest (however long the call took), and not
	// before start+ttl.
	stored := time.Now()
	want := cloneExtraction(first)
	first.Facts[0].Statement = "changed by the caller"
	first.Events[0].When.Phrase = "changed too"

	second, u2, err := e.Extract(ctx, testBatch())
	if err != nil {
		t.Fatalf("second Extract: %v", err)
	}
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("server calls = %d after a repeat, want 1", n)
	}
	if u2 != (ontology.ExtractUsage{Extractor: "llm", Cached: true}) {
		t.Errorf("cache hit usage = %+v, want Cached, no calls, no tokens", u2)
	}
	if !reflect.DeepEqual(second, want) {
		t.Errorf("cached extraction differs from the original (or was changed through the first result)")
	}

	if _, u, _ := e.Extract(ctx, testBatch()); time.Since(start) < ttl && (!u.Cached || f.calls.Load() != 1) {
		t.Errorf("within the TTL: usage %+v, calls %d", u, f.calls.Load())
	}
	time.Sleep(time.Until(stored.Add(ttl + 50*time.Millisecond)))
	if _, u, err := e.Extract(ctx, testBatch()); err != nil || u.Cached || f.calls.Load() != 2 {
		t.Errorf("after the TTL: usage %+v, calls %d, err %v; want a new call", u, f.calls.Load(), err)
	}
}

func TestExtractCacheEvictsLeastRecentlyUsed(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	e := newTestExtractor(t, f, func(c *Config) { c.CacheSize = 2 })
	batch := func(name string) ontology.ExtractRequest {
		req := testBatch()
		req.Turns[0].Text = "batch " + name
		return req
	}
	steps := []struct {
		batch     string
		wantCalls int32
	}{
		{"A", 1}, {"B", 2}, {"C", 3}, // A evicted
		{"C", 3}, {"B", 3}, // hits; C is now the least recently used
		{"A", 4}, // evicts C
		{"B", 4}, {"C", 5},
	}
	for i, s := range steps {
		if _, _, err := e.Extract(context.Background(), batch(s.batch)); err != nil {
			t.Fatalf("step %d (%s): %v", i, s.batch, err)
		}
		if got := f.calls.Load(); got != s.wantCalls {
			t.Fatalf("step %d (%s): server calls = %d, want %d", i, s.batch, got, s.wantCalls)
		}
	}
	if n := e.extracts.stored(); n != 2 {
		t.Errorf("cache holds %d entries, want 2", n)
	}
}

func TestExtractConcurrentIdenticalRequestsShareOneCall(t *testing.T) {
	release := make(chan struct{})
	f := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request, call int) {
		<-release
		answer(w, goodAnswer, openai.FinishReasonStop)
	})
	e := newTestExtractor(t, f, nil)
	const n = 10
	var wg sync.WaitGroup
	results := make([]ontology.Extraction, n)
	usages := make([]ontology.ExtractUsage, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], usages[i], errs[i] = e.Extract(context.Background(), testBatch())
		}()
	}
	time.Sleep(100 * time.Millisecond) // let every goroutine reach the cache
	close(release)
	wg.Wait()
	if got := f.calls.Load(); got != 1 {
		t.Fatalf("server calls = %d, want 1", got)
	}
	real := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("goroutine %d: %v", i, errs[i])
		}
		if !reflect.DeepEqual(results[i], results[0]) {
			t.Errorf("goroutine %d got a different extraction", i)
		}
		if usages[i].Calls == 1 {
			real++
		} else if !usages[i].Cached {
			t.Errorf("goroutine %d: usage %+v is neither the call nor shared", i, usages[i])
		}
	}
	if real != 1 {
		t.Errorf("%d usages report the call, want 1", real)
	}
}

func TestExtractMalformedAnswerIsErrResponseAndNotCached(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(`{"entities": [ not json`))
	e := newTestExtractor(t, f, nil)
	for i := 1; i <= 2; i++ {
		x, usage, err := e.Extract(context.Background(), testBatch())
		if !errors.Is(err, ErrResponse) {
			t.Fatalf("call %d: err = %v, want ErrResponse", i, err)
		}
		if !x.Empty() || usage.Error == "" || usage.Calls != 1 || usage.PromptTokens != 100 || usage.Cached {
			t.Errorf("call %d: extraction %+v, usage %+v", i, x, usage)
		}
		if got := f.calls.Load(); got != int32(i) {
			t.Fatalf("server calls = %d after %d Extracts, want %d (errors are not cached)", got, i, i)
		}
	}
}

func TestExtractInvalidResponses(t *testing.T) {
	cases := []struct {
		name   string
		handle func(http.ResponseWriter, *http.Request, int)
	}{
		{"wrong types", fixedAnswer(`{"entities": "Alice", "relations": [], "facts": [], "events": [], "profile": []}`)},
		{"missing key", fixedAnswer(`{"entities": [], "relations": [], "facts": [], "events": []}`)},
		{"not an object", fixedAnswer(`[1, 2, 3]`)},
		{"cut off", func(w http.ResponseWriter, _ *http.Request, _ int) {
			answer(w, goodAnswer, openai.FinishReasonLength)
		}},
		{"no choices", func(w http.ResponseWriter, _ *http.Request, _ int) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"id":"x","object":"chat.completion","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":0}}`)
		}},
		{"body not JSON", func(w http.ResponseWriter, _ *http.Request, _ int) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `<html>oops</html>`)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeAPI(t, c.handle)
			e := newTestExtractor(t, f, nil)
			x, usage, err := e.Extract(context.Background(), testBatch())
			if !errors.Is(err, ErrResponse) || !x.Empty() || usage.Error == "" {
				t.Errorf("err = %v, extraction empty %v, usage %+v; want ErrResponse, empty, Error set", err, x.Empty(), usage)
			}
			if got := f.calls.Load(); got != 1 {
				t.Errorf("server calls = %d, want 1 (no retry)", got)
			}
		})
	}
}

func TestExtractAnswerInCodeFenceIsAccepted(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer("```json\n"+goodAnswer+"\n```"))
	e := newTestExtractor(t, f, nil)
	x, _, err := e.Extract(context.Background(), testBatch())
	if err != nil || len(x.Facts) != 1 {
		t.Fatalf("Extract: %v, facts %+v", err, x.Facts)
	}
}

func TestExtractRetriesRateLimit(t *testing.T) {
	f := newFakeAPI(t, func(w http.ResponseWriter, _ *http.Request, call int) {
		if call == 1 {
			w.Header().Set("Retry-After", "0")
			fail(w, http.StatusTooManyRequests)
			return
		}
		answer(w, goodAnswer, openai.FinishReasonStop)
	})
	e := newTestExtractor(t, f, nil)
	e.client.Backoff = time.Hour // Retry-After: 0 must be honoured, not the backoff
	x, usage, err := e.Extract(context.Background(), testBatch())
	if err != nil || x.Empty() {
		t.Fatalf("Extract: %v", err)
	}
	if got := f.calls.Load(); got != 2 {
		t.Errorf("server calls = %d, want 2", got)
	}
	if usage.Calls != 1 || usage.PromptTokens != 100 {
		t.Errorf("usage = %+v, want one call (retries are attempts of it)", usage)
	}
}

func TestExtractPersistentFailureIsErrUnavailable(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			f := newFakeAPI(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Retry-After", "0")
				fail(w, status)
			})
			e := newTestExtractor(t, f, func(c *Config) { c.MaxRetries = 2 })
			x, usage, err := e.Extract(context.Background(), testBatch())
			if !errors.Is(err, ErrUnavailable) || !x.Empty() || usage.Error == "" {
				t.Fatalf("err = %v, usage %+v; want ErrUnavailable", err, usage)
			}
			var apiErr *openai.APIError
			if !errors.As(err, &apiErr) || apiErr.HTTPStatusCode != status {
				t.Errorf("the cause is not kept: %v", err)
			}
			if got := f.calls.Load(); got != 3 {
				t.Errorf("server calls = %d, want MaxRetries+1 = 3", got)
			}
		})
	}
}

func TestExtractTimeoutIsErrUnavailable(t *testing.T) {
	f := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
		answer(w, goodAnswer, openai.FinishReasonStop)
	})
	e := newTestExtractor(t, f, func(c *Config) { c.Timeout = 100 * time.Millisecond; c.MaxRetries = 1 })
	start := time.Now()
	_, usage, err := e.Extract(context.Background(), testBatch())
	elapsed := time.Since(start)
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want ErrUnavailable caused by a deadline", err)
	}
	if elapsed > 2*time.Second {
		t.Errorf("took %v, want about 2 × Timeout", elapsed)
	}
	if got := f.calls.Load(); got != 2 || usage.Error == "" {
		t.Errorf("server calls = %d (want 2), usage %+v", got, usage)
	}
}

func TestExtractStalledBodyIsErrUnavailable(t *testing.T) {
	f := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id": "x", "choices": [`)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	e := newTestExtractor(t, f, func(c *Config) { c.Timeout = 100 * time.Millisecond; c.MaxRetries = 1 })
	_, _, err := e.Extract(context.Background(), testBatch())
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable for a 200 whose body never ends", err)
	}
	if got := f.calls.Load(); got != 2 {
		t.Errorf("server calls = %d, want 2 (timeouts are retried)", got)
	}
}

func TestExtractUnauthorizedIsErrRejected(t *testing.T) {
	f := newFakeAPI(t, func(w http.ResponseWriter, _ *http.Request, _ int) { fail(w, http.StatusUnauthorized) })
	e := newTestExtractor(t, f, nil)
	_, usage, err := e.Extract(context.Background(), testBatch())
	if !errors.Is(err, ErrRejected) || usage.Error == "" {
		t.Fatalf("err = %v, usage %+v; want ErrRejected", err, usage)
	}
	if got := f.calls.Load(); got != 1 {
		t.Errorf("server calls = %d, want 1 (no retry)", got)
	}
}

func TestExtractConnectionFailureIsErrUnavailable(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	e := newTestExtractor(t, f, nil)
	f.srv.Close()
	if _, _, err := e.Extract(context.Background(), testBatch()); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
}

func TestExtractCallerCancellation(t *testing.T) {
	f := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		<-r.Context().Done()
	})
	e := newTestExtractor(t, f, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, _, err := e.Extract(ctx, testBatch())
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrUnavailable) {
		t.Fatalf("err = %v, want the caller's deadline, not an endpoint failure", err)
	}
}

func TestExtractBoundsPromptSize(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(`{"entities": [{"name": "Alice", "type": "Person", "aliases": [], "source_turn_ids": ["t0", "t999"]}],
		"relations": [], "facts": [
		{"subject": {"name": "Alice", "type": "Person"}, "statement": "Alice talks a lot.", "confidence": 0.9, "source_turn_ids": ["t999"]}],
		"events": [], "profile": []}`))
	e := newTestExtractor(t, f, nil)
	req := ontology.ExtractRequest{Speakers: []string{"Alice", "Bob"}}
	for i := range 1000 {
		req.Turns = append(req.Turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: fmt.Sprintf("s%d", i/100),
			Speaker: []string{"Alice", "Bob"}[i%2], Text: strings.Repeat("word ", 32*1024/5), Timestamp: at("2023-05-08T13:56:00Z")})
	}
	for i := range 5000 {
		req.KnownEntities = append(req.KnownEntities, ontology.EntityRef{Name: fmt.Sprintf("Entity %d", i), Type: ontology.EntityConcept})
	}
	x, usage, err := e.Extract(context.Background(), req)
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	schema, _ := json.Marshal(e.extractFmt)
	body := f.body(0)
	if limit := DefaultMaxPromptBytes + len(schema) + 1024; len(body) > limit {
		t.Errorf("request body is %d bytes, want at most %d", len(body), limit)
	}
	sent := decodeSent(t, body)
	if n := len(sent.Messages[0].Content) + len(sent.Messages[1].Content); n > DefaultMaxPromptBytes {
		t.Errorf("prompt is %d bytes, want at most %d", n, DefaultMaxPromptBytes)
	}
	if known := strings.Count(sent.Messages[1].Content, "(Concept)"); known > DefaultMaxKnownEntities {
		t.Errorf("%d known entities sent, want at most %d", known, DefaultMaxKnownEntities)
	}
	if !strings.Contains(usage.Error, "prompt truncated:") || !strings.Contains(usage.Error, "of 1000 turns sent") {
		t.Errorf("usage.Error = %q, want the truncation reported", usage.Error)
	}
	if len(x.Entities) != 1 || !reflect.DeepEqual(x.Entities[0].SourceTurnIDs, []string{"t0"}) || len(x.Facts) != 0 {
		t.Errorf("items citing turns left out of the prompt must lose those citations: %+v", x)
	}
}

func TestExtractCutsLongTurnsBeforeLeavingAnyOut(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	e := newTestExtractor(t, f, nil)
	req := testBatch()
	for i := range 20 {
		req.Turns = append(req.Turns, ontology.Turn{ID: fmt.Sprintf("long%d", i), Session: "s3", Speaker: "Bob",
			Text: "head " + strings.Repeat("é", 4000)})
	}
	_, usage, err := e.Extract(context.Background(), req)
	if err != nil || usage.Error != "" {
		t.Fatalf("Extract: %v, usage.Error %q; want every turn sent", err, usage.Error)
	}
	user := decodeSent(t, f.body(0)).Messages[1].Content
	if !strings.Contains(user, "[long19]") || !strings.Contains(user, "Alice: I started at Acme in January!\n") ||
		strings.Count(user, cutMark+"\n") != 20 {
		t.Errorf("want all turns, short ones whole and long ones cut; prompt is %d bytes", len(user))
	}
}

func TestExtractEmptyBatchMakesNoCall(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	e := newTestExtractor(t, f, nil)
	x, usage, err := e.Extract(context.Background(), ontology.ExtractRequest{})
	if err != nil || !x.Empty() || usage.Calls != 0 || f.calls.Load() != 0 {
		t.Fatalf("Extract(empty) = %+v, %+v, %v", x, usage, err)
	}
}

func TestSpanGranularity(t *testing.T) {
	cases := []struct {
		start, end, phrase string
		wantEnd            string
		want               string
	}{
		{"2023-05-06", "", "last Saturday", "2023-05-07", ontology.GranularityDay},
		{"2023-05-06", "2023-05-07", "last weekend", "2023-05-08", ontology.GranularityWeek},
		{"2023-05-01", "2023-05-07", "", "2023-05-08", ontology.GranularityWeek},
		{"2023-05-01", "2023-05-31", "in May", "2023-06-01", ontology.GranularityMonth},
		{"2023-05", "", "in May", "2023-06-01", ontology.GranularityMonth},
		{"2023-06-01", "2023-08-31", "this summer", "2023-09-01", ontology.GranularitySeason},
		{"2022-01-01", "2022-12-31", "last year", "2023-01-01", ontology.GranularityYear},
		{"2022", "", "in 2022", "2023-01-01", ontology.GranularityYear},
	}
	for _, c := range cases {
		s := span(c.start, c.end, c.phrase)
		if s == nil || s.Granularity != c.want || s.End.Format("2006-01-02") != c.wantEnd {
			t.Errorf("span(%q, %q, %q) = %+v, want end %s, granularity %s", c.start, c.end, c.phrase, s, c.wantEnd, c.want)
		}
	}
	for _, c := range [][2]string{{"", ""}, {"soon", ""}, {"2023-05-06", "2023-05-01"}} {
		if s := span(c[0], c[1], ""); s != nil {
			t.Errorf("span(%q, %q) = %+v, want nil", c[0], c[1], s)
		}
	}
}

func TestResolveProfileConflict(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(`{"action": "update", "reason": "Alice changed jobs.", "confidence": 0.85}`))
	clock := &testClock{now: time.Date(2024, 2, 3, 4, 5, 6, 0, time.UTC)}
	e := newTestExtractor(t, f, func(c *Config) { c.Now = clock.Now })
	alice := ontology.EntityRef{Name: "Alice", Type: ontology.EntityPerson}
	current := ontology.ProfileFact{Subject: alice, Topic: "work", SubTopic: "employer", Value: "Acme", Confidence: 0.9, SourceTurnIDs: []string{"t1"}}
	incoming := ontology.ProfileFact{Subject: alice, Topic: "work", SubTopic: "employer", Value: "Globex", Confidence: 0.8,
		ValidFrom: at("2024-01-01T00:00:00Z"), SourceTurnIDs: []string{"t7"}}

	d, usage, err := e.ResolveProfileConflict(context.Background(), "Alice", current, incoming)
	if err != nil {
		t.Fatalf("ResolveProfileConflict: %v", err)
	}
	want := ontology.MergeDecision{Subject: alice, Action: ontology.MergeUpdate, Reason: "Alice changed jobs.", Topic: "work",
		SubTopic: "employer", Value: "Globex", Previous: "Acme", Confidence: 0.85, SourceTurnIDs: []string{"t7"},
		Decider: "llm", At: clock.Now()}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("decision = %+v\nwant       %+v", d, want)
	}
	if usage.Calls != 1 || usage.PromptTokens != 100 {
		t.Errorf("usage = %+v", usage)
	}
	req := decodeSent(t, f.body(0))
	if req.ResponseFormat.JSONSchema.Name != "loci_profile_ruling" || !req.ResponseFormat.JSONSchema.Strict ||
		!strings.Contains(req.Messages[1].Content, `Current value: "Acme"`) || !strings.Contains(req.Messages[1].Content, `New value: "Globex" (since 2024-01-01)`) {
		t.Errorf("request = %+v", req)
	}

	clock.Advance(time.Minute)
	d2, usage2, err := e.ResolveProfileConflict(context.Background(), "Alice", current, incoming)
	if err != nil || !usage2.Cached || f.calls.Load() != 1 || d2.Action != ontology.MergeUpdate || !d2.At.Equal(clock.Now()) {
		t.Errorf("repeat: decision %+v, usage %+v, calls %d, err %v; want a cache hit stamped now", d2, usage2, f.calls.Load(), err)
	}
}

func TestResolveProfileConflictMalformed(t *testing.T) {
	for name, content := range map[string]string{
		"not JSON":       `update, I think`,
		"unknown action": `{"action": "replace", "reason": "x", "confidence": 0.9}`,
		"missing key":    `{"action": "skip", "confidence": 0.9}`,
	} {
		t.Run(name, func(t *testing.T) {
			f := newFakeAPI(t, fixedAnswer(content))
			e := newTestExtractor(t, f, nil)
			fact := ontology.ProfileFact{Topic: "work", SubTopic: "employer", Value: "Globex"}
			d, usage, err := e.ResolveProfileConflict(context.Background(), "Alice", fact, fact)
			if !errors.Is(err, ErrResponse) || !reflect.DeepEqual(d, ontology.MergeDecision{}) || usage.Error == "" {
				t.Fatalf("decision %+v, usage %+v, err %v; want ErrResponse and no decision", d, usage, err)
			}
			if _, _, err := e.ResolveProfileConflict(context.Background(), "Alice", fact, fact); err == nil || f.calls.Load() != 2 {
				t.Errorf("a failed ruling was cached (calls %d)", f.calls.Load())
			}
		})
	}
}

func TestNewValidates(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no model":        {},
		"relative URL":    {Model: "m", BaseURL: "localhost/v1"},
		"negative":        {Model: "m", Timeout: -time.Second},
		"prompt too tiny": {Model: "m", MaxPromptBytes: 1024},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
	e, err := New(Config{Model: "m"})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if e.ID() != ontology.ExtractorLLM || e.client.Timeout() != DefaultTimeout || e.client.Retries() != DefaultMaxRetries ||
		e.maxPrompt != DefaultMaxPromptBytes || e.maxKnown != DefaultMaxKnownEntities ||
		e.extracts.ttl != DefaultCacheTTL || e.extracts.size != DefaultCacheSize {
		t.Errorf("defaults not applied: %+v", e)
	}
}

func TestCacheDisabledStillCoalesces(t *testing.T) {
	f := newFakeAPI(t, fixedAnswer(goodAnswer))
	e := newTestExtractor(t, f, func(c *Config) { c.CacheTTL = -1 })
	for range 2 {
		if _, u, err := e.Extract(context.Background(), testBatch()); err != nil || u.Cached {
			t.Fatalf("usage %+v, err %v", u, err)
		}
	}
	if got := f.calls.Load(); got != 2 {
		t.Errorf("server calls = %d with the cache disabled, want 2", got)
	}
}
