package ontology

import (
	"os"
	"strings"
	"testing"
)

// TestOntologyDocCoversVocabulary keeps docs/ontology.md in step with the
// vocabulary: every entity type, relation type, topic and sub-topic named.
func TestOntologyDocCoversVocabulary(t *testing.T) {
	b, err := os.ReadFile("../docs/ontology.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var names []string
	for _, e := range EntityTypes {
		names = append(names, "| "+string(e)+" |")
	}
	for _, r := range RelationTypes() {
		names = append(names, "`"+string(r)+"`")
	}
	for _, tp := range ProfileTaxonomy {
		names = append(names, "`"+tp.Name+"`")
		for _, s := range tp.SubTopics {
			n := s.Name
			if s.ListLike {
				n = "*" + n + "*"
			}
			names = append(names, n)
		}
	}
	for _, n := range names {
		if !strings.Contains(doc, n) {
			t.Errorf("docs/ontology.md does not mention %s", n)
		}
	}
}

func TestCypherNameGate(t *testing.T) {
	for _, ok := range []string{"Person", "WORKS_AT", "RELATED_TO"} {
		if got, err := CypherName(ok); err != nil || got != "`"+ok+"`" {
			t.Errorf("CypherName(%q) = %q, %v", ok, got, err)
		}
	}
	for _, bad := range []string{"", "person", "Turn", "WORKS_AT]->(x) DETACH DELETE x//", "`Person`", "Entity"} {
		if _, err := CypherName(bad); err == nil {
			t.Errorf("CypherName(%q) passed", bad)
		}
	}
}
