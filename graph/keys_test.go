package graph

import (
	"strings"
	"testing"

	"github.com/google/uuid"
)

// TestUIDUnchanged pins the node identities to the name-based UUIDs stored
// before plan.UID replaced the uuid library's: stored graphs keep their ids.
func TestUIDUnchanged(t *testing.T) {
	space := uuid.MustParse("6f1c1b0e-6d0a-4c1e-9a57-6c6f63692e31")
	for _, parts := range [][]string{{"turn", "t", "c", "1"}, {"entity", "tenant", "conv", "Person", "dana reyes"}, {"x"}, {"fact", "", "ü", "a\x1fb"}} {
		want := uuid.NewSHA1(space, []byte(parts[0]+"\x1f"+strings.Join(parts[1:], "\x1f"))).String()
		if got := uid(parts[0], parts[1:]...); got != want {
			t.Fatalf("uid%q = %s, want %s", parts, got, want)
		}
	}
}
