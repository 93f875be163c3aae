package handlers

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// conversationID is the checked conversation_id path parameter.
func conversationID(c *gin.Context) (string, error) {
	return pathParam(c, "conversation_id", ontology.CheckConversationID)
}

func (h *api) addTurns(c *gin.Context) (int, any, error) {
	conv, err := conversationID(c)
	if err != nil {
		return 0, nil, err
	}
	body, err := readBody(c, maxTurnsBody)
	if err != nil {
		return 0, nil, err
	}
	turns, err := ontology.DecodeTurnsBody(body)
	if err != nil {
		return 0, nil, err
	}
	ctx := c.Request.Context()
	if w := c.Query("wait"); w != "" {
		wait, err := strconv.ParseBool(w)
		if err != nil {
			return 0, nil, ontology.Errorf(ontology.EValidation, "wait=%q: want true or false", w)
		}
		if wait {
			// Asynchronous ingest then answers once the batch is enriched.
			ctx = ontology.WithEnrichmentWait(ctx)
		}
	}
	res, err := h.Ingest.AddTurns(ctx, h.tenant(c), conv, turns)
	if err != nil {
		return 0, nil, err
	}
	status := http.StatusOK
	if res.Created > 0 {
		status = http.StatusCreated
	}
	out := gin.H{"conversation_id": conv, "ids": res.IDs, "created": res.Created, "existing": res.Existing, "existing_ids": res.ExistingIDs}
	if res.Knowledge != nil {
		out["knowledge"] = res.Knowledge
	}
	if res.Enrichment != "" {
		out["enrichment"] = res.Enrichment
	}
	return status, out, nil
}

func (h *api) listTurns(c *gin.Context) (int, any, error) {
	conv, err := conversationID(c)
	if err != nil {
		return 0, nil, err
	}
	after := int64(-1)
	if s, given := c.GetQuery("after"); given {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < -1 {
			return 0, nil, ontology.Errorf(ontology.EValidation, "after must be an integer >= -1, got %q", s)
		}
		after = v
	}
	limit, err := intParam(c, "limit", ontology.DefaultConversations, 1, ontology.MaxConversations)
	if err != nil {
		return 0, nil, err
	}
	page, err := h.Conversations.Turns(c.Request.Context(), h.tenant(c), conv, after, limit)
	return http.StatusOK, page, err
}

func (h *api) listConversations(c *gin.Context) (int, any, error) {
	limit, err := intParam(c, "limit", ontology.DefaultConversations, 1, ontology.MaxConversations)
	if err != nil {
		return 0, nil, err
	}
	cs, err := h.Conversations.Conversations(c.Request.Context(), h.tenant(c), limit)
	return http.StatusOK, gin.H{"conversations": cs}, err
}

func (h *api) getConversation(c *gin.Context) (int, any, error) {
	conv, err := conversationID(c)
	if err != nil {
		return 0, nil, err
	}
	out, err := h.Conversations.Conversation(c.Request.Context(), h.tenant(c), conv)
	return http.StatusOK, out, err
}

func (h *api) deleteConversation(c *gin.Context) (int, any, error) {
	conv, err := conversationID(c)
	if err != nil {
		return 0, nil, err
	}
	receipt, err := h.Conversations.DeleteConversation(c.Request.Context(), h.tenant(c), conv)
	return http.StatusOK, gin.H{"conversation_id": conv, "deleted": receipt}, err
}
