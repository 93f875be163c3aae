package graph

import (
	"context"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// BurstTail returns the conversation's last retrieval unit, oldest turn
// first: the members of the burst holding its last turn, or that turn
// alone. A new batch may continue it (plan.Bursts). An unknown or empty
// conversation has none.
func (s *Store) BurstTail(ctx context.Context, tenant, conversation string) ([]ontology.Turn, error) {
	return s.readTail(ctx, cypher.Get("bursts_tail"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation),
	})
}

// readTail runs a bursts_tail statement, which returns at most one row
// holding the tail's turns, and returns those turns in the row's order.
func (s *Store) readTail(ctx context.Context, stmt string, params map[string]any) ([]ontology.Turn, error) {
	type tailRow struct {
		Turns []turnRow
	}
	rows, err := queryRows[tailRow](ctx, s, stmt, params)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	out := make([]ontology.Turn, 0, len(rows[0].Turns))
	for _, r := range rows[0].Turns {
		out = append(out, r.turn())
	}
	return out, nil
}

func burstUID(tenant, conversation, firstTurnID string) string {
	return uid("burst", tenant, conversation, firstTurnID)
}

// writeBursts writes the batch's bursts after its turns, in the same
// transaction. A burst may only hold turns this batch created and, when
// the conversation still ends where ingest read it (lastUID is the uid of
// the tail's last turn), the turns of that tail: a batch that raced
// another one of the same conversation keeps the bursts of its own turns
// and leaves a burst across the two unbuilt rather than build a wrong one.
func (s *Store) writeBursts(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string, batch ontology.TurnBatch, created map[string]bool, lastUID any) error {
	rows := burstRows(tenant, conversation, batch, created, lastUID)
	if len(rows) == 0 {
		return nil
	}
	var prop any
	if s.vectors != nil {
		prop = s.vectors.property
	}
	res, err := tx.Run(ctx, cypher.Get("bursts_write"), map[string]any{
		"tenant": tenant, "conversation": conversation, "writes": map[string]any{"bursts": rows}, "vector_property": prop,
	})
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// burstRows are the $bursts rows of bursts_write for the batch's bursts
// that writeBursts's rule allows.
func burstRows(tenant, conversation string, batch ontology.TurnBatch, created map[string]bool, lastUID any) []map[string]any {
	rows := []map[string]any{}
	if len(batch.Bursts) == 0 {
		return rows
	}
	allowed := map[string]bool{}
	for id := range created {
		allowed[id] = true
	}
	if n := len(batch.BurstTail); n > 0 && lastUID == turnUID(tenant, conversation, batch.BurstTail[n-1]) {
		for _, id := range batch.BurstTail {
			allowed[id] = true
		}
	}
	for i, b := range batch.Bursts {
		ok := len(b.TurnIDs) > 1
		members := make([]string, len(b.TurnIDs))
		for j, id := range b.TurnIDs {
			ok = ok && allowed[id]
			members[j] = turnUID(tenant, conversation, id)
		}
		if !ok {
			continue
		}
		row := map[string]any{
			"uid": burstUID(tenant, conversation, b.ID), "id": b.ID, "session": b.Session, "speaker": b.Speaker,
			"text": b.Text, "turn_ids": b.TurnIDs, "member_uids": members, "first": nil, "last": nil, "vector": nil,
			"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
			"speaker_key": speakerKey(tenant, b.Speaker),
		}
		if b.First != nil {
			row["first"] = b.First.UTC()
		}
		if b.Last != nil {
			row["last"] = b.Last.UTC()
		}
		if batch.BurstVectors != nil {
			row["vector"] = batch.BurstVectors[i]
		}
		rows = append(rows, row)
	}
	return rows
}

// SearchBursts runs one full-text query over a tenant's bursts, scoped
// like SearchTurns. With q.Adjacent it ranks instead the units next to the
// other speakers' matching bursts (burstsAdjacent).
func (s *Store) SearchBursts(ctx context.Context, q ontology.FullTextQuery) ([]ontology.SearchResult, error) {
	return s.runBuilt(ctx, q, burstTextStep)
}

// burstTextStep is SearchBursts' read, for one transaction or several.
func burstTextStep(q ontology.FullTextQuery) (searchStep, error) {
	speaker := q.Speaker
	if q.Adjacent != "" {
		q.Speaker = ""
	}
	lucene, params, ok := turnQuery(q, q.Text)
	if !ok {
		return noResults, nil
	}
	params["lucene"] = lucene
	params["not_speaker"] = nil
	if q.Adjacent != "" {
		if speaker != "" {
			params["not_speaker"] = strings.ToLower(speaker)
		}
		params["fetch"] = params["limit"].(int64) * adjacentOverfetch
		params["limit"] = params["fetch"]
	}
	matches := statementStep(cypher.Get("bursts_search_fulltext"), params, unitResults)
	if q.Adjacent == "" {
		return matches, nil
	}
	return burstsAdjacent(q, speaker, matches)
}

// SearchBurstVectors returns the bursts nearest to vector by cosine
// similarity (an exact scan: bursts are far fewer than turns), scoped like
// SearchTurnVectors; with q.Adjacent, the units next to the other
// speakers' nearest bursts.
func (s *Store) SearchBurstVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error) {
	step, err := s.burstVectorStep(q)
	if err != nil {
		return nil, err
	}
	return s.runStep(ctx, step)
}

// burstVectorStep is SearchBurstVectors' read, for one transaction or
// several.
func (s *Store) burstVectorStep(q ontology.VectorQuery) (searchStep, error) {
	if err := s.checkQueryVector(q); err != nil {
		return searchStep{}, err
	}
	var speaker, notSpeaker, conv any
	limit := int64(q.Limit)
	if q.Speaker != "" {
		speaker = strings.ToLower(q.Speaker)
	}
	if q.Adjacent != "" {
		speaker, notSpeaker = nil, nil
		if q.Speaker != "" {
			notSpeaker = strings.ToLower(q.Speaker)
		}
		limit *= adjacentOverfetch
	}
	if q.Conversation != "" {
		conv = q.Conversation
	}
	params := q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": conv, "speaker": speaker, "not_speaker": notSpeaker,
		"vector": q.Vector, "limit": limit,
	})
	name := "bursts_vector_exact"
	if q.Conversation == "" {
		name = "bursts_vector_exact_tenant"
	}
	matches := statementStep(s.vectors.statement(name), params, unitResults)
	if q.Adjacent == "" {
		return matches, nil
	}
	return burstsAdjacent(ontology.FullTextQuery{Tenant: q.Tenant, Limit: q.Limit, Adjacent: q.Adjacent, TimeView: q.TimeView}, q.Speaker, matches)
}

// burstsAdjacent is the step that runs matches and maps the bursts it
// finds to their neighbouring units (see bursts_adjacent.cypher), in the
// same transaction, with no second statement when it found none: the reply or prompt by another speaker (speaker, when
// set), a burst or a lone turn.
func burstsAdjacent(q ontology.FullTextQuery, speaker string, matches searchStep) (searchStep, error) {
	pattern, ok := map[string]string{
		ontology.AdjacentReply:  "(:Turn {uid: node.last_uid})-[:NEXT]->(t:Turn)",
		ontology.AdjacentPrompt: "(t:Turn)-[:NEXT]->(:Turn {uid: node.first_uid})",
	}[q.Adjacent]
	if !ok {
		return searchStep{}, ontology.Errorf(ontology.EValidation, "unknown adjacent turn %q (want %q or %q)", q.Adjacent, ontology.AdjacentReply, ontology.AdjacentPrompt)
	}
	var sp any
	if speaker != "" {
		sp = strings.ToLower(speaker)
	}
	stmt := cypher.Fill("bursts_adjacent", map[string]string{"adjacent": pattern})
	units := func(ctx context.Context, tx neo4j.ManagedTransaction, found []ontology.SearchResult) ([]ontology.SearchResult, error) {
		if len(found) == 0 {
			return found, nil
		}
		ms := make([]map[string]any, len(found))
		for i, m := range found {
			ms[i] = map[string]any{"uid": burstUID(q.Tenant, m.Conversation, m.ID), "score": m.Score}
		}
		return statementStep(stmt, q.TimeView.Params(map[string]any{
			"tenant": q.Tenant, "matches": ms, "speaker": sp, "limit": int64(searchLimit(q)),
		}), unitResults).run(ctx, tx)
	}
	// The matches may run as a branch of a combined statement (one), the
	// units after it (then).
	return searchStep{one: matches.one, then: units, run: func(ctx context.Context, tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		found, err := matches.run(ctx, tx)
		if err != nil {
			return nil, err
		}
		return units(ctx, tx, found)
	}}, nil
}

// unitRecord decodes a row of a burst channel (bursts_search_fulltext,
// bursts_vector_exact, bursts_adjacent): a turn row (turnRecord) with its
// kind and, for a burst, its members.
func unitRecord(rec *neo4j.Record) (ontology.SearchResult, error) {
	res, err := turnRecord(rec)
	if field[string](rec, "kind", &err) == ontology.KindBurst {
		res.Kind = ontology.KindBurst
		res.SourceTurnIDs = listField[string](rec, "members", &err)
	}
	return res, err
}
