package embed

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// DefaultMaxTokens is the longest input, [CLS] and [SEP] included, that the
// tokenizer produces by default. It is sentence-transformers' max_seq_length
// for all-MiniLM-L6-v2 (tokenizer.json says 128, which is only what its ONNX
// exporter used); longer texts are truncated, as sentence-transformers does.
const DefaultMaxTokens = 256

// Tokenizer is an uncased BERT WordPiece tokenizer, equivalent to the Hugging
// Face tokenizers pipeline that tokenizer.json describes for all-MiniLM-L6-v2:
// special tokens matched verbatim, BertNormalizer (control-character cleanup,
// spaces around CJK ideographs, NFD with nonspacing marks dropped, lowercase),
// BertPreTokenizer (split on whitespace, every punctuation character a token
// of its own), WordPiece with "##" continuations, then [CLS] ... [SEP].
//
// It is our own code rather than a binding so that embedding needs no second
// native library; testdata/reference.json pins it to the reference
// implementation's ids. A Tokenizer is immutable and safe for concurrent use.
type Tokenizer struct {
	vocab        map[string]int64
	prefix       string // continuing-subword prefix, "##"
	maxWordChars int    // longer words become [UNK]
	maxTokens    int
	unk          int64
	cls          int64
	sep          int64
	pad          int64
	special      []specialToken
}

// specialToken is an added token (such as "[MASK]") that is recognised in the
// raw text before normalisation, as Hugging Face tokenizers does.
type specialToken struct {
	content string
	id      int64
}

// tokenizerFile is the subset of a Hugging Face tokenizer.json that an uncased
// BERT WordPiece tokenizer needs.
type tokenizerFile struct {
	AddedTokens []struct {
		ID         int64  `json:"id"`
		Content    string `json:"content"`
		Normalized bool   `json:"normalized"`
		Special    bool   `json:"special"`
	} `json:"added_tokens"`
	Normalizer *struct {
		Type               string `json:"type"`
		CleanText          bool   `json:"clean_text"`
		HandleChineseChars bool   `json:"handle_chinese_chars"`
		StripAccents       *bool  `json:"strip_accents"`
		Lowercase          bool   `json:"lowercase"`
	} `json:"normalizer"`
	PreTokenizer *struct {
		Type string `json:"type"`
	} `json:"pre_tokenizer"`
	Model struct {
		Type                    string           `json:"type"`
		UnkToken                string           `json:"unk_token"`
		ContinuingSubwordPrefix string           `json:"continuing_subword_prefix"`
		MaxInputCharsPerWord    int              `json:"max_input_chars_per_word"`
		Vocab                   map[string]int64 `json:"vocab"`
	} `json:"model"`
}

// LoadTokenizer reads a Hugging Face tokenizer.json and returns a tokenizer
// that truncates to maxTokens (DefaultMaxTokens when maxTokens <= 0). It
// refuses files that describe anything other than an uncased BERT WordPiece
// tokenizer, since it would silently tokenize them differently.
func LoadTokenizer(path string, maxTokens int) (*Tokenizer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("embed: read tokenizer: %w", err)
	}
	var f tokenizerFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("embed: parse tokenizer %s: %w", path, err)
	}
	if f.Model.Type != "WordPiece" {
		return nil, fmt.Errorf("embed: tokenizer %s: model type %q, want WordPiece", path, f.Model.Type)
	}
	n := f.Normalizer
	if n == nil || n.Type != "BertNormalizer" || !n.Lowercase || !n.CleanText || !n.HandleChineseChars ||
		(n.StripAccents != nil && !*n.StripAccents) {
		return nil, fmt.Errorf("embed: tokenizer %s: want an uncased BertNormalizer with accent stripping", path)
	}
	if f.PreTokenizer == nil || f.PreTokenizer.Type != "BertPreTokenizer" {
		return nil, fmt.Errorf("embed: tokenizer %s: want BertPreTokenizer", path)
	}
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	if maxTokens < 2 {
		return nil, fmt.Errorf("embed: maxTokens %d leaves no room for [CLS] and [SEP]", maxTokens)
	}
	t := &Tokenizer{
		vocab:        f.Model.Vocab,
		prefix:       f.Model.ContinuingSubwordPrefix,
		maxWordChars: f.Model.MaxInputCharsPerWord,
		maxTokens:    maxTokens,
	}
	if t.maxWordChars <= 0 {
		t.maxWordChars = 100
	}
	for name, dst := range map[string]*int64{f.Model.UnkToken: &t.unk, "[CLS]": &t.cls, "[SEP]": &t.sep, "[PAD]": &t.pad} {
		id, ok := t.vocab[name]
		if !ok {
			return nil, fmt.Errorf("embed: tokenizer %s: vocabulary lacks %q", path, name)
		}
		*dst = id
	}
	for _, a := range f.AddedTokens {
		if a.Normalized || a.Content == "" {
			continue // matched after normalisation: plain vocabulary entries
		}
		t.special = append(t.special, specialToken{content: a.Content, id: a.ID})
	}
	return t, nil
}

// MaxTokens is the length, [CLS] and [SEP] included, that Encode truncates to.
func (t *Tokenizer) MaxTokens() int { return t.maxTokens }

// PadID is the id of [PAD], used to fill batches to a common length.
func (t *Tokenizer) PadID() int64 { return t.pad }

// Encode returns the token ids of text: [CLS], at most MaxTokens()-2 word
// pieces, [SEP].
func (t *Tokenizer) Encode(text string) []int64 {
	limit := t.maxTokens - 2
	ids := make([]int64, 1, 16)
	ids[0] = t.cls
	if limit > 0 {
		t.eachPiece(text, func(id int64) bool {
			ids = append(ids, id)
			return len(ids)-1 < limit
		})
	}
	return append(ids, t.sep)
}

// eachPiece calls emit with the id of every word piece of text, without the
// [CLS]/[SEP] frame, until emit returns false.
func (t *Tokenizer) eachPiece(text string, emit func(int64) bool) {
	for text != "" {
		start, tok := t.nextSpecial(text)
		if !t.eachPieceOfPlain(text[:start], emit) || tok < 0 || !emit(t.special[tok].id) {
			return
		}
		text = text[start+len(t.special[tok].content):]
	}
}

// nextSpecial finds the leftmost special token in text (the longest, if
// several start there) and returns its offset and index in t.special, or
// len(text) and -1 when there is none.
func (t *Tokenizer) nextSpecial(text string) (start, tok int) {
	start, tok = len(text), -1
	for i, s := range t.special {
		j := strings.Index(text, s.content)
		if j < 0 {
			continue
		}
		if j < start || j == start && len(s.content) > len(t.special[tok].content) {
			start, tok = j, i
		}
	}
	return start, tok
}

// eachPieceOfPlain tokenizes text that holds no special token. It reports
// whether emit wants more.
func (t *Tokenizer) eachPieceOfPlain(text string, emit func(int64) bool) bool {
	s := normalize(text)
	// BertPreTokenizer: words are split by whitespace, and each punctuation
	// character stands alone.
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ':
			i += size
		case isPunct(r):
			if !t.wordPieces(s[i:i+size], emit) {
				return false
			}
			i += size
		default:
			j := i + size
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if r == ' ' || isPunct(r) {
					break
				}
				j += size
			}
			if !t.wordPieces(s[i:j], emit) {
				return false
			}
			i = j
		}
	}
	return true
}

// wordPieces splits one word greedily into the longest vocabulary entries,
// left to right, continuations carrying the "##" prefix. A word with a part
// that matches nothing, or longer than maxWordChars, is a single [UNK].
func (t *Tokenizer) wordPieces(word string, emit func(int64) bool) bool {
	if utf8.RuneCountInString(word) > t.maxWordChars {
		return emit(t.unk)
	}
	if id, ok := t.vocab[word]; ok { // the common case: a whole word
		return emit(id)
	}
	var pieces [16]int64
	ids := pieces[:0]
	key := make([]byte, 0, len(t.prefix)+len(word))
	for start := 0; start < len(word); {
		found := false
		for end := len(word); end > start; {
			key = key[:0]
			if start > 0 {
				key = append(key, t.prefix...)
			}
			key = append(key, word[start:end]...)
			if id, ok := t.vocab[string(key)]; ok {
				ids = append(ids, id)
				start, found = end, true
				break
			}
			// Step back one whole character.
			_, size := utf8.DecodeLastRuneInString(word[start:end])
			end -= size
		}
		if !found {
			return emit(t.unk)
		}
	}
	for _, id := range ids {
		if !emit(id) {
			return false
		}
	}
	return true
}

// normalize applies BertNormalizer with clean_text, handle_chinese_chars,
// strip_accents and lowercase, in that order: control characters are dropped
// and whitespace becomes ' '; CJK ideographs get a space on each side; the
// text is NFD-decomposed and nonspacing marks (accents) removed; letters are
// lowercased.
func normalize(text string) string {
	if isPlainASCII(text) {
		return asciiNormalize(text)
	}
	var b strings.Builder
	b.Grow(len(text) + 8)
	for _, r := range text {
		switch {
		case r == 0 || r == utf8.RuneError || isControl(r):
		case isWhitespace(r):
			b.WriteByte(' ')
		case isCJK(r):
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	decomposed := norm.NFD.String(b.String())
	b.Reset()
	for _, r := range decomposed {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// isPlainASCII reports whether text is ASCII, the fast path of normalize.
func isPlainASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiNormalize is normalize for ASCII text, where NFD changes nothing.
func asciiNormalize(text string) string {
	b := []byte(text)
	out := b[:0]
	for _, c := range b {
		switch {
		case c == '\t' || c == '\n' || c == '\r' || c == ' ':
			out = append(out, ' ')
		case c < 0x20 || c == 0x7f: // other controls, dropped
		case 'A' <= c && c <= 'Z':
			out = append(out, c+'a'-'A')
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

// isControl matches Hugging Face's BertNormalizer: categories Cc, Cf and Co,
// except tab, newline and carriage return, which count as whitespace.
func isControl(r rune) bool {
	if r == '\t' || r == '\n' || r == '\r' {
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co)
}

// isWhitespace is Unicode White_Space, tab, newline and carriage return.
func isWhitespace(r rune) bool {
	return unicode.IsSpace(r)
}

// isPunct is BERT's punctuation: any ASCII non-alphanumeric printable
// character (so "$", "+", "^" too) and Unicode category P.
func isPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return r > ' ' && r < 0x7f && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}
	return unicode.IsPunct(r)
}

// isCJK reports whether r is in BERT's CJK Unified Ideographs blocks, whose
// characters are tokenized one by one (the ranges are those of Hugging Face
// tokenizers, which omit U+2B820..U+2B91F).
func isCJK(r rune) bool {
	return r >= 0x4E00 && r <= 0x9FFF ||
		r >= 0x3400 && r <= 0x4DBF ||
		r >= 0x20000 && r <= 0x2A6DF ||
		r >= 0x2A700 && r <= 0x2B73F ||
		r >= 0x2B740 && r <= 0x2B81F ||
		r >= 0x2B920 && r <= 0x2CEAF ||
		r >= 0xF900 && r <= 0xFAFF ||
		r >= 0x2F800 && r <= 0x2FA1F
}
