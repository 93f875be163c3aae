package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// AddTurns stores turns and their vectors (nil or one per turn) without
// knowledge: AddBatch with only those.
func (s *Store) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn, vectors [][]float32) (ontology.IngestResult, error) {
	return s.AddBatch(ctx, tenant, conversation, ontology.TurnBatch{Turns: turns, Vectors: vectors})
}

// AddBatch stores a validated batch in one write transaction, whatever the
// batch size: the first statement locks the conversation and reports which
// turns exist, the second writes the new ones with UNWIND, and, when the
// batch carries knowledge, one more reads what the planner needs and the
// planner's writes follow, one UNWIND statement per kind (writeKnowledge).
// Either everything
// new is committed or nothing. Vectors are committed in the same
// transaction: a turn is never acknowledged without its vector.
func (s *Store) AddBatch(ctx context.Context, tenant, conversation string, batch ontology.TurnBatch) (ontology.IngestResult, error) {
	turns, vectors := batch.Turns, batch.Vectors
	if err := s.checkVectors(vectors, len(turns), "turns"); err != nil {
		return ontology.IngestResult{}, err
	}
	if err := s.checkVectors(batch.BurstVectors, len(batch.Bursts), "bursts"); err != nil {
		return ontology.IngestResult{}, err
	}
	if err := s.checkVectors(batch.FactVectors, len(batch.Knowledge.Facts), "facts"); err != nil {
		return ontology.IngestResult{}, err
	}
	if err := s.checkVectors(batch.EventVectors, len(batch.Knowledge.Events), "events"); err != nil {
		return ontology.IngestResult{}, err
	}
	convUID := conversationUID(tenant, conversation)
	uids := make([]string, len(turns))
	for i, t := range turns {
		uids[i] = turnUID(tenant, conversation, t.ID)
	}
	out, err := s.write(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("turns_prepare"), map[string]any{
			"tenant": tenant, "conversation": conversation, "conversation_uid": convUID, "turn_uids": uids,
		})
		if err != nil {
			return nil, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return nil, err
		}
		nextSeq, _ := rec.Get("next_seq")
		lastUID, _ := rec.Get("last_uid")
		existingRaw, _ := rec.Get("existing")

		existing := map[string]map[string]any{}
		for _, e := range existingRaw.([]any) {
			m := e.(map[string]any)
			existing[m["id"].(string)] = m
		}
		result := ontology.IngestResult{ExistingIDs: []string{}}
		plan := newBatchPlan(tenant, conversation, nextSeq.(int64), lastUID)
		var fresh []ontology.Turn // the turns this batch creates
		for i, t := range turns {
			if old, ok := existing[t.ID]; ok {
				if old["speaker"] != t.Speaker || old["text"] != t.Text {
					return nil, ontology.Errorf(ontology.EConflict,
						"turn %d (id %q) is already stored with a different speaker or text; turn ids are immutable", i, t.ID).
						WithDetail("turn_index", i).WithDetail("turn_id", t.ID)
				}
				result.ExistingIDs = append(result.ExistingIDs, t.ID)
				continue
			}
			var vec []float32
			if vectors != nil {
				vec = vectors[i]
			}
			if err := plan.add(t, uids[i], vec); err != nil {
				return nil, err
			}
			fresh = append(fresh, t)
		}
		result.Existing = len(result.ExistingIDs)
		result.Created = len(plan.turns)
		if result.Created == 0 {
			if s.knowledgeEnabled(batch) {
				result.Knowledge = &ontology.KnowledgeReport{Decisions: map[ontology.MergeAction]int{}}
			}
			return result, nil
		}
		params := plan.params(convUID)
		params["vector_property"] = nil
		if s.vectors != nil {
			params["vector_property"] = s.vectors.property
		}
		res, err = tx.Run(ctx, cypher.Get("turns_create"), params)
		if err != nil {
			return nil, err
		}
		if _, err := res.Consume(ctx); err != nil {
			return nil, err
		}
		created := map[string]bool{}
		for _, t := range plan.turns {
			created[t["props"].(map[string]any)["id"].(string)] = true
		}
		if err := s.writeBursts(ctx, tx, tenant, conversation, batch, created, lastUID); err != nil {
			return nil, err
		}
		if err := writeSpeakerAliases(ctx, tx, tenant, conversation, created, batch.SpeakerAliases); err != nil {
			return nil, err
		}
		if s.knowledgeEnabled(batch) {
			rep, err := s.writeKnowledge(ctx, tx, tenant, conversation, fresh, plan.speakerNames(), batch)
			if err != nil {
				return nil, err
			}
			result.Knowledge = rep
		}
		return result, nil
	})
	if err != nil {
		return ontology.IngestResult{}, err
	}
	return out.(ontology.IngestResult), nil
}

// checkVectors checks that vectors is nil or holds n vectors of the
// store's embedder dimension.
func (s *Store) checkVectors(vectors [][]float32, n int, what string) error {
	if vectors == nil {
		return nil
	}
	if s.vectors == nil {
		return ontology.Errorf(ontology.EInternal, "vectors given for %s but the store has no embedder configured", what)
	}
	if len(vectors) != n {
		return ontology.Errorf(ontology.EInternal, "%d vectors for %d %s", len(vectors), n, what)
	}
	for i, v := range vectors {
		if len(v) != s.vectors.dimensions {
			return ontology.Errorf(ontology.EInternal, "vector %d of %s has %d dimensions, want %d", i, what, len(v), s.vectors.dimensions)
		}
	}
	return nil
}

// batchPlan collects the parameters of turns_create for the new turns of a
// batch: their properties and sequence numbers, the sessions and speakers
// they need, and the NEXT links that continue the conversation's chain.
type batchPlan struct {
	tenant, conversation string
	seq                  int64
	prevUID              any // uid of the conversation's last turn, or nil
	turns                []map[string]any
	links                []map[string]any
	sessions             map[string]map[string]any
	sessionOrder         []string
	speakers             map[string]map[string]any
}

func newBatchPlan(tenant, conversation string, nextSeq int64, lastUID any) *batchPlan {
	return &batchPlan{
		tenant: tenant, conversation: conversation, seq: nextSeq, prevUID: lastUID,
		sessions: map[string]map[string]any{}, speakers: map[string]map[string]any{},
	}
}

// speakerNames lists the speakers of the batch's new turns.
func (p *batchPlan) speakerNames() []string {
	out := make([]string, 0, len(p.speakers))
	for _, sp := range p.speakers {
		out = append(out, sp["name"].(string))
	}
	sort.Strings(out)
	return out
}

func (p *batchPlan) add(t ontology.Turn, uid string, vector []float32) error {
	sesUID := sessionUID(p.tenant, p.conversation, t.Session)
	spkUID := speakerUID(p.tenant, p.conversation, t.Speaker)
	var ts any
	if t.Timestamp != nil {
		ts = t.Timestamp.UTC()
	}
	if s, ok := p.sessions[sesUID]; !ok {
		p.sessions[sesUID] = map[string]any{"uid": sesUID, "id": t.Session, "started_at": ts}
		p.sessionOrder = append(p.sessionOrder, sesUID)
	} else if ts != nil && (s["started_at"] == nil || ts.(time.Time).Before(s["started_at"].(time.Time))) {
		s["started_at"] = ts
	}
	if _, ok := p.speakers[spkUID]; !ok {
		p.speakers[spkUID] = map[string]any{"uid": spkUID, "name": t.Speaker}
	}
	props := map[string]any{
		"uid": uid, "tenant": p.tenant, "conversation": p.conversation, "id": t.ID,
		"session": t.Session, "speaker": t.Speaker, "text": t.Text, "seq": p.seq,
		"timestamp":        ts,
		"tenant_key":       tenantKey(p.tenant),
		"conversation_key": conversationKey(p.tenant, p.conversation),
		"speaker_key":      speakerKey(p.tenant, t.Speaker),
	}
	if len(t.Metadata) > 0 {
		b, err := json.Marshal(t.Metadata)
		if err != nil {
			return ontology.Errorf(ontology.EValidation, "turn %q: metadata cannot be stored: %v", t.ID, err)
		}
		props["metadata"] = string(b) // Neo4j properties cannot hold maps
	}
	entry := map[string]any{"props": props, "session_uid": sesUID, "speaker_uid": spkUID, "vector": nil}
	if vector != nil {
		entry["vector"] = vector
	}
	p.turns = append(p.turns, entry)
	if p.prevUID != nil {
		p.links = append(p.links, map[string]any{"from": p.prevUID, "to": uid})
	}
	p.prevUID = uid
	p.seq++
	return nil
}

func (p *batchPlan) params(convUID string) map[string]any {
	sessions := make([]map[string]any, 0, len(p.sessionOrder))
	for _, u := range p.sessionOrder {
		sessions = append(sessions, p.sessions[u])
	}
	speakers := make([]map[string]any, 0, len(p.speakers))
	for _, s := range p.speakers {
		speakers = append(speakers, s)
	}
	return map[string]any{
		"tenant": p.tenant, "conversation_uid": convUID,
		"sessions": sessions, "speakers": speakers, "turns": p.turns, "links": p.links,
		"next_seq": p.seq, "created": int64(len(p.turns)),
	}
}

// Conversation returns the summary of one conversation of tenant.
func (s *Store) Conversation(ctx context.Context, tenant, id string) (ontology.Conversation, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("conversation_get"), map[string]any{
			"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
		})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id)
		}
		r := recs[0].AsMap()
		c := ontology.Conversation{
			ID: r["id"].(string), TurnCount: r["turn_count"].(int64),
			CreatedAt: asTime(r["created_at"]), UpdatedAt: asTime(r["updated_at"]),
			Sessions: []ontology.SessionSummary{}, Speakers: []ontology.SpeakerSummary{},
		}
		for _, x := range r["sessions"].([]any) {
			m := x.(map[string]any)
			ss := ontology.SessionSummary{ID: m["id"].(string), TurnCount: m["turn_count"].(int64)}
			if m["started_at"] != nil {
				t := asTime(m["started_at"])
				ss.StartedAt = &t
			}
			c.Sessions = append(c.Sessions, ss)
		}
		for _, x := range r["speakers"].([]any) {
			m := x.(map[string]any)
			c.Speakers = append(c.Speakers, ontology.SpeakerSummary{Name: m["name"].(string), TurnCount: m["turn_count"].(int64)})
		}
		return c, nil
	})
	if err != nil {
		return ontology.Conversation{}, err
	}
	return out.(ontology.Conversation), nil
}

// DeleteConversation removes a conversation of tenant and everything of it.
func (s *Store) DeleteConversation(ctx context.Context, tenant, id string) (ontology.DeleteReceipt, error) {
	out, err := s.write(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		return deleteConversation(ctx, tx, tenant, id)
	})
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	return out.(ontology.DeleteReceipt), nil
}

func deleteConversation(ctx context.Context, tx neo4j.ManagedTransaction, tenant, id string) (ontology.DeleteReceipt, error) {
	res, err := tx.Run(ctx, cypher.Get("conversation_delete"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
	})
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	if len(recs) == 0 {
		return ontology.DeleteReceipt{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id)
	}
	r := recs[0].AsMap()
	return ontology.DeleteReceipt{
		Conversations: 1, Turns: r["turns"].(int64), Sessions: r["sessions"].(int64), Speakers: r["speakers"].(int64),
		Entities: r["entities"].(int64), Relations: r["relations"].(int64), Facts: r["facts"].(int64), Events: r["events"].(int64),
		ProfileFacts: r["profile_facts"].(int64), Decisions: r["decisions"].(int64),
		Profiles: r["profiles"].(int64), Topics: r["topics"].(int64),
	}, nil
}

// DeleteSpeaker forgets one speaker of a conversation of tenant (matched
// case-insensitively): their turns, the knowledge derived only from those
// turns, the anchors that quoted them (rebuilt later from what remains),
// and entities nothing refers to any more. One transaction: all or nothing.
func (s *Store) DeleteSpeaker(ctx context.Context, tenant, conversation, speaker string) (ontology.DeleteReceipt, error) {
	rows, err := s.writeRows(ctx, cypher.Get("speaker_delete"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "speaker": strings.ToLower(speaker),
	})
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	if len(rows) == 0 {
		return ontology.DeleteReceipt{}, ontology.Errorf(ontology.ENotFound, "speaker %q not found in conversation %q", speaker, conversation)
	}
	r := rows[0]
	return ontology.DeleteReceipt{
		Turns: r["turns"].(int64), Sessions: r["sessions"].(int64), Speakers: 1,
		Entities: r["entities"].(int64), Relations: r["relations"].(int64), Facts: r["facts"].(int64), Events: r["events"].(int64),
		ProfileFacts: r["profile_facts"].(int64), Decisions: r["decisions"].(int64),
		Profiles: r["profiles"].(int64), Topics: r["topics"].(int64),
	}, nil
}

// DeleteTenant removes every conversation of tenant, one transaction per
// conversation, and returns the summed receipt.
func (s *Store) DeleteTenant(ctx context.Context, tenant string) (ontology.DeleteReceipt, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("conversations_of_tenant"), map[string]any{"tenant": tenant})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(recs))
		for i, r := range recs {
			ids[i] = r.Values[0].(string)
		}
		return ids, nil
	})
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	var total ontology.DeleteReceipt
	for _, id := range out.([]string) {
		r, err := s.DeleteConversation(ctx, tenant, id)
		if err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return total, fmt.Errorf("graph: deleting conversation %q: %w", id, err)
		}
		total.Conversations += r.Conversations
		total.Sessions += r.Sessions
		total.Turns += r.Turns
		total.Speakers += r.Speakers
		total.Entities += r.Entities
		total.Relations += r.Relations
		total.Facts += r.Facts
		total.Events += r.Events
		total.ProfileFacts += r.ProfileFacts
		total.Decisions += r.Decisions
		total.Profiles += r.Profiles
		total.Topics += r.Topics
	}
	return total, nil
}

// Speakers lists the speaker names of a conversation, or of the whole
// tenant when conversation is "".
func (s *Store) Speakers(ctx context.Context, tenant, conversation string) ([]string, error) {
	var conv any
	if conversation != "" {
		conv = conversation
	}
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("speakers_list"), map[string]any{"tenant": tenant, "conversation": conv})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		names := make([]string, len(recs))
		for i, r := range recs {
			names[i] = r.Values[0].(string)
		}
		return names, nil
	})
	if err != nil {
		return nil, err
	}
	return out.([]string), nil
}

// asTime converts a temporal value from the driver to time.Time in UTC,
// clamped into years 1 to 9999 (ontology.ClampTime): data stored before
// timestamps were checked in UTC may hold 10000-01-01, which no response
// could carry. Every stored time read for a response comes through here or
// timePtr.
func asTime(v any) time.Time {
	switch t := v.(type) {
	case time.Time:
		return ontology.ClampTime(t)
	case dbtype.LocalDateTime:
		return ontology.ClampTime(t.Time())
	case dbtype.Date:
		return ontology.ClampTime(t.Time())
	}
	return time.Time{}
}

// Turns returns up to limit turns of a conversation with seq > after, in
// order. The conversation must exist (ENotFound otherwise).
func (s *Store) Turns(ctx context.Context, tenant, conversation string, after int64, limit int) (ontology.TurnPage, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("turns_list"), map[string]any{
			"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "after": after, "limit": int64(limit),
		})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, ontology.Errorf(ontology.ENotFound, "conversation %q not found", conversation)
		}
		rows, _ := recs[0].Values[0].([]any)
		page := ontology.TurnPage{Turns: make([]ontology.StoredTurn, 0, len(rows))}
		for _, row := range rows {
			r := row.(map[string]any)
			t := ontology.StoredTurn{Turn: ontology.Turn{
				ID: r["id"].(string), Session: r["session"].(string), Speaker: r["speaker"].(string),
				Text: r["text"].(string), Seq: r["seq"].(int64),
			}}
			if r["timestamp"] != nil {
				ts := asTime(r["timestamp"]).UTC()
				t.Timestamp = &ts
			}
			if m, ok := r["metadata"].(string); ok && m != "" {
				_ = json.Unmarshal([]byte(m), &t.Metadata) // written by AddTurns from valid JSON
			}
			if n, ok := r["next_id"].(string); ok {
				t.NextID = n
			}
			page.Turns = append(page.Turns, t)
		}
		if len(page.Turns) == limit && limit > 0 {
			last := page.Turns[len(page.Turns)-1].Seq
			page.NextAfter = &last
		}
		return page, nil
	})
	if err != nil {
		return ontology.TurnPage{}, err
	}
	return out.(ontology.TurnPage), nil
}

// RecentTurns returns up to limit of the conversation's last stored turns,
// oldest first, without the turns whose ids are in exclude. An unknown
// conversation has none.
func (s *Store) RecentTurns(ctx context.Context, tenant, conversation string, exclude []string, limit int) ([]ontology.Turn, error) {
	if limit <= 0 {
		return nil, nil
	}
	if exclude == nil {
		exclude = []string{}
	}
	rows, err := s.rows(ctx, cypher.Get("turns_recent"), map[string]any{
		"tenant": tenant, "conversation": conversation, "exclude": exclude, "limit": int64(limit),
	})
	if err != nil {
		return nil, err
	}
	out := make([]ontology.Turn, len(rows))
	for i, r := range rows {
		t := ontology.Turn{ID: str(r["id"]), Session: str(r["session"]), Speaker: str(r["speaker"]), Text: str(r["text"])}
		if seq, ok := r["seq"].(int64); ok {
			t.Seq = seq
		}
		if r["timestamp"] != nil {
			ts := asTime(r["timestamp"]).UTC()
			t.Timestamp = &ts
		}
		out[len(rows)-1-i] = t // the statement returns newest first
	}
	return out, nil
}
