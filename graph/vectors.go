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
// and dimensions filled in (and any other values given): the only names
// ever placed into Cypher text.
func (vs *vectorSpace) statement(name string, values ...map[string]string) string {
	return cypher.Fill(name, append(values, vs.placeholders())...)
}

// placeholders are the space's index, property and dimensions, by the
// placeholder names statements use for them.
func (vs *vectorSpace) placeholders() map[string]string {
	return map[string]string{"index": vs.index, "fact_index": vs.factIndex,
		"profile_index": vs.anchorIndex("profile"), "topic_index": vs.anchorIndex("topic"),
		"property": vs.property, "dimensions": fmt.Sprint(vs.dimensions)}
}

// vectorOverfetch is how many index candidates a tenant-wide vector search
// on the overfetch path (Neo4j 5.26) takes per result it needs, before
// filtering by tenant and speaker.
const vectorOverfetch = 20

// searchFetch is how many candidates a filtered SEARCH reads per result it
// keeps. The candidates are already in scope; reading more than the limit
// only widens the HNSW search, trading time for recall. Chosen on LoCoMo
// conversations 0-4 (docs/benchmarks.md, "Vector search on Neo4j 2026").
const searchFetch = 2

// adjacentSearchFetch is how many SEARCH candidates an adjacent-turn search
// reads per match it keeps when the index cannot filter by the answering
// speaker (prompts, or replies by anyone): SEARCH cannot leave out
// $speaker's own turns, so about half the candidates of a two-person
// conversation drop out.
const adjacentSearchFetch = 4

// searchFilter returns the SEARCH ... WHERE predicate over variable v for a
// scope, from a fixed table: tenant, or tenant and conversation, either
// with the key property (speaker_key on turns, subject_key on facts).
// Only these fixed texts are placed into a statement.
func searchFilter(v, key string, conversation, speaker bool) map[string]string {
	f := v + ".tenant = $tenant"
	if conversation {
		f += " AND " + v + ".conversation = $conversation"
	}
	if speaker {
		f += " AND " + v + "." + key + " = $speaker_key"
	}
	return map[string]string{"filter": f}
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
	return s.searchVectors(ctx, q, s.turnVectorStep)
}

// searchVectors runs one vector read on its own: the step that
// stepFor chooses on the store's vector path.
func (s *Store) searchVectors(ctx context.Context, q ontology.VectorQuery, stepFor func(string, ontology.VectorQuery) (searchStep, error)) ([]ontology.SearchResult, error) {
	path, err := s.vectorPathFor(ctx)
	if err != nil {
		return nil, err
	}
	step, err := stepFor(path, q)
	if err != nil {
		return nil, err
	}
	return s.runStep(ctx, step)
}

// checkQueryVector refuses a vector query the stored vectors cannot answer:
// no embedder on this server, or a vector of another embedder or size.
func (s *Store) checkQueryVector(q ontology.VectorQuery) error {
	if s.vectors == nil {
		return ontology.Errorf(ontology.EValidation, "vector search needs an embedder; this server runs with LOCI_EMBEDDER=none")
	}
	if q.EmbedderID != s.vectors.embedder || len(q.Vector) != s.vectors.dimensions {
		return ontology.Errorf(ontology.EInternal, "query vector from %q (%d dims) does not match stored vectors of %q (%d dims)",
			q.EmbedderID, len(q.Vector), s.vectors.embedder, s.vectors.dimensions)
	}
	return nil
}

// vectorPathFor is VectorPath, or "" without an embedder (the steps then
// refuse the query before any path matters). On the search path it also
// brings the names SEARCH reads up to date (refreshIndexNames), so the
// steps built next use them.
func (s *Store) vectorPathFor(ctx context.Context) (string, error) {
	if s.vectors == nil {
		return "", nil
	}
	path, err := s.VectorPath(ctx)
	if err != nil || path != VectorPathSearch {
		return path, err
	}
	return path, s.refreshIndexNames(ctx)
}

// turnVectorStep is SearchTurnVectors' read on path, for one transaction
// or several: which statement runs is decided here.
func (s *Store) turnVectorStep(path string, q ontology.VectorQuery) (searchStep, error) {
	if err := s.checkQueryVector(q); err != nil {
		return searchStep{}, err
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
	if path == VectorPathSearch && q.TimeView.IsZero() && s.liveIndexName(s.vectors.index) != "" {
		exact, err := s.turnVectorStep(VectorPathExact, q)
		if err != nil {
			return searchStep{}, err
		}
		return s.turnSearchStep(q, params, exact)
	}
	run := func(name string) searchStep {
		return statementStep(s.vectors.statement(name), params, turnResults)
	}
	if q.Adjacent != "" {
		name := "turns_vector_exact_adjacent"
		if q.Conversation == "" {
			name = "turns_vector_exact_tenant_adjacent"
		}
		pattern, err := adjacentPattern(q.Adjacent)
		if err != nil {
			return searchStep{}, err
		}
		params["fetch"] = int64(q.Limit * adjacentOverfetch)
		return statementStep(s.vectors.statement(name, pattern), params, turnResults), nil
	}
	if q.Conversation != "" {
		return run("turns_vector_exact"), nil
	}
	if path == VectorPathOverfetch {
		return fallbackStep(run("turns_vector_ann"), run("turns_vector_exact_tenant"), q.Limit), nil
	}
	return run("turns_vector_exact_tenant"), nil
}

// turnSearchStep is turnVectorStep on the search path: one SEARCH
// statement, filtered in the index by the query's scope, and exact, the
// exact scan of the same query, should the index fail (searchOrExact).
func (s *Store) turnSearchStep(q ontology.VectorQuery, params map[string]any, exact searchStep) (searchStep, error) {
	conversation := q.Conversation != ""
	if q.Adjacent == ontology.AdjacentReply && q.Speaker != "" {
		// The index holds each turn's reply key: it returns only turns
		// the speaker answered, each with one reply, so nothing read is
		// left out and the search reads as many as the plain one.
		pattern, err := adjacentPattern(q.Adjacent)
		if err != nil {
			return searchStep{}, err
		}
		params["keep"] = int64(q.Limit)
		params["fetch"] = int64(q.Limit * searchFetch)
		params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
		return s.searchOrExact("turns_vector_search_adjacent", statementStep(s.vectors.statement("turns_vector_search_adjacent", pattern, s.searchNames(),
			searchFilter("node", "reply_speaker_key", conversation, true)), params, turnResults), exact), nil
	}
	if q.Adjacent != "" {
		pattern, err := adjacentPattern(q.Adjacent)
		if err != nil {
			return searchStep{}, err
		}
		keep := q.Limit * adjacentOverfetch
		params["keep"] = int64(keep)
		params["fetch"] = int64(keep * adjacentSearchFetch)
		return s.searchOrExact("turns_vector_search_adjacent", statementStep(s.vectors.statement("turns_vector_search_adjacent", pattern, s.searchNames(),
			searchFilter("node", "speaker_key", conversation, false)), params, turnResults), exact), nil
	}
	params["fetch"] = int64(q.Limit * searchFetch)
	if q.Speaker != "" {
		params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
	}
	return s.searchOrExact("turns_vector_search", statementStep(s.vectors.statement("turns_vector_search", s.searchNames(),
		searchFilter("t", "speaker_key", conversation, q.Speaker != "")), params, turnResults), exact), nil
}

// SearchFactVectors returns the facts nearest to q.Vector on the store's
// vector path, as SearchTurnVectors does for turns: in-index filtered
// SEARCH (time views scan exactly), or an exact scan within a
// conversation and an index over-fetch with an exact fallback across a
// tenant (5.26), or exact scans everywhere.
func (s *Store) SearchFactVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error) {
	return s.searchVectors(ctx, q, s.factVectorStep)
}

// factVectorStep is SearchFactVectors' read, for one transaction or
// several: which statement runs is decided here.
func (s *Store) factVectorStep(path string, q ontology.VectorQuery) (searchStep, error) {
	if err := s.checkQueryVector(q); err != nil {
		return searchStep{}, err
	}
	var subject any
	if q.Speaker != "" {
		subject = strings.ToLower(q.Speaker)
	}
	params := q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": q.Conversation, "subject": subject, "vector": q.Vector,
		"index": s.vectors.factIndex, "limit": int64(q.Limit), "fetch": int64(min(q.Limit*vectorOverfetch, 10000)),
	})
	run := func(name string) searchStep {
		return statementStep(s.vectors.statement(name), params, factResults)
	}
	if path == VectorPathSearch && q.TimeView.IsZero() && s.liveIndexName(s.vectors.factIndex) != "" {
		exact, err := s.factVectorStep(VectorPathExact, q)
		if err != nil {
			return searchStep{}, err
		}
		params["fetch"] = int64(q.Limit * searchFetch)
		if q.Speaker != "" {
			params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
		}
		return s.searchOrExact("facts_vector_search", statementStep(s.vectors.statement("facts_vector_search", s.searchNames(),
			searchFilter("f", "subject_key", q.Conversation != "", q.Speaker != "")), params, factResults), exact), nil
	}
	if q.Conversation != "" {
		return run("facts_vector_exact"), nil
	}
	if path == VectorPathOverfetch {
		return fallbackStep(run("facts_vector_ann"), run("facts_vector_exact_tenant"), q.Limit), nil
	}
	return run("facts_vector_exact_tenant"), nil
}
