package handlers

import (
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// jsonContentType is the Content-Type of every JSON response.
const jsonContentType = "application/json; charset=utf-8"

// render answers with v as JSON and status. It encodes v before writing
// anything, so a response is a complete body or an error: Gin's c.JSON
// writes the status first, and a value that then fails to encode (a time
// outside years 0–9999, a NaN score) left a 200 with an empty body. Such
// a value becomes a logged 500 with the usual error body instead. Every
// JSON response of the API goes through render or writeError.
func render(c *gin.Context, log *slog.Logger, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeError(c, log, &ontology.Error{Code: ontology.EInternal, Message: "the response could not be encoded",
			Err: fmt.Errorf("encoding the %d response of %s %s: %w", status, c.Request.Method, c.FullPath(), err)})
		return
	}
	c.Data(status, jsonContentType, body)
}
