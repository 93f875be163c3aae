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
	type staleRow struct{ Kind, Tenant, Conversation, UID string }
	rows, err := queryRows[staleRow](ctx, s, cypher.Get("anchors_stale"), map[string]any{"limit": int64(limit)})
	if err != nil {
		return nil, err
	}
	var w []ontology.StaleWork
	for _, r := range rows {
		sw := ontology.StaleWork{Kind: r.Kind, Tenant: r.Tenant, Conversation: r.Conversation}
		if sw.Kind == ontology.StaleEntity {
			sw.EntityID = r.UID
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
	return s.exec(ctx, cypher.Get("profile_save"), map[string]any{
		"tenant": tenant, "entity_uid": d.ID, "uid": uid("profile", tenant, d.ID),
		"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, d.Conversation),
		"text": strings.Join(text, "\n"), "lines": string(raw), "source_turn_ids": sources,
		"vector": vec, "vector_property": s.vectorProperty(), "version": version,
	})
}

// TopicMaterial reads what topic building needs from one conversation.
func (s *Store) TopicMaterial(ctx context.Context, tenant, conversation string) (ontology.TopicMaterial, error) {
	rows, err := queryRows[materialRow](ctx, s, s.anchorStatement("topics_material"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation)})
	if err != nil {
		return ontology.TopicMaterial{}, err
	}
	m, ok := first(rows)
	if !ok {
		return ontology.TopicMaterial{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", conversation)
	}
	return materialOf(m), nil
}

// materialRow is the one row of topics_material.
type materialRow struct {
	Version int64
	Turns   []struct {
		ID, Session, Speaker, Text string
		Timestamp                  *time.Time
		Entities                   []string
		Vector                     any // float32s
	}
	Facts []struct {
		UID, Statement string
		SourceTurnIDs  []string
	}
}

// materialOf converts the row for topic building.
func materialOf(m materialRow) ontology.TopicMaterial {
	tm := ontology.TopicMaterial{Version: m.Version}
	for _, t := range m.Turns {
		tm.Turns = append(tm.Turns, ontology.TopicTurn{ID: t.ID, Session: t.Session, Speaker: t.Speaker, Text: t.Text,
			Timestamp: t.Timestamp, Entities: nonNilStrings(t.Entities), Vector: float32s(t.Vector)})
	}
	for _, f := range m.Facts {
		tm.Facts = append(tm.Facts, ontology.Fact{ID: f.UID, Statement: f.Statement, SourceTurnIDs: nonNilStrings(f.SourceTurnIDs)})
	}
	return tm
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
	return s.exec(ctx, cypher.Get("topics_save"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "topics": params,
		"version": version, "vector_property": s.vectorProperty()})
}

// TopicsStale reports whether a conversation's topics need a rebuild.
func (s *Store) TopicsStale(ctx context.Context, tenant, conversation string) (bool, time.Time, error) {
	type stateRow struct {
		TopicsStale bool
		BuiltAt     time.Time
	}
	rows, err := queryRows[stateRow](ctx, s, cypher.Get("conversation_anchor_state"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation)})
	if err != nil || len(rows) == 0 {
		return false, time.Time{}, err
	}
	return rows[0].TopicsStale, rows[0].BuiltAt, nil
}

// anchorRow is a row of anchors_profiles, anchors_events or
// anchors_topics.
type anchorRow struct {
	UID, Name, EntityUID, Lines string // profiles
	What, Granularity, Phrase   string // events
	Label, Sentences            string // topics
	SourceTurnIDs, Participants []string
	Similarity                  float64
	Stale                       bool
	BuiltAt                     time.Time
	WhenStart, WhenEnd          *time.Time
	SpanStart, SpanEnd          *time.Time
}

// ProfileAnchors returns the profile anchors of entities (stale or missing
// ones marked Stale), with their similarity to vector.
func (s *Store) ProfileAnchors(ctx context.Context, tenant string, entityIDs []string, vector []float32) ([]ontology.Anchor, error) {
	return s.readAnchors(ctx, "anchors_profiles", map[string]any{"tenant": tenant, "entity_uids": entityIDs, "vector": s.vectorParam(vector)},
		func(r anchorRow) ontology.Anchor {
			a := ontology.Anchor{Kind: ontology.AnchorProfile, ID: r.UID, Title: r.Name, EntityID: r.EntityUID,
				SourceTurnIDs: nonNilStrings(r.SourceTurnIDs), Similarity: r.Similarity, Stale: r.Stale || r.UID == "", BuiltAt: r.BuiltAt}
			_ = json.Unmarshal([]byte(r.Lines), &a.Lines)
			return a
		})
}

// EventAnchors returns every event of a conversation with its similarity
// to vector.
func (s *Store) EventAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]ontology.Anchor, error) {
	return s.conversationAnchors(ctx, "anchors_events", tenant, conversation, vector, func(r anchorRow) ontology.Anchor {
		a := r.listed(ontology.AnchorEvent, r.What)
		a.When = spanOf(r.WhenStart, r.WhenEnd, r.Granularity, r.Phrase)
		a.Lines = []ontology.AnchorLine{{Text: a.Title, SourceTurnIDs: a.SourceTurnIDs}}
		return a
	})
}

// TopicAnchors returns the topics of a conversation with their similarity
// to vector.
func (s *Store) TopicAnchors(ctx context.Context, tenant, conversation string, vector []float32) ([]ontology.Anchor, error) {
	return s.conversationAnchors(ctx, "anchors_topics", tenant, conversation, vector, func(r anchorRow) ontology.Anchor {
		a := r.listed(ontology.AnchorTopic, r.Label)
		_ = json.Unmarshal([]byte(r.Sentences), &a.Lines)
		a.When = spanOf(r.SpanStart, r.SpanEnd, ontology.GranularityDay, "")
		return a
	})
}

// listed is the anchor of an event or topic row: kind, title, who takes
// part, the turns it cites and its similarity.
func (r anchorRow) listed(kind, title string) ontology.Anchor {
	return ontology.Anchor{Kind: kind, ID: r.UID, Title: title, Participants: nonNilStrings(r.Participants),
		SourceTurnIDs: nonNilStrings(r.SourceTurnIDs), Similarity: r.Similarity}
}

// spanOf is the time span from start to end, nil unless both are known.
func spanOf(start, end *time.Time, granularity, phrase string) *ontology.TimeSpan {
	if start == nil || end == nil {
		return nil
	}
	return &ontology.TimeSpan{Start: *start, End: *end, Granularity: granularity, Phrase: phrase}
}

// conversationAnchors reads the anchors of one conversation of tenant.
func (s *Store) conversationAnchors(ctx context.Context, name, tenant, conversation string, vector []float32, conv func(anchorRow) ontology.Anchor) ([]ontology.Anchor, error) {
	return s.readAnchors(ctx, name, map[string]any{"tenant": tenant, "conversation": conversation, "vector": s.vectorParam(vector)}, conv)
}

func (s *Store) readAnchors(ctx context.Context, name string, params map[string]any, conv func(anchorRow) ontology.Anchor) ([]ontology.Anchor, error) {
	rows, err := queryRows[anchorRow](ctx, s, s.anchorStatement(name), params)
	if err != nil {
		return nil, err
	}
	as := make([]ontology.Anchor, 0, len(rows))
	for _, r := range rows {
		as = append(as, conv(r))
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
	rows, err := queryRows[namedEntityRow](ctx, s, cypher.Get("graph_anchors"), map[string]any{"tenant": tenant, "conversation": conversation, "keys": keys})
	if err != nil {
		return nil, err
	}
	ents := make([]ontology.Entity, 0, len(rows))
	for _, r := range rows {
		ents = append(ents, ontology.Entity{ID: r.UID, Conversation: conversation, Name: r.Name, Speaker: r.Speaker})
	}
	return ents, nil
}

// namedEntityRow is a row of graph_anchors: an entity a query names.
type namedEntityRow struct{ UID, Name, Speaker string }

// SpeakerEntityID is the id of a speaker's entity in a conversation.
func SpeakerEntityID(tenant, conversation, speaker string) string {
	return uid("entity", tenant, conversation, "speaker", speaker)
}

// LastActivity returns the start of a conversation's latest session (nil
// when no session has a time).
func (s *Store) LastActivity(ctx context.Context, tenant, conversation string) (*time.Time, error) {
	type lastRow struct {
		Last *time.Time
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) (*time.Time, error) {
		res, err := tx.Run(ctx, cypher.Get("conversation_last_time"), map[string]any{"tenant": tenant, "conversation": conversation})
		if err != nil {
			return nil, err
		}
		r, err := neo4j.SingleTWithContext(ctx, res, decodeRecord[lastRow])
		return r.Last, err
	})
}
