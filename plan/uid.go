package plan

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
)

// uidSpace namespaces Loci's name-based UUIDs
// (6f1c1b0e-6d0a-4c1e-9a57-6c6f63692e31).
var uidSpace = [16]byte{0x6f, 0x1c, 0x1b, 0x0e, 0x6d, 0x0a, 0x4c, 0x1e, 0x9a, 0x57, 0x6c, 0x6f, 0x63, 0x69, 0x2e, 0x31}

// UID derives a stable node identity from its kind and the names that
// identify it within a tenant: a name-based (version 5, SHA-1) UUID in
// Loci's namespace. The parts are joined with a separator that validated
// names cannot contain (a control character), so ("a/b","c") and
// ("a","b/c") never collide. The planner decides identities, so the
// function lives here; graph uses it for turns, sessions and speakers too.
func UID(kind string, parts ...string) string {
	h := sha1.New()
	h.Write(uidSpace[:])
	h.Write([]byte(kind + "\x1f" + strings.Join(parts, "\x1f")))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:], u[10:])
	return string(b[:])
}

// EntityUID is the identity of a new entity: its type and normalised name
// within one conversation of one tenant.
func EntityUID(tenant, conversation string, typ, key string) string {
	return UID("entity", tenant, conversation, typ, key)
}

// SpeakerEntityUID is the identity of a speaker's entity.
func SpeakerEntityUID(tenant, conversation, speaker string) string {
	return UID("entity", tenant, conversation, "speaker", speaker)
}
