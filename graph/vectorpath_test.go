package graph_test

import (
	"testing"

	"github.com/loci-memory/loci/graph"
)

func TestChooseVectorPath(t *testing.T) {
	for _, c := range []struct {
		version, override, want string
	}{
		{"5.26.29", "", graph.VectorPathOverfetch},
		{"5.26.29", "auto", graph.VectorPathOverfetch},
		{"5.26.29", "exact", graph.VectorPathExact},
		{"2025.10.1", "", graph.VectorPathOverfetch},
		{"2026.01.0", "", graph.VectorPathOverfetch}, // preview only
		{"2026.02.0", "", graph.VectorPathSearch},
		{"2026.08.1", "", graph.VectorPathSearch},
		{"2026.08.1", "exact", graph.VectorPathExact},
		{"2027.01.0", "auto", graph.VectorPathSearch},
		{"", "", graph.VectorPathOverfetch},
		{"garbage", "", graph.VectorPathOverfetch},
	} {
		got, err := graph.ChooseVectorPath(graph.ServerInfo{Version: c.version, Edition: "community"}, c.override)
		if err != nil || got != c.want {
			t.Errorf("ChooseVectorPath(%q, %q) = %q, %v; want %q", c.version, c.override, got, err, c.want)
		}
	}
	if _, err := graph.ChooseVectorPath(graph.ServerInfo{Version: "2026.08.1"}, "fast"); err == nil {
		t.Error("an unknown LOCI_VECTOR_SEARCH value was accepted")
	}
}

func TestVectorIndexDefinitionDiffers(t *testing.T) {
	want := graph.VectorIndexDefinition{Name: "turn_x_4", Labels: []string{"Turn"},
		Properties: []string{"embedding_x", "tenant", "conversation", "speaker_key"},
		Config: map[string]any{"vector.dimensions": 4, "vector.similarity_function": "COSINE", "vector.hnsw.m": 16,
			"vector.quantization.type": "NONE", "vector.default_search_expansion_factor": 1.0}}
	// As a 2026 server reports the index Migrate created (numbers as int64
	// or float64, extra settings it chose itself).
	same := graph.VectorIndexDefinition{Labels: []string{"Turn"}, Properties: []string{"embedding_x", "tenant", "conversation", "speaker_key"},
		Config: map[string]any{"vector.dimensions": int64(4), "vector.similarity_function": "COSINE", "vector.hnsw.m": int64(16),
			"vector.quantization.type": "NONE", "vector.default_search_expansion_factor": int64(1), "vector.hnsw.ef_construction": int64(100)}}
	if want.Differs(same) {
		t.Error("the index as created reads as changed")
	}
	old := same
	old.Properties = []string{"embedding_x"} // created by an older Loci: no filter properties
	if !want.Differs(old) {
		t.Error("an index without filter properties reads as current")
	}
	newer := same
	newer.Properties = []string{"embedding_x", "tenant", "conversation", "speaker_key", "reply_speaker_key"} // a newer Loci's
	if want.Differs(newer) {
		t.Error("an index with more filter properties than wanted reads as changed: two versions would rebuild it in turn")
	}
	fewer := same
	fewer.Properties = []string{"embedding_x", "tenant", "speaker_key"}
	if !want.Differs(fewer) {
		t.Error("an index lacking a wanted filter property reads as current")
	}
	otherVector := same
	otherVector.Properties = []string{"embedding_y", "tenant", "conversation", "speaker_key"}
	if !want.Differs(otherVector) {
		t.Error("an index on another vector property reads as current")
	}
	quant := same
	quant.Config = map[string]any{"vector.dimensions": int64(4), "vector.similarity_function": "COSINE", "vector.hnsw.m": int64(16),
		"vector.quantization.type": "BINARY", "vector.default_search_expansion_factor": int64(1)}
	if !want.Differs(quant) {
		t.Error("an index with other quantization reads as current")
	}
	missing := same
	missing.Config = map[string]any{"vector.dimensions": int64(4)}
	if !want.Differs(missing) {
		t.Error("an index without a wanted setting reads as current")
	}
}
