package graph

import (
	"context"
	"strings"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// SearchFacts runs one full-text query over a tenant's facts. q.Speaker
// scopes to facts whose subject is that speaker. Like SearchTurns, the
// Lucene query is built from escaped terms and opaque scope keys.
func (s *Store) SearchFacts(ctx context.Context, q ontology.FullTextQuery) ([]ontology.SearchResult, error) {
	return s.runBuilt(ctx, q, factTextStep)
}

// factTextStep is SearchFacts' read, for one transaction or several.
func factTextStep(q ontology.FullTextQuery) (searchStep, error) {
	lucene, params, ok := factQuery(q, q.Text)
	return textStep(cypher.Get("facts_search_fulltext"), lucene, params, ok, factResults), nil
}

// SearchFactsMany is SearchFacts for several texts in one scope, in one
// statement; it returns one ranking per text, in order.
func (s *Store) SearchFactsMany(ctx context.Context, q ontology.FullTextQuery, texts []string) ([][]ontology.SearchResult, error) {
	return s.searchMany(ctx, cypher.Get("facts_search_fulltext_many"), texts,
		func(text string) (string, map[string]any, bool) { return factQuery(q, text) }, factRecord,
		func(x, y ontology.SearchResult) bool { return x.ID < y.ID })
}

// factQuery builds the Lucene query over fact statements for text in q's
// scope, like turnQuery; q.Speaker scopes to facts about that speaker.
func factQuery(q ontology.FullTextQuery, text string) (lucene string, params map[string]any, ok bool) {
	return scopedQuery(q, fieldClause("statement", queryTerms(text), q.MatchAll), "subject")
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
	if path == VectorPathSearch && q.TimeView.IsZero() {
		exact, err := s.factVectorStep(VectorPathExact, q)
		if err != nil {
			return searchStep{}, err
		}
		params["fetch"] = int64(q.Limit * searchFetch)
		if q.Speaker != "" {
			params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
		}
		return s.searchOrExact("facts_vector_search", statementStep(s.vectors.statement("facts_vector_search",
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
