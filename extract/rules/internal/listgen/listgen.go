// Package listgen holds what the word-list generators of extract/rules
// (gen_towns.go, gen_vocabwords.go, gen_givennames.go) share: each derives a sorted list from
// one pinned source file and writes it under a header naming that file's
// checksum and the list's length, so that the same source always gives the
// same file. The generators are one-shot programs: these helpers end the
// program on an error, naming the generator (who) in the message.
package listgen

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
)

// ReadPinned returns the bytes of the file at path, which must have the
// sha256 checksum want (hex): a list is derived from that file and no other.
// Without it, the program ends with the error and hint (how to get the
// right file).
func ReadPinned(who, path, want, hint string) []byte {
	raw, err := os.ReadFile(path)
	if err == nil {
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != want {
			err = fmt.Errorf("%s has sha256 %s, want %s", path, got, want)
		}
	}
	if err != nil {
		log.Fatalf("%s: %v (%s)", who, err, hint)
	}
	return raw
}

// Write sorts entries and writes them to path, one a line, after header,
// a format that takes the source's checksum (sha) and the number of
// entries; the program ends if the file cannot be written.
func Write(who, path, header, sha string, entries []string) {
	sort.Strings(entries)
	var b strings.Builder
	fmt.Fprintf(&b, header, sha, len(entries))
	for _, e := range entries {
		b.WriteString(e)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		log.Fatalf("%s: %v", who, err)
	}
}

// ReadWords reads a list of one entry a line, lines starting with "#" left
// out, each lower-cased; with lowerOnly, only the entries written in lower
// case (the everyday words of a dictionary). The program ends if the file
// cannot be read.
func ReadWords(who, path string, lowerOnly bool) map[string]bool {
	f, err := os.Open(path)
	if err != nil {
		log.Fatalf("%s: %v", who, err)
	}
	defer f.Close()
	m := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") || lowerOnly && l != strings.ToLower(l) {
			continue
		}
		m[strings.ToLower(l)] = true
	}
	if err := sc.Err(); err != nil {
		log.Fatalf("%s: %s: %v", who, path, err)
	}
	return m
}
