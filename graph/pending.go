package graph

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Asynchronous ingest (extract.Enricher) writes a batch in two
// transactions: AddPendingTurns stores the turns, their NEXT chain and the
// full-text entries, and marks them pending; EnrichBatch later adds their
// vectors, bursts, speaker aliases and knowledge and clears the mark. The
// mark is in Neo4j (enrich_batch on each turn, enrich_pending and
// enrich_from on the conversation), so acknowledged work survives a crash.

// AddPendingTurns stores a validated batch's new turns in one write
// transaction, without vectors or knowledge, marked pending enrichment, and
// returns the seq of the first new turn (the batch's key for EnrichBatch;
// -1 when every turn was stored already). Existing turns are reported as by
// AddBatch, and one with a different speaker or text is an EConflict.
func (s *Store) AddPendingTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, int64, error) {
	convUID := conversationUID(tenant, conversation)
	uids := make([]string, len(turns))
	for i, t := range turns {
		uids[i] = turnUID(tenant, conversation, t.ID)
	}
	type out struct {
		res ontology.IngestResult
		seq int64
	}
	got, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (out, error) {
		prep, err := prepareTurns(ctx, tx, tenant, conversation, convUID, uids, nil, false)
		if err != nil {
			return out{}, err
		}
		first := prep.nextSeq
		result := ontology.IngestResult{ExistingIDs: []string{}}
		p := newBatchPlan(tenant, conversation, prep)
		for i, t := range turns {
			stored, err := prep.stored(i, t)
			if err != nil {
				return out{}, err
			}
			if stored {
				result.ExistingIDs = append(result.ExistingIDs, t.ID)
				continue
			}
			if err := p.add(t, uids[i], nil); err != nil {
				return out{}, err
			}
		}
		result.Existing = len(result.ExistingIDs)
		result.Created = len(p.turns)
		if result.Created == 0 {
			return out{result, -1}, nil
		}
		for _, t := range p.turns {
			t["props"].(map[string]any)["enrich_batch"] = first
		}
		params := p.params(convUID)
		params["vector_property"] = nil
		if err := runStatement(ctx, tx, cypher.Fill("turns_create", map[string]string{"after": ""}), params); err != nil {
			return out{}, err
		}
		if err := runStatement(ctx, tx, cypher.Get("enrich_mark"), map[string]any{
			"tenant": tenant, "conversation_uid": convUID, "created": int64(result.Created), "batch": first,
		}); err != nil {
			return out{}, err
		}
		return out{result, first}, nil
	})
	if err != nil {
		return ontology.IngestResult{}, -1, err
	}
	return got.res, got.seq, nil
}

// runStatement runs one statement in tx and discards its records.
func runStatement(ctx context.Context, tx neo4j.ManagedTransaction, stmt string, params map[string]any) error {
	res, err := tx.Run(ctx, stmt, params)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// PendingConversations lists every conversation, of any tenant, with turns
// waiting for enrichment whose last pending batch was acknowledged before
// before: the enrichment workers' work after a restart, or left by another
// process that stopped.
func (s *Store) PendingConversations(ctx context.Context, before time.Time) ([]ontology.PendingConversation, error) {
	type pendingRow struct {
		Tenant, Conversation string
		Pending              int64
	}
	rows, err := queryRows[pendingRow](ctx, s, cypher.Get("enrich_pending_conversations"), map[string]any{"before": before.UTC()})
	if err != nil {
		return nil, err
	}
	out := make([]ontology.PendingConversation, 0, len(rows))
	for _, r := range rows {
		out = append(out, ontology.PendingConversation{Tenant: r.Tenant, Conversation: r.Conversation, Turns: r.Pending})
	}
	return out, nil
}

// PendingBatches returns the conversation's batches waiting for
// enrichment, oldest first, holding at most limit turns in all (a batch
// cut by the limit is left out unless it is the first).
func (s *Store) PendingBatches(ctx context.Context, tenant, conversation string, limit int) ([]ontology.PendingBatch, error) {
	type batchRow struct {
		ID, Session, Speaker, Text, Metadata string
		Seq, Batch                           int64
		Timestamp                            *time.Time
	}
	rows, err := queryRows[batchRow](ctx, s, cypher.Get("enrich_pending_batches"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "limit": int64(limit),
	})
	if err != nil {
		return nil, err
	}
	var out []ontology.PendingBatch
	for _, r := range rows {
		t := turnRow{ID: r.ID, Session: r.Session, Speaker: r.Speaker, Text: r.Text, Seq: r.Seq, Timestamp: r.Timestamp}.turn()
		if r.Metadata != "" {
			_ = json.Unmarshal([]byte(r.Metadata), &t.Metadata) // stored by AddPendingTurns from a map
		}
		if n := len(out); n == 0 || out[n-1].Seq != r.Batch {
			out = append(out, ontology.PendingBatch{Seq: r.Batch})
		}
		out[len(out)-1].Turns = append(out[len(out)-1].Turns, t)
	}
	if len(rows) == limit && len(out) > 1 {
		out = out[:len(out)-1] // possibly cut: read again next time
	}
	return out, nil
}

// TurnsBefore returns up to limit turns of the conversation stored just
// before seq, oldest first: an enrichment's extraction context.
func (s *Store) TurnsBefore(ctx context.Context, tenant, conversation string, seq int64, limit int) ([]ontology.Turn, error) {
	rows, err := queryRows[turnRow](ctx, s, cypher.Get("turns_before"), map[string]any{
		"tenant": tenant, "conversation": conversation, "before": seq, "limit": int64(limit),
	})
	if err != nil {
		return nil, err
	}
	return oldestFirst(rows), nil // the statement returns newest first
}

// BurstTailBefore is BurstTail for an enrichment: the retrieval unit
// holding the turn just before seq, which the batch starting at seq may
// continue.
func (s *Store) BurstTailBefore(ctx context.Context, tenant, conversation string, seq int64) ([]ontology.Turn, error) {
	return s.readTail(ctx, cypher.Get("bursts_tail_before"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "before": seq,
	})
}

// EnrichBatch writes what enrichment drew from the pending batch keyed seq
// (batch.Turns are its turns, batch.Vectors theirs) in one write
// transaction: turn vectors, bursts, learned speaker aliases and knowledge,
// then clears the batch's pending mark. It is idempotent: a batch enriched
// already (by another worker, or before a restart) writes nothing and
// returns Created 0. Only turns still pending are enriched; the
// conversation's lock is held throughout, as for AddBatch.
func (s *Store) EnrichBatch(ctx context.Context, tenant, conversation string, seq int64, batch ontology.TurnBatch) (ontology.IngestResult, error) {
	turns := batch.Turns
	if err := s.checkBatchVectors(batch); err != nil {
		return ontology.IngestResult{}, err
	}
	convUID := conversationUID(tenant, conversation)
	type claimRow struct {
		Pending []string
		PrevUID *string
	}
	return writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (ontology.IngestResult, error) {
		claims, err := runRows[claimRow](ctx, tx, cypher.Get("enrich_claim"), map[string]any{
			"tenant": tenant, "conversation_uid": convUID, "batch": seq, "count": int64(len(turns)),
		})
		if err != nil {
			return ontology.IngestResult{}, err
		}
		result := ontology.IngestResult{ExistingIDs: []string{}}
		claim, ok := first(claims)
		if !ok {
			return result, nil // conversation deleted meanwhile
		}
		var prevUID any // the turn before the batch, or nil
		if claim.PrevUID != nil {
			prevUID = *claim.PrevUID
		}
		pending := make(map[string]bool, len(claim.Pending))
		for _, id := range claim.Pending {
			pending[id] = true
		}
		if len(pending) == 0 {
			return result, nil // enriched already
		}
		var fresh []ontology.Turn
		var uids []string
		var vecRows []map[string]any
		speakers := map[string]bool{}
		for i, t := range turns {
			if !pending[t.ID] {
				continue
			}
			uid := turnUID(tenant, conversation, t.ID)
			fresh = append(fresh, t)
			uids = append(uids, uid)
			speakers[t.Speaker] = true
			if batch.Vectors != nil {
				vecRows = append(vecRows, map[string]any{"uid": uid, "vector": batch.Vectors[i]})
			}
		}
		if len(vecRows) > 0 && s.vectors != nil {
			if err := runStatement(ctx, tx, cypher.Get("enrich_vectors"), map[string]any{
				"tenant": tenant, "rows": vecRows, "vector_property": s.vectors.property,
			}); err != nil {
				return ontology.IngestResult{}, err
			}
		}
		if err := s.writeBursts(ctx, tx, tenant, conversation, batch, pending, prevUID); err != nil {
			return ontology.IngestResult{}, err
		}
		if err := writeSpeakerAliases(ctx, tx, tenant, conversation, pending, batch.SpeakerAliases); err != nil {
			return ontology.IngestResult{}, err
		}
		if err := writeOwnGroup(ctx, tx, tenant, convUID, batch.Knowledge); err != nil {
			return ontology.IngestResult{}, err
		}
		if s.knowledgeEnabled(batch) {
			names := slices.Sorted(maps.Keys(speakers))
			rep, err := s.writeKnowledge(ctx, tx, tenant, conversation, fresh, names, batch)
			if err != nil {
				return ontology.IngestResult{}, err
			}
			result.Knowledge = rep
		}
		next := seq + int64(len(turns))
		if len(fresh) > 0 && fresh[len(fresh)-1].Seq >= next {
			next = fresh[len(fresh)-1].Seq + 1
		}
		if err := runStatement(ctx, tx, cypher.Get("enrich_done"), map[string]any{
			"tenant": tenant, "conversation_uid": convUID, "turn_uids": uids, "next": next,
		}); err != nil {
			return ontology.IngestResult{}, err
		}
		result.Created = len(fresh)
		return result, nil
	})
}
