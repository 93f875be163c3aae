package rules

import (
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	for _, c := range strings.Split(os.Getenv("DBG"), "#") {
		lines := strings.Split(c, "|")
		if len(lines) < 2 {
			continue
		}
		x := extractChat(t, nil, chat("t", lines...))
		t.Logf("== %s", c)
		for _, r := range x.Relations {
			t.Logf("   %s %s -> %s role=%q ended=%v", r.Type, r.From.Name, r.To.Name, r.Role, r.ValidTo != nil)
		}
	}
}
