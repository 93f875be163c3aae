package rules

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
)

// A prefilter tells from a cheap substring test that a regular expression
// cannot match a text: the expression's longest literal that every match
// contains. Most turns lack it, and then the expression is not run at
// all, which leaves what matches unchanged and costs far less than the
// backtracking of a failed match.
type prefilter struct {
	literal string // "" when the expression has none: always run it
	fold    bool   // the literal is matched case-insensitively (literal is lower-case)
}

// newPrefilter returns re's prefilter: its longest literal at the top of
// its concatenation. A case-insensitive literal with a letter that folds
// beyond ASCII ("s" matches "ſ", "k" the Kelvin sign) gets none, since a
// lower-cased text need not hold it.
func newPrefilter(re *regexp.Regexp) prefilter {
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return prefilter{}
	}
	t = t.Simplify()
	subs := []*syntax.Regexp{t}
	if t.Op == syntax.OpConcat {
		subs = t.Sub
	}
	var best prefilter
	for _, s := range subs {
		if s.Op != syntax.OpLiteral {
			continue
		}
		fold := s.Flags&syntax.FoldCase != 0
		if fold && !asciiFolds(s.Rune) {
			continue
		}
		lit := string(s.Rune)
		if fold {
			lit = strings.ToLower(lit)
		}
		if len(lit) > len(best.literal) {
			best = prefilter{literal: lit, fold: fold}
		}
	}
	return best
}

// asciiFolds reports whether every rune of rs folds to ASCII runes only.
func asciiFolds(rs []rune) bool {
	for _, r := range rs {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f > unicode.MaxASCII || r > unicode.MaxASCII {
				return false
			}
		}
	}
	return true
}

// mayMatch reports whether the expression may match text; lower is
// strings.ToLower(text), computed once for many prefilters.
func (p prefilter) mayMatch(text, lower string) bool {
	switch {
	case p.literal == "":
		return true
	case p.fold:
		return strings.Contains(lower, p.literal)
	default:
		return strings.Contains(text, p.literal)
	}
}

// findSubmatch is re.FindStringSubmatch(text) for the expression p
// filters, nil without running it when p says it cannot match.
func (p prefilter) findSubmatch(re *regexp.Regexp, text string) []string {
	lower := ""
	if p.fold {
		lower = strings.ToLower(text)
	}
	if !p.mayMatch(text, lower) {
		return nil
	}
	return re.FindStringSubmatch(text)
}

// The prefilters of corrections.go's expressions: every match of starRe
// holds a "*" (its alternatives are not one concatenation, so its literal
// is given here), every match of notRe a "not".
var (
	starFilter = prefilter{literal: "*"}
	notFilter  = newPrefilter(notRe)
)
