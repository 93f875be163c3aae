package graph

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzLucene fuzzes the path from user text to a Lucene full-text clause:
// EscapeLucene, queryTerms and textClause/fieldClause. The checks below do
// not reuse lucene.go's tables; they restate the contract of Lucene's
// classic query parser on their own.
//
// Invariants:
//   - nothing panics and every output is valid UTF-8;
//   - EscapeLucene leaves no syntax character unescaped, no dangling
//     backslash and no bare operator word (AND, OR, NOT);
//   - unescaping EscapeLucene(s) gives s back (invalid bytes read as U+FFFD;
//     when s holds an operator word: the same fields, operators lower-cased);
//   - queryTerms gives at most maxQueryTerms distinct, non-empty, lower-case
//     terms, none a stop word, each one plain Lucene term found in the text;
//   - text without a letter or digit gives no terms and an empty clause;
//   - textClause is "" exactly when there are no terms, and otherwise is
//     text:( t1 t2 … ) with each t the escaped term (prefixed "+" when all);
//   - everything is deterministic.
func FuzzLucene(f *testing.F) {
	for _, s := range []string{
		"",
		"What did Caroline's friend say about the LGBTQ+ support group?",
		`title:"foo bar"~2 AND (baz OR qux*) NOT -x +y`,
		`a && b || !c`,
		`\\ \ \" /regex/ [a TO z] {a TO z} field:value^2.5 fuzzy~0.8 wild?ca*d`,
		"MATCH (n) DETACH DELETE n // '; RETURN 1 /* x */",
		"AND OR NOT && || AND\tOR\nNOT\u3000AND",
		"?!?  ... ()[]{}",
		"\x00nul\x00byte",
		"bad \xff\xfe utf8 \xc3",
		"ünïcödé 東京 naïve café Ⅻ ٣ 𝔘𝔫𝔦",
		"it's Caroline’s John's the and of",
		strings.Repeat("word ", 200),
		strings.Repeat("a\\", 100),
		"1e308 -9223372036854775808 18446744073709551616",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, all bool) {
		// EscapeLucene on the raw text.
		esc := EscapeLucene(text)
		if !utf8.ValidString(esc) {
			t.Fatalf("EscapeLucene(%q) = %q is not valid UTF-8", text, esc)
		}
		if err := checkEscaped(esc); err != "" {
			t.Fatalf("EscapeLucene(%q) = %q: %s", text, esc, err)
		}
		if got, want := unescapeLucene(esc), expectedUnescaped(text); got != want {
			t.Fatalf("unescape(EscapeLucene(%q)) = %q, want %q", text, got, want)
		}
		if again := EscapeLucene(text); again != esc {
			t.Fatalf("EscapeLucene(%q) not deterministic: %q then %q", text, esc, again)
		}

		// queryTerms.
		terms := queryTerms(text)
		if len(terms) > maxQueryTerms {
			t.Fatalf("queryTerms(%q) gave %d terms, more than %d", text, len(terms), maxQueryTerms)
		}
		lowered := strings.ToLower(text)
		seen := map[string]bool{}
		for _, w := range terms {
			switch {
			case w == "":
				t.Fatalf("queryTerms(%q) gave an empty term", text)
			case !utf8.ValidString(w):
				t.Fatalf("queryTerms(%q) gave invalid UTF-8 term %q", text, w)
			case seen[w]:
				t.Fatalf("queryTerms(%q) gave %q twice", text, w)
			case englishStopWords[w]:
				t.Fatalf("queryTerms(%q) gave stop word %q", text, w)
			case !strings.Contains(lowered, w):
				t.Fatalf("queryTerms(%q) gave %q, not in the lower-cased text", text, w)
			case strings.ToLower(w) != w:
				t.Fatalf("queryTerms(%q) gave %q, not lower case", text, w)
			}
			seen[w] = true
			for _, r := range w {
				if isLuceneSyntax(r) || isLuceneSpace(r) || unicode.IsSpace(r) {
					t.Fatalf("queryTerms(%q) gave %q, which holds %q: not one plain term", text, w, r)
				}
			}
			if !strings.ContainsFunc(w, isLetterOrDigit) {
				t.Fatalf("queryTerms(%q) gave %q, which has no letter or digit", text, w)
			}
		}
		if !strings.ContainsFunc(text, isLetterOrDigit) && len(terms) != 0 {
			t.Fatalf("queryTerms(%q) of text without letters or digits = %q", text, terms)
		}
		if again := queryTerms(text); !reflect.DeepEqual(again, terms) {
			t.Fatalf("queryTerms(%q) not deterministic: %q then %q", text, terms, again)
		}

		// textClause over those terms.
		clause := textClause(terms, all)
		if len(terms) == 0 {
			if clause != "" {
				t.Fatalf("textClause(no terms) = %q, want \"\"", clause)
			}
		} else {
			checkClause(t, "text", clause, terms, all)
		}
		// fieldClause with the raw text as its one term: still escaped.
		raw := fieldClause("name", []string{text}, all)
		body, ok := strings.CutPrefix(raw, "name:(")
		body, ok2 := strings.CutSuffix(body, ")")
		if !ok || !ok2 {
			t.Fatalf("fieldClause(name, [%q]) = %q, not name:(…)", text, raw)
		}
		if all {
			body, ok = strings.CutPrefix(body, "+")
			if !ok {
				t.Fatalf("fieldClause(name, [%q], all) = %q lacks its +", text, raw)
			}
		}
		if body != esc {
			t.Fatalf("fieldClause(name, [%q]) = %q, want the escaped text %q", text, raw, esc)
		}
	})
}

// checkClause checks that clause is field:( … ) over exactly the terms,
// each escaped (and required with "+" when all).
func checkClause(t *testing.T, field, clause string, terms []string, all bool) {
	t.Helper()
	if !utf8.ValidString(clause) {
		t.Fatalf("clause %q is not valid UTF-8", clause)
	}
	body, ok := strings.CutPrefix(clause, field+":(")
	body, ok2 := strings.CutSuffix(body, ")")
	if !ok || !ok2 {
		t.Fatalf("clause %q is not %s:(…)", clause, field)
	}
	parts := strings.Split(body, " ")
	if len(parts) != len(terms) {
		t.Fatalf("clause %q has %d parts for %d terms %q", clause, len(parts), len(terms), terms)
	}
	for i, p := range parts {
		if all {
			if p, ok = strings.CutPrefix(p, "+"); !ok {
				t.Fatalf("clause %q: part %d is not required (+)", clause, i)
			}
		}
		if err := checkEscaped(p); err != "" {
			t.Fatalf("clause %q: part %q: %s", clause, p, err)
		}
		if got := unescapeLucene(p); got != terms[i] {
			t.Fatalf("clause %q: part %d unescapes to %q, want %q", clause, i, got, terms[i])
		}
	}
}

// isLuceneSyntax reports whether r is a character of the classic query
// parser's syntax: + - && || ! ( ) { } [ ] ^ " ~ * ? : \ /.
func isLuceneSyntax(r rune) bool {
	switch r {
	case '+', '-', '&', '|', '!', '(', ')', '{', '}', '[', ']', '^', '"', '~', '*', '?', ':', '\\', '/':
		return true
	}
	return false
}

// isLuceneSpace reports whether r separates terms for the classic query
// parser (its _WHITESPACE token).
func isLuceneSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u3000'
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// checkEscaped scans s as the classic query parser would and returns what
// is wrong: a syntax character not preceded by a backslash, a backslash
// that escapes nothing, or a bare operator word. "" means s is safe.
func checkEscaped(s string) string {
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' {
			if i+1 == len(rs) {
				return "dangling backslash at the end"
			}
			i++ // the escaped character is literal, whatever it is
			continue
		}
		if isLuceneSyntax(rs[i]) {
			return "unescaped " + string(rs[i])
		}
	}
	for _, f := range strings.FieldsFunc(s, isLuceneSpace) {
		if f == "AND" || f == "OR" || f == "NOT" {
			return "bare operator " + f
		}
	}
	return ""
}

// unescapeLucene drops the backslash of every escape sequence.
func unescapeLucene(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) {
			i++
		}
		b.WriteRune(rs[i])
	}
	return b.String()
}

// expectedUnescaped is what unescaping EscapeLucene(s) must give: s with
// each invalid byte read as U+FFFD and, when a field of s is an operator
// word, the fields joined by single spaces with operators lower-cased.
func expectedUnescaped(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		b.WriteRune(r) // RuneError for an invalid byte
		s = s[n:]
	}
	out := b.String()
	fields := strings.Fields(out)
	op := false
	for i, f := range fields {
		if f == "AND" || f == "OR" || f == "NOT" {
			fields[i], op = strings.ToLower(f), true
		}
	}
	if !op {
		return out
	}
	return strings.Join(fields, " ")
}
