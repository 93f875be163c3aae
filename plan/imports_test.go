package plan

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestImportsOnlyOntology keeps the planner pure: besides the standard
// library it may import ontology and nothing else (no driver, no graph).
func TestImportsOnlyOntology(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, err := parser.ParseFile(token.NewFileSet(), f.Name(), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range src.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if strings.Contains(strings.Split(path, "/")[0], ".") && path != "github.com/loci-memory/loci/ontology" {
				t.Errorf("%s imports %s: plan may import only ontology and the standard library", f.Name(), path)
			}
		}
	}
}
