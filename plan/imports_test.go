package plan

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsOnlyOntology keeps the planner pure: besides the standard
// library it may import ontology and nothing else (no driver, no graph).
func TestImportsOnlyOntology(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.GoFiles) == 0 {
		t.Fatal("no Go files read")
	}
	for _, path := range pkg.Imports {
		if strings.Contains(strings.Split(path, "/")[0], ".") && path != "github.com/loci-memory/loci/ontology" {
			t.Errorf("plan imports %s: plan may import only ontology and the standard library", path)
		}
	}
}
