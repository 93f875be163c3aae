package simrel

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestPrototypesFile(t *testing.T) {
	protos, err := parsePrototypes(prototypesText)
	if err != nil {
		t.Fatal(err)
	}
	count := map[ontology.RelationType]int{}
	for _, p := range protos {
		count[p.typ]++
		if p.typ == none {
			ok := false
			for _, sig := range []signature{sigWork, sigPlace, sigPet, sigSelf, sigOrg} {
				ok = ok || fits(p.text, sig)
			}
			if !ok {
				t.Errorf("no-relation prototype %q fits no signature", p.text)
			}
			continue
		}
		if strings.Contains(fill(p.text), "{") {
			t.Errorf("prototype %q keeps a placeholder after filling", p.text)
		}
	}
	for _, sig := range []signature{sigWork, sigPlace, sigPet, sigSelf, sigPeople, sigOrg} {
		for _, typ := range sig.types {
			if count[typ] < 5 {
				t.Errorf("%s has %d prototypes, want at least 5", typ, count[typ])
			}
		}
	}
	if count[none] < 20 {
		t.Errorf("%d no-relation prototypes, want at least 20", count[none])
	}
	if _, err := parsePrototypes("WORKS_AT {P} works at {O}"); err == nil {
		t.Error("a line without a tab parsed")
	}
	if _, err := parsePrototypes("WORKS_WITH\t{P} works with {Q}"); err == nil {
		t.Error("a type outside the vocabulary parsed")
	}
}

// TestPrototypesAreNotCopiedFromTheGoldChats: no four words in a row of a
// prototype (between placeholders) occur in a chat of the gold set or in a
// relation probe (testdata/relprobes), so the dev half and the probes
// measure phrasings the prototypes did not copy.
func TestPrototypesAreNotCopiedFromTheGoldChats(t *testing.T) {
	for _, pattern := range []string{"../../testdata/graphgold/chats/*.json", "../../testdata/relprobes/*.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("no files for %s: %v", pattern, err)
		}
		var text strings.Builder
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			text.WriteString(strings.ToLower(string(b)))
		}
		if run := sharedRun(text.String()); run != "" {
			t.Errorf("%s: %s", pattern, run)
		}
	}
}

// sharedRun returns the first prototype that shares four words in a row
// with text, and the words, or "".
func sharedRun(text string) string {
	protos, _ := parsePrototypes(prototypesText)
	var found []string
	for _, p := range protos {
		for _, frag := range strings.FieldsFunc(p.text, func(r rune) bool { return r == '{' || r == '}' }) {
			w := strings.Fields(strings.ToLower(frag))
			for i := 0; i+4 <= len(w); i++ {
				if run := strings.Join(w[i:i+4], " "); strings.Contains(text, run) {
					found = append(found, fmt.Sprintf("prototype %q shares %q", p.text, run))
				}
			}
		}
	}
	return strings.Join(found, "; ")
}
