package embed

import (
	"slices"
	"strings"
	"testing"
)

// tinyTokenizer loads testdata/tiny_tokenizer.json, a hand-written
// tokenizer.json with the real model's pipeline settings but a 33-entry
// vocabulary (and max_input_chars_per_word 12), so that these tests need no
// model files. reference_test.go checks the real vocabulary against Hugging
// Face tokenizers.
func tinyTokenizer(t *testing.T, maxTokens int) *Tokenizer {
	t.Helper()
	tok, err := LoadTokenizer("testdata/tiny_tokenizer.json", maxTokens)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// tokens spells ids with the tokenizer's vocabulary, for readable failures.
func tokens(tok *Tokenizer, ids []int64) []string {
	names := make(map[int64]string, len(tok.vocab))
	for w, id := range tok.vocab {
		names[id] = w
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = names[id]
	}
	return out
}

func TestTokenizerEncode(t *testing.T) {
	tok := tinyTokenizer(t, 0)
	tests := []struct {
		name, text, want string // want: space-separated tokens between [CLS] and [SEP]
	}{
		{"empty", "", ""},
		{"only spaces", " \t\n ", ""},
		{"punctuation split", "Hello, World!", "hello , world !"},
		{"punctuation runs", "hello!!?", "hello ! ! ?"},
		{"ascii symbols are punctuation", "$hello", "$ hello"},
		{"apostrophe", "it's", "it ' s"},
		{"hyphen and at", "e-mail@x", "e - mail @ x"},
		{"uppercase", "HELLO WoRlD", "hello world"},
		{"accents stripped", "Café NAÏVE Zürich", "cafe naive zurich"},
		{"combining accent", "cafe\u0301", "cafe"},
		{"wordpiece", "unaffable", "un ##aff ##able"},
		{"wordpiece continuation", "ab abb", "ab ab ##b"},
		{"unknown word", "hello zebra", "hello [UNK]"},
		{"partly unknown word is one unk", "unaffablez", "[UNK]"},
		{"emoji unknown", "hello 😀", "hello [UNK]"},
		{"word longer than max chars", "abbbbbbbbbbbbbbbbbbb", "[UNK]"},
		{"cjk split per char", "x我x", "x 我 x"},
		{"controls dropped", "hel\x00lo\u200b wor\x07ld\ufffd", "hello world"},
		{"exotic whitespace separates", "hello\u00a0world\u3000hello\u2028x", "hello world hello x"},
		{"nel and vt are controls", "a\u0085b a\u000bb", "ab ab"},
		{"special tokens verbatim", "[MASK] hello[SEP]", "[MASK] hello [SEP]"},
		{"special tokens case-sensitive", "[mask]", "[UNK] [UNK] [UNK]"}, // "[", "mask", "]"
		{"invalid utf-8 dropped", "hel\xfflo", "hello"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tokens(tok, tok.Encode(tc.text))
			want := append(append([]string{"[CLS]"}, strings.Fields(tc.want)...), "[SEP]")
			if !slices.Equal(got, want) {
				t.Errorf("Encode(%q) = %q, want %q", tc.text, got, want)
			}
		})
	}
}

func TestTokenizerTruncation(t *testing.T) {
	tests := []struct {
		maxTokens int
		text      string
		want      string
	}{
		{5, "hello world hello world", "[CLS] hello world hello [SEP]"},
		{5, "hello world hello", "[CLS] hello world hello [SEP]"},
		{5, "unaffable unaffable", "[CLS] un ##aff ##able [SEP]"}, // cuts inside a word, as HF does
		{3, "[MASK] hello", "[CLS] [MASK] [SEP]"},
		{2, "hello", "[CLS] [SEP]"},
	}
	for _, tc := range tests {
		tok := tinyTokenizer(t, tc.maxTokens)
		got := tokens(tok, tok.Encode(tc.text))
		if !slices.Equal(got, strings.Fields(tc.want)) {
			t.Errorf("max %d: Encode(%q) = %q, want %q", tc.maxTokens, tc.text, got, tc.want)
		}
	}

	tok := tinyTokenizer(t, 0)
	if got := len(tok.Encode(strings.Repeat("hello ", 1000))); got != DefaultMaxTokens {
		t.Errorf("default truncation: %d tokens, want %d", got, DefaultMaxTokens)
	}
}

func TestLoadTokenizerErrors(t *testing.T) {
	if _, err := LoadTokenizer("testdata/no-such-file.json", 0); err == nil {
		t.Error("missing file: no error")
	}
	if _, err := LoadTokenizer("testdata/reference.json", 0); err == nil {
		t.Error("not a tokenizer: no error")
	}
	if _, err := LoadTokenizer("testdata/tiny_tokenizer.json", 1); err == nil {
		t.Error("maxTokens 1: no error")
	}
}

func BenchmarkTokenize(b *testing.B) {
	tok, err := LoadTokenizer("testdata/tiny_tokenizer.json", 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, turn := range locomoTurns {
			tok.Encode(turn)
		}
	}
	b.ReportMetric(float64(b.N*len(locomoTurns))/b.Elapsed().Seconds(), "turns/s")
}
