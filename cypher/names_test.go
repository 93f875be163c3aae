package cypher

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// statementRef is a statement name found in Go source, and where.
type statementRef struct {
	name, at string
}

// goFiles parses every Go file of the module (the parent of this
// package's directory), test files only when tests is set, skipping hidden
// directories (worktrees, .local).
func goFiles(t *testing.T, tests bool) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || (!tests && strings.HasSuffix(path, "_test.go")) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("found only %d Go files above cypher/: the walk is wrong", len(files))
	}
	return fset, files
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// inGraph reports whether f is in package graph: the one package that runs
// statements, where a "name" is a statement's name.
func inGraph(f *ast.File) bool { return f.Name.Name == "graph" }

// nameParams maps every function of package graph (declared or a closure
// assigned to a variable) with string parameters called "name" to those
// parameters' positions: the way statement names travel between helpers.
// Closures are keyed by file and variable ("file.go:run"), as several
// files have a local "run".
func nameParams(fset *token.FileSet, files []*ast.File) map[string][]int {
	out := map[string][]int{}
	positions := func(ft *ast.FuncType) []int {
		var pos []int
		i := 0
		for _, field := range ft.Params.List {
			n := max(len(field.Names), 1)
			for j := range n {
				if id, ok := field.Type.(*ast.Ident); ok && id.Name == "string" && j < len(field.Names) && field.Names[j].Name == "name" {
					pos = append(pos, i)
				}
				i++
			}
		}
		return pos
	}
	for _, f := range files {
		if !inGraph(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if p := positions(n.Type); len(p) > 0 {
					out[n.Name.Name] = p
				}
			case *ast.AssignStmt:
				for i, rhs := range n.Rhs {
					if fl, ok := rhs.(*ast.FuncLit); ok && i < len(n.Lhs) {
						if id, ok := n.Lhs[i].(*ast.Ident); ok {
							if p := positions(fl.Type); len(p) > 0 {
								out[fset.Position(f.Pos()).Filename+":"+id.Name] = p
							}
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// statementRefs finds the statement names Go code uses: string literals
// given to cypher.Get, Fill, Script or Placeholders anywhere, and in
// package graph those given to a parameter called "name", assigned to a
// variable called "name", or in a struct field called "name" (tables of
// steps).
func statementRefs(t *testing.T) []statementRef {
	fset, files := goFiles(t, false)
	params := nameParams(fset, files)
	var refs []statementRef
	add := func(e ast.Expr) {
		if s, ok := stringLit(e); ok {
			refs = append(refs, statementRef{s, fset.Position(e.Pos()).String()})
		}
	}
	for _, f := range files {
		graph := inGraph(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				var callee string
				var pkg string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					callee = fn.Name
				case *ast.SelectorExpr:
					callee = fn.Sel.Name
					if id, ok := fn.X.(*ast.Ident); ok {
						pkg = id.Name
					}
				}
				if pkg == "cypher" && (callee == "Get" || callee == "Fill" || callee == "Script" || callee == "Placeholders") && len(n.Args) > 0 {
					add(n.Args[0])
				}
				if !graph {
					return true
				}
				local := params[fset.Position(f.Pos()).Filename+":"+callee]
				if _, isSel := n.Fun.(*ast.SelectorExpr); isSel {
					local = nil
				}
				for _, i := range append(params[callee], local...) {
					if i < len(n.Args) {
						add(n.Args[i])
					}
				}
			case *ast.AssignStmt:
				if !graph {
					return true
				}
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && id.Name == "name" && i < len(n.Rhs) {
						add(n.Rhs[i])
					}
				}
			case *ast.CompositeLit:
				if !graph {
					return true
				}
				st, ok := n.Type.(*ast.StructType)
				if !ok {
					if arr, ok := n.Type.(*ast.ArrayType); ok {
						st, _ = arr.Elt.(*ast.StructType)
					}
				}
				if st == nil {
					return true
				}
				pos := -1
				i := 0
				for _, field := range st.Fields.List {
					for _, fn := range field.Names {
						if fn.Name == "name" {
							pos = i
						}
						i++
					}
				}
				if pos < 0 {
					return true
				}
				for _, elt := range n.Elts {
					if cl, ok := elt.(*ast.CompositeLit); ok && pos < len(cl.Elts) {
						if kv, ok := cl.Elts[pos].(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "name" {
								add(kv.Value)
							}
						} else {
							add(cl.Elts[pos])
						}
					}
				}
			}
			return true
		})
	}
	return refs
}

// TestStatementNamesExist: every statement name Go code uses has its
// .cypher file, so a renamed or deleted file fails here and not at the
// first request that needs it.
func TestStatementNamesExist(t *testing.T) {
	refs := statementRefs(t)
	if len(refs) < 40 {
		t.Fatalf("found only %d statement references in Go: the scan is wrong", len(refs))
	}
	for _, r := range refs {
		if _, ok := statements[r.name]; !ok {
			t.Errorf("%s: statement %q has no cypher/%s.cypher", r.at, r.name, r.name)
		}
	}
}

// TestEveryStatementIsUsed: every .cypher file is named by Go code (or
// shares a prefix Go code lists by, such as "analyst_": the Browser
// queries of docs/analyst.md, which only their tests run), so no statement
// is left behind unused and untested.
func TestEveryStatementIsUsed(t *testing.T) {
	used := map[string]bool{}
	for _, r := range statementRefs(t) {
		used[r.name] = true
	}
	_, files := goFiles(t, true)
	var prefixes []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := stringLit(asExpr(n)); ok && strings.HasSuffix(s, "_") && len(s) > 2 {
				prefixes = append(prefixes, s)
			}
			return true
		})
	}
	for _, name := range Names() {
		if used[name] {
			continue
		}
		found := false
		for _, p := range prefixes {
			found = found || strings.HasPrefix(name, p)
		}
		if !found {
			t.Errorf("cypher/%s.cypher: no Go code names it", name)
		}
	}
}

func asExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

func TestFill(t *testing.T) {
	name := "turns_vector_exact_adjacent"
	keys := Placeholders(name)
	if strings.Join(keys, ",") != "adjacent,property" {
		t.Fatalf("placeholders of %s: %v", name, keys)
	}
	got := Fill(name, map[string]string{"adjacent": "(node)-[:NEXT]->(t:Turn)"}, map[string]string{"property": "embedding_x", "adjacent": "ignored"})
	if strings.Contains(got, "{{") || !strings.Contains(got, "(node)-[:NEXT]->(t:Turn)") || !strings.Contains(got, "embedding_x") || strings.Contains(got, "ignored") {
		t.Errorf("filled statement:\n%s", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("a placeholder left without a value did not panic")
		}
	}()
	Fill(name, map[string]string{"property": "embedding_x"})
}

// TestPlaceholdersAreWellFormed: a {{ in a statement is always a
// placeholder Fill understands, so none is sent to Neo4j unfilled.
func TestPlaceholdersAreWellFormed(t *testing.T) {
	for _, name := range Names() {
		rest := placeholder.ReplaceAllString(Get(name), "")
		if strings.Contains(rest, "{{") {
			t.Errorf("cypher/%s.cypher has a malformed placeholder", name)
		}
	}
}
