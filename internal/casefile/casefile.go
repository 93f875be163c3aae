// Package casefile reads the case tables that tests keep in testdata text
// files instead of Go literals: one case a line, its fields separated by
// "|", blank lines and lines opening with "#" (comments) left out. A field
// is trimmed of surrounding spaces; one written in double quotes is read as
// a Go string literal, to keep spaces or write an empty string. No field
// can hold "|".
package casefile

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// Read returns the cases of the file at path, each split into n fields (at
// least -n when n is negative). A line with another count of fields, a
// malformed quoted field, or a file with no cases fails the test.
func Read(t testing.TB, path string, n int) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != n && (n >= 0 || len(f) < -n) {
			t.Fatalf("%s:%d: %d fields, want %d", path, i+1, len(f), n)
		}
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
			if strings.HasPrefix(f[k], `"`) {
				if f[k], err = strconv.Unquote(f[k]); err != nil {
					t.Fatalf("%s:%d: field %d: %v", path, i+1, k+1, err)
				}
			}
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return out
}

// Lines returns the cases of the file at path that have one field each.
func Lines(t testing.TB, path string) []string {
	t.Helper()
	var out []string
	for _, c := range Read(t, path, 1) {
		out = append(out, c[0])
	}
	return out
}
