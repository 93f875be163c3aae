package handlers

import (
	"context"
	"net/http"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// ContextBuilder assembles token-budgeted contexts.
type ContextBuilder interface {
	Context(ctx context.Context, req ontology.ContextRequest) (ontology.ContextResponse, error)
}

// Answerer answers a question from an assembled context (an LLM).
type Answerer interface {
	Answer(ctx context.Context, question, memoryContext string) (Answer, error)
}

// Answer is an Answerer's reply.
type Answer struct {
	Text             string
	CitedTurnIDs     []string
	PromptTokens     int
	CompletionTokens int
}

func (h *api) decodeContext(c *gin.Context) (ontology.ContextRequest, bool) {
	var req ontology.ContextRequest
	body, err := readBody(c, maxSmallBody)
	if err == nil && !utf8.Valid(body) {
		err = ontology.Errorf(ontology.EValidation, "request body is not valid UTF-8")
	}
	if err == nil {
		err = decodeStrict(body, &req)
	}
	if err != nil {
		writeError(c, h.Log, err)
		return req, false
	}
	req.Tenant = h.tenant(c)
	return req, true
}

func (h *api) context(c *gin.Context) {
	req, ok := h.decodeContext(c)
	if !ok {
		return
	}
	res, err := h.Contexts.Context(c.Request.Context(), req)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, res)
}

func (h *api) answer(c *gin.Context) {
	req, ok := h.decodeContext(c)
	if !ok {
		return
	}
	res, err := h.Contexts.Context(c.Request.Context(), req)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	if h.Answerer == nil {
		render(c, h.Log, http.StatusOK, gin.H{"answer": nil, "cited_turn_ids": []string{}, "context": res,
			"reason": "no LLM is configured (set LOCI_LLM_MODEL, OPENAI_BASE_URL and OPENAI_API_KEY); the context is returned for the caller's own model"})
		return
	}
	a, err := h.Answerer.Answer(c.Request.Context(), req.Query, res.Context)
	if err != nil {
		writeError(c, h.Log, &ontology.Error{Code: ontology.EUnavailable, Message: "the answering LLM failed: " + err.Error(), Err: err})
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"answer": a.Text, "cited_turn_ids": a.CitedTurnIDs, "context": res,
		"tokens": gin.H{"prompt": a.PromptTokens, "completion": a.CompletionTokens}})
}
