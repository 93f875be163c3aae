package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Migrate applies Loci's schema (constraints and indexes, all IF NOT EXISTS)
// and waits up to wait for every index to come ONLINE. Running it again, or
// from two processes at once, is harmless. On a server with in-index
// filtered vector search the vector indexes declare their filter
// properties; one defined otherwise (by an older Loci, or with other
// settings) is dropped and created again, and the wait covers its
// population. One declaring more filter properties (a newer Loci's) is
// kept. Vectors are node properties, so none is lost.
func (s *Store) Migrate(ctx context.Context, wait time.Duration) error {
	stmts := cypher.Script("schema")
	if s.vectors != nil {
		info, err := s.Server(ctx)
		if err != nil {
			return fmt.Errorf("graph: migrate: %w", err)
		}
		if info.FilteredVectorSearch() {
			create, err := s.dropChangedVectorIndexes(ctx)
			if err != nil {
				return fmt.Errorf("graph: migrate: %w", err)
			}
			for _, def := range create {
				stmts = append(stmts, s.vectors.createStatement(def))
			}
		} else {
			stmts = append(stmts, s.vectors.statement("schema_turn_vector_index"), s.vectors.statement("schema_fact_vector_index"))
			stmts = append(stmts, splitScript(s.vectors.statement("schema_anchor_vector_indexes"))...)
		}
	}
	if s.vectors != nil {
		// An older Loci indexed events' vectors; no statement searches
		// them, and the index cost every batch with events at commit.
		stmts = append(stmts, cypher.Fill("schema_index_drop", map[string]string{"name": s.vectors.anchorIndex("event")}))
	}
	// Turns stored before context windows existed get theirs first, so the
	// window index is built once and finds them.
	windows, err := s.indexExists(ctx, turnWindowIndex)
	if err != nil {
		return fmt.Errorf("graph: migrate: %w", err)
	}
	if !windows {
		if err := s.SetTurnWindows(ctx); err != nil {
			return fmt.Errorf("graph: migrate: %w", err)
		}
	}
	for _, stmt := range stmts {
		if err := s.schemaStatement(ctx, stmt); err != nil {
			return fmt.Errorf("graph: migrate: %w", err)
		}
	}
	return s.AwaitIndexes(ctx, wait)
}

// splitScript splits filled statements on lines ending in a semicolon.
func splitScript(script string) []string {
	var out []string
	for _, st := range strings.Split(script, ";\n") {
		if st = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(st), ";")); st != "" {
			out = append(out, st)
		}
	}
	return out
}

// dropChangedVectorIndexes drops each of the embedder's vector indexes
// whose definition differs from the filtered one Migrate creates, and
// returns the definitions to create: those of which neither name (the
// index or its twin, which `loci reindex vectors` may have switched to)
// is left. When the turn index is to be created, the turns written before
// Loci kept reply keys get theirs first, so the index is built once and
// the reply channel finds them.
func (s *Store) dropChangedVectorIndexes(ctx context.Context) ([]VectorIndexDefinition, error) {
	rows, err := s.vectorIndexes(ctx)
	if err != nil {
		return nil, err
	}
	have := map[string]VectorIndexDefinition{}
	for _, r := range rows {
		r.Labels, r.Properties = nonNilStrings(r.Labels), nonNilStrings(r.Properties)
		have[r.Name] = r
	}
	var create []VectorIndexDefinition
	replyKeys := false
	for _, want := range s.vectors.filteredIndexes(filteredIndexSettings) {
		kept := false
		for _, slot := range want.slots() {
			def, ok := have[slot.Name]
			if !ok {
				continue
			}
			if !want.Differs(def) {
				kept = true
				continue
			}
			ontology.Logger(ctx).Info("migrate: rebuilding vector index with a changed definition", "index", slot.Name,
				"had_properties", def.Properties, "want_properties", want.Properties)
			if err := s.dropIndex(ctx, slot.Name); err != nil {
				return nil, err
			}
		}
		if !kept {
			create = append(create, want)
			replyKeys = replyKeys || want.Name == s.vectors.index
		}
	}
	if replyKeys {
		return create, s.setReplyKeys(ctx)
	}
	return create, nil
}

// setReplyKeys runs turns_reply_keys (backfill).
func (s *Store) setReplyKeys(ctx context.Context) error {
	return s.backfill(ctx, "turns_reply_keys", "reply keys")
}

// turnWindowIndex is the full-text index over turns' context windows.
const turnWindowIndex = "turn_window"

// SetTurnWindows gives every turn stored without a context window (by a
// Loci older than windows) its window, as ingest would have written it
// (turns_windows, backfill). Migrate runs it before it creates the window
// index; turns that have a window are left alone.
func (s *Store) SetTurnWindows(ctx context.Context) error {
	return s.backfill(ctx, "turns_windows", "context windows")
}

// backfill runs the named statement, which commits in batches (CALL … IN
// TRANSACTIONS), in an auto-commit transaction of its own and logs how
// many properties it set (what) and how long it took. It reads every turn,
// so on a large store it outlasts the server's transaction timeout: it
// runs without one, bounded by ctx.
func (s *Store) backfill(ctx context.Context, name, what string) error {
	start := time.Now()
	sum, err := retryTransient(ctx, func() (neo4j.ResultSummary, error) {
		sess := s.session(ctx, neo4j.AccessModeWrite)
		defer sess.Close(ctx)
		res, err := sess.Run(ctx, cypher.Get(name), nil, neo4j.WithTxTimeout(0))
		if err != nil {
			return nil, err
		}
		return res.Consume(ctx)
	})
	if err != nil {
		return fmt.Errorf("setting %s: %w", what, classify(err))
	}
	ontology.Logger(ctx).Info("migrate: "+what+" set on older turns", "turns", sum.Counters().PropertiesSet(),
		"took", time.Since(start).Round(time.Millisecond))
	return nil
}

// indexExists reports whether an index called name exists, in any state.
// It runs as the schema statements do (auto-commit, transient errors
// retried), so an unreachable Neo4j fails it as it fails them.
func (s *Store) indexExists(ctx context.Context, name string) (bool, error) {
	exists, err := retryTransient(ctx, func() (bool, error) {
		sess := s.session(ctx, neo4j.AccessModeRead)
		defer sess.Close(ctx)
		res, err := sess.Run(ctx, cypher.Get("index_exists"), map[string]any{"name": name})
		if err != nil {
			return false, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return false, err
		}
		v, _, err := neo4j.GetRecordValue[bool](rec, "exists")
		return v, err
	})
	return exists, classify(err)
}

// schemaStatement runs one schema statement in its own auto-commit
// transaction (schema and data writes cannot share one). A concurrent
// migrator creating the same rule first is not an error.
func (s *Store) schemaStatement(ctx context.Context, stmt string) error {
	_, err := retryTransient(ctx, func() (struct{}, error) {
		sess := s.session(ctx, neo4j.AccessModeWrite)
		defer sess.Close(ctx)
		res, err := sess.Run(ctx, stmt, nil)
		if err == nil {
			_, err = res.Consume(ctx)
		}
		var neoErr *neo4j.Neo4jError
		if errors.As(err, &neoErr) && strings.Contains(neoErr.Code, "AlreadyExists") {
			return struct{}{}, nil
		}
		return struct{}{}, err
	})
	return classify(err)
}

// retryTransient runs an auto-commit statement again while Neo4j answers
// with a transient error. Auto-commit transactions, which schema statements
// need, get none of the driver's managed-transaction retries, and two
// migrators on a new database deadlock on the schema's label locks:
// Neo4j aborts one of them with Neo.TransientError.Transaction.DeadlockDetected,
// which a second try resolves. Every other error returns at once.
func retryTransient[T any](ctx context.Context, run func() (T, error)) (T, error) {
	return backoff.Retry(ctx, func() (T, error) {
		v, err := run()
		if err != nil && !isTransient(err) {
			return v, backoff.Permanent(err)
		}
		return v, err
	}, backoff.WithBackOff(&backoff.ExponentialBackOff{InitialInterval: 100 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: 2 * time.Second}),
		backoff.WithMaxTries(8), backoff.WithMaxElapsedTime(0))
}

// isTransient reports whether Neo4j marked err as worth retrying as it is.
func isTransient(err error) bool {
	var neoErr *neo4j.Neo4jError
	return errors.As(err, &neoErr) && strings.HasPrefix(neoErr.Code, "Neo.TransientError.")
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
	type indexStateRow struct {
		Name              string
		State             string
		PopulationPercent float64
	}
	rows, err := queryRows[indexStateRow](ctx, s, cypher.Get("indexes_not_online"), nil)
	if err != nil {
		return nil, err
	}
	var pending []string
	for _, r := range rows {
		if r.State == "FAILED" {
			return nil, ontology.Errorf(ontology.EInternal, "index %v FAILED; see Neo4j's debug.log", r.Name)
		}
		pending = append(pending, fmt.Sprintf("%v (%v %v%%)", r.Name, r.State, r.PopulationPercent))
	}
	return pending, nil
}
