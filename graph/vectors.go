package graph

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// vectorSpace is where one embedder's vectors live: a Turn property and a
// vector index of their own, both named after the embedder's ID and
// dimensions, so vectors of different embedders are never compared.
type vectorSpace struct {
	embedder   string
	dimensions int
	property   string // e.g. embedding_minilm_l6_v2
	index      string // e.g. turn_embedding_minilm_l6_v2_384
	factIndex  string // e.g. fact_embedding_minilm_l6_v2_384
}

// identifier is what may be placed into Cypher text as a name. Property and
// index names cannot be parameters; these are built only from checked parts.
var identifier = regexp.MustCompile(`^[a-z][a-z0-9_]{0,100}$`)

var nonIdent = regexp.MustCompile(`[^a-z0-9]+`)

func newVectorSpace(embedderID string, dimensions int) (*vectorSpace, error) {
	if dimensions < 1 || dimensions > 4096 {
		return nil, fmt.Errorf("graph: embedder %q: dimensions %d outside 1..4096", embedderID, dimensions)
	}
	slug := strings.Trim(nonIdent.ReplaceAllString(strings.ToLower(embedderID), "_"), "_")
	vs := &vectorSpace{
		embedder: embedderID, dimensions: dimensions,
		property:  "embedding_" + slug,
		index:     fmt.Sprintf("turn_embedding_%s_%d", slug, dimensions),
		factIndex: fmt.Sprintf("fact_embedding_%s_%d", slug, dimensions),
	}
	if slug == "" || !identifier.MatchString(vs.property) || !identifier.MatchString(vs.index) || !identifier.MatchString(vs.factIndex) {
		return nil, fmt.Errorf("graph: embedder id %q gives no usable index name", embedderID)
	}
	return vs, nil
}

// anchorIndex names the vector index of one anchor kind (event, profile,
// topic), built like the turn index's name from checked parts.
func (vs *vectorSpace) anchorIndex(kind string) string {
	return kind + strings.TrimPrefix(vs.index, "turn")
}

// statement returns the named statement with the space's index, property
// and dimensions filled in: the only names ever placed into Cypher text.
func (vs *vectorSpace) statement(name string) string {
	return vs.fill(cypher.Get(name))
}

// fill fills the space's index, property and dimensions into stmt.
func (vs *vectorSpace) fill(stmt string) string {
	r := strings.NewReplacer("{{index}}", vs.index, "{{fact_index}}", vs.factIndex,
		"{{event_index}}", vs.anchorIndex("event"), "{{profile_index}}", vs.anchorIndex("profile"), "{{topic_index}}", vs.anchorIndex("topic"), "{{property}}", vs.property, "{{dimensions}}", fmt.Sprint(vs.dimensions))
	return r.Replace(stmt)
}

// vectorOverfetch is how many index candidates a tenant-wide vector search
// on the overfetch path (Neo4j 5.26) takes per result it needs, before
// filtering by tenant and speaker.
const vectorOverfetch = 20

// searchFetch is how many candidates a filtered SEARCH reads per result it
// keeps. The candidates are already in scope; reading more than the limit
// only widens the HNSW search (its ef), trading time for recall. Chosen on
// LoCoMo conversations 0-4 (docs/benchmarks.md, "Vector search on Neo4j
// 2026").
const searchFetch = 2

// adjacentSearchFetch is how many SEARCH candidates an adjacent-turn search
// reads per match it keeps: SEARCH cannot leave out $speaker's own turns,
// so about half the candidates of a two-person conversation drop out.
const adjacentSearchFetch = 4

// searchFilter returns the SEARCH ... WHERE predicate over variable v for a
// scope, from a fixed table: tenant, or tenant and conversation, either
// with the key property (speaker_key on turns, subject_key on facts).
// Only these fixed texts are placed into a statement.
func searchFilter(v, key string, conversation, speaker bool) string {
	f := v + ".tenant = $tenant"
	if conversation {
		f += " AND " + v + ".conversation = $conversation"
	}
	if speaker {
		f += " AND " + v + "." + key + " = $speaker_key"
	}
	return f
}

// searchStatement returns a SEARCH statement with the space's names and
// the scope's filter filled in.
func (vs *vectorSpace) searchStatement(name, v, key string, conversation, speaker bool) string {
	return vs.fill(strings.ReplaceAll(cypher.Get(name), "{{filter}}", searchFilter(v, key, conversation, speaker)))
}

// SearchTurnVectors returns the turns nearest to vector by cosine
// similarity, in the query's scope, on the store's vector path
// (VectorPath):
//   - search (Neo4j 2026.02+): in-index filtered ANN for every scope,
//     per conversation and tenant-wide, speaker-scoped or not, adjacent
//     or not; time views (as of, known at) scan exactly, since their
//     null-tolerant tests cannot be SEARCH filters.
//   - overfetch (5.26, which cannot filter inside a vector index): within
//     one conversation an exact scan (measured on LoCoMo, an over-fetch
//     deep enough to keep 100 of one conversation's turns cost as much
//     and could miss); across a tenant an over-fetch from the index with
//     an exact scan as fallback when too few candidates survive.
//   - exact: exact scans everywhere.
func (s *Store) SearchTurnVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error) {
	if s.vectors == nil {
		return nil, ontology.Errorf(ontology.EValidation, "vector search needs an embedder; this server runs with LOCI_EMBEDDER=none")
	}
	if q.EmbedderID != s.vectors.embedder || len(q.Vector) != s.vectors.dimensions {
		return nil, ontology.Errorf(ontology.EInternal, "query vector from %q (%d dims) does not match stored vectors of %q (%d dims)",
			q.EmbedderID, len(q.Vector), s.vectors.embedder, s.vectors.dimensions)
	}
	path, err := s.VectorPath(ctx)
	if err != nil {
		return nil, err
	}
	var speaker, conv any
	if q.Speaker != "" {
		speaker = strings.ToLower(q.Speaker)
	}
	if q.Conversation != "" {
		conv = q.Conversation
	}
	params := q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": conv, "speaker": speaker, "vector": q.Vector,
		"index": s.vectors.index, "limit": int64(q.Limit),
		"fetch": int64(min(q.Limit*vectorOverfetch, 10000)),
	})
	if path == VectorPathSearch && q.TimeView.IsZero() {
		return s.searchTurnsInIndex(ctx, q, params)
	}
	run := func(name string) ([]ontology.SearchResult, error) {
		return s.readTurns(ctx, s.vectors.statement(name), params)
	}
	if q.Adjacent != "" {
		name := "turns_vector_exact_adjacent"
		if q.Conversation == "" {
			name = "turns_vector_exact_tenant_adjacent"
		}
		stmt, err := adjacentStatement(name, q.Adjacent)
		if err != nil {
			return nil, err
		}
		params["fetch"] = int64(q.Limit * adjacentOverfetch)
		return s.readTurns(ctx, s.vectors.fill(stmt), params)
	}
	if q.Conversation != "" {
		return run("turns_vector_exact")
	}
	if path == VectorPathExact || !q.TimeView.IsZero() && path == VectorPathSearch {
		return run("turns_vector_exact_tenant")
	}
	res, err := run("turns_vector_ann")
	if err != nil || len(res) >= q.Limit {
		return res, err
	}
	return run("turns_vector_exact_tenant")
}

// searchTurnsInIndex is SearchTurnVectors on the search path: one SEARCH
// statement, filtered in the index by the query's scope.
func (s *Store) searchTurnsInIndex(ctx context.Context, q ontology.VectorQuery, params map[string]any) ([]ontology.SearchResult, error) {
	conversation := q.Conversation != ""
	if q.Adjacent != "" {
		stmt, err := adjacentStatement("turns_vector_search_adjacent", q.Adjacent)
		if err != nil {
			return nil, err
		}
		keep := q.Limit * adjacentOverfetch
		params["keep"] = int64(keep)
		params["fetch"] = int64(keep * adjacentSearchFetch)
		filter := searchFilter("node", "speaker_key", conversation, false)
		return s.readTurns(ctx, s.vectors.fill(strings.ReplaceAll(stmt, "{{filter}}", filter)), params)
	}
	params["fetch"] = int64(q.Limit * searchFetch)
	if q.Speaker != "" {
		params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
	}
	return s.readTurns(ctx, s.vectors.searchStatement("turns_vector_search", "t", "speaker_key", conversation, q.Speaker != ""), params)
}
