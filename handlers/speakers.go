package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// listSpeakers answers GET /v1/conversations/{id}/speakers: the speakers
// with the aliases Loci learned (vocatives, introductions) or was given.
func (h *api) listSpeakers(c *gin.Context) {
	conv, ok := h.conversationID(c)
	if !ok {
		return
	}
	speakers, err := h.Conversations.SpeakerIdentities(c.Request.Context(), h.tenant(c), conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	if len(speakers) == 0 {
		writeError(c, h.Log, ontology.Errorf(ontology.ENotFound, "conversation %q not found", conv))
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"conversation_id": conv, "speakers": speakers})
}

// SpeakerAliasesRequest is the body of PUT …/speakers/{speaker}/aliases.
type SpeakerAliasesRequest struct {
	Aliases []string `json:"aliases"`
}

// setSpeakerAliases answers PUT /v1/conversations/{id}/speakers/{speaker}/aliases:
// it replaces the speaker's explicit aliases ([] removes them) and returns
// the speaker with every alias.
func (h *api) setSpeakerAliases(c *gin.Context) {
	conv, speaker, ok := h.speakerParams(c)
	if !ok {
		return
	}
	body, err := readBody(c, maxSmallBody)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	var req SpeakerAliasesRequest
	if err := decodeStrict(body, &req); err != nil {
		writeError(c, h.Log, err)
		return
	}
	if req.Aliases == nil {
		writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "aliases is required (an empty list removes them)"))
		return
	}
	aliases, err := ontology.ValidateAliases(req.Aliases)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	sp, err := h.Conversations.SetSpeakerAliases(c.Request.Context(), h.tenant(c), conv, speaker, aliases)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"conversation_id": conv, "speaker": sp})
}

// speakerParams reads and checks the conversation id and speaker of a
// /conversations/{id}/speakers/{speaker} route; on a bad one it writes the
// error and returns false.
func (h *api) speakerParams(c *gin.Context) (conv, speaker string, ok bool) {
	if conv, ok = h.conversationID(c); !ok {
		return "", "", false
	}
	speaker = c.Param("speaker")
	if err := ontology.ValidateName("speaker", speaker, ontology.MaxSpeakerBytes); err != nil {
		writeError(c, h.Log, err)
		return "", "", false
	}
	return conv, speaker, true
}
