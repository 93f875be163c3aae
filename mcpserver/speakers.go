package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loci-memory/loci/ontology"
)

// --- list_speakers, set_speaker_aliases ---

type speakersInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation"`
}

type speakersOutput struct {
	ConversationID string             `json:"conversation_id"`
	Speakers       []ontology.Speaker `json:"speakers" jsonschema:"the speakers with their aliases, most used first"`
}

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

type setAliasesInput struct {
	ConversationID string   `json:"conversation_id" jsonschema:"the conversation"`
	Speaker        string   `json:"speaker" jsonschema:"the speaker label, any case"`
	Aliases        []string `json:"aliases" jsonschema:"the names they go by; at most 32, each at most 64 characters; [] removes them"`
}

type setAliasesOutput struct {
	ConversationID string           `json:"conversation_id"`
	Speaker        ontology.Speaker `json:"speaker"`
}

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
