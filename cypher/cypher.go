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
	"maps"
	"regexp"
	"slices"
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

// placeholder is a {{name}} in a statement's text: a place for a name
// Cypher cannot take as a parameter (a label, a relationship type, an
// index or property name).
var placeholder = regexp.MustCompile(`\{\{([a-z_]+)\}\}`)

// Fill returns the statement in name.cypher with each {{key}} replaced by
// the text the first of values that has key gives it. It is the one place
// statement text is filled in. Values must come from fixed tables or from
// names checked by the caller (ontology.CypherName, the vector space's
// identifiers), never from user input. A placeholder no value fills is a
// programming error, so it panics; values the statement does not use are
// ignored.
func Fill(name string, values ...map[string]string) string {
	return placeholder.ReplaceAllStringFunc(Get(name), func(m string) string {
		key := m[2 : len(m)-2]
		for _, v := range values {
			if text, ok := v[key]; ok {
				return text
			}
		}
		panic(fmt.Sprintf("cypher: statement %q: no value for {{%s}}", name, key))
	})
}

// Placeholders lists the distinct {{keys}} of the statement in name.cypher.
func Placeholders(name string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(Get(name), -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
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
func Names() []string { return slices.Sorted(maps.Keys(statements)) }
