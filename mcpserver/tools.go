package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// Tools are grouped by resource, like the REST handlers: conversations
// (add_turns, list_conversations, forget_conversation), search
// (search_memory), context (get_context), entities (get_entity,
// find_paths) and speakers (list_speakers, set_speaker_aliases). Each
// checks its arguments with ontology's checks, as the REST API does.

// register adds every tool to s, in the order clients list them.
func (t *tools) register(s *mcp.Server) {
	for _, d := range []toolDef{
		def("add_turns", "Remember conversation turns", write,
			"Store turns (utterances) of a conversation in long-term memory. Each turn has a speaker and text, "+
				"optionally an id unique within the conversation, a session and an RFC 3339 timestamp (used to date events and resolve \"yesterday\" or \"last May\"). "+
				"Send each session or exchange as one call, at most 1,000 turns; a batch with any invalid turn stores nothing. "+
				"A turn sent without an id gets one from Loci (ids lists them in order). Resending a turn with its id is harmless (reported in existing_ids); "+
				"changing a stored turn's speaker or text is refused. "+
				"Entities, relations, facts, dated events and profile facts are drawn from the turns at once; knowledge reports what was stored.",
			t.addTurns),
		def("search_memory", "Search memory", readOnly,
			"Find the stored turns and facts that best answer a question, ranked (full-text and vector search over turns and facts, "+
				"fused). When the question names one speaker of the conversation, only that speaker's turns are searched (scope says so); "+
				"speaker scopes explicitly. Every result cites the turn ids it rests on (source_turn_ids). "+
				"Leave conversation_id out to search every conversation. For an answer-ready summary use get_context instead.",
			t.searchMemory),
		def("get_context", "Get context for a question", readOnly,
			"Everything an answering model should know to answer a question about one conversation, as one compact text within "+
				"a token budget (exact, cl100k_base): Entity Profiles of the people and things asked about, dated Event Records, Topic Summaries "+
				"and Retrieved Memories. Every line cites the turn ids it rests on in brackets, e.g. [D1:3]. "+
				"Call it before answering any question that depends on what was said earlier; the text is the tool's content, "+
				"and the structured result lists the cited items.",
			t.getContext),
		def("get_entity", "Get an entity", readOnly,
			"Everything known about one entity (a person, organization, place, concept, work or activity): its profile "+
				"(current facts first, superseded ones with valid_to), relations both ways, facts, dated events and the turns that mention it. "+
				"Name it by entity id, or by name or alias together with conversation_id (e.g. entity \"Caroline\"). "+
				"Co-mentions (entities named together: in a turn, a message burst, or a question and its answer) are listed apart. as_of reads it as of a date: a job left then shows as past.",
			t.getEntity),
		def("find_paths", "Find how two entities are related", readOnly,
			"The shortest chains of relations from one entity to another (e.g. Sam -FAMILY_OF-> Dana -CREATED-> Acme Labs), "+
				"at most max_hops relations long. Every edge cites the turns it was drawn from. Name the entities by id, or by name "+
				"together with conversation_id. Typed relations come first, then chains through co-mentions (kind co_mention: only named "+
				"together, in a turn, a message burst or a question and its answer), shorter first; kinds \"typed\" leaves co-mentions out. No path is an empty list, not an error.",
			t.findPaths),
		def("list_conversations", "List conversations", readOnly,
			"The conversations stored in memory, most recently active first: id, number of turns, when created and when turns were last added.",
			t.listConversations),
		def("forget_conversation", "Forget a conversation", destructive,
			"Delete a conversation and everything drawn from it (turns, entities, relations, facts, events, profiles, topics) "+
				"permanently. It cannot be undone; deleted counts say what was removed. An unknown conversation is a not_found error.",
			t.forgetConversation),
		def("list_speakers", "List a conversation's speakers", readOnly,
			"The speakers of a conversation with the other names they go by: aliases learned from the conversation "+
				"(how others address them, \"Hey Rosa!\", and how they introduce themselves, \"I'm Rosa\") and explicit ones. "+
				"Questions that use an alias are scoped to that speaker.",
			t.listSpeakers),
		def("set_speaker_aliases", "Set a speaker's aliases", write,
			"Replace the explicit aliases of one speaker of a conversation (e.g. speaker \"rosa_m92\", aliases [\"Rosa\", \"Ro\"]); "+
				"an empty list removes them. Use it when people are called differently from their speaker labels. "+
				"An alias that is another speaker's name is a conflict error.",
			t.setSpeakerAliases),
	} {
		d(s, t)
	}
}

// toolDef registers one tool.
type toolDef func(s *mcp.Server, t *tools)

// effect is what a tool does to memory, which its annotations tell the
// client.
type effect int

const (
	readOnly    effect = iota // reads only
	write                     // adds or changes, idempotently
	destructive               // deletes for good, idempotently
)

func (e effect) annotations() *mcp.ToolAnnotations {
	no, yes := false, true
	switch e {
	case readOnly:
		return &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no}
	case destructive:
		return &mcp.ToolAnnotations{DestructiveHint: &yes, IdempotentHint: true, OpenWorldHint: &no}
	}
	return &mcp.ToolAnnotations{IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no}
}

// def describes one tool of the table; the handler's types give the
// input and output schemas.
func def[In, Out any](name, title string, e effect, description string, h handler[In, Out]) toolDef {
	return func(s *mcp.Server, t *tools) {
		add(s, t, &mcp.Tool{Name: name, Title: title, Description: description, Annotations: e.annotations()}, h)
	}
}

// handler is a tool's work: the call's tenant and typed input in, a result
// (nil: the SDK's default, the output as JSON text) and typed output out.
type handler[In, Out any] func(ctx context.Context, tenant string, in In, req *mcp.CallToolRequest) (*mcp.CallToolResult, Out, error)

// add registers one tool whose handler never panics and whose errors
// reach the client as tool errors ("validation: …", "not_found: …").
func add[In, Out any](s *mcp.Server, t *tools, tool *mcp.Tool, h handler[In, Out]) {
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				t.Log.Error("panic in MCP tool", "tool", tool.Name, "panic", p)
				var zero Out
				res, out, err = nil, zero, errors.New(ontology.EInternal+": internal error")
			}
		}()
		if t.Timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, t.Timeout)
			defer cancel()
		}
		res, out, err = h(ctx, t.tenant(ctx), in, req)
		if err == nil {
			err = encodable(out)
		}
		if err != nil {
			var zero Out
			return nil, zero, t.toolError(ctx, tool.Name, err)
		}
		return res, out, nil
	})
}

// encodable checks that a tool's output encodes as JSON before the SDK
// encodes it: the SDK answers an output that does not (a time outside
// years 0–9999, a NaN score) with a JSON-RPC error carrying the encoder's
// message; it becomes a logged internal tool error instead, as a REST
// response becomes a 500.
func encodable(out any) error {
	if _, err := json.Marshal(out); err != nil {
		return &ontology.Error{Code: ontology.EInternal, Message: "the result could not be encoded", Err: fmt.Errorf("encoding a tool result: %w", err)}
	}
	return nil
}

// codedArgumentErrors prefixes the code "invalid" to the tool errors the
// SDK itself makes for arguments that do not match a tool's input schema
// (unknown arguments, wrong types), so every tool error starts with a code
// like Loci's own, and a malformed call reads as the REST API's 400.
func codedArgumentErrors(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		r, ok := res.(*mcp.CallToolResult)
		if err != nil || !ok || !r.IsError || len(r.Content) != 1 {
			return res, err
		}
		if tc, ok := r.Content[0].(*mcp.TextContent); ok && !hasCode(tc.Text) {
			tc.Text = ontology.EInvalid + ": " + tc.Text
		}
		return res, err
	}
}

// mendedArguments refuses, before a tool decodes them, arguments that the
// SDK's JSON decoding would quietly mend (bytes that are not UTF-8, lone
// surrogate escapes: the same 422 validation error) or read ambiguously
// (a key given twice: 400 invalid), as the REST API refuses such a body. add_turns' turns are left to ontology.DecodeTurns,
// which names the offending turn, as over REST.
func mendedArguments(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || call.Params == nil || len(call.Params.Arguments) == 0 {
			return next(ctx, method, req)
		}
		if err := ontology.CheckDuplicateKeys(call.Params.Arguments); err != nil {
			return refusal(err), nil
		}
		var args map[string]json.RawMessage
		if json.Unmarshal(call.Params.Arguments, &args) != nil { // the SDK's refusal named Go's types
			return refusal(ontology.Errorf(ontology.EInvalid, "arguments must be a JSON object of the tool's arguments")), nil
		}
		for name, raw := range args {
			if call.Params.Name == "add_turns" && name == "turns" {
				continue
			}
			if err := ontology.CheckJSONText(name, raw); err != nil {
				return refusal(err), nil
			}
			if err := readableNumber(name, raw); err != nil {
				return refusal(err), nil
			}
		}
		return next(ctx, method, req)
	}
}

// refusal is the tool error of err, its code first.
func refusal(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: ontology.ErrorCode(err) + ": " + ontology.ErrorMessage(err)}}}
}

// readableNumber refuses a number argument no tool can read (every number
// argument is an integer): one beyond 64 bits (1e+308 too) or a float64's
// range. The
// SDK's own refusal named Go's types (…into Go struct field
// mcpserver.contextInput.budget_tokens of type int); this one reads as the
// REST API's.
func readableNumber(name string, raw json.RawMessage) error {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		return nil
	}
	_, intErr := strconv.ParseInt(s, 10, 64)
	f, floatErr := strconv.ParseFloat(s, 64)
	if plainInteger.MatchString(s) && intErr != nil || floatErr != nil || math.Abs(f) >= 1<<63 {
		return ontology.Errorf(ontology.EInvalid, "field %q must be an integer, not number %s", name, ontology.Truncate(s, 40))
	}
	return nil
}

// hasCode reports whether a tool error's text starts with an error code.
func hasCode(text string) bool {
	code, _, ok := strings.Cut(text, ": ")
	if !ok {
		return false
	}
	switch code {
	case ontology.EInvalid, ontology.EValidation, ontology.ETooLarge, ontology.EUnsupportedMedia, ontology.ENotFound, ontology.EConflict,
		ontology.EUnavailable, ontology.EInternal, ontology.EUnauthorized, ontology.EForbidden, ontology.ERateLimited:
		return true
	}
	return false
}

// toolError turns an application error into the text of an MCP tool error:
// its code and its client-facing message, never internals.
func (t *tools) toolError(ctx context.Context, tool string, err error) error {
	code, msg := ontology.ErrorCode(err), ontology.ErrorMessage(err)
	if code == ontology.EUnavailable && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		msg = "the call did not finish within its time limit: " + msg
	}
	if code == ontology.EInternal || code == ontology.EUnavailable {
		t.Log.Error("MCP tool failed", "tool", tool, "code", code, "err", err)
	}
	return errors.New(code + ": " + msg)
}
