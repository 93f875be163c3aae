package handlers

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// statusOf maps application error codes to HTTP statuses.
var statusOf = map[string]int{
	ontology.EInvalid:     http.StatusBadRequest,
	ontology.EValidation:  http.StatusUnprocessableEntity,
	ontology.ETooLarge:    http.StatusRequestEntityTooLarge,
	ontology.ENotFound:    http.StatusNotFound,
	ontology.EConflict:    http.StatusConflict,
	ontology.EUnavailable: http.StatusServiceUnavailable,
	ontology.EInternal:    http.StatusInternalServerError,
}

// ErrorBody is the JSON shape of every error response.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong: a stable code, a message for people and,
// where useful, details such as the index of the rejected turn.
type ErrorDetail struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

func writeError(c *gin.Context, log *slog.Logger, err error) {
	code := ontology.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status, code = http.StatusInternalServerError, ontology.EInternal
	}
	if status >= 500 {
		log.Error("request failed", "method", c.Request.Method, "path", c.FullPath(), "status", status, "err", err)
	}
	c.AbortWithStatusJSON(status, ErrorBody{Error: ErrorDetail{
		Code: code, Message: ontology.ErrorMessage(err), Details: ontology.ErrorDetails(err),
	}})
}
