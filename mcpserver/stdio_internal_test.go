package mcpserver

import (
	"bufio"
	"strings"
	"testing"
)

// TestReadLineBounds: a line longer than the bound is reported and
// skipped whole, without holding it, and the next line is read intact.
func TestReadLineBounds(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader(strings.Repeat("x", 100)+"\n"+`{"a":1}`+"\nlast"), 16)
	for _, want := range []struct {
		line    string
		tooLong bool
	}{{"", true}, {`{"a":1}` + "\n", false}, {"last", false}} {
		line, tooLong, err := readLine(r, 20)
		if string(line) != want.line || tooLong != want.tooLong {
			t.Errorf("readLine: %q, too long %v (%v), want %q, %v", line, tooLong, err, want.line, want.tooLong)
		}
	}
}
