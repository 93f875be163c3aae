package handlers

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

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
// ETooLarge past it, EInvalid for an empty body and EUnsupportedMedia for
// a body declared as something other than JSON.
func readBody(c *gin.Context, limit int64) ([]byte, error) {
	if err := checkContentType(c.GetHeader("Content-Type")); err != nil {
		return nil, err
	}
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

// checkContentType accepts a body declared as JSON (application/json or
// application/*+json, in UTF-8 if a charset is named), not declared at
// all, or declared as application/x-www-form-urlencoded, which is what
// curl -d sends unless told otherwise (the examples of docs/api.md rely on
// it); the body is parsed as JSON whichever of these it says. Anything
// else (text/plain, multipart/form-data, XML, JSON in another charset) is
// refused, unread.
func checkContentType(header string) error {
	if strings.TrimSpace(header) == "" {
		return nil
	}
	media, params, err := mime.ParseMediaType(header)
	if err != nil {
		return ontology.Errorf(ontology.EUnsupportedMedia, "Content-Type %q does not parse; send application/json", ontology.Truncate(header, 100))
	}
	json := media == "application/json" || (strings.HasPrefix(media, "application/") && strings.HasSuffix(media, "+json"))
	if !json && media != "application/x-www-form-urlencoded" {
		return ontology.Errorf(ontology.EUnsupportedMedia, "Content-Type %q is not JSON; send application/json", ontology.Truncate(media, 100))
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		return ontology.Errorf(ontology.EUnsupportedMedia, "charset %q: a body must be UTF-8 JSON", ontology.Truncate(cs, 40))
	}
	return nil
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
	s, given := c.GetQuery(name)
	if !given {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, ontology.Errorf(ontology.EValidation, "%s must be an integer from %d to %d, got %q", name, lo, hi, s)
	}
	return v, ontology.CheckRange(name, v, lo, hi)
}

// checkQuery refuses a query string that does not parse (a bad %-escape,
// which would otherwise drop the parameter quietly) or names a parameter
// twice (?limit=5&limit=500: which one counts?): both EInvalid.
func checkQuery(raw string) error {
	if raw == "" {
		return nil
	}
	values, err := url.ParseQuery(raw)
	if err != nil {
		return ontology.Errorf(ontology.EInvalid, "the query string does not parse: %v", err)
	}
	for name, vs := range values {
		if len(vs) > 1 {
			return ontology.Errorf(ontology.EInvalid, "query parameter %q is given %d times; give it once", ontology.Truncate(name, 64), len(vs))
		}
	}
	return nil
}

// pathParam reads a path parameter and checks it with check.
func pathParam(c *gin.Context, name string, check func(string) error) (string, error) {
	v := c.Param(name)
	return v, check(v)
}
