package graph

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/loci-memory/loci/plan"
)

// uid derives a stable node identity from its kind and the names that
// identify it within a tenant (plan.UID: the planner decides identities).
func uid(kind string, parts ...string) string { return plan.UID(kind, parts...) }

func conversationUID(tenant, conversation string) string {
	return uid("conversation", tenant, conversation)
}
func sessionUID(tenant, conversation, session string) string {
	return uid("session", tenant, conversation, session)
}
func turnUID(tenant, conversation, id string) string {
	return uid("turn", tenant, conversation, id)
}
func speakerUID(tenant, conversation, name string) string {
	return uid("speaker", tenant, conversation, name)
}

// scopeKey makes an opaque single-token value for the full-text index: a
// letter followed by hex digits survives the English analyzer as one token,
// whatever characters the tenant, conversation or speaker name contains.
func scopeKey(kind byte, parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return string(kind) + hex.EncodeToString(sum[:10])
}

func tenantKey(tenant string) string { return scopeKey('t', tenant) }
func conversationKey(tenant, conversation string) string {
	return scopeKey('c', tenant, conversation)
}

// speakerKey is per tenant, not per conversation, and case-insensitive, so
// "caroline" scopes to Caroline's turns in every conversation searched.
func speakerKey(tenant, speaker string) string {
	return scopeKey('s', tenant, strings.ToLower(speaker))
}
