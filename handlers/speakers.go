package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// Speakers of a conversation: /v1/conversations/{id}/speakers….

// listSpeakers answers GET /v1/conversations/{id}/speakers: the speakers
// with the aliases Loci learned (vocatives, introductions) or was given.
func (h *api) listSpeakers(c *gin.Context) (int, any, error) {
	conv, err := conversationID(c)
	if err != nil {
		return 0, nil, err
	}
	speakers, err := ontology.ConversationSpeakers(c.Request.Context(), h.Conversations, h.tenant(c), conv)
	return http.StatusOK, gin.H{"conversation_id": conv, "speakers": speakers}, err
}

// SpeakerAliasesRequest is the body of PUT …/speakers/{speaker}/aliases.
type SpeakerAliasesRequest struct {
	Aliases []string `json:"aliases"`
}

// setSpeakerAliases answers PUT /v1/conversations/{id}/speakers/{speaker}/aliases:
// it replaces the speaker's explicit aliases ([] removes them) and returns
// the speaker with every alias.
func (h *api) setSpeakerAliases(c *gin.Context) (int, any, error) {
	conv, speaker, err := speakerParams(c)
	if err != nil {
		return 0, nil, err
	}
	var req SpeakerAliasesRequest
	if err := decodeBody(c, &req); err != nil {
		return 0, nil, err
	}
	aliases, err := ontology.AliasesArg(req.Aliases)
	if err != nil {
		return 0, nil, err
	}
	sp, err := h.Conversations.SetSpeakerAliases(c.Request.Context(), h.tenant(c), conv, speaker, aliases)
	return http.StatusOK, gin.H{"conversation_id": conv, "speaker": sp}, err
}

// deleteSpeaker forgets one speaker of a conversation: their turns and
// everything derived only from them.
func (h *api) deleteSpeaker(c *gin.Context) (int, any, error) {
	conv, speaker, err := speakerParams(c)
	if err != nil {
		return 0, nil, err
	}
	receipt, err := h.Conversations.DeleteSpeaker(c.Request.Context(), h.tenant(c), conv, speaker)
	return http.StatusOK, gin.H{"conversation_id": conv, "speaker": speaker, "deleted": receipt}, err
}

// speakerParams reads and checks the conversation id and speaker of a
// /conversations/{id}/speakers/{speaker} route.
func speakerParams(c *gin.Context) (conv, speaker string, err error) {
	conv, speaker = c.Param("conversation_id"), c.Param("speaker")
	return conv, speaker, ontology.CheckSpeakerArgs(conv, speaker)
}
