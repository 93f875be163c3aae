package graph

import (
	"context"

	"github.com/loci-memory/loci/cypher"
)

// RelationTypeCounts counts the relationships between the entities of some
// conversations of tenant, by relationship type (typed relations and
// MENTIONED_WITH edges alike). It only reads.
func (s *Store) RelationTypeCounts(ctx context.Context, tenant string, conversations []string) (map[string]int64, error) {
	type typeRow struct {
		Type string
		N    int64
	}
	rows, err := queryRows[typeRow](ctx, s, cypher.Get("knowledge_relation_types"), map[string]any{"tenant": tenant, "conversations": conversations})
	if err != nil {
		return nil, err
	}
	counts := map[string]int64{}
	for _, r := range rows {
		counts[r.Type] = r.N
	}
	return counts, nil
}
