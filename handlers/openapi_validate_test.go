package handlers_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/loci-memory/loci/handlers"
)

func loadOpenAPI(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(handlers.OpenAPI())
	if err != nil {
		t.Fatalf("openapi.json does not load: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.json is not a valid OpenAPI 3 document: %v", err)
	}
	return doc
}

// TestOpenAPIDocumentIsValid validates the document with kin-openapi.
func TestOpenAPIDocumentIsValid(t *testing.T) {
	doc := loadOpenAPI(t)
	if len(doc.Paths.Map()) < 15 {
		t.Fatalf("only %d paths documented", len(doc.Paths.Map()))
	}
}

// TestResponsesMatchTheDocument sends real requests through the whole API
// (real Neo4j, rules extractor, context assembly, API keys) and validates
// each request and its response against openapi.json: a field the code
// returns but the document types differently, or a status it does not
// list, fails here.
func TestResponsesMatchTheDocument(t *testing.T) {
	doc := loadOpenAPI(t)
	doc.Servers = nil // match any host
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	k, keys, tenants := newKeyedServer(t, handlers.RateLimit{}, 0, "a")
	_, ents, _ := k.call("Bearer "+keys["a"], "GET", "/v1/entities", nil) // empty before ingest
	_ = ents
	type step struct {
		method, path, body string
	}
	steps := []step{
		{"GET", "/healthz", ""},
		{"GET", "/readyz", ""},
		{"POST", "/v1/conversations/c/turns", `{"turns":[{"id":"1","session":"1","speaker":"Sam","text":"My cousin Dana founded Acme Labs last year.","timestamp":"2023-03-01T10:00:00Z"},
			{"id":"2","session":"1","speaker":"Ria","text":"I work at Globex as a designer.","timestamp":"2023-03-01T10:01:00Z","metadata":{"mood":"ok"}},
			{"id":"3","session":"2","speaker":"Sam","text":"Acme Labs makes solar panels.","timestamp":"2023-06-01T09:00:00Z"}]}`},
		{"POST", "/v1/conversations/c/turns", `{"turns":[{"id":"1","session":"1","speaker":"Sam","text":"My cousin Dana founded Acme Labs last year.","timestamp":"2023-03-01T10:00:00Z"}]}`},
		{"POST", "/v1/conversations/c/turns", `{"turns":[{"id":"1","speaker":"Sam","text":""}]}`},
		{"GET", "/v1/conversations", ""},
		{"GET", "/v1/conversations/c", ""},
		{"GET", "/v1/conversations/c/turns?limit=2", ""},
		{"GET", "/v1/conversations/nope", ""},
		{"POST", "/v1/search", `{"conversation_id":"c","query":"Where does Ria work?","explain":true}`},
		{"POST", "/v1/search", `{"query":"solar","config":"hybrid"}`},
		{"POST", "/v1/search", `{"query":"x","limit":500}`},
		{"POST", "/v1/search", `{"query":"x","query":"y"}`},
		{"GET", "/v1/conversations?limit=1&limit=2", ""},
		{"GET", "/v1/conversations?limit=", ""},
		{"GET", "/v1/entities?conversation_id=c&q=Dana", ""},
		{"GET", "/v1/graph/neighborhood?conversation_id=c&entity=Dana&hops=2", ""},
		{"GET", "/v1/graph/paths?conversation_id=c&from=Sam&to=Acme%20Labs", ""},
		{"GET", "/v1/graph/paths?conversation_id=c&from=Sam&to=Acme%20Labs&kinds=typed&as_of=2023-07-01T00:00:00Z&known_at=2030-01-01T00:00:00Z", ""},
		{"GET", "/v1/graph/neighborhood?conversation_id=c&entity=Sam&kinds=all&as_of=2023-04-01T00:00:00Z", ""},
		{"GET", "/v1/graph/neighborhood?conversation_id=c&entity=Sam&as_of=April", ""},
		{"POST", "/v1/search", `{"conversation_id":"c","query":"solar","as_of":"2023-04-01T00:00:00Z","known_at":"2030-01-01T00:00:00Z"}`},
		{"POST", "/v1/context", `{"conversation_id":"c","query":"What does Acme Labs make?","as_of":"2023-07-01T00:00:00Z"}`},
		{"POST", "/v1/context", `{"conversation_id":"c","query":"What does the company Sam's cousin founded make?","budget_tokens":400}`},
		{"POST", "/v1/answer", `{"conversation_id":"c","query":"Where does Ria work?"}`},
		// Empty and zero values the document says mean "the default", and an
		// id of 256 characters of multi-byte UTF-8 (maxLength counts
		// characters, and so does Loci).
		{"POST", "/v1/conversations/c/turns", `{"turns":[{"id":"` + strings.Repeat("é", 256) + `","session":"","speaker":"Ria","text":"Still at Globex.","timestamp":""}]}`},
		{"POST", "/v1/search", `{"conversation_id":"c","query":"solar","limit":0}`},
		{"POST", "/v1/context", `{"conversation_id":"c","query":"What does Acme Labs make?","budget_tokens":0}`},
		// Anchors that propose no expansion: expansions is [], not null.
		{"POST", "/v1/answer", `{"conversation_id":"c","query":"0=\u00cb\u0014}","config":"no-gate"}`},
		{"POST", "/v1/context", `{"conversation_id":"c","query":"zzqx","config":"no-gate"}`},
		{"DELETE", "/v1/conversations/c/speakers/Ria", ""},
		{"DELETE", "/v1/conversations/c", ""},
		{"DELETE", "/v1/tenants/" + tenants["a"], ""},
	}
	// The entity routes need an id from the data.
	var entityID string
	ctx := context.Background()
	validate := func(s step, authz string) int {
		t.Helper()
		req := httptest.NewRequest(s.method, s.path, bytes.NewReader([]byte(s.body)))
		if s.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if authz != "" {
			req.Header.Set("Authorization", authz)
		}
		rec := httptest.NewRecorder()
		k.h.ServeHTTP(rec, req)
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("%s %s: no documented route: %v", s.method, s.path, err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		req.Body = io.NopCloser(bytes.NewReader([]byte(s.body)))
		if rec.Code < 400 {
			if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
				t.Errorf("%s %s: the request the API accepted breaks the document: %v", s.method, s.path, err)
			}
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
			Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		out.SetBodyBytes(rec.Body.Bytes())
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s %s: response %d breaks the document: %v\nbody: %.600s", s.method, s.path, rec.Code, err, rec.Body.String())
		}
		return rec.Code
	}
	var _ routers.Router = router
	for i, s := range steps {
		validate(s, "Bearer "+keys["a"])
		if i == 16 { // after the neighbourhood: find an entity id for the entity routes
			_, body, _ := k.call("Bearer "+keys["a"], "GET", "/v1/entities?conversation_id=c&q=Dana", nil)
			if es, _ := body["entities"].([]any); len(es) > 0 {
				entityID, _ = es[0].(map[string]any)["id"].(string)
			}
			if entityID == "" {
				t.Fatalf("no entity named Dana: %v", body)
			}
			validate(step{"GET", "/v1/entities/" + entityID, ""}, "Bearer "+keys["a"])
			validate(step{"GET", "/v1/entities/" + entityID + "/history", ""}, "Bearer "+keys["a"])
			validate(step{"GET", "/v1/entities/" + entityID + "?as_of=2023-04-01T00:00:00Z&known_at=2030-01-01T00:00:00Z", ""}, "Bearer "+keys["a"])
			validate(step{"GET", "/v1/entities/" + entityID + "/history?as_of=2023-04-01T00:00:00Z", ""}, "Bearer "+keys["a"])
			validate(step{"GET", "/v1/entities/does-not-exist", ""}, "Bearer "+keys["a"])
			// A speaker's entity carries profile decisions (their subject's
			// type was "", outside the enum) and events (participants
			// named only).
			_, body, _ = k.call("Bearer "+keys["a"], "GET", "/v1/entities?conversation_id=c&q=Sam", nil)
			es, _ := body["entities"].([]any)
			if len(es) == 0 {
				t.Fatalf("no entity named Sam: %v", body)
			}
			sam, _ := es[0].(map[string]any)["id"].(string)
			_, hist, _ := k.call("Bearer "+keys["a"], "GET", "/v1/entities/"+sam+"/history", nil)
			if ds, _ := hist["decisions"].([]any); len(ds) == 0 {
				t.Errorf("Sam's history holds no decision to validate: %v", hist)
			}
			validate(step{"GET", "/v1/entities/" + sam, ""}, "Bearer "+keys["a"])
			validate(step{"GET", "/v1/entities/" + sam + "/history", ""}, "Bearer "+keys["a"])
		}
	}
	if code := validate(step{"POST", "/v1/search", `{"query":"x"}`}, ""); code != http.StatusUnauthorized {
		t.Errorf("no key: %d", code)
	}
}
