package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/mcpserver/mcptest"
	"github.com/loci-memory/loci/ontology"
)

// deps wires the tools to the real Neo4j as `loci serve` does, with the
// rules extractor and without an embedder.
func deps(store *graph.Store, tenant string) mcpserver.Deps {
	d := apptest.Rules(store).MCPDeps()
	d.Tenant = tenant
	return d
}

// session is an SDK client session with helpers for tool calls.
type session struct {
	t  *testing.T
	cs *mcp.ClientSession
}

// newSession connects a client to the tools over a fresh tenant of the
// test store, wired as `loci serve` wires them.
func newSession(t *testing.T) (*session, *graph.Store, string) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	return &session{t: t, cs: mcptest.Connect(t, mcpserver.New(deps(store, tenant)))}, store, tenant
}

// call calls a tool and fails the test on a protocol error (a tool error
// is returned, with IsError set).
func (s *session) call(name string, args map[string]any) *mcp.CallToolResult {
	s.t.Helper()
	return mcptest.Call(s.t, s.cs, name, args)
}

// ok calls a tool that must succeed and decodes its structured result.
func (s *session) ok(name string, args map[string]any, out any) *mcp.CallToolResult {
	s.t.Helper()
	res := s.call(name, args)
	if res.IsError {
		s.t.Fatalf("%s(%v) failed: %s", name, args, text(res))
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		s.t.Fatal(err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		s.t.Fatalf("%s: structured content %s: %v", name, raw, err)
	}
	return res
}

// fails calls a tool that must fail with a tool error of the given code.
func (s *session) fails(name string, args map[string]any, code string) string {
	s.t.Helper()
	res := s.call(name, args)
	msg := text(res)
	if !res.IsError || !strings.HasPrefix(msg, code+": ") {
		s.t.Fatalf("%s(%v) = error %v %q, want a %s tool error", name, args, res.IsError, msg, code)
	}
	return msg
}

var text = mcptest.Text

// memoryConversation: "what does the company Sam's cousin founded make?"
// needs three relations the rules extractor draws (Sam -FAMILY_OF-> Dana
// -CREATED-> Acme Labs -MAKES-> solar panels).
var (
	firstSession = []map[string]any{
		{"id": "1", "session": 1, "speaker": "Sam", "text": "My cousin Dana founded Acme Labs last year.", "timestamp": "2023-03-01T10:00:00Z"},
		{"id": "2", "session": "1", "speaker": "Ria", "text": "I moved to Lisbon from Boston two weeks ago.", "timestamp": "2023-03-01T10:01:00Z", "metadata": map[string]any{"mood": "happy"}},
	}
	secondSession = []map[string]any{
		{"id": "3", "session": "2", "speaker": "Sam", "text": "Acme Labs makes solar panels.", "timestamp": "2023-06-01T09:00:00Z"},
		{"id": "4", "session": "2", "speaker": "Ria", "text": "I work at Globex as a designer.", "timestamp": "2023-06-01T09:01:00Z"},
	}
)

var toolNames = []string{"add_turns", "find_paths", "forget_conversation", "get_context", "get_entity", "list_conversations", "list_speakers", "search_memory", "set_speaker_aliases"}

func TestToolsInMemory(t *testing.T) {
	store := graphtest.Store(t)
	tenant := graphtest.Tenant(t, store)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	cs := mcptest.Connect(t, mcpserver.New(deps(store, tenant)))
	s := &session{t: t, cs: cs}

	// initialize
	init := cs.InitializeResult()
	if init.ServerInfo.Name != "loci" || init.Capabilities.Tools == nil || !strings.Contains(init.Instructions, "get_context") {
		t.Fatalf("initialize result = %+v", init)
	}

	// tools/list: the nine tools, each described, with object input schemas
	// that name their required arguments.
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	required := map[string][]any{}
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		schema, _ := tool.InputSchema.(map[string]any)
		if schema["type"] != "object" || schema["properties"] == nil || len(tool.Description) < 80 || tool.OutputSchema == nil {
			t.Errorf("tool %s: description %q, input schema %v, output schema %v", tool.Name, tool.Description, schema, tool.OutputSchema)
		}
		required[tool.Name], _ = schema["required"].([]any)
	}
	slices.Sort(names)
	if !slices.Equal(names, toolNames) {
		t.Fatalf("tools = %v, want %v", names, toolNames)
	}
	if !slices.Contains(required["add_turns"], "turns") || !slices.Contains(required["search_memory"], "query") ||
		!slices.Contains(required["find_paths"], "from") || !slices.Contains(required["forget_conversation"], "conversation_id") {
		t.Fatalf("required arguments = %v", required)
	}

	// add_turns: one call per session; resending a turn is harmless.
	var added struct {
		Created     int      `json:"created"`
		Existing    int      `json:"existing"`
		ExistingIDs []string `json:"existing_ids"`
		Knowledge   *struct {
			Entities  int `json:"entities"`
			Relations int `json:"relations"`
		} `json:"knowledge"`
	}
	s.ok("add_turns", map[string]any{"conversation_id": "c", "turns": firstSession}, &added)
	if added.Created != 2 || added.Knowledge == nil || added.Knowledge.Relations == 0 {
		t.Fatalf("first add_turns = %+v", added)
	}
	s.ok("add_turns", map[string]any{"conversation_id": "c", "turns": append(secondSession, firstSession[0])}, &added)
	if added.Created != 2 || added.Existing != 1 || !slices.Equal(added.ExistingIDs, []string{"1"}) {
		t.Fatalf("second add_turns = %+v", added)
	}
	s.ok("add_turns", map[string]any{"conversation_id": "d", "turns": []map[string]any{
		{"id": "x", "speaker": "Lee", "text": "I adopted a greyhound called Pixel."}}}, &added)

	// search_memory finds the turns, citing them.
	var found ontology.SearchResponse
	s.ok("search_memory", map[string]any{"conversation_id": "c", "query": "What does Acme Labs make?"}, &found)
	if len(found.Results) == 0 || found.Results[0].ID != "3" || !slices.Contains(found.Results[0].SourceTurnIDs, "3") {
		t.Fatalf("search_memory = %+v, want turn 3 first", found)
	}
	s.ok("search_memory", map[string]any{"query": "greyhound", "limit": 5}, &found)
	if len(found.Results) != 1 || found.Results[0].Conversation != "d" {
		t.Fatalf("search_memory over every conversation = %+v", found)
	}

	// get_context: the text is the content, every line citing turn ids.
	var cx struct {
		Context string `json:"context"`
		Tokens  int    `json:"tokens"`
		Items   []struct {
			Kind          string   `json:"kind"`
			SourceTurnIDs []string `json:"source_turn_ids"`
		} `json:"items"`
	}
	res := s.ok("get_context", map[string]any{"conversation_id": "c", "query": "What does the company Sam's cousin founded make?", "budget_tokens": 500}, &cx)
	if text(res) != cx.Context || !strings.Contains(cx.Context, "solar panels") || !strings.Contains(cx.Context, "[3]") ||
		cx.Tokens == 0 || cx.Tokens > 500 || len(cx.Items) == 0 {
		t.Fatalf("get_context = %+v (content %q)", cx, text(res))
	}
	for _, it := range cx.Items {
		for _, id := range it.SourceTurnIDs {
			if !strings.Contains(cx.Context, id) {
				t.Fatalf("item %+v cites %s, which the text does not carry:\n%s", it, id, cx.Context)
			}
		}
	}

	// get_entity, by name and by id.
	var sam ontology.EntityDetail
	s.ok("get_entity", map[string]any{"entity": "Sam", "conversation_id": "c"}, &sam)
	if sam.Name != "Sam" || sam.Type != ontology.EntityPerson || !slices.ContainsFunc(sam.Relations, func(r ontology.RelationEdge) bool {
		return r.Type == "FAMILY_OF" && slices.Contains(r.SourceTurnIDs, "1")
	}) {
		t.Fatalf("get_entity Sam = %+v", sam)
	}
	var again ontology.EntityDetail
	s.ok("get_entity", map[string]any{"entity": sam.ID}, &again)
	if again.ID != sam.ID || again.Name != "Sam" {
		t.Fatalf("get_entity by id = %+v", again)
	}

	// find_paths: three hops, each edge citing its turn.
	var paths struct {
		FromID string          `json:"from_id"`
		Paths  []ontology.Path `json:"paths"`
	}
	s.ok("find_paths", map[string]any{"from": "Sam", "to": "solar panels", "conversation_id": "c"}, &paths)
	if paths.FromID != sam.ID || len(paths.Paths) == 0 || paths.Paths[0].Length != 3 { // typed first
		t.Fatalf("find_paths Sam→solar panels = %+v", paths)
	}
	var types []string
	for _, e := range paths.Paths[0].Edges {
		types = append(types, string(e.Type))
	}
	if !slices.Equal(types, []string{"FAMILY_OF", "CREATED", "MAKES"}) || !slices.Contains(paths.Paths[0].Edges[2].SourceTurnIDs, "3") {
		t.Fatalf("path = %v, edges %+v", types, paths.Paths[0].Edges)
	}
	s.ok("find_paths", map[string]any{"from": "Sam", "to": "solar panels", "conversation_id": "c", "max_hops": 2}, &paths)
	for _, p := range paths.Paths { // only paths through co-mention edges are that short
		if !slices.ContainsFunc(p.Edges, func(e ontology.RelationEdge) bool { return !e.Type.Valid() }) {
			t.Fatalf("find_paths within 2 hops = %+v, want no typed path", paths)
		}
	}

	// list_conversations: the most recently active first.
	var convs struct {
		Conversations []struct {
			ID        string `json:"id"`
			TurnCount int64  `json:"turn_count"`
		} `json:"conversations"`
	}
	s.ok("list_conversations", map[string]any{}, &convs)
	if len(convs.Conversations) != 2 || convs.Conversations[0].ID != "d" || convs.Conversations[1].ID != "c" || convs.Conversations[1].TurnCount != 4 {
		t.Fatalf("list_conversations = %+v", convs)
	}
	s.ok("list_conversations", map[string]any{"limit": 1}, &convs)
	if len(convs.Conversations) != 1 {
		t.Fatalf("list_conversations limit 1 = %+v", convs)
	}

	// Errors come back as tool errors with the REST API's codes and messages.
	s.fails("search_memory", map[string]any{"conversation_id": "nope", "query": "anything"}, ontology.ENotFound)
	s.fails("get_context", map[string]any{"conversation_id": "nope", "query": "anything"}, ontology.ENotFound)
	s.fails("get_entity", map[string]any{"entity": "Nobody", "conversation_id": "c"}, ontology.ENotFound)
	s.fails("get_entity", map[string]any{"entity": "Sam"}, ontology.ENotFound) // without a conversation only ids are looked up
	s.fails("search_memory", map[string]any{"query": "   "}, ontology.EValidation)
	s.fails("search_memory", map[string]any{"query": "x", "limit": 101}, ontology.EValidation)
	s.fails("get_context", map[string]any{"conversation_id": "c", "query": "x", "budget_tokens": 10}, ontology.EValidation)
	s.fails("find_paths", map[string]any{"from": "Sam", "to": "Dana", "conversation_id": "c", "max_hops": 9}, ontology.EValidation)
	s.fails("list_conversations", map[string]any{"limit": 5000}, ontology.EValidation)
	msg := s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{
		{"id": "5", "speaker": "Sam", "text": "ok", "timestamp": "yesterday"}}}, ontology.EValidation)
	if !strings.Contains(msg, `turn 0 (id "5")`) || !strings.Contains(msg, "RFC 3339") {
		t.Fatalf("bad timestamp: %q", msg)
	}
	s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{
		{"id": "6", "speaker": "Sam", "text": "ok", "session": 1.5}}}, ontology.EInvalid)
	s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{}}, ontology.EValidation)
	// A lone surrogate escape, which the decoder would turn into U+FFFD.
	lone, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add_turns", Arguments: json.RawMessage(
		`{"conversation_id":"c","turns":[{"id":"7","speaker":"Sam","text":"mojibake \ufffd and \ud83d"}]}`)})
	if err != nil || !lone.IsError || !strings.Contains(text(lone), "lone UTF-16 surrogate") {
		t.Fatalf("lone surrogate: %v %v", text(lone), err)
	}
	s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{
		{"id": "1", "speaker": "Sam", "text": "a different text for a stored id"}}}, ontology.EConflict)
	many := make([]map[string]any, ontology.MaxTurnsPerBatch+1)
	for i := range many {
		many[i] = map[string]any{"id": "m" + strconv.Itoa(i), "speaker": "Sam", "text": "hi"}
	}
	s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": many}, ontology.ETooLarge)
	// Arguments the schema does not know, or of a wrong type, are
	// "invalid" (the REST API's 400), like a session of a wrong type.
	s.fails("search_memory", map[string]any{"query": "solar", "speakr": "Sam"}, ontology.EInvalid)
	s.fails("search_memory", map[string]any{"query": 7}, ontology.EInvalid)
	s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{
		{"id": 8, "speaker": "Sam", "text": "ok"}}}, ontology.EInvalid)
	msg = s.fails("add_turns", map[string]any{"conversation_id": "c", "turns": []map[string]any{
		{"id": "9", "speaker": "Sam", "text": "ok", "timestamp": "9999-12-31T23:59:59-23:59"}}}, ontology.EValidation)
	if !strings.Contains(msg, "year 10000 in UTC") {
		t.Fatalf("timestamp in year 10000: %q", msg)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}}); err == nil {
		t.Fatal("an unknown tool did not fail")
	}

	// list_speakers and set_speaker_aliases: an alias set here scopes a
	// question that uses it.
	var aliased struct {
		Speaker ontology.Speaker `json:"speaker"`
	}
	s.ok("set_speaker_aliases", map[string]any{"conversation_id": "c", "speaker": "sam", "aliases": []string{"Sammy"}}, &aliased)
	if aliased.Speaker.Name != "Sam" || len(aliased.Speaker.Aliases) != 1 || aliased.Speaker.Aliases[0].Alias != "Sammy" {
		t.Fatalf("set_speaker_aliases = %+v", aliased)
	}
	var listed struct {
		Speakers []ontology.Speaker `json:"speakers"`
	}
	s.ok("list_speakers", map[string]any{"conversation_id": "c"}, &listed)
	if len(listed.Speakers) == 0 {
		t.Fatalf("list_speakers = %+v", listed)
	}
	var scoped struct {
		Scope ontology.Scope `json:"scope"`
	}
	s.ok("search_memory", map[string]any{"conversation_id": "c", "query": "What does Sammy sell?"}, &scoped)
	if scoped.Scope.Speaker != "Sam" || scoped.Scope.SpeakerMatch != ontology.AliasExplicit {
		t.Fatalf("search with an alias: scope %+v", scoped.Scope)
	}
	s.fails("set_speaker_aliases", map[string]any{"conversation_id": "c", "speaker": "nobody", "aliases": []string{"X"}}, ontology.ENotFound)
	s.fails("list_speakers", map[string]any{"conversation_id": "missing"}, ontology.ENotFound)

	// forget_conversation: then nothing of it is found.
	var forgot struct {
		Deleted ontology.DeleteReceipt `json:"deleted"`
	}
	s.ok("forget_conversation", map[string]any{"conversation_id": "c"}, &forgot)
	if forgot.Deleted.Conversations != 1 || forgot.Deleted.Turns != 4 || forgot.Deleted.Entities == 0 {
		t.Fatalf("forget_conversation = %+v", forgot)
	}
	s.ok("search_memory", map[string]any{"query": "Acme Labs solar panels cousin Dana"}, &found)
	if len(found.Results) != 0 {
		t.Fatalf("search after forgetting = %+v", found)
	}
	s.fails("search_memory", map[string]any{"conversation_id": "c", "query": "solar panels"}, ontology.ENotFound)
	s.fails("forget_conversation", map[string]any{"conversation_id": "c"}, ontology.ENotFound)
	s.ok("list_conversations", map[string]any{}, &convs)
	if len(convs.Conversations) != 1 || convs.Conversations[0].ID != "d" {
		t.Fatalf("list_conversations after forgetting c = %+v", convs)
	}
}

// panicky implements every dependency by panicking; the knowledge reads
// no tool calls are the embedded nil interface's (which panic too).
type panicky struct{ ontology.Knowledge }

func (panicky) AddTurns(context.Context, string, string, []ontology.Turn) (ontology.IngestResult, error) {
	panic("boom")
}
func (panicky) Search(context.Context, ontology.SearchRequest) (ontology.SearchResponse, error) {
	panic("boom")
}
func (panicky) Context(context.Context, ontology.ContextRequest) (ontology.ContextResponse, error) {
	panic("boom")
}
func (panicky) EntityAt(context.Context, string, string, ontology.TimeView) (ontology.EntityDetail, error) {
	panic("boom")
}
func (panicky) GraphPaths(context.Context, ontology.GraphQuery) ([]ontology.Path, error) {
	panic("boom")
}
func (panicky) ResolveEntity(context.Context, string, string, string) (string, error) { panic("boom") }
func (panicky) Conversations(context.Context, string, int) ([]ontology.ConversationSummary, error) {
	panic("boom")
}
func (panicky) DeleteConversation(context.Context, string, string) (ontology.DeleteReceipt, error) {
	panic("boom")
}
func (panicky) SpeakerIdentities(context.Context, string, string) ([]ontology.Speaker, error) {
	panic("boom")
}
func (panicky) Conversation(context.Context, string, string) (ontology.Conversation, error) {
	panic("boom")
}
func (panicky) Turns(context.Context, string, string, int64, int) (ontology.TurnPage, error) {
	panic("boom")
}
func (panicky) DeleteSpeaker(context.Context, string, string, string) (ontology.DeleteReceipt, error) {
	panic("boom")
}
func (panicky) DeleteTenant(context.Context, string) (ontology.DeleteReceipt, error) { panic("boom") }
func (panicky) SetSpeakerAliases(context.Context, string, string, string, []string) (ontology.Speaker, error) {
	panic("boom")
}

// TestPanicIsToolError: a failing dependency never takes the server down;
// the call gets an internal tool error and the next call is served.
func TestPanicIsToolError(t *testing.T) {
	p := panicky{}
	cs := mcptest.Connect(t, mcpserver.New(mcpserver.Deps{Ingest: p, Search: p, Contexts: p, Knowledge: p, Conversations: p}))
	s := &session{t: t, cs: cs}
	for i := 0; i < 2; i++ {
		if msg := s.fails("list_conversations", nil, ontology.EInternal); msg != "internal: internal error" {
			t.Fatalf("panic surfaced as %q", msg)
		}
	}
}
