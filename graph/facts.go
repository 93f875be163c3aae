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
	lucene, params, ok := factQuery(q, q.Text)
	if !ok {
		return []ontology.SearchResult{}, nil
	}
	params["lucene"] = lucene
	return s.readFacts(ctx, cypher.Get("facts_search_fulltext"), params)
}

// SearchFactsMany is SearchFacts for several texts in one scope, in one
// statement; it returns one ranking per text, in order.
func (s *Store) SearchFactsMany(ctx context.Context, q ontology.FullTextQuery, texts []string) ([][]ontology.SearchResult, error) {
	return s.searchMany(ctx, cypher.Get("facts_search_fulltext_many"), texts,
		func(text string) (string, map[string]any, bool) { return factQuery(q, text) }, factResult,
		func(x, y ontology.SearchResult) bool { return x.ID < y.ID })
}

// factQuery builds the Lucene query over fact statements for text in q's
// scope, like turnQuery; q.Speaker scopes to facts about that speaker.
func factQuery(q ontology.FullTextQuery, text string) (lucene string, params map[string]any, ok bool) {
	clause := fieldClause("statement", queryTerms(text), q.MatchAll)
	if clause == "" {
		return "", nil, false
	}
	var conv, subject any
	scope := "+tenant_key:" + tenantKey(q.Tenant)
	if q.Conversation != "" {
		scope = "+conversation_key:" + conversationKey(q.Tenant, q.Conversation)
		conv = q.Conversation
	}
	clauses := []string{scope}
	if q.Speaker != "" {
		clauses = append(clauses, "+subject_key:"+speakerKey(q.Tenant, q.Speaker))
		subject = strings.ToLower(q.Speaker)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = ontology.DefaultSearchLimit
	}
	return strings.Join(append(clauses, "+"+clause), " "), q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": conv, "subject": subject,
		"fetch": int64(limit), "limit": int64(limit),
	}), true
}

// SearchFactVectors returns the facts nearest to q.Vector on the store's
// vector path, as SearchTurnVectors does for turns: in-index filtered
// SEARCH (time views scan exactly), or an exact scan within a
// conversation and an index over-fetch with an exact fallback across a
// tenant (5.26), or exact scans everywhere.
func (s *Store) SearchFactVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error) {
	if s.vectors == nil {
		return nil, ontology.Errorf(ontology.EValidation, "vector search needs an embedder; this server runs with LOCI_EMBEDDER=none")
	}
	if q.EmbedderID != s.vectors.embedder || len(q.Vector) != s.vectors.dimensions {
		return nil, ontology.Errorf(ontology.EInternal, "query vector from %q does not match stored vectors of %q", q.EmbedderID, s.vectors.embedder)
	}
	path, err := s.VectorPath(ctx)
	if err != nil {
		return nil, err
	}
	var subject any
	if q.Speaker != "" {
		subject = strings.ToLower(q.Speaker)
	}
	params := q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": q.Conversation, "subject": subject, "vector": q.Vector,
		"index": s.vectors.factIndex, "limit": int64(q.Limit), "fetch": int64(min(q.Limit*vectorOverfetch, 10000)),
	})
	if path == VectorPathSearch && q.TimeView.IsZero() {
		params["fetch"] = int64(q.Limit * searchFetch)
		if q.Speaker != "" {
			params["speaker_key"] = speakerKey(q.Tenant, q.Speaker)
		}
		return s.readFacts(ctx, s.vectors.searchStatement("facts_vector_search", "f", "subject_key", q.Conversation != "", q.Speaker != ""), params)
	}
	if q.Conversation != "" {
		return s.readFacts(ctx, s.vectors.statement("facts_vector_exact"), params)
	}
	if path == VectorPathOverfetch {
		res, err := s.readFacts(ctx, s.vectors.statement("facts_vector_ann"), params)
		if err != nil || len(res) >= q.Limit {
			return res, err
		}
	}
	return s.readFacts(ctx, s.vectors.statement("facts_vector_exact_tenant"), params)
}

// readFacts runs a statement whose rows are facts and returns them as
// search results of kind "fact".
func (s *Store) readFacts(ctx context.Context, stmt string, params map[string]any) ([]ontology.SearchResult, error) {
	rows, err := s.rows(ctx, stmt, params)
	if err != nil {
		return nil, err
	}
	rs := make([]ontology.SearchResult, 0, len(rows))
	for _, m := range rows {
		rs = append(rs, factResult(m))
	}
	return rs, nil
}

func factResult(m map[string]any) ontology.SearchResult {
	return ontology.SearchResult{Kind: ontology.KindFact, ID: str(m["uid"]),
		Conversation: str(m["conversation"]), Session: str(m["session"]), Speaker: str(m["subject"]),
		Text: str(m["statement"]), Timestamp: timePtr(m["valid_from"]), Score: num(m["score"]),
		SourceTurnIDs: strings1(m["source_turn_ids"]), Extractor: str(m["extractor"])}
}
