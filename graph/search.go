package graph

import (
	"context"
	"sort"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// SearchTurns runs one full-text query over a tenant's turns. The Lucene
// query is built here from escaped terms and opaque scope keys, so user text
// can never change its structure. A query with no searchable terms (only
// punctuation or stop words) returns no results without asking Neo4j.
func (s *Store) SearchTurns(ctx context.Context, q ontology.FullTextQuery) ([]ontology.SearchResult, error) {
	return s.runBuilt(ctx, q, turnTextStep)
}

// runBuilt builds q's step and runs it in a read transaction of its own.
func (s *Store) runBuilt(ctx context.Context, q ontology.FullTextQuery, build func(ontology.FullTextQuery) (searchStep, error)) ([]ontology.SearchResult, error) {
	step, err := build(q)
	if err != nil {
		return nil, err
	}
	return s.runStep(ctx, step)
}

// textStep is the step of a full-text statement with its Lucene query and
// parameters, or noResults when the text had no searchable terms (!ok).
func textStep(stmt, lucene string, params map[string]any, ok bool, rows rowKind) searchStep {
	if !ok {
		return noResults
	}
	params["lucene"] = lucene
	return statementStep(stmt, params, rows)
}

// turnTextStep is SearchTurns' read, for one transaction or several.
func turnTextStep(q ontology.FullTextQuery) (searchStep, error) {
	if q.Window {
		if q.Adjacent != "" {
			return searchStep{}, ontology.Errorf(ontology.EValidation, "a context-window search cannot read adjacent turns")
		}
		lucene, params, ok := turnFieldQuery(q, q.Text, "window")
		return textStep(cypher.Get("turns_search_window"), lucene, params, ok, turnResults), nil
	}
	if q.Adjacent != "" {
		return adjacentTextStep(q)
	}
	lucene, params, ok := turnQuery(q, q.Text)
	return textStep(cypher.Get("turns_search_fulltext"), lucene, params, ok, turnResults), nil
}

// adjacentOverfetch is how many matching turns an adjacent-turn search
// reads per result it needs: some matches have no neighbour in scope.
const adjacentOverfetch = 2

// adjacentPattern is the {{adjacent}} placeholder's value for adjacent:
// the pattern from a match (node) to its neighbour (t). The only text
// placed there comes from this fixed table.
func adjacentPattern(adjacent string) (map[string]string, error) {
	pattern, ok := map[string]string{
		ontology.AdjacentReply:  "(node)-[:NEXT]->(t:Turn)",
		ontology.AdjacentPrompt: "(node)<-[:NEXT]-(t:Turn)",
	}[adjacent]
	if !ok {
		return nil, ontology.Errorf(ontology.EValidation, "unknown adjacent turn %q (want %q or %q)", adjacent, ontology.AdjacentReply, ontology.AdjacentPrompt)
	}
	return map[string]string{"adjacent": pattern}, nil
}

// adjacentTextStep is SearchTurns with q.Adjacent: the Lucene query
// scopes by tenant and conversation and leaves out q.Speaker's own turns
// (the matching turn is another speaker's; without the exclusion the
// speaker's own matches could fill the $fetch hits and leave no
// neighbour), and the statement keeps the neighbours by q.Speaker.
func adjacentTextStep(q ontology.FullTextQuery) (searchStep, error) {
	pattern, err := adjacentPattern(q.Adjacent)
	if err != nil {
		return searchStep{}, err
	}
	stmt := cypher.Fill("turns_search_fulltext_adjacent", pattern)
	speaker := q.Speaker
	q.Speaker = ""
	lucene, params, ok := turnQuery(q, q.Text)
	if !ok {
		return noResults, nil
	}
	if speaker != "" {
		lucene += " -speaker_key:" + speakerKey(q.Tenant, speaker)
	}
	params["lucene"] = lucene
	if speaker != "" {
		params["speaker"] = strings.ToLower(speaker)
	}
	params["fetch"] = params["limit"].(int64) * adjacentOverfetch
	return statementStep(stmt, params, turnResults), nil
}

// SearchTurnsMany runs one full-text query per text, all in q's scope and
// with q's limit, in a single statement (one round trip however many texts),
// and returns one ranking per text, in order. Query expansion uses it.
func (s *Store) SearchTurnsMany(ctx context.Context, q ontology.FullTextQuery, texts []string) ([][]ontology.SearchResult, error) {
	return s.searchMany(ctx, cypher.Get("turns_search_fulltext_many"), texts,
		func(text string) (string, map[string]any, bool) { return turnQuery(q, text) }, turnRecord,
		func(x, y ontology.SearchResult) bool {
			if x.Conversation != y.Conversation {
				return x.Conversation < y.Conversation
			}
			return x.Seq < y.Seq
		})
}

// searchMany runs stmt once for all the texts that have searchable terms:
// build makes each one's Lucene query (the parameters besides it are the
// same for all), rows come back tagged with the text's index i and become
// results, and each text gets its ranking, by score, ties broken by before.
func (s *Store) searchMany(ctx context.Context, stmt string, texts []string,
	build func(string) (string, map[string]any, bool), result func(*neo4j.Record) (ontology.SearchResult, error),
	before func(x, y ontology.SearchResult) bool) ([][]ontology.SearchResult, error) {
	out := make([][]ontology.SearchResult, len(texts))
	var queries []map[string]any
	var params map[string]any
	for i, t := range texts {
		out[i] = []ontology.SearchResult{}
		lucene, p, ok := build(t)
		if ok {
			params = p
			queries = append(queries, map[string]any{"i": int64(i), "lucene": lucene})
		}
	}
	if len(queries) == 0 {
		return out, nil
	}
	params["queries"] = queries
	type tagged struct {
		i int64
		r ontology.SearchResult
	}
	rows, err := readTx(ctx, s, func(tx neo4j.ManagedTransaction) ([]tagged, error) {
		res, err := tx.Run(ctx, stmt, params)
		if err != nil {
			return nil, err
		}
		return neo4j.CollectTWithContext(ctx, res, func(rec *neo4j.Record) (tagged, error) {
			r, err := result(rec)
			return tagged{i: field[int64](rec, "i", &err), r: r}, err
		})
	})
	if err != nil {
		return nil, err
	}
	for _, t := range rows {
		out[t.i] = append(out[t.i], t.r)
	}
	for _, ranking := range out {
		sort.SliceStable(ranking, func(a, b int) bool {
			if ranking[a].Score != ranking[b].Score {
				return ranking[a].Score > ranking[b].Score
			}
			return before(ranking[a], ranking[b])
		})
	}
	return out, nil
}

// turnQuery builds the Lucene query for text in q's scope from escaped
// terms and opaque scope keys, and the parameters that repeat the scope.
// ok is false when text has no searchable terms.
func turnQuery(q ontology.FullTextQuery, text string) (lucene string, params map[string]any, ok bool) {
	return turnFieldQuery(q, text, "text")
}

// turnFieldQuery is turnQuery matching field (text, or window: the turn's
// context window) instead of text.
func turnFieldQuery(q ontology.FullTextQuery, text, field string) (lucene string, params map[string]any, ok bool) {
	terms := queryTerms(text)
	lucene, params, ok = scopedQuery(q, fieldClause(field, terms, q.MatchAll), "speaker")
	// Optional: they only add to the score of turns the required clauses match.
	if pairs := pairClauses(field, terms, q.ProximitySlop, q.ProximityBoost); ok && pairs != "" {
		lucene += " " + pairs
	}
	return lucene, params, ok
}

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

// scopedQuery is the Lucene query and parameters of a full-text search for
// clause (ok is false when it is "": the text had no searchable terms) in
// q's scope: the conversation's key, else the tenant's, and, with
// q.Speaker, its key in the field <who>_key and its lower-cased name as
// the parameter $<who> (speaker for turns, subject for facts).
func scopedQuery(q ontology.FullTextQuery, clause, who string) (lucene string, params map[string]any, ok bool) {
	if clause == "" {
		return "", nil, false
	}
	var conv, speaker any
	if q.Conversation != "" {
		conv = q.Conversation
	}
	clauses := []string{scopeClause(q.Tenant, q.Conversation)}
	if q.Speaker != "" {
		clauses = append(clauses, "+"+who+"_key:"+speakerKey(q.Tenant, q.Speaker))
		speaker = strings.ToLower(q.Speaker)
	}
	limit := int64(searchLimit(q))
	return strings.Join(append(clauses, "+"+clause), " "), q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": conv, who: speaker,
		"fetch": limit, "limit": limit,
	}), true
}

// scopeClause is the Lucene clause keeping a conversation's documents, or
// the tenant's when conversation is "".
func scopeClause(tenant, conversation string) string {
	if conversation != "" {
		return "+conversation_key:" + conversationKey(tenant, conversation)
	}
	return "+tenant_key:" + tenantKey(tenant)
}

// searchLimit is q.Limit, or ontology.DefaultSearchLimit when it is unset.
func searchLimit(q ontology.FullTextQuery) int {
	if q.Limit <= 0 {
		return ontology.DefaultSearchLimit
	}
	return q.Limit
}

// Neighbours returns, for each given turn, the turns right before and after
// it in its conversation (those view keeps), keyed by "conversation\x1fid"
// of the given turn.
func (s *Store) Neighbours(ctx context.Context, tenant string, refs []ontology.TurnRef, view ontology.TimeView) (map[string][]ontology.SearchResult, error) {
	ids := make([]map[string]any, len(refs))
	for i, r := range refs {
		ids[i] = map[string]any{"uid": turnUID(tenant, r.Conversation, r.ID)}
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) (map[string][]ontology.SearchResult, error) {
		res, err := tx.Run(ctx, cypher.Get("turns_neighbours"), view.Params(map[string]any{"tenant": tenant, "ids": ids}))
		if err != nil {
			return nil, err
		}
		m := map[string][]ontology.SearchResult{}
		for res.Next(ctx) {
			rec := res.Record()
			tr, err := turnRecord(rec)
			key := tr.Conversation + "\x1f" + field[string](rec, "of", &err)
			if err != nil {
				return nil, err
			}
			m[key] = append(m[key], tr)
		}
		return m, res.Err()
	})
}

// TurnBursts returns, for each of refs that belongs to a burst, its
// burst's key, keyed by conversation and turn id joined by "\x1f" (the
// key query's fusion uses). Turns sent alone, and turns of conversations
// stored before bursts existed, are absent.
func (s *Store) TurnBursts(ctx context.Context, tenant string, refs []ontology.TurnRef) (map[string]string, error) {
	if len(refs) == 0 {
		return map[string]string{}, nil
	}
	uids := make([]string, len(refs))
	for i, r := range refs {
		uids[i] = turnUID(tenant, r.Conversation, r.ID)
	}
	return readStatement(ctx, s, cypher.Get("turns_bursts"), map[string]any{"tenant": tenant, "uids": uids}, turnBurstsOf)
}

// turnBurstsOf reads turns_bursts' rows into TurnBursts' map.
func turnBurstsOf(ctx context.Context, res neo4j.ResultWithContext) (map[string]string, error) {
	m := map[string]string{}
	for res.Next(ctx) {
		rec := res.Record()
		var err error
		conv := field[string](rec, "conversation", &err)
		id := field[string](rec, "id", &err)
		burst := field[string](rec, "burst", &err)
		if err != nil {
			return nil, err
		}
		m[conv+"\x1f"+id] = burst
	}
	return m, res.Err()
}
