package llm

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// fakeAPI is an OpenAI-protocol test server whose answers a test scripts.
// It counts calls and keeps every request body.
type fakeAPI struct {
	srv    *httptest.Server
	calls  atomic.Int32
	mu     sync.Mutex
	bodies [][]byte
}

// newFakeAPI starts a server; handle gets the 1-based number of each call.
func newFakeAPI(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, call int)) *fakeAPI {
	t.Helper()
	f := &fakeAPI{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.bodies = append(f.bodies, body)
		f.mu.Unlock()
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
			return
		}
		handle(w, r, int(f.calls.Add(1)))
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// body returns the i-th request body received.
func (f *fakeAPI) body(i int) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bodies[i]
}

// answer replies with a completion whose content is content, finishing for
// reason finish, billed 100 prompt and 20 completion tokens.
func answer(w http.ResponseWriter, content string, finish openai.FinishReason) {
	resp := openai.ChatCompletionResponse{
		ID: "cmpl-1", Object: "chat.completion", Model: "test-model",
		Choices: []openai.ChatCompletionChoice{{
			Message:      openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: content},
			FinishReason: finish,
		}},
		Usage: openai.Usage{PromptTokens: 100, CompletionTokens: 20, TotalTokens: 120},
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// fail replies with an OpenAI error body and status.
func fail(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, `{"error":{"message":"scripted failure","type":"test"}}`)
}

// fixedAnswer serves content to every call.
func fixedAnswer(content string) func(http.ResponseWriter, *http.Request, int) {
	return func(w http.ResponseWriter, _ *http.Request, _ int) { answer(w, content, openai.FinishReasonStop) }
}

// testClock is an injectable clock.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newTestExtractor returns an extractor for f with fast retries; change
// adjusts the configuration first.
func newTestExtractor(t *testing.T, f *fakeAPI, change func(*Config)) *Extractor {
	t.Helper()
	cfg := Config{BaseURL: f.srv.URL + "/v1", APIKey: "sk-test", Model: "test-model", Timeout: 5 * time.Second}
	if change != nil {
		change(&cfg)
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	e.client.Backoff = time.Millisecond
	return e
}

// at parses a UTC time.
func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// testBatch is a small batch of two sessions.
func testBatch() ontology.ExtractRequest {
	return ontology.ExtractRequest{
		Tenant: "default", Conversation: "c1",
		Turns: []ontology.Turn{
			{ID: "t1", Session: "s1", Speaker: "Alice", Text: "I started at Acme in January!", Timestamp: at("2023-05-08T13:56:00Z")},
			{ID: "t2", Session: "s1", Speaker: "Bob", Text: "Nice. I ran the Boston marathon last Saturday.", Timestamp: at("2023-05-08T13:57:00Z")},
			{ID: "t3", Session: "s2", Speaker: "Bob", Text: "I'm spending this summer in Spain.", Timestamp: at("2023-05-20T09:00:00Z")},
		},
		Speakers:      []string{"Alice", "Bob"},
		KnownEntities: []ontology.EntityRef{{Name: "Acme", Type: ontology.EntityOrganization}},
	}
}

// goodAnswer is a model answer for testBatch, with some items a sanitiser
// must fix or drop.
const goodAnswer = `{
 "entities": [
  {"name": "Alice", "type": "Person", "aliases": ["Ali"], "source_turn_ids": ["t1"]},
  {"name": "Acme", "type": "Organization", "aliases": [], "source_turn_ids": ["t1"]},
  {"name": "Ghost", "type": "Person", "aliases": [], "source_turn_ids": ["t99"]}
 ],
 "relations": [
  {"type": "WORKS_AT", "from": {"name": "Alice", "type": "Person"}, "to": {"name": "Acme", "type": "Organization"},
   "role": "", "confidence": 0.95, "valid_from": "2023-01-15", "source_turn_ids": ["t1"]},
  {"type": "BEST_BUDDY", "from": {"name": "Alice", "type": "Person"}, "to": {"name": "Bob", "type": "Person"},
   "role": "", "confidence": 0.7, "valid_from": "", "source_turn_ids": ["t2"]},
  {"type": "LIKES", "from": {"name": "Bob", "type": "Person"}, "to": {"name": "Running", "type": "Activity"},
   "role": "", "confidence": 0.9, "valid_from": "", "source_turn_ids": ["nope"]}
 ],
 "facts": [
  {"subject": {"name": "Alice", "type": "Person"}, "statement": "Alice started working at Acme in January 2023.",
   "confidence": 1.4, "source_turn_ids": ["t1"]},
  {"subject": {"name": "Alice", "type": "Person"}, "statement": "Alice is made up.", "confidence": 0.9, "source_turn_ids": []}
 ],
 "events": [
  {"participants": [{"name": "Bob", "type": "Person"}], "what": "Bob ran the Boston marathon.",
   "when_start": "2023-05-06", "when_end": "", "when_phrase": "last Saturday",
   "where": {"name": "Boston", "type": "Place"}, "confidence": 0.9, "source_turn_ids": ["t2"]},
  {"participants": [{"name": "Bob", "type": "Person"}], "what": "Bob spends the summer in Spain.",
   "when_start": "2023-06-01", "when_end": "2023-08-31", "when_phrase": "this summer",
   "where": {"name": "", "type": "Place"}, "confidence": 0.8, "source_turn_ids": ["t3"]}
 ],
 "profile": [
  {"subject": {"name": "Alice", "type": "Person"}, "topic": "work", "sub_topic": "employer", "value": "Acme",
   "confidence": 0.9, "source_turn_ids": ["t1"]},
  {"subject": {"name": "Alice", "type": "Person"}, "topic": "work", "sub_topic": "shoe_size", "value": "38",
   "confidence": 0.9, "source_turn_ids": ["t1"]}
 ]
}`
