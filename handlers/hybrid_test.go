package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/loci-memory/loci/embed"
)

func TestHybridSearchFindsParaphrases(t *testing.T) {
	s := newHybridServer(t)
	s.ingest("c1", []map[string]any{
		{"id": "1", "session": "1", "speaker": "Caroline", "text": "I painted a sunrise over the lake this morning."},
		{"id": "2", "session": "1", "speaker": "Melanie", "text": "We went camping in the mountains last weekend."},
		{"id": "3", "session": "1", "speaker": "Caroline", "text": "I'd love to adopt a child and raise a family of my own."},
		{"id": "4", "session": "1", "speaker": "Melanie", "text": "My car broke down on the highway again."},
	})
	// No word in common with turn 3: only the vector channel can find it.
	code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "plans for parenthood", "explain": true})
	if code != http.StatusOK {
		t.Fatalf("search: %d %v", code, body)
	}
	results := body["results"].([]any)
	if len(results) == 0 {
		t.Fatal("hybrid search found nothing for a paraphrase")
	}
	top := results[0].(map[string]any)
	channels := top["channels"].(map[string]any)
	if top["id"] != "3" || channels["vector"] == nil || channels["fulltext"] != nil {
		t.Fatalf("top result %v, want turn 3 found by the vector channel alone", top)
	}
	if body["config"] != "default" {
		t.Errorf("config = %v, want default", body["config"])
	}
	// A keyword hit and a vector hit on the same turn fuse above either alone.
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "camping trip", "config": "hybrid", "explain": true})
	top = body["results"].([]any)[0].(map[string]any)
	channels = top["channels"].(map[string]any)
	if code != http.StatusOK || top["id"] != "2" || channels["vector"] == nil || channels["fulltext"] == nil {
		t.Fatalf("camping trip: %d top %v, want turn 2 from both channels", code, top)
	}
	// Speaker scope applies to the vector channel too.
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "What are Melanie's plans for parenthood?", "config": "vector-speaker"})
	for _, r := range body["results"].([]any) {
		if r.(map[string]any)["speaker"] != "Melanie" {
			t.Errorf("vector-speaker returned %v", r)
		}
	}
}

func TestVectorConfigWithoutEmbedderIs422(t *testing.T) {
	s := newServer(t) // no embedder
	s.do("POST", "/v1/conversations/c1/turns", dialogue)
	code, body := s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "support", "config": "vector"})
	if code != http.StatusUnprocessableEntity || errCode(body) != "validation" {
		t.Fatalf("vector config without embedder: %d %v", code, body)
	}
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "c1", "query": "support", "config": "no-such-config"})
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("unknown config: %d %v", code, body)
	}
}

// TestFailingEmbedderStoresNothing drives ingest through an OpenAI-protocol
// endpoint that fails in each way the embedder must survive: the batch is
// refused with 503 and not one turn of it is stored.
func TestFailingEmbedderStoresNothing(t *testing.T) {
	modes := map[string]http.HandlerFunc{
		"429 forever": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "0")
			http.Error(w, `{"error":{"message":"slow down","type":"rate_limit"}}`, http.StatusTooManyRequests)
		},
		"malformed JSON": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"object":"list","data":[{"embedding":[0.1,`))
		},
		"too few vectors": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,0.2,0.3,0.4]}],"model":"m"}`))
		},
		"timeout": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
		},
	}
	for name, h := range modes {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(h)
			defer srv.Close()
			emb, err := embed.NewOpenAI(embed.OpenAIConfig{BaseURL: srv.URL + "/v1", APIKey: "k", Model: "fake-embedder",
				Dimensions: 4, Timeout: 200 * time.Millisecond, MaxRetries: 1})
			if err != nil {
				t.Fatal(err)
			}
			s := newVectorServer(t, emb)
			code, body := s.do("POST", "/v1/conversations/c1/turns", dialogue)
			if code != http.StatusServiceUnavailable || errCode(body) != "unavailable" {
				t.Fatalf("ingest with failing embedder: %d %v, want 503 unavailable", code, body)
			}
			if n := s.turnCount("c1"); n != 0 {
				t.Fatalf("%v turns stored after a failed embedding, want 0", n)
			}
		})
	}
}

// TestDefaultSearchRepliesNamesAndWhen shows, through REST on the real
// model and Neo4j, the three things the default search does beyond fusing
// full-text and vector channels: the scoped speaker's replies to a
// matching turn, speakers' names left out of the matched text, and
// results naming a time moved up when the question asks when.
func TestDefaultSearchRepliesNamesAndWhen(t *testing.T) {
	s := newHybridServer(t)
	s.ingest("c1", chat("watercolor"))
	search := func(query, config string) []map[string]any {
		t.Helper()
		req := map[string]any{"conversation_id": "c1", "query": query, "explain": true}
		if config != "" {
			req["config"] = config
		}
		out, _ := s.search(req)
		return out
	}
	channelsOf := func(rs []map[string]any, id string) map[string]any {
		for _, r := range rs {
			if r["id"] == id {
				return r["channels"].(map[string]any)
			}
		}
		return nil
	}
	// Turn 2 shares no word with the question; it answers turn 1, which does.
	rs := search("How did Evan get into watercolor painting?", "")
	if ch := channelsOf(rs, "2"); ch == nil || ch["fulltext_replies"] == nil {
		t.Errorf("turn 2 (Evan's reply to the question about watercolor) not found by the reply channel: %v", rs)
	}
	for _, r := range rs {
		if r["speaker"] != "Evan" {
			t.Errorf("a question about Evan returned %s's turn %v", r["speaker"], r["id"])
		}
	}
	// Two speakers named: no scope. Matching their names finds the vocative turn 3.
	if ch := channelsOf(search("What did Sam and Evan paint?", "fulltext"), "3"); ch == nil || ch["fulltext"] == nil {
		t.Errorf("with names kept, the vocative turn 3 should match their names (the contrast this test relies on)")
	}
	if ch := channelsOf(search("What did Sam and Evan paint?", ""), "3"); ch != nil && ch["fulltext"] != nil {
		t.Errorf("default matched the speakers' names: turn 3 has full-text score %v", ch["fulltext"])
	}
	// A question asking when: the turn that names a time comes first.
	rs = search("When did Evan join the watercolor class?", "")
	if len(rs) == 0 || rs[0]["id"] != "4" || rs[0]["channels"].(map[string]any)["when"] == nil {
		t.Errorf("when-question: top %v, want turn 4 (\"yesterday\") moved up by the when boost", rs)
	}
	if ch := channelsOf(search("What did Evan join?", ""), "4"); ch != nil && ch["when"] != nil {
		t.Errorf("a question not asking when got the when boost: %v", ch)
	}
}
