package simrel

import (
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
// prototype (between placeholders) occur in a dev chat of the gold set, so
// the dev half measures phrasings the prototypes did not copy.
func TestPrototypesAreNotCopiedFromTheGoldChats(t *testing.T) {
	files, err := filepath.Glob("../../testdata/graphgold/chats/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no dev chats: %v", err)
	}
	var chats strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		chats.WriteString(strings.ToLower(string(b)))
	}
	all := chats.String()
	protos, _ := parsePrototypes(prototypesText)
	for _, p := range protos {
		for _, frag := range strings.FieldsFunc(p.text, func(r rune) bool { return r == '{' || r == '}' }) {
			w := strings.Fields(strings.ToLower(frag))
			for i := 0; i+4 <= len(w); i++ {
				if run := strings.Join(w[i:i+4], " "); strings.Contains(all, run) {
					t.Errorf("prototype %q shares %q with a dev chat", p.text, run)
				}
			}
		}
	}
}
