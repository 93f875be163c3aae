package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// buildContext decodes a context request and assembles its context: the
// work of /v1/context and the first half of /v1/answer.
func (h *api) buildContext(c *gin.Context) (ontology.ContextRequest, ontology.ContextResponse, error) {
	var req ontology.ContextRequest
	if err := decodeBody(c, &req); err != nil {
		return req, ontology.ContextResponse{}, err
	}
	req.Tenant = h.tenant(c)
	res, err := h.Contexts.Context(c.Request.Context(), req)
	return req, res, err
}

func (h *api) context(c *gin.Context) (int, any, error) {
	_, res, err := h.buildContext(c)
	return http.StatusOK, res, err
}

func (h *api) answer(c *gin.Context) (int, any, error) {
	req, res, err := h.buildContext(c)
	if err != nil {
		return 0, nil, err
	}
	if h.Answerer == nil {
		return http.StatusOK, gin.H{"answer": nil, "cited_turn_ids": []string{}, "context": res,
			"reason": "no LLM is configured (set LOCI_LLM_MODEL, OPENAI_BASE_URL and OPENAI_API_KEY); the context is returned for the caller's own model"}, nil
	}
	a, err := h.Answerer.Answer(c.Request.Context(), req.Query, res.Context)
	if err != nil {
		// The endpoint's own error text stays in the server log (writeError
		// logs every 5xx with its cause): it can carry the provider's
		// account details or fragments of the key.
		return 0, nil, &ontology.Error{Code: ontology.EUnavailable, Message: "the answering LLM failed; the server log has the cause", Err: err}
	}
	return http.StatusOK, gin.H{"answer": a.Text, "cited_turn_ids": a.CitedTurnIDs, "context": res,
		"tokens": gin.H{"prompt": a.PromptTokens, "completion": a.CompletionTokens}}, nil
}
