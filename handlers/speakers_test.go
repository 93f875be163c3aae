package handlers_test

import (
	"net/http"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/apptest"
)

// handleChat is chats.json's "handles", a messaging-style chat: handles as
// labels, several short messages in a row, names used only in greetings
// and introductions.
func handleChat() map[string]any { return map[string]any{"turns": chat("handles")} }

func speakerAliases(body map[string]any) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, s := range body["speakers"].([]any) {
		sp := s.(map[string]any)
		m := map[string]string{}
		for _, a := range sp["aliases"].([]any) {
			al := a.(map[string]any)
			m[al["alias"].(string)] = al["how"].(string)
		}
		out[sp["name"].(string)] = m
	}
	return out
}

func TestSpeakerAliasesLearnedAndUsed(t *testing.T) {
	s := newServer(t)
	if code, body := s.do("POST", "/v1/conversations/chat/turns", handleChat()); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	// Resending counts nothing twice.
	s.do("POST", "/v1/conversations/chat/turns", handleChat())
	code, body := s.do("GET", "/v1/conversations/chat/speakers", nil)
	if code != http.StatusOK {
		t.Fatalf("speakers: %d %v", code, body)
	}
	got := speakerAliases(body)
	if got["rosa_m92"]["Rosa"] != "introduction" && got["rosa_m92"]["Rosa"] != "vocative" {
		t.Errorf("rosa_m92's aliases %v, want Rosa", got["rosa_m92"])
	}
	if got["dk"]["Danny"] != "vocative" {
		t.Errorf("dk's aliases %v, want Danny (vocative)", got["dk"])
	}
	for _, s := range body["speakers"].([]any) {
		for _, a := range s.(map[string]any)["aliases"].([]any) {
			if n := a.(map[string]any)["count"].(float64); n != 1 {
				t.Errorf("alias %v counted %v times after a resend, want 1", a, n)
			}
		}
	}

	// A question naming Rosa scopes to rosa_m92 and says how.
	code, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "What class did Rosa start?", "config": "fulltext-speaker"})
	if code != http.StatusOK {
		t.Fatalf("search: %d %v", code, body)
	}
	scope := body["scope"].(map[string]any)
	if scope["speaker"] != "rosa_m92" || scope["speaker_source"] != "query" || scope["speaker_alias"] != "Rosa" {
		t.Errorf("scope %v, want rosa_m92 by Rosa", scope)
	}
	for _, r := range body["results"].([]any) {
		if sp := r.(map[string]any)["speaker"]; sp != "rosa_m92" {
			t.Errorf("result of %v in a search scoped to rosa_m92", sp)
		}
	}
	// A misspelling close in letters and sound scopes too; a weak one does not.
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "What did Roza make?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != "rosa_m92" || scope["speaker_match"] != "fuzzy" {
		t.Errorf("Roza: scope %v, want rosa_m92 (fuzzy)", scope)
	}
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "What did Rosie make?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != nil {
		t.Errorf("Rosie: scope %v, want none", scope)
	}
	// An explicit speaker may be an alias.
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "gym", "speaker": "Danny", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != "dk" || scope["speaker_source"] != "request" {
		t.Errorf("speaker Danny: scope %v, want dk", scope)
	}

	// Forgetting rosa_m92 forgets what only her turns taught: Danny.
	if code, body := s.do("DELETE", "/v1/conversations/chat/speakers/rosa_m92", nil); code != http.StatusOK {
		t.Fatalf("delete speaker: %d %v", code, body)
	}
	_, body = s.do("GET", "/v1/conversations/chat/speakers", nil)
	if got := speakerAliases(body); len(got) != 1 || len(got["dk"]) != 0 {
		t.Errorf("after forgetting rosa_m92: %v, want dk without aliases", got)
	}
}

func TestSpeakerAliasAPI(t *testing.T) {
	s := newServer(t)
	s.do("POST", "/v1/conversations/chat/turns", handleChat())
	code, body := s.do("PUT", "/v1/conversations/chat/speakers/DK/aliases", map[string]any{"aliases": []string{"Dan Kowalski", " dan k ", "Dan Kowalski"}})
	if code != http.StatusOK {
		t.Fatalf("put: %d %v", code, body)
	}
	sp := body["speaker"].(map[string]any)
	explicit := 0
	for _, a := range sp["aliases"].([]any) {
		if a.(map[string]any)["how"] == "explicit" {
			explicit++
		}
	}
	if sp["name"] != "dk" || explicit != 2 {
		t.Errorf("speaker %v, want dk with 2 explicit aliases", sp)
	}
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "What does Dan Kowalski climb?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != "dk" || scope["speaker_match"] != "explicit" {
		t.Errorf("scope %v, want dk (explicit)", scope)
	}
	// Replacing with [] removes them.
	if code, _ := s.do("PUT", "/v1/conversations/chat/speakers/dk/aliases", map[string]any{"aliases": []string{}}); code != http.StatusOK {
		t.Errorf("clear: %d", code)
	}
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "chat", "query": "What does Dan Kowalski climb?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] == "dk" && scope["speaker_match"] == "explicit" {
		t.Errorf("explicit alias still matches after clearing: %v", scope)
	}
	for _, c := range []struct {
		path string
		body any
		code int
		err  string
	}{
		{"/v1/conversations/chat/speakers/dk/aliases", map[string]any{"aliases": []string{"rosa_m92"}}, http.StatusConflict, "conflict"},
		{"/v1/conversations/chat/speakers/nobody/aliases", map[string]any{"aliases": []string{"X"}}, http.StatusNotFound, "not_found"},
		{"/v1/conversations/missing/speakers/dk/aliases", map[string]any{"aliases": []string{"X"}}, http.StatusNotFound, "not_found"},
		{"/v1/conversations/chat/speakers/dk/aliases", `{"aliases": ["X"], "extra": 1}`, http.StatusBadRequest, ""},
		{"/v1/conversations/chat/speakers/dk/aliases", map[string]any{"aliases": []string{"!!!"}}, http.StatusUnprocessableEntity, "validation"},
		{"/v1/conversations/chat/speakers/dk/aliases", map[string]any{}, http.StatusUnprocessableEntity, "validation"},
	} {
		code, body := s.do("PUT", c.path, c.body)
		if code != c.code || (c.err != "" && errCode(body) != c.err) {
			t.Errorf("PUT %s %v: %d %v, want %d %s", c.path, c.body, code, body, c.code, c.err)
		}
	}
	// Another tenant sees neither the speakers nor the aliases.
	other := newServerWith(t, s.store, nil)
	if code, _ := other.do("GET", "/v1/conversations/chat/speakers", nil); code != http.StatusNotFound {
		t.Errorf("another tenant's GET speakers: %d, want 404", code)
	}
	if code, _ := other.do("PUT", "/v1/conversations/chat/speakers/dk/aliases", map[string]any{"aliases": []string{"X"}}); code != http.StatusNotFound {
		t.Errorf("another tenant's PUT aliases: %d, want 404", code)
	}
}

// groupChat is chats.json's "group-of-three", a group chat of three,
// labels as handles: Marika's name is only in the others' reactions to her
// news, and once in a greeting that reacts to nobody's message.
func groupChat() map[string]any { return map[string]any{"turns": chat("group-of-three")} }

// TestGroupChatAliasesFromReactions: in a chat of three, a reaction
// ("congrats Marika!", "sorry mari") names the speaker whose message it
// reacts to, and a question using that name scopes to her; a greeting
// that may call anyone in teaches nothing, and a name inside another
// speaker's handle ("congrats jules" after Marika's message) is not
// learned for the wrong speaker.
func TestGroupChatAliasesFromReactions(t *testing.T) {
	s := newServer(t)
	if code, body := s.do("POST", "/v1/conversations/group/turns", groupChat()); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	_, body := s.do("GET", "/v1/conversations/group/speakers", nil)
	got := speakerAliases(body)
	if got["mk_0"]["Marika"] != "vocative" || got["mk_0"]["mari"] != "vocative" || len(got["mk_0"]) != 2 {
		t.Errorf("mk_0's aliases %v, want Marika and mari (vocative)", got["mk_0"])
	}
	if len(got["tomasz.w"]) != 0 || len(got["jules_b"]) != 0 {
		t.Errorf("aliases %v, want none for tomasz.w and jules_b", got)
	}
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "group", "query": "why did Marika pull out of the marathon?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != "mk_0" || scope["speaker_alias"] != "Marika" {
		t.Errorf("scope %v, want mk_0 by Marika", scope)
	}
	if rs := body["results"].([]any); len(rs) == 0 || rs[0].(map[string]any)["id"] != "g5" {
		t.Errorf("results %v, want g5 first", rs)
	}
	_, body = s.do("POST", "/v1/search", map[string]any{"conversation_id": "group", "query": "where does Jules work?", "config": "fulltext-speaker"})
	if scope := body["scope"].(map[string]any); scope["speaker"] != "jules_b" {
		t.Errorf("Jules: scope %v, want jules_b (its handle)", scope)
	}
}

// TestQuestionsNameSpeakersByNickname: a question asking about Maggie is
// scoped to the speaker labelled Margaret, through the nickname list
// `make models` installs, and finds her message before the other
// speaker's on the same subject; without the list it is not scoped.
func TestQuestionsNameSpeakersByNickname(t *testing.T) {
	turns := map[string]any{"turns": []map[string]any{
		{"id": "n1", "session": "1", "speaker": "Margaret Reyes", "text": "I baked a lemon drizzle cake for the school fair"},
		{"id": "n2", "session": "1", "speaker": "dev_r", "text": "nice, I baked brownies for the fair last year"},
		{"id": "n3", "session": "1", "speaker": "dev_r", "text": "did the fair raise much?"},
		{"id": "n4", "session": "1", "speaker": "Margaret Reyes", "text": "about 900 pounds for the library"},
	}}
	ask := map[string]any{"conversation_id": "nick", "query": "what did Maggie bake for the fair?", "config": "fulltext-speaker"}
	store := graphtest.Store(t)
	s := serveApp(t, store, app.Assemble(app.Parts{Store: store, Nicknames: apptest.Nicknames(t)}), nil)
	if code, body := s.do("POST", "/v1/conversations/nick/turns", turns); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	_, body := s.do("POST", "/v1/search", ask)
	scope := body["scope"].(map[string]any)
	if scope["speaker"] != "Margaret Reyes" || scope["speaker_alias"] != "Maggie" || scope["speaker_match"] != "nickname" {
		t.Errorf("scope %v, want Margaret Reyes by the nickname Maggie", scope)
	}
	if rs := body["results"].([]any); len(rs) == 0 || rs[0].(map[string]any)["id"] != "n1" {
		t.Errorf("results %v, want n1 first", rs)
	}

	plain := newServer(t) // no nickname list
	if code, body := plain.do("POST", "/v1/conversations/nick/turns", turns); code != http.StatusCreated {
		t.Fatalf("ingest: %d %v", code, body)
	}
	_, body = plain.do("POST", "/v1/search", ask)
	if sp := body["scope"].(map[string]any)["speaker"]; sp != nil {
		t.Errorf("without the list the question was scoped to %v", sp)
	}
}
