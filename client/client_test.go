package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/ontology"
)

// conversation yields, with the rules extractor, Sam -FAMILY_OF-> Dana
// -CREATED-> Acme Labs.
var conversation = []ontology.Turn{
	{ID: "1", Session: "1", Speaker: "Sam", Text: "My cousin Dana founded Acme Labs last year.", Timestamp: graphtest.At("2023-03-01T10:00:00Z")},
	{ID: "2", Session: "1", Speaker: "Ria", Text: "I moved to Lisbon from Boston two weeks ago.", Timestamp: graphtest.At("2023-03-01T10:01:00Z")},
	{ID: "3", Session: "2", Speaker: "Sam", Text: "Acme Labs makes solar panels.", Timestamp: graphtest.At("2023-06-01T09:00:00Z")},
	{ID: "4", Session: "2", Speaker: "Ria", Text: "I work at Globex as a designer.", Timestamp: graphtest.At("2023-06-01T09:01:00Z")},
}

// newServer serves the whole API with API keys over the real Neo4j and
// returns its URL and a key of a fresh tenant; wrap may intercept requests.
func newServer(t *testing.T, wrap func(http.Handler) http.Handler) (string, string, string) {
	store := graphtest.Store(t)
	ring, secrets, tenants := apptest.Keys(t, store, "client test")
	h := apptest.Handler(apptest.Rules(store), "", func(d *handlers.Deps) { d.Auth = ring })
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, secrets["client test"], tenants["client test"]
}

func TestClientCoversTheAPI(t *testing.T) {
	url, key, tenant := newServer(t, nil)
	ctx := context.Background()
	c := client.New(url, client.WithAPIKey(key))
	if err := c.Ready(ctx); err != nil {
		t.Fatalf("Ready: %v", err)
	}

	res, err := c.AddTurns(ctx, "conv 1/x", conversation)
	if err != nil || res.Created != 4 || res.Knowledge == nil {
		t.Fatalf("AddTurns = %+v, %v", res, err)
	}
	if res, err := c.AddTurns(ctx, "conv 1/x", conversation); err != nil || res.Created != 0 || len(res.ExistingIDs) != 4 {
		t.Fatalf("AddTurns resent = %+v, %v", res, err)
	}
	conv, err := c.Conversation(ctx, "conv 1/x")
	if err != nil || conv.TurnCount != 4 || len(conv.Speakers) != 2 { // before turn 5
		t.Fatalf("Conversation = %+v, %v", conv, err)
	}
	if _, err := c.AddTurns(ctx, "older", conversation[:1]); err != nil {
		t.Fatal(err)
	}
	// A turn without an id gets one (the client's, so its retries resend
	// it), returned in IDs.
	if res, err := c.AddTurns(ctx, "conv 1/x", []ontology.Turn{{Speaker: "Sam", Text: "Later."}}); err != nil || len(res.IDs) != 1 || res.IDs[0] == "" || res.Created != 1 {
		t.Fatalf("AddTurns without an id = %+v, %v", res, err)
	}
	list, err := c.Conversations(ctx, 10)
	if err != nil || len(list) != 2 || list[0].ID != "conv 1/x" || list[0].TurnCount != 5 || list[1].ID != "older" {
		t.Fatalf("Conversations = %+v, %v", list, err)
	}
	if rec, err := c.DeleteConversation(ctx, "older"); err != nil || rec.Turns != 1 {
		t.Fatalf("DeleteConversation(older) = %+v, %v", rec, err)
	}
	page, err := c.Turns(ctx, "conv 1/x", -1, 3)
	if err != nil || len(page.Turns) != 3 || page.NextAfter == nil {
		t.Fatalf("Turns = %+v, %v", page, err)
	}
	all, err := c.AllTurns(ctx, "conv 1/x")
	if err != nil || len(all) != 5 || all[3].Text != conversation[3].Text {
		t.Fatalf("AllTurns = %+v, %v", all, err)
	}

	sr, err := c.Search(ctx, ontology.SearchRequest{Conversation: "conv 1/x", Query: "Where does Ria work?", Explain: true})
	if err != nil || len(sr.Results) == 0 || sr.Results[0].ID != "4" || sr.Scope.Speaker != "Ria" {
		t.Fatalf("Search = %+v, %v", sr, err)
	}

	cx, err := c.Context(ctx, ontology.ContextRequest{Conversation: "conv 1/x", Query: "What does the company Dana founded make?", BudgetTokens: 500})
	if err != nil || cx.Tokens == 0 || cx.Tokens > 500 || !strings.Contains(cx.Context, "solar panels") || len(cx.Items) == 0 {
		t.Fatalf("Context = %+v, %v", cx, err)
	}
	an, err := c.Answer(ctx, ontology.ContextRequest{Conversation: "conv 1/x", Query: "Where does Ria work?"})
	if err != nil || an.Text != nil || an.Reason == "" || an.Context.Context == "" {
		t.Fatalf("Answer without an LLM = %+v, %v", an, err)
	}

	ents, err := c.Entities(ctx, client.EntitiesRequest{ConversationID: "conv 1/x", Query: "Dana"})
	if err != nil || len(ents) == 0 || ents[0].Name != "Dana" {
		t.Fatalf("Entities = %+v, %v", ents, err)
	}
	dana, err := c.Entity(ctx, ents[0].ID)
	if err != nil || dana.Name != "Dana" || len(dana.Relations) == 0 {
		t.Fatalf("Entity = %+v, %v", dana, err)
	}
	if _, err := c.EntityHistory(ctx, ents[0].ID, 10); err != nil {
		t.Fatalf("EntityHistory: %v", err)
	}
	nb, err := c.Neighbourhood(ctx, "Dana", "conv 1/x", 1, 10)
	if err != nil || len(nb.Edges) == 0 {
		t.Fatalf("Neighbourhood = %+v, %v", nb, err)
	}
	paths, err := c.Paths(ctx, "Sam", "Acme Labs", "conv 1/x", 3, 5)
	if err != nil || len(paths) == 0 {
		t.Fatalf("Paths = %+v, %v", paths, err)
	}

	rec, err := c.DeleteSpeaker(ctx, "conv 1/x", "ria")
	if err != nil || rec.Turns != 2 {
		t.Fatalf("DeleteSpeaker = %+v, %v", rec, err)
	}
	rec, err = c.DeleteConversation(ctx, "conv 1/x")
	if err != nil || rec.Turns != 3 || rec.Conversations != 1 {
		t.Fatalf("DeleteConversation = %+v, %v", rec, err)
	}
	_, err = c.Conversation(ctx, "conv 1/x")
	var apiErr *client.Error
	if ontology.ErrorCode(err) != ontology.ENotFound || !errors.As(err, &apiErr) || apiErr.Status != http.StatusNotFound {
		t.Fatalf("deleted conversation: %v", err)
	}
	if _, err := c.AddTurns(ctx, "c2", conversation[:1]); err != nil {
		t.Fatal(err)
	}
	if rec, err := c.DeleteTenant(ctx, tenant); err != nil || rec.Conversations != 1 {
		t.Fatalf("DeleteTenant = %+v, %v", rec, err)
	}

	// Errors carry the API's codes.
	if _, err := c.AddTurns(ctx, "c", []ontology.Turn{{ID: "1", Speaker: "S"}}); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("empty text: %v, want validation", err)
	}
	if _, err := client.New(url).Search(ctx, ontology.SearchRequest{Query: "x"}); ontology.ErrorCode(err) != ontology.EUnauthorized {
		t.Errorf("no key: %v, want unauthorized", err)
	}
	if _, err := client.New(url, client.WithAPIKey(key), client.WithTenant("someone-else")).Search(ctx, ontology.SearchRequest{Query: "x"}); ontology.ErrorCode(err) != ontology.EForbidden {
		t.Errorf("another tenant: %v, want forbidden", err)
	}
}

// The client retries 503 and 429 (after Retry-After) but not deterministic
// errors.
func TestClientRetries(t *testing.T) {
	var calls, failures atomic.Int32
	failures.Store(2)
	url, key, _ := newServer(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			if strings.HasSuffix(r.URL.Path, "/turns") && failures.Add(-1) >= 0 {
				w.Header().Set("Retry-After", "1")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusServiceUnavailable)
				w.Write([]byte(`{"error":{"code":"unavailable","message":"Neo4j is unreachable"}}`))
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	ctx := context.Background()
	c := client.New(url, client.WithAPIKey(key), client.WithRetries(4, 2*time.Second))
	start := time.Now()
	res, err := c.AddTurns(ctx, "c", conversation)
	if err != nil || res.Created != 4 {
		t.Fatalf("AddTurns through two 503s = %+v, %v", res, err)
	}
	if calls.Load() != 3 || time.Since(start) < 2*time.Second {
		t.Fatalf("%d calls in %s; want 3 calls, waiting Retry-After (1 s) twice", calls.Load(), time.Since(start))
	}
	calls.Store(0)
	if _, err := c.Search(ctx, ontology.SearchRequest{Query: "x", Limit: 100000}); ontology.ErrorCode(err) != ontology.EValidation || calls.Load() != 1 {
		t.Fatalf("a 422 was retried: %v after %d calls", err, calls.Load())
	}
	failures.Store(10)
	calls.Store(0)
	c = client.New(url, client.WithAPIKey(key), client.WithRetries(1, 10*time.Millisecond))
	if _, err := c.AddTurns(ctx, "c", conversation); ontology.ErrorCode(err) != ontology.EUnavailable || calls.Load() != 2 {
		t.Fatalf("retries exhausted: %v after %d calls, want unavailable after 2", err, calls.Load())
	}
}

// TestClientSpeakerAliases: an alias set through the client is listed with
// the speaker, scopes a search that names it, and can be removed; an
// unknown speaker is a not-found error.
func TestClientSpeakerAliases(t *testing.T) {
	url, key, _ := newServer(t, nil)
	ctx := context.Background()
	c := client.New(url, client.WithAPIKey(key))
	if _, err := c.AddTurns(ctx, "c", conversation); err != nil {
		t.Fatal(err)
	}
	sp, err := c.SetSpeakerAliases(ctx, "c", "Ria", []string{"Rita"})
	if err != nil || sp.Name != "Ria" || len(sp.Aliases) != 1 || sp.Aliases[0].Alias != "Rita" || sp.Aliases[0].How != ontology.AliasExplicit {
		t.Fatalf("SetSpeakerAliases = %+v, %v", sp, err)
	}
	speakers, err := c.Speakers(ctx, "c")
	if err != nil || len(speakers) != 2 {
		t.Fatalf("Speakers = %+v, %v", speakers, err)
	}
	res, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c", Query: "Where did Rita move?", Config: "fulltext-speaker"})
	if err != nil || res.Scope.Speaker != "Ria" || res.Scope.SpeakerAlias != "Rita" || res.Scope.SpeakerMatch != ontology.AliasExplicit {
		t.Fatalf("Search naming the alias: scope %+v, %v", res.Scope, err)
	}
	if sp, err := c.SetSpeakerAliases(ctx, "c", "Ria", nil); err != nil || len(sp.Aliases) != 0 {
		t.Fatalf("removing the aliases = %+v, %v", sp, err)
	}
	if res, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c", Query: "Where did Rita move?", Config: "fulltext-speaker"}); err != nil || res.Scope.Speaker != "" {
		t.Fatalf("after removal the alias still scopes: %+v, %v", res.Scope, err)
	}
	var apiErr *client.Error
	if _, err := c.SetSpeakerAliases(ctx, "c", "nobody", []string{"X"}); !errors.As(err, &apiErr) || apiErr.Status != 404 || ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("unknown speaker: %v", err)
	}
}

// An answer lost after the batch was stored: the retry resends the same
// ids (the client names turns sent without one), so nothing is stored twice.
func TestClientRetryAfterALostAnswerStoresOnce(t *testing.T) {
	var lost atomic.Int32
	lost.Store(1)
	url, key, _ := newServer(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/turns") && r.Method == http.MethodPost && lost.Add(-1) >= 0 {
				next.ServeHTTP(httptest.NewRecorder(), r) // stored; the answer never arrives:
				conn, _, err := w.(http.Hijacker).Hijack()
				if err != nil {
					t.Error(err)
					return
				}
				conn.Close()
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	ctx := context.Background()
	c := client.New(url, client.WithAPIKey(key), client.WithRetries(2, 10*time.Millisecond))
	unnamed := []ontology.Turn{{Speaker: "kiko", Text: "new job at Norvik"}, {Speaker: "kiko", Text: "start monday"}}
	res, err := c.AddTurns(ctx, "lost", unnamed)
	if err != nil || res.Created != 0 || res.Existing != 2 || len(res.IDs) != 2 {
		t.Fatalf("AddTurns after a lost answer = %+v, %v; want both turns reported as already stored", res, err)
	}
	all, err := c.AllTurns(ctx, "lost")
	if err != nil || len(all) != 2 {
		t.Fatalf("conversation holds %d turns (%v), want 2", len(all), err)
	}
}
