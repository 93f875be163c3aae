package graph

import (
	"context"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Conversations lists up to limit conversations of tenant, the most
// recently active first (ties by id).
func (s *Store) Conversations(ctx context.Context, tenant string, limit int) ([]ontology.ConversationSummary, error) {
	if limit < 1 {
		return nil, ontology.Errorf(ontology.EValidation, "limit must be at least 1, got %d", limit)
	}
	rows, err := s.rows(ctx, cypher.Get("conversations_list"), map[string]any{"tenant": tenant, "limit": int64(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]ontology.ConversationSummary, 0, len(rows))
	for _, r := range rows {
		c := ontology.ConversationSummary{CreatedAt: asTime(r["created_at"]).UTC(), LastActivity: asTime(r["last_activity"]).UTC()}
		c.ID, _ = r["id"].(string)
		c.TurnCount, _ = r["turn_count"].(int64)
		out = append(out, c)
	}
	return out, nil
}
