package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Migrate applies Loci's schema (constraints and indexes, all IF NOT EXISTS)
// and waits up to wait for every index to come ONLINE. Running it again, or
// from two processes at once, is harmless.
func (s *Store) Migrate(ctx context.Context, wait time.Duration) error {
	stmts := cypher.Script("schema")
	if s.vectors != nil {
		stmts = append(stmts, s.vectors.statement("schema_turn_vector_index"), s.vectors.statement("schema_fact_vector_index"))
		for _, st := range strings.Split(s.vectors.statement("schema_anchor_vector_indexes"), ";\n") {
			if st = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(st), ";")); st != "" {
				stmts = append(stmts, st)
			}
		}
	}
	for _, stmt := range stmts {
		if err := s.schemaStatement(ctx, stmt); err != nil {
			return fmt.Errorf("graph: migrate: %w", err)
		}
	}
	return s.AwaitIndexes(ctx, wait)
}

// schemaStatement runs one schema statement in its own auto-commit
// transaction (schema and data writes cannot share one). A concurrent
// migrator creating the same rule first is not an error.
func (s *Store) schemaStatement(ctx context.Context, stmt string) error {
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer sess.Close(ctx)
	res, err := sess.Run(ctx, stmt, nil)
	if err == nil {
		_, err = res.Consume(ctx)
	}
	var neoErr *neo4j.Neo4jError
	if errors.As(err, &neoErr) && strings.Contains(neoErr.Code, "AlreadyExists") {
		return nil
	}
	return classify(err)
}

// AwaitIndexes blocks until every index is ONLINE or wait has passed.
func (s *Store) AwaitIndexes(ctx context.Context, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		pending, err := s.PendingIndexes(ctx)
		if err != nil {
			return err
		}
		if len(pending) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return ontology.Errorf(ontology.EUnavailable, "indexes not online after %s: %s", wait, strings.Join(pending, ", "))
		}
		select {
		case <-ctx.Done():
			return classify(ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// PendingIndexes lists indexes that are not ONLINE, as "name (STATE n%)". A
// FAILED index is reported as an error: waiting will not fix it.
func (s *Store) PendingIndexes(ctx context.Context) ([]string, error) {
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("indexes_not_online"), nil)
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		var pending []string
		for _, r := range recs {
			name, _ := r.Get("name")
			state, _ := r.Get("state")
			pct, _ := r.Get("populationPercent")
			if state == "FAILED" {
				return nil, ontology.Errorf(ontology.EInternal, "index %v FAILED; see Neo4j's debug.log", name)
			}
			pending = append(pending, fmt.Sprintf("%v (%v %v%%)", name, state, pct))
		}
		return pending, nil
	})
	if err != nil {
		return nil, err
	}
	pending, _ := out.([]string)
	return pending, nil
}
