package graph

import (
	"context"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Conversations lists up to limit conversations of tenant, the most
// recently active first (ties by id).
func (s *Store) Conversations(ctx context.Context, tenant string, limit int) ([]ontology.ConversationSummary, error) {
	if limit < 1 {
		return nil, ontology.Errorf(ontology.EValidation, "limit must be at least 1, got %d", limit)
	}
	type conversationRow struct {
		ID           string    `db:"id"`
		TurnCount    int64     `db:"turn_count"`
		CreatedAt    time.Time `db:"created_at"`
		LastActivity time.Time `db:"last_activity"`
	}
	rows, err := queryRows[conversationRow](ctx, s, cypher.Get("conversations_list"), map[string]any{"tenant": tenant, "limit": int64(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]ontology.ConversationSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, ontology.ConversationSummary{ID: r.ID, TurnCount: r.TurnCount, CreatedAt: r.CreatedAt, LastActivity: r.LastActivity})
	}
	return out, nil
}

// Conversation returns the summary of one conversation of tenant.
func (s *Store) Conversation(ctx context.Context, tenant, id string) (ontology.Conversation, error) {
	type conversationRow struct {
		ID        string    `db:"id"`
		TurnCount int64     `db:"turn_count"`
		CreatedAt time.Time `db:"created_at"`
		UpdatedAt time.Time `db:"updated_at"`
		Sessions  []struct {
			ID        string     `db:"id"`
			TurnCount int64      `db:"turn_count"`
			StartedAt *time.Time `db:"started_at"`
		} `db:"sessions"`
		Speakers []struct {
			Name      string `db:"name"`
			TurnCount int64  `db:"turn_count"`
		} `db:"speakers"`
	}
	rows, err := queryRows[conversationRow](ctx, s, cypher.Get("conversation_get"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
	})
	if err != nil {
		return ontology.Conversation{}, err
	}
	r, ok := first(rows)
	if !ok {
		return ontology.Conversation{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id)
	}
	c := ontology.Conversation{ID: r.ID, TurnCount: r.TurnCount, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		Sessions: []ontology.SessionSummary{}, Speakers: []ontology.SpeakerSummary{}}
	for _, ss := range r.Sessions {
		c.Sessions = append(c.Sessions, ontology.SessionSummary{ID: ss.ID, TurnCount: ss.TurnCount, StartedAt: ss.StartedAt})
	}
	for _, sp := range r.Speakers {
		c.Speakers = append(c.Speakers, ontology.SpeakerSummary{Name: sp.Name, TurnCount: sp.TurnCount})
	}
	return c, nil
}

// receiptRecord decodes a delete statement's counts: its columns are named
// as ontology.DeleteReceipt's JSON fields.
func receiptRecord(rec *neo4j.Record) (ontology.DeleteReceipt, error) {
	return decodeTagged[ontology.DeleteReceipt](rec.AsMap(), "json")
}

// DeleteConversation removes a conversation of tenant and everything of it.
func (s *Store) DeleteConversation(ctx context.Context, tenant, id string) (ontology.DeleteReceipt, error) {
	return writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (ontology.DeleteReceipt, error) {
		res, err := tx.Run(ctx, cypher.Get("conversation_delete"), map[string]any{
			"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
		})
		if err != nil {
			return ontology.DeleteReceipt{}, err
		}
		rs, err := neo4j.CollectTWithContext(ctx, res, receiptRecord)
		if err != nil {
			return ontology.DeleteReceipt{}, err
		}
		r, ok := first(rs)
		if !ok {
			return r, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id)
		}
		r.Conversations = 1
		return r, nil
	})
}

// DeleteTenant removes every conversation of tenant, one transaction per
// conversation, and returns the summed receipt.
func (s *Store) DeleteTenant(ctx context.Context, tenant string) (ontology.DeleteReceipt, error) {
	type idRow struct {
		ID string `db:"id"`
	}
	ids, err := queryRows[idRow](ctx, s, cypher.Get("conversations_of_tenant"), map[string]any{"tenant": tenant})
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	var total ontology.DeleteReceipt
	for _, c := range ids {
		r, err := s.DeleteConversation(ctx, tenant, c.ID)
		if err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return total, fmt.Errorf("graph: deleting conversation %q: %w", c.ID, err)
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
