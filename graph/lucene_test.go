package graph

import (
	"strings"
	"testing"
)

func TestEscapeLucene(t *testing.T) {
	cases := map[string]string{
		`a+b`:           `a\+b`,
		`"quoted" (x)`:  `\"quoted\" \(x\)`,
		`a && b || !c`:  `a \&\& b \|\| \!c`,
		`x:y/z\w`:       `x\:y\/z\\w`,
		`{a} [b] ^c ~d`: `\{a\} \[b\] \^c \~d`,
		`wild*ca?d`:     `wild\*ca\?d`,
		`cats AND dogs`: `cats and dogs`,
		`NOT OR`:        `not or`,
		`ANDROID`:       `ANDROID`,
		`plain words`:   `plain words`,
	}
	for in, want := range cases {
		if got := EscapeLucene(in); got != want {
			t.Errorf("EscapeLucene(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestQueryTerms(t *testing.T) {
	got := queryTerms(`What did Caroline's friend say about "the" LGBTQ+ support group AND NOT it's?`)
	want := []string{"caroline", "friend", "say", "lgbtq", "support", "group"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("queryTerms = %v, want %v", got, want)
	}
	for _, empty := range []string{"", "?!?", "the and of", `"" () [] {}`, "it's"} {
		if terms := queryTerms(empty); len(terms) != 0 || textClause(terms, false) != "" {
			t.Errorf("queryTerms(%q) = %v, want none", empty, terms)
		}
	}
	if c := textClause([]string{"a+b", "c"}, false); c != `text:(a\+b c)` {
		t.Errorf("textClause = %q", c)
	}
	if c := textClause([]string{"a+b", "c"}, true); c != `text:(+a\+b +c)` {
		t.Errorf("textClause(all) = %q", c)
	}
}
