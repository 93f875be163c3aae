package graph

import (
	"context"
	"fmt"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// BareTurnsCreate writes one batch of turns as bare :BareTurn nodes, one
// UNWIND CREATE statement in one write transaction through the store's
// driver, with the properties AddBatch gives a :Turn (seq numbered from
// firstSeq). It is the baseline of the ingest benchmark (`loci bench
// import --bare`): what the same turns cost Neo4j with none of Loci's
// bookkeeping, so Loci's ingest can be reported as a ratio to it.
func (s *Store) BareTurnsCreate(ctx context.Context, tenant, conversation string, firstSeq int64, turns []ontology.Turn) error {
	plan := newBatchPlan(tenant, conversation, firstSeq, nil)
	for _, t := range turns {
		if err := plan.add(t, turnUID(tenant, conversation, t.ID), nil); err != nil {
			return err
		}
	}
	rows := make([]map[string]any, len(plan.turns))
	for i, t := range plan.turns {
		rows[i] = t["props"].(map[string]any)
	}
	_, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		return struct{}{}, runStatement(ctx, tx, cypher.Get("bare_turns_create"), map[string]any{"rows": rows})
	})
	if err != nil {
		return fmt.Errorf("bare turns of %s: %w", conversation, err)
	}
	return nil
}

// BareTurnsDelete deletes the tenant's :BareTurn nodes, 10,000 a
// transaction, and returns how many it deleted.
func (s *Store) BareTurnsDelete(ctx context.Context, tenant string) (int64, error) {
	var total int64
	for {
		n, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (int64, error) {
			type row struct{ Deleted int64 }
			rows, err := runRows[row](ctx, tx, cypher.Get("bare_turns_delete"), map[string]any{"tenant": tenant, "limit": 10000})
			if err != nil || len(rows) == 0 {
				return 0, err
			}
			return rows[0].Deleted, nil
		})
		if err != nil {
			return total, fmt.Errorf("deleting bare turns of tenant %s: %w", tenant, err)
		}
		total += n
		if n == 0 {
			return total, nil
		}
	}
}
