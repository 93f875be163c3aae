package ontology

import (
	"context"
	"strings"
)

// MaxTenantBytes bounds a tenant name.
const MaxTenantBytes = 64

// Principal is who a request acts as: the API key that authenticated it and
// the tenant that key belongs to. Every read and write of the request is
// scoped to Tenant.
type Principal struct {
	KeyID  string
	Tenant string
}

// Authenticator maps an API key (the bearer token of a request) to the
// principal it stands for, or fails with EUnauthorized.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Principal, error)
}

// ValidateTenant checks a tenant name: 1 to MaxTenantBytes of ASCII
// letters, digits, '.', '_' or '-', so it is safe in logs, key files and
// URLs.
func ValidateTenant(name string) error {
	if name == "" {
		return Errorf(EValidation, "tenant is required")
	}
	if len(name) > MaxTenantBytes {
		return Errorf(EValidation, "tenant is %d bytes, more than the %d allowed", len(name), MaxTenantBytes)
	}
	if strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
	}) >= 0 {
		return Errorf(EValidation, "tenant %q may hold only letters, digits, '.', '_' and '-'", name)
	}
	return nil
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p, for code below the HTTP layer (the
// MCP tools) that must act for the request's tenant.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the principal ctx carries, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}
