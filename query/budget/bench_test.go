package budget

import (
	"strings"
	"testing"
)

// benchBlocks is the target workload: 200 items (10 topics, 20 profiles
// with a 20% share, 40 events, 130 memories; about 11,000 tokens in all)
// for a 4,000-token budget.
func benchBlocks() []Block { return fixture(42, 10, 20, 40, 130, 0.2) }

func BenchmarkRender200Items4000Tokens(b *testing.B) {
	c := mustCounter(b, "cl100k_base")
	blocks := benchBlocks()
	all := 0
	for _, bl := range blocks {
		for _, it := range bl.Items {
			all += c.Count(it.Text)
		}
	}
	var r Rendered
	for b.Loop() {
		r = Render(c, blocks, 4000, Options{Marker: " …"})
	}
	b.ReportMetric(float64(r.Tokens), "tokens")
	b.ReportMetric(float64(all), "input-tokens")
}

func BenchmarkRender200Items4000TokensO200k(b *testing.B) {
	c := mustCounter(b, "o200k_base")
	blocks := benchBlocks()
	for b.Loop() {
		Render(c, blocks, 4000, Options{})
	}
}

// benchText is about 4,000 cl100k_base tokens of rendered context.
func benchText(b *testing.B) string {
	return Render(mustCounter(b, "cl100k_base"), benchBlocks(), 4000, Options{}).Text
}

func BenchmarkCount4000Tokens(b *testing.B) {
	benchCount(b, mustCounter(b, "cl100k_base"))
}

// BenchmarkCount4000TokensReference is the tokenizer package's own Count,
// for comparison.
func BenchmarkCount4000TokensReference(b *testing.B) {
	benchCount(b, referenceCounter(b, "cl100k_base"))
}

// benchCount times c counting about 4,000 tokens of rendered context.
func benchCount(b *testing.B, c interface{ Count(string) int }) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		c.Count(text)
	}
}

func BenchmarkCountLongPiece(b *testing.B) {
	c := mustCounter(b, "cl100k_base")
	text := strings.Repeat("abcdefghij", 1000) // one 10,000-byte pre-token
	for b.Loop() {
		c.Count(text)
	}
}

// BenchmarkNewCounterFirstUse measures loading the vocabulary, which
// happens once per process; later calls only return the shared counter.
func BenchmarkNewCounterFirstUse(b *testing.B) {
	for b.Loop() {
		e := &bpe{name: "cl100k_base", size: 100256, codec: encodings["cl100k_base"].codec, next: nextCl100k}
		e.load()
	}
}
