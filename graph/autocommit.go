package graph

import (
	"context"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/ontology"
)

// readAuto runs one read-only statement as an auto-commit transaction and
// hands its result to read. The driver sends RUN and PULL together and the
// server commits on its own, so the statement costs one Bolt round trip
// where a managed transaction (neo4j.ExecuteRead) costs three: a BEGIN it
// waits for, RUN and PULL, and a COMMIT. A search runs several such
// statements, and at 8 clients Bolt's message handling is a fair part of
// Neo4j's CPU.
//
// It retries as a managed read would: errors the driver calls retryable
// (transient errors, a lost connection) for up to Config.TxTimeout, and a
// node deleted under the statement (deletedMeanwhile) up to
// deletedAttempts times. A statement that reads can run again safely.
func readAuto[T any](ctx context.Context, s *Store, stmt string, params map[string]any,
	read func(context.Context, neo4j.ResultWithContext) (T, error)) (T, error) {
	start := time.Now()
	var out T
	var err error
	pause := 20 * time.Millisecond
	for attempt := 1; ; attempt++ {
		out, err = readAutoOnce(ctx, s, stmt, params, read)
		if err == nil || ctx.Err() != nil {
			break
		}
		again := neo4j.IsRetryable(err) && time.Since(start)+pause < s.txTimeout ||
			deletedMeanwhile(err) && attempt < deletedAttempts
		if !again {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(pause):
		}
		pause = min(2*pause, time.Second)
	}
	err = classify(err)
	s.observed("read", start, err)
	return out, err
}

// readStatement runs one read-only statement and hands its result to
// read: as an auto-commit transaction (readAuto) unless the store runs
// reads in managed transactions (Store.autoCommit off, in tests that
// compare the two).
func readStatement[T any](ctx context.Context, s *Store, stmt string, params map[string]any,
	read func(context.Context, neo4j.ResultWithContext) (T, error)) (T, error) {
	if s.autoCommit {
		return readAuto(ctx, s, stmt, params, read)
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) (T, error) {
		res, err := tx.Run(ctx, stmt, params)
		if err != nil {
			var zero T
			return zero, err
		}
		return read(ctx, res)
	})
}

// readAutoOnce is one attempt of readAuto, in a session of its own.
func readAutoOnce[T any](ctx context.Context, s *Store, stmt string, params map[string]any,
	read func(context.Context, neo4j.ResultWithContext) (T, error)) (T, error) {
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer sess.Close(ctx)
	res, err := sess.Run(ctx, stmt, params, neo4j.WithTxTimeout(s.txTimeout))
	if err != nil {
		var zero T
		return zero, err
	}
	return read(ctx, res)
}

// collectRows decodes each record of a result into a T (readAuto's read
// for row statements).
func collectRows[T any](ctx context.Context, res neo4j.ResultWithContext) ([]T, error) {
	return neo4j.CollectTWithContext(ctx, res, decodeRecord[T])
}

// runCombinedAuto runs the combined statement of runOneStatement's steps
// (joined, at their indexes at) as an auto-commit transaction. Steps whose
// matches need more reads (then: an adjacent burst channel's units) read
// them afterwards, all in one managed transaction, only when one of them
// found something.
func (s *Store) runCombinedAuto(ctx context.Context, stmt string, params map[string]any, steps []searchStep,
	joined []*channelStatement, at []int) ([][]ontology.SearchResult, error) {
	out, err := readAuto(ctx, s, stmt, params, func(ctx context.Context, res neo4j.ResultWithContext) ([][]ontology.SearchResult, error) {
		out := make([][]ontology.SearchResult, len(steps))
		return out, readCombinedResult(ctx, res, joined, at, out)
	})
	if err != nil || !anyThen(steps, at, out) {
		return out, err
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) ([][]ontology.SearchResult, error) {
		done := make([][]ontology.SearchResult, len(out))
		copy(done, out) // a retry starts again from what the statement found
		return done, runThen(ctx, tx, steps, at, done)
	})
}

// anyThen says whether a step at one of the indexes has a then step
// with matches to read more for.
func anyThen(steps []searchStep, at []int, found [][]ontology.SearchResult) bool {
	for _, i := range at {
		if steps[i].then != nil && len(found[i]) > 0 {
			return true
		}
	}
	return false
}
