package graph

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// vectorIndexSettings are the HNSW settings of the filtered vector indexes
// (Neo4j 2026.02+): graph degree (m), build beam (ef_construction), how
// vectors are held in the index (quantization NONE, SCALAR or BINARY; the
// server's default is BINARY) and the search expansion factor (how many
// candidates the index examines per result asked for).
type vectorIndexSettings struct {
	M, EfConstruction int
	Quantization      string
	Expansion         float64
}

// filteredIndexSettings were chosen by measuring recall@40 against the
// exact scan on LoCoMo conversations 0-4 (docs/benchmarks.md, "Vector
// search on Neo4j 2026").
var filteredIndexSettings = vectorIndexSettings{M: 16, EfConstruction: 100, Quantization: "BINARY", Expansion: 3}

// placeholders are the settings by the placeholder names of the schema
// statement.
func (v vectorIndexSettings) placeholders() map[string]string {
	return map[string]string{"hnsw_m": strconv.Itoa(v.M), "hnsw_ef_construction": strconv.Itoa(v.EfConstruction),
		"quantization": v.Quantization, "expansion": strconv.FormatFloat(v.Expansion, 'f', -1, 64)}
}

// VectorIndexDefinition is a vector index as SHOW VECTOR INDEXES reports
// it, or as Loci wants it: label, indexed properties (the vector first,
// then the filter properties) and index settings.
type VectorIndexDefinition struct {
	Name       string
	Labels     []string
	Properties []string
	Config     map[string]any
}

// Differs reports whether have (an existing index of want's name) cannot
// serve as want: another label, another vector property, a filter property
// want needs that have lacks, or another value of a setting want names.
// Settings want does not name (server defaults) are not compared, and nor
// are filter properties have declares beyond want's: an index a newer Loci
// created with more of them serves this one as well, so two versions on
// one database (a rolling upgrade, a rollback) do not drop and rebuild it
// in turn, each rebuild failing the other's searches until it is online.
// Pure, so migration's decision is tested without Neo4j.
func (want VectorIndexDefinition) Differs(have VectorIndexDefinition) bool {
	if !slices.Equal(want.Labels, have.Labels) || !servesProperties(want.Properties, have.Properties) {
		return true
	}
	for k, w := range want.Config {
		if !sameSetting(w, have.Config[k]) {
			return true
		}
	}
	return false
}

// sameSetting compares setting values as the server reports them: numbers
// of any type by value, strings without regard to case ('cosine' is
// reported as COSINE).
func sameSetting(want, have any) bool {
	wf, wok := number(want)
	hf, hok := number(have)
	if wok || hok {
		return wok && hok && wf == hf
	}
	return strings.EqualFold(fmt.Sprint(want), fmt.Sprint(have))
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case float64:
		return n, true
	case float32:
		return float64(n), true
	}
	return 0, false
}

// filteredIndexes are the vector indexes Migrate creates on a server with
// filtered vector search, as SHOW VECTOR INDEXES would report them. The
// filter properties match schema_vector_indexes_filtered.cypher and what
// the SEARCH statements filter on.
func (vs *vectorSpace) filteredIndexes(set vectorIndexSettings) []VectorIndexDefinition {
	config := map[string]any{
		"vector.dimensions": vs.dimensions, "vector.similarity_function": "COSINE",
		"vector.hnsw.m": set.M, "vector.hnsw.ef_construction": set.EfConstruction,
		"vector.quantization.type": set.Quantization, "vector.default_search_expansion_factor": set.Expansion,
	}
	def := func(name, label string, filters ...string) VectorIndexDefinition {
		return VectorIndexDefinition{Name: name, Labels: []string{label}, Properties: append([]string{vs.property}, filters...), Config: config}
	}
	return []VectorIndexDefinition{
		def(vs.index, "Turn", "tenant", "conversation", "speaker_key", "reply_speaker_key"),
		def(vs.factIndex, "Fact", "tenant", "conversation", "subject_key"),
		def(vs.anchorIndex("event"), "Event", "tenant", "conversation"),
		def(vs.anchorIndex("profile"), "Profile", "tenant", "conversation"),
		def(vs.anchorIndex("topic"), "Topic", "tenant", "conversation"),
	}
}

// servesProperties reports whether an index on have indexes want's vector
// property (the first) and declares every filter property want does.
func servesProperties(want, have []string) bool {
	if len(want) == 0 || len(have) == 0 {
		return len(want) == len(have)
	}
	if want[0] != have[0] {
		return false
	}
	for _, p := range want[1:] {
		if !slices.Contains(have[1:], p) {
			return false
		}
	}
	return true
}
