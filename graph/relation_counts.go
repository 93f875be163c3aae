package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
)

// RelationTypeCounts counts the relationships between the entities of some
// conversations of tenant, by relationship type (typed relations and
// MENTIONED_WITH edges alike). It only reads.
func (s *Store) RelationTypeCounts(ctx context.Context, tenant string, conversations []string) (map[string]int64, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("knowledge_relation_types"), map[string]any{"tenant": tenant, "conversations": conversations})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		counts := map[string]int64{}
		for _, r := range recs {
			m := r.AsMap()
			n, _ := m["n"].(int64)
			counts[str(m["type"])] = n
		}
		return counts, nil
	})
	if err != nil {
		return nil, err
	}
	return out.(map[string]int64), nil
}
