// Package listgen holds what the word-list generators of extract/rules
// (gen_towns.go, gen_vocabwords.go) share: each derives a sorted list from
// one pinned source file and writes it under a header naming that file's
// checksum and the list's length, so that the same source always gives the
// same file.
package listgen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strings"
)

// ReadPinned returns the bytes of the file at path, which must have the
// sha256 checksum want (hex): a list is derived from that file and no other.
func ReadPinned(path, want string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	if got := hex.EncodeToString(sum[:]); got != want {
		return nil, fmt.Errorf("%s has sha256 %s, want %s", path, got, want)
	}
	return raw, nil
}

// Write sorts entries and writes them to path, one a line, after header,
// a format that takes the source's checksum (sha) and the number of entries.
func Write(path, header, sha string, entries []string) error {
	sort.Strings(entries)
	var b strings.Builder
	fmt.Fprintf(&b, header, sha, len(entries))
	for _, e := range entries {
		b.WriteString(e)
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
