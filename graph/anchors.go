package graph

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// anchorStatement fills a statement's {{property}} with the embedder's
// vector property, or with a property no node has when Loci runs without
// embeddings (similarities are then null).
func (s *Store) anchorStatement(name string) string {
	if s.vectors != nil {
		return s.vectors.statement(name)
	}
	return cypher.Fill(name, map[string]string{"property": "embedding_none"})
}

func (s *Store) vectorProperty() any {
	if s.vectors == nil {
		return nil
	}
	return s.vectors.property
}

// vectorParam passes a query vector only if it fits the stored vectors.
func (s *Store) vectorParam(v []float32) any {
	if v == nil || s.vectors == nil || len(v) != s.vectors.dimensions {
		return nil
	}
	return v
}

// StaleAnchors returns up to limit of each kind of stale anchor work across
// all tenants, for the background pass; each rebuild then runs scoped to
// the row's tenant.
func (s *Store) StaleAnchors(ctx context.Context, limit int) ([]ontology.StaleWork, error) {
	rows, err := s.rows(ctx, cypher.Get("anchors_stale"), map[string]any{"limit": int64(limit)})
	if err != nil {
		return nil, err
	}
	var w []ontology.StaleWork
	for _, m := range rows {
		sw := ontology.StaleWork{Kind: str(m["kind"]), Tenant: str(m["tenant"]), Conversation: str(m["conversation"])}
		if sw.Kind == ontology.StaleEntity {
			sw.EntityID = str(m["uid"])
		}
		w = append(w, sw)
	}
	return w, nil
}

// SaveProfile stores an entity's profile anchor built at version; the
// entity stays stale if it changed meanwhile.
func (s *Store) SaveProfile(ctx context.Context, tenant string, d ontology.EntityDetail, version int64, lines []ontology.AnchorLine, vector []float32) error {
	text := make([]string, len(lines))
	var sources []string
	seen := map[string]bool{}
	for i, l := range lines {
		text[i] = l.Text
		for _, id := range l.SourceTurnIDs {
			if !seen[id] {
				seen[id] = true
				sources = append(sources, id)
			}
		}
	}
	raw, err := json.Marshal(lines)
	if err != nil {
		return err
	}
	var vec any
	if vector != nil {
		vec = vector
	}
	_, err = s.write(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("profile_save"), map[string]any{
			"tenant": tenant, "entity_uid": d.ID, "uid": uid("profile", tenant, d.ID),
			"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, d.Conversation),
			"text": strings.Join(text, "\n"), "lines": string(raw), "source_turn_ids": sources,
			"vector": vec, "vector_property": s.vectorProperty(), "version": version,
		})
		if err != nil {
			return nil, err
		}
		_, err = res.Consume(ctx)
		return nil, err
	})
	return err
}

// TopicMaterial reads what topic building needs from one conversation.
func (s *Store) TopicMaterial(ctx context.Context, tenant, conversation string) (ontology.TopicMaterial, error) {
	rows, err := s.rows(ctx, s.anchorStatement("topics_material"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation)})
	if err != nil {
		return ontology.TopicMaterial{}, err
	}
	if len(rows) == 0 {
		return ontology.TopicMaterial{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", conversation)
	}
	m := rows[0]
	tm := ontology.TopicMaterial{}
	tm.Version, _ = m["version"].(int64)
	for _, x := range m["turns"].([]any) {
		t := x.(map[string]any)
		tt := ontology.TopicTurn{ID: str(t["id"]), Session: str(t["session"]), Speaker: str(t["speaker"]),
			Text: str(t["text"]), Timestamp: timePtr(t["timestamp"]), Entities: strings1(t["entities"])}
		if v, ok := t["vector"].([]any); ok {
			tt.Vector = make([]float32, len(v))
			for i, f := range v {
				tt.Vector[i] = float32(num(f))
			}
		} else if v, ok := t["vector"].([]float32); ok {
			tt.Vector = v
		} else if v, ok := t["vector"].([]float64); ok {
			tt.Vector = make([]float32, len(v))
			for i, f := range v {
				tt.Vector[i] = float32(f)
			}
		}
		tm.Turns = append(tm.Turns, tt)
	}
	for _, x := range m["facts"].([]any) {
		f := x.(map[string]any)
		tm.Facts = append(tm.Facts, ontology.Fact{ID: str(f["uid"]), Statement: str(f["statement"]), SourceTurnIDs: strings1(f["source_turn_ids"])})
	}
	return tm, nil
}

// SaveTopics replaces a conversation's topics with topics built at version.
func (s *Store) SaveTopics(ctx context.Context, tenant, conversation string, version int64, topics []ontology.StoredTopic) error {
	params := make([]map[string]any, len(topics))
	for i, t := range topics {
		raw, err := json.Marshal(t.Sentences)
		if err != nil {
			return err
		}
		summary := make([]string, len(t.Sentences))
		for j, l := range t.Sentences {
			summary[j] = l.Text
		}
		props := map[string]any{
			"uid": uid("topic", tenant, conversation, t.Key), "key": t.Key, "label": t.Label,
			"summary": strings.Join(summary, " "), "sentences": string(raw), "participants": t.Participants,
			"source_turn_ids": t.SourceTurnIDs, "key_facts": t.KeyFacts,
			"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
		}
		if t.Span != nil {
			props["span_start"], props["span_end"] = t.Span.Start.UTC(), t.Span.End.UTC()
		}
		var vec any
		if t.Vector != nil && s.vectors != nil && len(t.Vector) == s.vectors.dimensions {
			vec = t.Vector
		}
		turnUIDs := make([]string, len(t.SourceTurnIDs))
		for j, id := range t.SourceTurnIDs {
			turnUIDs[j] = turnUID(tenant, conversation, id)
		}
		params[i] = map[string]any{"props": props, "vector": vec, "turn_uids": turnUIDs}
	}
	_, err := s.write(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("topics_save"), map[string]any{
			"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "topics": params,
			"version": version, "vector_property": s.vectorProperty()})
		if err != nil {
			return nil, err
		}
		_, err = res.Consume(ctx)
		return nil, err
	})
	return err
}

// TopicsStale reports whether a conversation's topics need a rebuild.
func (s *Store) TopicsStale(ctx context.Context, tenant, conversation string) (bool, time.Time, error) {
	rows, err := s.rows(ctx, cypher.Get("conversation_anchor_state"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation)})
	if err != nil || len(rows) == 0 {
		return false, time.Time{}, err
	}
	var built time.Time
	if rows[0]["built_at"] != nil {
		built = asTime(rows[0]["built_at"])
	}
	return rows[0]["topics_stale"] == true, built, nil
}

// ProfileAnchors returns the profile anchors of entities (stale or missing
// ones marked Stale), with their similarity to vector.
func (s *Store) ProfileAnchors(ctx context.Context, tenant string, entityIDs []string, vector []float32) ([]ontology.Anchor, error) {
	return s.readAnchors(ctx, "anchors_profiles", map[string]any{"tenant": tenant, "entity_uids": entityIDs, "vector": s.vectorParam(vector)},
		func(m map[string]any) ontology.Anchor {
			a := ontology.Anchor{Kind: ontology.AnchorProfile, ID: str(m["uid"]), Title: str(m["name"]), EntityID: str(m["entity_uid"]),
				SourceTurnIDs: strings1(m["source_turn_ids"]), Similarity: num(m["similarity"]), Stale: m["stale"] == true || m["uid"] == nil}
			if m["built_at"] != nil {
				a.BuiltAt = asTime(m["built_at"])
			}
			_ = json.Unmarshal([]byte(str(m["lines"])), &a.Lines)
			return a
		})
}

// EventAnchors returns every event of a conversation with its similarity
// to vector.
func (s *Store) EventAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]ontology.Anchor, error) {
	return s.readAnchors(ctx, "anchors_events", map[string]any{"tenant": tenant, "conversation": conversation, "vector": s.vectorParam(vector)},
		func(m map[string]any) ontology.Anchor {
			a := ontology.Anchor{Kind: ontology.AnchorEvent, ID: str(m["uid"]), Title: str(m["what"]),
				Participants: strings1(m["participants"]), SourceTurnIDs: strings1(m["source_turn_ids"]), Similarity: num(m["similarity"])}
			if st, en := timePtr(m["when_start"]), timePtr(m["when_end"]); st != nil && en != nil {
				a.When = &ontology.TimeSpan{Start: *st, End: *en, Granularity: str(m["granularity"]), Phrase: str(m["phrase"])}
			}
			a.Lines = []ontology.AnchorLine{{Text: a.Title, SourceTurnIDs: a.SourceTurnIDs}}
			return a
		})
}

// TopicAnchors returns the topics of a conversation with their similarity
// to vector.
func (s *Store) TopicAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]ontology.Anchor, error) {
	return s.readAnchors(ctx, "anchors_topics", map[string]any{"tenant": tenant, "conversation": conversation, "vector": s.vectorParam(vector)},
		func(m map[string]any) ontology.Anchor {
			a := ontology.Anchor{Kind: ontology.AnchorTopic, ID: str(m["uid"]), Title: str(m["label"]),
				Participants: strings1(m["participants"]), SourceTurnIDs: strings1(m["source_turn_ids"]), Similarity: num(m["similarity"])}
			_ = json.Unmarshal([]byte(str(m["sentences"])), &a.Lines)
			if st, en := timePtr(m["span_start"]), timePtr(m["span_end"]); st != nil && en != nil {
				a.When = &ontology.TimeSpan{Start: *st, End: *en, Granularity: ontology.GranularityDay}
			}
			return a
		})
}

func (s *Store) readAnchors(ctx context.Context, name string, params map[string]any, conv func(map[string]any) ontology.Anchor) ([]ontology.Anchor, error) {
	rows, err := s.rows(ctx, s.anchorStatement(name), params)
	if err != nil {
		return nil, err
	}
	as := make([]ontology.Anchor, 0, len(rows))
	for _, m := range rows {
		as = append(as, conv(m))
	}
	return as, nil
}

// NamedEntities returns the entities of a conversation that query names
// (by name, alias, first name or possessive), most mentioned first.
func (s *Store) NamedEntities(ctx context.Context, tenant, conversation, query string) ([]ontology.Entity, error) {
	keys := ngrams(queryWords(query), 3)
	if len(keys) == 0 || conversation == "" {
		return []ontology.Entity{}, nil
	}
	rows, err := s.rows(ctx, cypher.Get("graph_anchors"), map[string]any{"tenant": tenant, "conversation": conversation, "keys": keys})
	if err != nil {
		return nil, err
	}
	ents := make([]ontology.Entity, 0, len(rows))
	for _, m := range rows {
		ents = append(ents, ontology.Entity{ID: str(m["uid"]), Conversation: conversation, Name: str(m["name"]), Speaker: str(m["speaker"])})
	}
	return ents, nil
}

// SpeakerEntityID is the id of a speaker's entity in a conversation.
func SpeakerEntityID(tenant, conversation, speaker string) string {
	return uid("entity", tenant, conversation, "speaker", speaker)
}

// LastActivity returns the start of a conversation's latest session (nil
// when no session has a time).
func (s *Store) LastActivity(ctx context.Context, tenant, conversation string) (*time.Time, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("conversation_last_time"), map[string]any{"tenant": tenant, "conversation": conversation})
		if err != nil {
			return nil, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return nil, err
		}
		v, _ := rec.Get("last")
		return timePtr(v), nil
	})
	if err != nil {
		return nil, err
	}
	return out.(*time.Time), nil
}
