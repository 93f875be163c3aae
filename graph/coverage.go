package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Coverage measures the knowledge layer over some conversations of tenant.
func (s *Store) Coverage(ctx context.Context, tenant string, conversations []string) (ontology.Coverage, error) {
	type coverageRow struct{ Turns, Covered int64 }
	type countRow struct {
		Kind, Extractor string
		N               int64
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) (ontology.Coverage, error) {
		params := map[string]any{"tenant": tenant, "conversations": conversations}
		c := ontology.Coverage{Counts: map[string]int64{}}
		res, err := tx.Run(ctx, cypher.Get("knowledge_coverage"), params)
		if err != nil {
			return c, err
		}
		cov, err := neo4j.SingleTWithContext(ctx, res, decodeRecord[coverageRow])
		if err != nil {
			return c, err
		}
		c.Turns, c.CoveredTurns = cov.Turns, cov.Covered
		counts, err := runRows[countRow](ctx, tx, cypher.Get("knowledge_counts"), params)
		if err != nil {
			return c, err
		}
		for _, r := range counts {
			key := r.Kind
			if r.Extractor != "" {
				key += "/" + r.Extractor
			}
			c.Counts[key] = r.N
		}
		return c, nil
	})
}
