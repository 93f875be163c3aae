package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Coverage measures the knowledge layer over some conversations of tenant.
func (s *Store) Coverage(ctx context.Context, tenant string, conversations []string) (ontology.Coverage, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		params := map[string]any{"tenant": tenant, "conversations": conversations}
		res, err := tx.Run(ctx, cypher.Get("knowledge_coverage"), params)
		if err != nil {
			return nil, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return nil, err
		}
		c := ontology.Coverage{Counts: map[string]int64{}}
		t, _ := rec.Get("turns")
		cv, _ := rec.Get("covered")
		c.Turns, _ = t.(int64)
		c.CoveredTurns, _ = cv.(int64)
		res, err = tx.Run(ctx, cypher.Get("knowledge_counts"), params)
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			m := r.AsMap()
			key := str(m["kind"])
			if x := str(m["extractor"]); x != "" {
				key += "/" + x
			}
			c.Counts[key], _ = m["n"].(int64)
		}
		return c, nil
	})
	if err != nil {
		return ontology.Coverage{}, err
	}
	return out.(ontology.Coverage), nil
}
