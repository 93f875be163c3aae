package simrel

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

//go:embed prototypes.txt
var prototypesText string

// none marks a "no relation" prototype.
const none ontology.RelationType = "NONE"

// prototype is one phrasing: its relation type (none for "no relation")
// and its sentence with placeholders.
type prototype struct {
	typ  ontology.RelationType
	text string
}

// placeholders are the words a candidate's two names are replaced by, and
// a prototype's {P} {Q} {O} {L} {A} become: a person, another person, an
// organisation, a place, an animal. Plain words keep MiniLM's reading of
// the sentence close to what a name there means.
var placeholders = map[byte]string{'P': "Sam", 'Q': "Alex", 'O': "Acme", 'L': "Springfield", 'A': "Biscuit"}

// parsePrototypes reads prototypes.txt: TYPE<TAB>sentence lines, # comments.
func parsePrototypes(text string) ([]prototype, error) {
	var out []prototype
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		typ, sentence, ok := strings.Cut(line, "\t")
		t := ontology.RelationType(strings.TrimSpace(typ))
		if !ok || strings.TrimSpace(sentence) == "" || t != none && !t.Valid() {
			return nil, fmt.Errorf("simrel: prototypes line %d: want TYPE<TAB>sentence with a vocabulary type or NONE", n+1)
		}
		out = append(out, prototype{typ: t, text: strings.TrimSpace(sentence)})
	}
	return out, nil
}

// slots returns the placeholder letters a prototype uses, in order.
func slots(text string) string {
	var b strings.Builder
	for i := 0; i+2 < len(text); i++ {
		if text[i] == '{' && text[i+2] == '}' {
			if _, ok := placeholders[text[i+1]]; ok {
				b.WriteByte(text[i+1])
			}
		}
	}
	return b.String()
}

// fill replaces a prototype's placeholders by their words.
func fill(text string) string {
	for k, w := range placeholders {
		text = strings.ReplaceAll(text, "{"+string(k)+"}", w)
	}
	return text
}
