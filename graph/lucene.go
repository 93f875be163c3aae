package graph

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// luceneSpecial are the characters Lucene's classic query parser reads as
// syntax: + - && || ! ( ) { } [ ] ^ " ~ * ? : \ /.
const luceneSpecial = `+-&|!(){}[]^"~*?:\/`

// EscapeLucene returns s with every character that Lucene's classic query
// parser treats as syntax escaped by a backslash, and the operator words
// AND, OR and NOT lower-cased, so that s is read as plain terms.
func EscapeLucene(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		if strings.ContainsRune(luceneSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	fields := strings.Fields(b.String())
	changed := false
	for i, f := range fields {
		if f == "AND" || f == "OR" || f == "NOT" {
			fields[i] = strings.ToLower(f)
			changed = true
		}
	}
	if !changed {
		return b.String()
	}
	return strings.Join(fields, " ")
}

// word matches what Lucene's standard tokenizer keeps as one token, closely
// enough: letters and digits, joined by an apostrophe or a period.
var word = regexp.MustCompile(`[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*`)

// englishStopWords are left out of queries: the stop set of Lucene's
// EnglishAnalyzer, which the turn_text index applies anyway, and English
// function words that match most turns and so only add noise to a question.
var englishStopWords = lang.SearchStopWords

// maxQueryTerms caps the clauses of one query far below Lucene's limit.
const maxQueryTerms = 64

// queryTerms splits user text into the distinct terms worth searching: words
// the English analyzer would keep, lower-cased, possessive "'s" removed.
func queryTerms(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range word.FindAllString(strings.ToLower(text), -1) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if w == "" || englishStopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == maxQueryTerms {
			break
		}
	}
	return out
}

// textClause is the Lucene clause that matches turns containing any (or,
// with all, every) of terms, or "" when there is nothing to search for.
// Callers must not run a scoped query without it: the scope clauses alone
// match every turn.
func textClause(terms []string, all bool) string { return fieldClause("text", terms, all) }

// fieldClause is textClause over another field of an index.
func fieldClause(field string, terms []string, all bool) string {
	if len(terms) == 0 {
		return ""
	}
	escaped := make([]string, len(terms))
	for i, t := range terms {
		escaped[i] = EscapeLucene(t)
		if all {
			escaped[i] = "+" + escaped[i]
		}
	}
	return field + ":(" + strings.Join(escaped, " ") + ")"
}

// pairClauses are optional Lucene clauses over field, one per pair of
// consecutive terms: the two as a phrase allowed slop positions apart,
// boosted by boost ("" when there is no pair or boost is not positive).
// Added beside the required text clause, they rank a turn that holds the
// pair close together above one that holds the same words apart.
func pairClauses(field string, terms []string, slop int, boost float64) string {
	if len(terms) < 2 || boost <= 0 || slop < 0 {
		return ""
	}
	suffix := "~" + strconv.Itoa(slop) + "^" + strconv.FormatFloat(boost, 'f', -1, 64)
	clauses := make([]string, 0, len(terms)-1)
	for i := 1; i < len(terms); i++ {
		clauses = append(clauses, field+`:"`+EscapeLucene(terms[i-1])+" "+EscapeLucene(terms[i])+`"`+suffix)
	}
	return strings.Join(clauses, " ")
}
