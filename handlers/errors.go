package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// statusOf maps application error codes to HTTP statuses.
var statusOf = map[string]int{
	ontology.EInvalid:          http.StatusBadRequest,
	ontology.EValidation:       http.StatusUnprocessableEntity,
	ontology.ETooLarge:         http.StatusRequestEntityTooLarge,
	ontology.EUnsupportedMedia: http.StatusUnsupportedMediaType,
	ontology.ENotFound:         http.StatusNotFound,
	ontology.EConflict:         http.StatusConflict,
	ontology.EUnavailable:      http.StatusServiceUnavailable,
	ontology.EInternal:         http.StatusInternalServerError,

	ontology.EUnauthorized: http.StatusUnauthorized,
	ontology.EForbidden:    http.StatusForbidden,
	ontology.ERateLimited:  http.StatusTooManyRequests,
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
	message := ontology.ErrorMessage(err)
	if status == http.StatusServiceUnavailable && errors.Is(c.Request.Context().Err(), context.DeadlineExceeded) {
		message = "the request did not finish within its time limit (LOCI_REQUEST_TIMEOUT): " + message
	}
	if status == http.StatusServiceUnavailable && c.Writer.Header().Get("Retry-After") == "" {
		c.Header("Retry-After", "1")
	}
	if status >= 500 {
		requestLog(c, log).Error("request failed", "method", c.Request.Method, "path", c.FullPath(), "status", status, "err", err)
	}
	c.Abort()
	body, mErr := json.Marshal(ErrorBody{Error: ErrorDetail{Code: code, Message: message, Details: ontology.ErrorDetails(err)}})
	if mErr != nil { // a detail that does not encode: answer without details
		requestLog(c, log).Error("error details could not be encoded", "path", c.FullPath(), "err", mErr)
		body, _ = json.Marshal(ErrorBody{Error: ErrorDetail{Code: code, Message: message}})
	}
	c.Data(status, jsonContentType, body)
}
