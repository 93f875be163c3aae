package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token is one word or punctuation mark of a text. Contractions are split
// into their words ("I'm" → "I" + "am", "don't" → "do" + "not") so patterns
// see one spelling; a possessive "'s" is folded into its word's poss flag.
type Token struct {
	Text  string // surface form, without a possessive 's
	Norm  string // lower case, curly apostrophes straightened, contractions expanded
	Start int    // byte offset of text in the source
	End   int    // byte offset just after text (and after an 's, if any)
	Cap   bool   // starts with an upper-case letter
	Poss  bool   // followed by a possessive 's ("Caroline's")
	Word  bool   // a word (letters or digits), not punctuation
}

// Sentence is a run of tokens between sentence boundaries.
type Sentence struct {
	Toks     []Token
	Start    int  // byte offset of the first token
	End      int  // byte offset after the last token
	Question bool // ended with a question mark
	// Said marks the statement a line states before the clause it asks
	// (askedClause): "started at Tesco monday" of "started at Tesco monday
	// hbu?". A reader that takes a line ending in "?" for a question reads
	// it all the same.
	Said bool
	// Lower says the sentence was typed in lower case from its first word
	// on; a reader that capitalises the names it recognises in it sets Lower
	// so the sentence still reads as typed in lower case.
	Lower bool
}

// Tok returns the token at i, or a zero token outside the sentence.
func (s *Sentence) Tok(i int) Token {
	if i < 0 || i >= len(s.Toks) {
		return Token{}
	}
	return s.Toks[i]
}

// Norm returns the normalised token at i, or "" outside the sentence.
func (s *Sentence) Norm(i int) string {
	if i < 0 || i >= len(s.Toks) {
		return ""
	}
	return s.Toks[i].Norm
}

// Is reports whether the token at i is one of ws.
func (s *Sentence) Is(i int, ws ...string) bool {
	n := s.Norm(i)
	for _, w := range ws {
		if n == w {
			return true
		}
	}
	return false
}

// Seq reports whether the tokens from i on are ws, in order.
func (s *Sentence) Seq(i int, ws ...string) bool {
	for k, w := range ws {
		if s.Norm(i+k) != w {
			return false
		}
	}
	return true
}

// FirstWord is the index of the sentence's first word token, or -1.
func (s *Sentence) FirstWord() int {
	for i, t := range s.Toks {
		if t.Word {
			return i
		}
	}
	return -1
}

// Tokenize splits text into tokens. Newlines are kept as tokens because
// they end sentences in chat.
func Tokenize(text string) []Token {
	toks := make([]Token, 0, len(text)/4+4)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			toks = append(toks, Token{Text: "\n", Norm: "\n", Start: i, End: i + size})
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
			toks = append(toks, Token{Text: text[i:j], Norm: punctNorm(r, j-i), Start: i, End: j})
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
var isPronounS = Words(`it that he she what there here who where how when why everything nothing
	something everyone someone this`)

// appendWord appends the word text[i:j], splitting contractions.
func appendWord(toks []Token, text string, i, j int) []Token {
	w := text[i:j]
	r, _ := utf8.DecodeRuneInString(w)
	t := Token{Text: w, Norm: lower(w), Start: i, End: j, Cap: unicode.IsUpper(r), Word: true}
	p, alen := lastApostrophe(w)
	if p <= 0 {
		return append(toks, t)
	}
	suffix := lower(w[p+alen:])
	base := w[:p]
	split := func(baseNorm, sufNorm string, baseEnd int) []Token {
		b := Token{Text: w[:baseEnd], Norm: baseNorm, Start: i, End: i + baseEnd, Cap: t.Cap, Word: true}
		s := Token{Text: w[baseEnd:], Norm: sufNorm, Start: i + baseEnd, End: j, Word: true}
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
		t.Text, t.Norm, t.Poss = base, lb, true
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

// SplitSentences groups tokens into sentences at full stops, question and
// exclamation marks, ellipses and newlines. A full stop after an
// abbreviation ("Dr.") or an initial ("J.") does not end a sentence.
func SplitSentences(toks []Token) []Sentence {
	var out []Sentence
	begin := 0
	flush := func(end int, question bool) {
		for end > begin && isEmoji(toks[end-1]) && hasWord(toks[begin:end]) {
			end-- // "theyre based in Keighley 😂😂": emoji ending a sentence are no word of it
		}
		if end > begin {
			part := toks[begin:end]
			question = question && !tagQuestion(part)
			k := askedClause(part)
			if !question {
				k = askedBackTail(part)
				question = k > 0 // "just moved to leeds, wbu": the tail asks with no question mark
			}
			if question && k > 0 {
				said := part[:k]
				out = append(out, Sentence{Toks: said, Start: said[0].Start, End: said[len(said)-1].End, Said: true})
				part = part[k:] // "I live in Leeds now, do you still live in York?": the statement is said
			}
			out = append(out, Sentence{Toks: part, Start: part[0].Start, End: part[len(part)-1].End, Question: question})
		}
	}
	for i := 0; i < len(toks); i++ {
		if emojiBreak(toks, i) {
			flush(i, false) // "i quit 😅 starting at Orrery on may 4": emoji between clauses end the first
			for i < len(toks) && isEmoji(toks[i]) {
				i++
			}
			begin = i
			i--
			continue
		}
		if !isBoundary(toks, i) {
			continue
		}
		end := i
		question := false
		for i < len(toks) && isBoundaryMark(toks[i].Norm) {
			question = question || toks[i].Norm == "?"
			i++
		}
		flush(end, question)
		begin = i
		i--
	}
	if len(out) == 0 || hasWord(toks[begin:]) {
		flush(len(toks), false)
	} // "Is he still with Elif? 🙌": emoji after the last sentence make no sentence of their own
	return out
}

// emojiBreak reports whether the emoji at i, after a word and before a
// run of emoji that a word follows, stands for a full stop, as chats use
// them: "i've been poached 🙃 starting at Orrery", "moved 2 weeks ago 😅
// left dallas"). Before a question it is left to the question's split; after a
// phrase of three words or fewer not opened by "I" or "we" ("Tom 😂
// moved to Leeds") or opened by "me and …" or "we" (the subject going on:
// "me and bran are off 🐕 got a place") only an -ing verb starts a new
// one.
func emojiBreak(toks []Token, i int) bool {
	if i == 0 || !isEmoji(toks[i]) || !toks[i-1].Word {
		return false
	}
	j := i
	for j < len(toks) && isEmoji(toks[j]) {
		j++
	}
	if j >= len(toks) || !toks[j].Word || emojiGoesOn(toks[j].Norm) {
		return false
	}
	if next := toks[j].Norm; !strings.HasSuffix(next, "ing") {
		// "Tom 😂 moved to Leeds", "meet Mochi 🐱 our new flatmate": a short
		// phrase with no "I" or "we" before may be the subject or the object
		// of what follows
		words, first := 0, ""
		for k := i - 1; k >= 0 && !isBoundaryMark(toks[k].Norm); k-- {
			if toks[k].Word {
				words++
				first = toks[k].Norm
			}
		}
		if first == "me" || first == "we" || words <= 3 && first != "i" && first != "im" {
			return false // "me and bran are off 🐕 got a place in …": the pair goes on as the subject
		}
	}
	for ; j < len(toks) && !isBoundaryMark(toks[j].Norm); j++ {
	}
	return j >= len(toks) || toks[j].Norm != "?" // "i love hiking 😊 do you?": the question's split reads the said part
}

// emojiGoesOn reports whether w, after an emoji, goes on with the clause
// before it: a verb of a third person ("Jo 😂 works at Tesco", "my
// sister 😍 is engaged"), a conjunction or a preposition ("i quit 😅 and
// started at X").
func emojiGoesOn(w string) bool {
	switch w {
	case "is", "was", "are", "were", "has", "have", "had", "and", "but", "or", "who", "which", "that", "with",
		"at", "in", "on", "for", "from", "to", "of", "by":
		return true
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// isEmoji reports whether t is an emoji or another pictograph, not a
// word or punctuation.
func isEmoji(t Token) bool {
	if t.Word {
		return false
	}
	for _, r := range t.Text {
		if IsPictograph(r) {
			return true
		}
	}
	return false
}

// IsPictograph reports whether r is an emoji or another symbol drawn,
// not a letter, digit, space or punctuation.
func IsPictograph(r rune) bool {
	return r >= 0x2190 && !unicode.IsPunct(r) && !unicode.IsSpace(r) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// hasWord reports whether toks hold a word.
func hasWord(toks []Token) bool {
	for _, t := range toks {
		if t.Word {
			return true
		}
	}
	return false
}

// tagQuestion reports whether a question only asks to confirm what it
// states ("She was born in Accra, right?", "They're based in Bristol,
// aren't they?"): it is read as the statement.
func tagQuestion(toks []Token) bool {
	n := len(toks)
	norm := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return toks[i].Norm
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
var pronounSubjects = Words(`he she it they you we`)

// auxWords open a real question ("Is she from Leicester, isn't she" is rare).
var auxWords = Words(`is are was were do does did has have can could will would should`)

// isBoundaryMark reports whether a punctuation token may end a sentence.
func isBoundaryMark(n string) bool {
	switch n {
	case ".", "!", "?", "...", "\n":
		return true
	}
	return false
}

// isBoundary reports whether the token at i ends a sentence.
func isBoundary(toks []Token, i int) bool {
	t := toks[i]
	if !isBoundaryMark(t.Norm) {
		return false
	}
	if t.Norm != "." || i == 0 {
		return true
	}
	prev := toks[i-1]
	if !prev.Word || prev.End != t.Start {
		return true
	}
	if abbreviations[prev.Norm] {
		return false
	}
	if i+1 < len(toks) && toks[i+1].Word && toks[i+1].Start == t.End && !toks[i+1].Cap {
		return false // a dot inside a word: "@kiko.r", "ocado.com"
	}
	if len(prev.Text) == 1 && prev.Cap && prev.Text != "I" {
		return false // an initial: "J. K. Rowling"
	}
	if companyAbbrevs[prev.Norm] {
		return i+1 < len(toks) && toks[i+1].Cap
	}
	return true
}

// EndsInQuestion reports whether text's last sentence asks something: its
// last character other than white space, closing quotes and brackets is a
// question mark.
func EndsInQuestion(text string) bool {
	t := strings.TrimRight(text, " \t\r\n\"'”’)]»")
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}
