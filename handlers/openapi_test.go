package handlers_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/loci-memory/loci/handlers"
)

// TestOpenAPICoversEveryRoute checks the document against the router: every
// Gin route is documented with its method, and nothing else is.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(handlers.OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.json is not valid JSON: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi version %q", doc.OpenAPI)
	}
	param := regexp.MustCompile(`:([a-z_]+)`)
	routes := map[string]bool{}
	// /mcp is mounted for every method (the MCP SDK's handler answers the
	// ones it does not serve); the document lists those the MCP transport
	// defines.
	mcpMethods := map[string]bool{"POST": true, "GET": true, "DELETE": true}
	for _, r := range handlers.New(handlers.Deps{MCP: http.NotFoundHandler()}).Routes() {
		if r.Path == "/mcp/*rest" || r.Path == "/mcp" && !mcpMethods[r.Method] {
			continue
		}
		routes[strings.ToLower(r.Method)+" "+param.ReplaceAllString(r.Path, "{$1}")] = true
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				documented[method+" "+path] = true
			}
		}
	}
	var missing, extra []string
	for r := range routes {
		if !documented[r] {
			missing = append(missing, r)
		}
	}
	for d := range documented {
		if !routes[d] {
			extra = append(extra, d)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("routes not in openapi.json: %v; documented but not routed: %v", missing, extra)
	}
	// Every $ref points at something defined.
	raw := string(handlers.OpenAPI())
	for _, m := range regexp.MustCompile(`"\$ref": "#/components/(schemas|responses)/([A-Za-z]+)"`).FindAllStringSubmatch(raw, -1) {
		if !strings.Contains(raw, `"`+m[2]+`": {`) {
			t.Errorf("dangling $ref %s/%s", m[1], m[2])
		}
	}
}
