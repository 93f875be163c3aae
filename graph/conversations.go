package graph

import (
	"context"
	"fmt"

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
	return writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (ontology.DeleteReceipt, error) {
		res, err := tx.Run(ctx, cypher.Get("conversation_delete"), map[string]any{
			"tenant": tenant, "conversation_uid": conversationUID(tenant, id),
		})
		if err != nil {
			return ontology.DeleteReceipt{}, err
		}
		rs, err := neo4j.CollectTWithContext(ctx, res, decodeRecord[ontology.DeleteReceipt])
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
