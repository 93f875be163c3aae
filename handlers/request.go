package handlers

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// Request body limits. A full batch (1,000 turns of 32 KiB text and 16 KiB
// metadata) fits the turns limit; anything larger is refused unread.
const (
	maxTurnsBody = 50 << 20
	maxSmallBody = 64 << 10
)

// readBody reads at most limit bytes of the request body, answering
// ETooLarge past it and EInvalid for an empty body.
func readBody(c *gin.Context, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, ontology.Errorf(ontology.ETooLarge, "request body is larger than %d bytes", limit)
	case err != nil:
		return nil, ontology.Errorf(ontology.EInvalid, "reading request body: %v", err)
	case len(bytes.TrimSpace(body)) == 0:
		return nil, ontology.Errorf(ontology.EInvalid, "request body is empty; send a JSON object")
	}
	return body, nil
}

// decodeBody reads a small JSON body into v: valid UTF-8 without lone
// surrogate escapes (the decoder would quietly mend both), strictly
// decoded.
func decodeBody(c *gin.Context, v any) error {
	body, err := readBody(c, maxSmallBody)
	if err != nil {
		return err
	}
	if err := ontology.CheckJSONText("request body", body); err != nil {
		return err
	}
	return ontology.DecodeStrict(body, v)
}

// intParam reads an optional integer query parameter within [lo, hi].
func intParam(c *gin.Context, name string, def, lo, hi int) (int, error) {
	s := c.Query(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, ontology.Errorf(ontology.EValidation, "%s must be an integer from %d to %d, got %q", name, lo, hi, s)
	}
	return v, ontology.CheckRange(name, v, lo, hi)
}

// pathParam reads a path parameter and checks it with check.
func pathParam(c *gin.Context, name string, check func(string) error) (string, error) {
	v := c.Param(name)
	return v, check(v)
}
