// Package cypher holds every Cypher statement Loci runs, one named .cypher
// file each, embedded into the binary. Keeping them as files lets analysts
// read and try them in Neo4j Browser as they are.
//
// User input never becomes part of a statement's text: everything a caller
// supplies travels as a parameter.
package cypher

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.cypher
var files embed.FS

var statements = load()

func load() map[string]string {
	out := map[string]string{}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(fmt.Sprintf("cypher: reading embedded files: %v", err))
	}
	for _, e := range entries {
		b, err := files.ReadFile(e.Name())
		if err != nil {
			panic(fmt.Sprintf("cypher: reading %s: %v", e.Name(), err))
		}
		out[strings.TrimSuffix(e.Name(), ".cypher")] = stripComments(string(b))
	}
	return out
}

// stripComments drops whole-line // comments so files can explain themselves.
func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return strings.TrimSpace(b.String())
}

// Get returns the statement in name.cypher. A missing name is a programming
// error, so it panics; Names lets tests check every name used exists.
func Get(name string) string {
	s, ok := statements[name]
	if !ok {
		panic(fmt.Sprintf("cypher: no statement %q", name))
	}
	return s
}

// Script returns the statements of name.cypher split on lines that end in a
// semicolon, for files that hold several statements (the schema).
func Script(name string) []string {
	var out []string
	for _, part := range strings.Split(Get(name), ";\n") {
		if p := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(part), ";")); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Names lists every embedded statement name.
func Names() []string {
	out := make([]string, 0, len(statements))
	for n := range statements {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
