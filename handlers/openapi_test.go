package handlers_test

import (
	"encoding/json"
	"net/http"
	"os"
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
	// ones it does not serve, GET and DELETE with 405 and Allow: POST); the
	// document lists POST, the one it serves, and says so of the others.
	mcpMethods := map[string]bool{"POST": true}
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

// TestOpenAPIConfigEnums: the config names openapi.json enumerates are
// exactly the documented presets (query/configs.json and
// llmcontext/contexts.json), so a preset added or renamed there fails here
// until the document says so. The experimental files' names are accepted
// too and deliberately not listed.
func TestOpenAPIConfigEnums(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []*string `json:"enum"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(handlers.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ schema, file string }{
		{"SearchRequest", "../query/configs.json"},
		{"ContextRequest", "../llmcontext/contexts.json"},
	} {
		raw, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		var presets []struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(raw, &presets); err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		var want []string
		for _, p := range presets {
			want = append(want, p.Name)
		}
		var got []string
		for _, e := range doc.Components.Schemas[c.schema].Properties["config"].Enum {
			if e != nil { // null: the default
				got = append(got, *e)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s.config enum %v, want the names of %s in order: %v", c.schema, got, c.file, want)
		}
	}
}
