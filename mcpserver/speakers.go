package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

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
