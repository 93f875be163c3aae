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
// then the filter properties) and index settings; State is the server's
// (ONLINE, POPULATING, FAILED), empty in a wanted definition.
type VectorIndexDefinition struct {
	Name       string
	Labels     []string
	Properties []string
	Config     map[string]any
	State      string
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
// filtered vector search (schema_vector_index_filtered.cypher, one each),
// as SHOW VECTOR INDEXES would report them. The filter properties are
// what the SEARCH statements filter on.
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

// twinSuffix ends the name of a vector index's twin (twin).
const twinSuffix = "_r"

// twin is the second definition of the same index, which `loci reindex
// vectors` builds beside it and then switches to: named def.Name+"_r",
// with the first two filter properties in the other order. Neo4j tells
// indexes apart by label and ordered property list, and refuses a second
// index on the same ones whatever its name and settings; in another order
// the twin may exist beside the first, and a SEARCH ... WHERE on the same
// properties reads either alike. Pure.
func (def VectorIndexDefinition) twin() VectorIndexDefinition {
	props := slices.Clone(def.Properties)
	if len(props) >= 3 {
		props[1], props[2] = props[2], props[1]
	}
	return VectorIndexDefinition{Name: def.Name + twinSuffix, Labels: def.Labels, Properties: props, Config: def.Config}
}

// slots are an index's two definitions: as Migrate creates it, and its
// twin.
func (def VectorIndexDefinition) slots() [2]VectorIndexDefinition {
	return [2]VectorIndexDefinition{def, def.twin()}
}

// searchedIndexes are the filtered vector indexes SEARCH statements read
// (turns', facts'): the ones `loci reindex vectors` rebuilds and whose
// live name the store looks up (indexNames).
func (vs *vectorSpace) searchedIndexes() []VectorIndexDefinition {
	return vs.filteredIndexes(filteredIndexSettings)[:2]
}

// createStatement is schema_vector_index_filtered filled for def: its
// name, label, vector and filter properties (all from filteredIndexes'
// fixed table) and the space's dimensions and HNSW settings.
func (vs *vectorSpace) createStatement(def VectorIndexDefinition) string {
	filters := make([]string, 0, len(def.Properties)-1)
	for _, p := range def.Properties[1:] {
		filters = append(filters, "n."+p)
	}
	return vs.statement("schema_vector_index_filtered", map[string]string{"name": def.Name, "label": def.Labels[0],
		"property": def.Properties[0], "filters": strings.Join(filters, ", ")}, filteredIndexSettings.placeholders())
}
