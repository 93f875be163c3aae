package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// addTurns is add_turns: it stores a batch of turns.
func (t *tools) addTurns(ctx context.Context, tenant string, in addTurnsInput, req *mcp.CallToolRequest) (*mcp.CallToolResult, addTurnsOutput, error) {
	if err := ontology.CheckConversationID(in.ConversationID); err != nil {
		return nil, addTurnsOutput{}, err
	}
	// The turns are decoded again from the raw arguments by the REST API's
	// decoder, so a turn is checked the same way over both (and a lone
	// surrogate escape, which the SDK's decoding quietly mends, is refused).
	var raw ontology.TurnsRequest
	if req != nil && req.Params != nil {
		_ = json.Unmarshal(req.Params.Arguments, &raw) // already decoded once by the SDK
	}
	turns, err := ontology.DecodeTurns(raw.Turns)
	if err != nil {
		return nil, addTurnsOutput{}, err
	}
	res, err := t.Ingest.AddTurns(ctx, tenant, in.ConversationID, turns)
	if err != nil {
		return nil, addTurnsOutput{}, err
	}
	if res.Knowledge != nil && res.Knowledge.Decisions == nil {
		res.Knowledge.Decisions = map[ontology.MergeAction]int{}
	}
	if res.ExistingIDs == nil {
		res.ExistingIDs = []string{}
	}
	return nil, addTurnsOutput{ConversationID: in.ConversationID, IDs: res.IDs, Created: res.Created, Existing: res.Existing,
		ExistingIDs: res.ExistingIDs, Knowledge: res.Knowledge}, nil
}

// listConversations is list_conversations.
func (t *tools) listConversations(ctx context.Context, tenant string, in listInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, listOutput, error) {
	limit, err := intArg("limit", in.Limit, ontology.DefaultConversations, 1, ontology.MaxConversations)
	if err != nil {
		return nil, listOutput{}, err
	}
	cs, err := t.Conversations.Conversations(ctx, tenant, limit)
	if err != nil {
		return nil, listOutput{}, err
	}
	out := listOutput{Conversations: make([]conversationOutput, len(cs))}
	for i, c := range cs {
		out.Conversations[i] = conversationOutput{ID: c.ID, TurnCount: c.TurnCount, CreatedAt: c.CreatedAt, LastActivity: c.LastActivity}
	}
	return nil, out, nil
}

// forgetConversation is forget_conversation: it deletes a conversation
// and everything drawn from it.
func (t *tools) forgetConversation(ctx context.Context, tenant string, in forgetInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, forgetOutput, error) {
	if err := ontology.CheckConversationID(in.ConversationID); err != nil {
		return nil, forgetOutput{}, err
	}
	r, err := t.Conversations.DeleteConversation(ctx, tenant, in.ConversationID)
	if err != nil {
		return nil, forgetOutput{}, err
	}
	return nil, forgetOutput{ConversationID: in.ConversationID, Deleted: r}, nil
}

// listSpeakers is list_speakers: a conversation's speakers with their
// aliases.
func (t *tools) listSpeakers(ctx context.Context, tenant string, in speakersInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, speakersOutput, error) {
	if err := ontology.CheckConversationID(in.ConversationID); err != nil {
		return nil, speakersOutput{}, err
	}
	sp, err := ontology.ConversationSpeakers(ctx, t.Conversations, tenant, in.ConversationID)
	if err != nil {
		return nil, speakersOutput{}, err
	}
	return nil, speakersOutput{ConversationID: in.ConversationID, Speakers: sp}, nil
}

// setSpeakerAliases is set_speaker_aliases: it replaces one speaker's
// explicit aliases.
func (t *tools) setSpeakerAliases(ctx context.Context, tenant string, in setAliasesInput, _ *mcp.CallToolRequest) (*mcp.CallToolResult, setAliasesOutput, error) {
	if err := ontology.CheckSpeakerArgs(in.ConversationID, in.Speaker); err != nil {
		return nil, setAliasesOutput{}, err
	}
	aliases, err := ontology.AliasesArg(in.Aliases)
	if err != nil {
		return nil, setAliasesOutput{}, err
	}
	sp, err := t.Conversations.SetSpeakerAliases(ctx, tenant, in.ConversationID, in.Speaker, aliases)
	if err != nil {
		return nil, setAliasesOutput{}, err
	}
	return nil, setAliasesOutput{ConversationID: in.ConversationID, Speaker: sp}, nil
}
