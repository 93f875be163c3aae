package graph

import "testing"

// BenchmarkDecodeTopicMaterial decodes a topics_material row of 1,000
// turns with 384-dimension vectors as the driver returns it: the largest
// row Loci reads.
func BenchmarkDecodeTopicMaterial(b *testing.B) {
	turns := make([]any, 1000)
	for i := range turns {
		v := make([]any, 384)
		for j := range v {
			v[j] = float64(j) / 384
		}
		turns[i] = map[string]any{"id": "t", "session": "s", "speaker": "Sam", "text": "a turn's text", "timestamp": nil,
			"vector": v, "entities": []any{"Acme", "Dana"}}
	}
	row := map[string]any{"version": int64(1000), "turns": turns, "facts": []any{}}
	b.ResetTimer()
	for b.Loop() {
		m, err := decode[materialRow](row)
		if err != nil {
			b.Fatal(err)
		}
		if len(materialOf(m).Turns) != 1000 {
			b.Fatal("turns lost")
		}
	}
}
