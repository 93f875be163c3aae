package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word or punctuation mark of a text. Contractions are split
// into their words ("I'm" → "I" + "am", "don't" → "do" + "not") so patterns
// see one spelling; a possessive "'s" is folded into its word's poss flag.
type token struct {
	text  string // surface form, without a possessive 's
	norm  string // lower case, curly apostrophes straightened, contractions expanded
	start int    // byte offset of text in the source
	end   int    // byte offset just after text (and after an 's, if any)
	cap   bool   // starts with an upper-case letter
	poss  bool   // followed by a possessive 's ("Caroline's")
	word  bool   // a word (letters or digits), not punctuation
}

// sentence is a run of tokens between sentence boundaries.
type sentence struct {
	toks     []token
	start    int  // byte offset of the first token
	end      int  // byte offset after the last token
	question bool // ended with a question mark
}

// tok returns the token at i, or a zero token outside the sentence.
func (s *sentence) tok(i int) token {
	if i < 0 || i >= len(s.toks) {
		return token{}
	}
	return s.toks[i]
}

// norm returns the normalised token at i, or "" outside the sentence.
func (s *sentence) norm(i int) string {
	if i < 0 || i >= len(s.toks) {
		return ""
	}
	return s.toks[i].norm
}

// is reports whether the token at i is one of ws.
func (s *sentence) is(i int, ws ...string) bool {
	n := s.norm(i)
	for _, w := range ws {
		if n == w {
			return true
		}
	}
	return false
}

// seq reports whether the tokens from i on are ws, in order.
func (s *sentence) seq(i int, ws ...string) bool {
	for k, w := range ws {
		if s.norm(i+k) != w {
			return false
		}
	}
	return true
}

// firstWord is the index of the sentence's first word token, or -1.
func (s *sentence) firstWord() int {
	for i, t := range s.toks {
		if t.word {
			return i
		}
	}
	return -1
}

// tokenize splits text into tokens. Newlines are kept as tokens because
// they end sentences in chat.
func tokenize(text string) []token {
	toks := make([]token, 0, len(text)/4+4)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			toks = append(toks, token{text: "\n", norm: "\n", start: i, end: i + size})
			i += size
		case unicode.IsSpace(r):
			i += size
		case isWordRune(r):
			j := scanWord(text, i)
			toks = appendWord(toks, text, i, j)
			i = j
		default:
			j := i + size
			if r == '.' {
				for j < len(text) && text[j] == '.' {
					j++
				}
			}
			toks = append(toks, token{text: text[i:j], norm: punctNorm(r, j-i), start: i, end: j})
			i = j
		}
	}
	return toks
}

// punctNorm folds typographic variants of a punctuation mark.
func punctNorm(r rune, n int) string {
	switch r {
	case '’', '‘', '`':
		return "'"
	case '“', '”', '„', '«', '»':
		return `"`
	case '…':
		return "..."
	case '.':
		if n > 1 {
			return "..."
		}
	case '–', '—':
		return "-"
	}
	return string(r)
}

// isWordRune reports whether r belongs in a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// isApostrophe reports whether r is a straight or curly apostrophe.
func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// scanWord returns the end of the word starting at i. Apostrophes and
// hyphens join letters ("don't", "co-founded"); a full stop joins digits
// ("3.5"); hyphens join digits ("2023-05-07").
func scanWord(text string, i int) int {
	j := i
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if isWordRune(r) {
			j += size
			continue
		}
		if j > i && (isApostrophe(r) || r == '-' || r == '.') && j+size < len(text) {
			next, _ := utf8.DecodeRuneInString(text[j+size:])
			prev, _ := utf8.DecodeLastRuneInString(text[i:j])
			joins := isWordRune(next) && isWordRune(prev)
			if r == '.' {
				joins = unicode.IsDigit(prev) && unicode.IsDigit(next)
			}
			if joins {
				j += size
				continue
			}
		}
		break
	}
	return j
}

// lower returns s in lower case with curly apostrophes straightened,
// without allocating when s is already plain lower-case ASCII.
func lower(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || (c >= 'A' && c <= 'Z') {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return strings.ReplaceAll(strings.ToLower(s), "’", "'")
}

// isPronounS lists words whose "'s" means "is" or "has", not possession.
var isPronounS = words(`it that he she what there here who where how when why everything nothing
	something everyone someone this`)

// appendWord appends the word text[i:j], splitting contractions.
func appendWord(toks []token, text string, i, j int) []token {
	w := text[i:j]
	r, _ := utf8.DecodeRuneInString(w)
	t := token{text: w, norm: lower(w), start: i, end: j, cap: unicode.IsUpper(r), word: true}
	p, alen := lastApostrophe(w)
	if p <= 0 {
		return append(toks, t)
	}
	suffix := lower(w[p+alen:])
	base := w[:p]
	split := func(baseNorm, sufNorm string, baseEnd int) []token {
		b := token{text: w[:baseEnd], norm: baseNorm, start: i, end: i + baseEnd, cap: t.cap, word: true}
		s := token{text: w[baseEnd:], norm: sufNorm, start: i + baseEnd, end: j, word: true}
		return append(toks, b, s)
	}
	switch suffix {
	case "t":
		lb := lower(base)
		if !strings.HasSuffix(lb, "n") {
			break
		}
		stem := lb[:len(lb)-1]
		switch stem {
		case "ca":
			stem = "can"
		case "wo":
			stem = "will"
		case "sha":
			stem = "shall"
		case "ai":
			stem = "is"
		}
		return split(stem, "not", len(base)-1)
	case "m":
		return split(lower(base), "am", p)
	case "re":
		return split(lower(base), "are", p)
	case "ve":
		return split(lower(base), "have", p)
	case "ll":
		return split(lower(base), "will", p)
	case "d":
		return split(lower(base), "would", p)
	case "s":
		lb := lower(base)
		if lb == "let" {
			return split("let", "us", p)
		}
		if isPronounS[lb] {
			return split(lb, "is", p)
		}
		t.text, t.norm, t.poss = base, lb, true
	}
	return append(toks, t)
}

// lastApostrophe returns the byte index and length of the last apostrophe
// in w, or -1.
func lastApostrophe(w string) (int, int) {
	for k := len(w) - 1; k >= 0; k-- {
		if w[k] == '\'' {
			return k, 1
		}
		if strings.HasPrefix(w[k:], "’") {
			return k, len("’")
		}
	}
	return -1, 0
}

// splitSentences groups tokens into sentences at full stops, question and
// exclamation marks, ellipses and newlines. A full stop after an
// abbreviation ("Dr.") or an initial ("J.") does not end a sentence.
func splitSentences(toks []token) []sentence {
	var out []sentence
	begin := 0
	flush := func(end int, question bool) {
		if end > begin {
			part := toks[begin:end]
			out = append(out, sentence{toks: part, start: part[0].start, end: part[len(part)-1].end,
				question: question && !tagQuestion(part)})
		}
	}
	for i := 0; i < len(toks); i++ {
		if !isBoundary(toks, i) {
			continue
		}
		end := i
		question := false
		for i < len(toks) && isBoundaryMark(toks[i].norm) {
			question = question || toks[i].norm == "?"
			i++
		}
		flush(end, question)
		begin = i
		i--
	}
	flush(len(toks), false)
	return out
}

// tagQuestion reports whether a question only asks to confirm what it
// states ("She was born in Accra, right?", "They're based in Bristol,
// aren't they?"): it is read as the statement.
func tagQuestion(toks []token) bool {
	n := len(toks)
	norm := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return toks[i].norm
	}
	if n >= 5 && norm(n-1) == "right" {
		return true
	}
	if n >= 6 && norm(n-2) == "not" && pronounSubjects[norm(n-1)] {
		switch norm(n - 3) {
		case "is", "are", "was", "were", "do", "does", "did", "has", "have":
			return !pronounSubjects[norm(0)] || norm(1) != "" && !auxWords[norm(0)]
		}
	}
	return false
}

// pronounSubjects may close a tag question ("isn't she").
var pronounSubjects = words(`he she it they you we`)

// auxWords open a real question ("Is she from Leicester, isn't she" is rare).
var auxWords = words(`is are was were do does did has have can could will would should`)

// isBoundaryMark reports whether a punctuation token may end a sentence.
func isBoundaryMark(n string) bool {
	switch n {
	case ".", "!", "?", "...", "\n":
		return true
	}
	return false
}

// isBoundary reports whether the token at i ends a sentence.
func isBoundary(toks []token, i int) bool {
	t := toks[i]
	if !isBoundaryMark(t.norm) {
		return false
	}
	if t.norm != "." || i == 0 {
		return true
	}
	prev := toks[i-1]
	if !prev.word || prev.end != t.start {
		return true
	}
	if abbreviations[prev.norm] {
		return false
	}
	if len(prev.text) == 1 && prev.cap && prev.text != "I" {
		return false // an initial: "J. K. Rowling"
	}
	if companyAbbrevs[prev.norm] {
		return i+1 < len(toks) && toks[i+1].cap
	}
	return true
}
