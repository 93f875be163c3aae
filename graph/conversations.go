package graph

import (
	"context"
	"fmt"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Conversations lists up to limit conversations of tenant, the most
// recently active first (ties by id).
func (s *Store) Conversations(ctx context.Context, tenant string, limit int) ([]ontology.ConversationSummary, error) {
	if limit < 1 {
		return nil, ontology.Errorf(ontology.EValidation, "limit must be at least 1, got %d", limit)
	}
	return queryRows[ontology.ConversationSummary](ctx, s, cypher.Get("conversations_list"), map[string]any{"tenant": tenant, "limit": int64(limit)})
}

// Conversation returns the summary of one conversation of tenant.
func (s *Store) Conversation(ctx context.Context, tenant, id string) (ontology.Conversation, error) {
	rows, err := queryRows[ontology.Conversation](ctx, s, cypher.Get("conversation_get"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
	})
	if err != nil {
		return ontology.Conversation{}, err
	}
	c, ok := first(rows)
	if !ok {
		return ontology.Conversation{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id)
	}
	return c, nil
}

// DeleteConversation removes a conversation of tenant and everything of it.
func (s *Store) DeleteConversation(ctx context.Context, tenant, id string) (ontology.DeleteReceipt, error) {
	r, err := s.deleteWith(ctx, cypher.Get("conversation_delete"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
	}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", id))
	if err == nil {
		r.Conversations = 1
	}
	return r, err
}

// deleteWith runs one delete statement in its own write transaction and
// returns the counts of its one row, or notFound when it returns none.
func (s *Store) deleteWith(ctx context.Context, stmt string, params map[string]any, notFound error) (ontology.DeleteReceipt, error) {
	rows, err := writeRows[ontology.DeleteReceipt](ctx, s, stmt, params)
	if err != nil {
		return ontology.DeleteReceipt{}, err
	}
	r, ok := first(rows)
	if !ok {
		return r, notFound
	}
	return r, nil
}

// DeleteTenant removes every conversation of tenant, one transaction per
// conversation, and returns the summed receipt.
func (s *Store) DeleteTenant(ctx context.Context, tenant string) (ontology.DeleteReceipt, error) {
	type idRow struct{ ID string }
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
