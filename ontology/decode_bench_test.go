package ontology

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// largeBatch is a batch at the size limits: 1,000 turns of 32 KB of text
// (words, escapes and non-ASCII) with metadata, about 32.6 MB of JSON.
func largeBatch(tb testing.TB) []byte {
	word := []string{"Ria", "met", "Jonas", "at", "Rossi", "Motors", "in", "Leeds,", "\"yes\"", "café", "tomorrow", "📷"}
	var text strings.Builder
	for i := 0; text.Len() < MaxTextBytes-32; i++ {
		text.WriteString(word[i%len(word)])
		text.WriteByte(' ')
	}
	turns := make([]map[string]any, MaxTurnsPerBatch)
	for i := range turns {
		turns[i] = map[string]any{"id": fmt.Sprint(i), "session": i / 100, "speaker": []string{"Sam", "Ria"}[i%2],
			"text": text.String(), "timestamp": "2023-05-08T13:56:00Z",
			"metadata": map[string]any{"source": "bench", "n": i, "tags": []any{"a", "b", 1.5, true, nil}, "nested": map[string]any{"k": "v"}}}
	}
	raw, err := json.Marshal(map[string]any{"turns": turns})
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// BenchmarkDecodeTurnsBody decodes a batch at the size limits, duplicate
// key check included (docs/benchmarks.md, h-robust).
func BenchmarkDecodeTurnsBody(b *testing.B) {
	benchLargeBatch(b, func(raw []byte) error {
		turns, err := DecodeTurnsBody(raw)
		if err == nil && len(turns) != MaxTurnsPerBatch {
			err = fmt.Errorf("%d turns, want %d", len(turns), MaxTurnsPerBatch)
		}
		return err
	})
}

// BenchmarkCheckDuplicateKeys is the duplicate key check alone on the same
// batch.
func BenchmarkCheckDuplicateKeys(b *testing.B) {
	benchLargeBatch(b, CheckDuplicateKeys)
}

// benchLargeBatch runs read over largeBatch's bytes, counting them.
func benchLargeBatch(b *testing.B, read func(raw []byte) error) {
	raw := largeBatch(b)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if err := read(raw); err != nil {
			b.Fatal(err)
		}
	}
}
