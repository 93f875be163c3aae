package handlers

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// TenantHeader lets a client state the tenant it means to act for. It is
// never needed (a key belongs to one tenant), but a request that names
// another tenant than its key's is refused with 403 rather than silently
// served from the key's own tenant.
const TenantHeader = "X-Loci-Tenant"

// authenticate resolves the request's principal. With an Authenticator
// every /v1 request needs "Authorization: Bearer <key>" (401 without or
// with an unknown key); without one (dev mode) every request acts for
// d.Tenant's tenant.
func (h *api) authenticate(c *gin.Context) {
	var p ontology.Principal
	if h.Auth == nil {
		p = ontology.Principal{KeyID: "dev", Tenant: h.Tenant(c.Request)}
	} else {
		scheme, token, ok := strings.Cut(c.GetHeader("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			c.Header("WWW-Authenticate", `Bearer realm="loci"`)
			writeError(c, h.Log, ontology.Errorf(ontology.EUnauthorized, "an API key is required: send Authorization: Bearer <key>"))
			return
		}
		var err error
		p, err = h.Auth.Authenticate(c.Request.Context(), strings.TrimSpace(token))
		if err != nil {
			c.Header("WWW-Authenticate", `Bearer realm="loci", error="invalid_token"`)
			writeError(c, h.Log, err)
			return
		}
	}
	if t := c.GetHeader(TenantHeader); t != "" && t != p.Tenant {
		writeError(c, h.Log, ontology.Errorf(ontology.EForbidden, "this API key belongs to another tenant than %q", t))
		return
	}
	c.Request = c.Request.WithContext(ontology.WithPrincipal(c.Request.Context(), p))
	c.Next()
}

// principal is the request's authenticated principal (set by authenticate).
func principal(c *gin.Context) ontology.Principal {
	p, _ := ontology.PrincipalFrom(c.Request.Context())
	return p
}

// deadline bounds the request's work: Neo4j transactions and the embedder
// see the context end and the request fails with 503 instead of hanging.
func (h *api) deadline(c *gin.Context) {
	if h.RequestTimeout <= 0 {
		c.Next()
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), h.RequestTimeout)
	defer cancel()
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}
