package lang

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Nicknames pairs given names with their nicknames: "margaret" with
// "maggie" and "peggy", "william" with "bill". People ask about a friend
// by a nickname while the chat labels them by their given name, or the
// other way round, so speaker matching treats a pair as one name.
//
// Only a name and its own nicknames pair. Two nicknames of one name do not
// ("lisa" and "beth" both shorten "elizabeth"): they are mostly names of
// different people. The zero value and nil pair nothing.
type Nicknames struct {
	pairs map[string]map[string]bool
}

// NicknamesFile is the list's file name in the models directory, where
// `make models` installs it from Maven Central.
const NicknamesFile = "nicknames.csv"

// ReadNicknames reads a list of lines "name,nickname,nickname…" (lower or
// any case; blank lines and lines starting with # are skipped).
func ReadNicknames(r io.Reader) (*Nicknames, error) {
	n := &Nicknames{pairs: map[string]map[string]bool{}}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, ",")
		name := strings.ToLower(strings.TrimSpace(fields[0]))
		if name == "" || len(fields) < 2 {
			return nil, fmt.Errorf("nicknames: line %d: want a name and at least one nickname, got %q", line, text)
		}
		for _, f := range fields[1:] {
			if nick := strings.ToLower(strings.TrimSpace(f)); nick != "" && nick != name {
				n.add(name, nick)
				n.add(nick, name)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("nicknames: %w", err)
	}
	return n, nil
}

// LoadNicknames reads the list at path.
func LoadNicknames(path string) (*Nicknames, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nicknames: %w", err)
	}
	defer f.Close()
	return ReadNicknames(f)
}

func (n *Nicknames) add(a, b string) {
	if n.pairs[a] == nil {
		n.pairs[a] = map[string]bool{}
	}
	n.pairs[a][b] = true
}

// Pair reports whether a and b (any case) are a name and one of its
// nicknames, in either order.
func (n *Nicknames) Pair(a, b string) bool {
	if n == nil {
		return false
	}
	return n.pairs[strings.ToLower(a)][strings.ToLower(b)]
}

// Len is the number of names the list knows.
func (n *Nicknames) Len() int {
	if n == nil {
		return 0
	}
	return len(n.pairs)
}
