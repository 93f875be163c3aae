package lang

import "strings"

// Words builds a set from white-space separated words. The sets of this
// package are built once, when the program starts, and only read after.
func Words(s string) map[string]bool {
	f := strings.Fields(s)
	m := make(map[string]bool, len(f))
	for _, w := range f {
		m[w] = true
	}
	return m
}

// Union is a new set holding the words of every set.
func Union(sets ...map[string]bool) map[string]bool {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	m := make(map[string]bool, n)
	for _, s := range sets {
		for w := range s {
			m[w] = true
		}
	}
	return m
}
