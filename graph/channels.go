package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/ontology"
)

// searchStep is one channel's reads inside a transaction: one statement,
// or two when a tenant-wide index over-fetch falls back to an exact scan.
// Steps are built (validated, statement chosen) before any transaction
// opens, so several can share one.
type searchStep struct {
	run func(ctx context.Context, tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error)
	// one is the step's single statement when it may instead run as a
	// branch of one combined statement (oneStatement); nil when the step
	// runs something else (a fallback chain, no statement at all).
	one *channelStatement
	// then, when set, maps what one returns to the step's results with
	// more reads in the same transaction (run does both): an adjacent
	// burst channel's neighbouring units of the bursts one found.
	then func(ctx context.Context, tx neo4j.ManagedTransaction, found []ontology.SearchResult) ([]ontology.SearchResult, error)
}

// noResults is the step of a query with nothing to search for.
var noResults = searchStep{run: func(context.Context, neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
	return []ontology.SearchResult{}, nil
}}

// runStep runs one step in a read transaction of its own.
func (s *Store) runStep(ctx context.Context, step searchStep) ([]ontology.SearchResult, error) {
	out, err := s.runSteps(ctx, []searchStep{step})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// runSteps runs the steps one after another in one managed read
// transaction (one session, one connection, retried as a whole) and
// returns their results in order.
func (s *Store) runSteps(ctx context.Context, steps []searchStep) ([][]ontology.SearchResult, error) {
	start := time.Now()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer sess.Close(ctx)
	work := func(tx neo4j.ManagedTransaction) ([][]ontology.SearchResult, error) {
		out := make([][]ontology.SearchResult, len(steps))
		for i, step := range steps {
			res, err := step.run(ctx, tx)
			if err != nil {
				return nil, err
			}
			out[i] = res
		}
		return out, nil
	}
	out, err := neo4j.ExecuteRead(ctx, sess, work, neo4j.WithTxTimeout(s.txTimeout))
	// A SEARCH step that failed with a DatabaseError has switched to its
	// exact scan (searchOrExact), but the failed statement ended the
	// transaction: run it again. Each step falls back at most once.
	for tries := 0; tries < len(steps) && errors.As(err, new(*searchFellBack)); tries++ {
		out, err = neo4j.ExecuteRead(ctx, sess, work, neo4j.WithTxTimeout(s.txTimeout))
	}
	err = classify(err)
	s.observed("read", start, err)
	return out, err
}

// searchFellBack is the error of a SEARCH step that failed with a Neo4j
// DatabaseError and switched to its exact scan; runSteps runs the
// transaction again.
type searchFellBack struct {
	statement string
	err       error
}

func (e *searchFellBack) Error() string {
	return fmt.Sprintf("graph: vector SEARCH %s failed, answered by the exact scan: %v", e.statement, e.err)
}

func (e *searchFellBack) Unwrap() error { return e.err }

// searchOrExact is a SEARCH step that falls back to exact, the exact scan
// of the same query, when the SEARCH fails with a Neo4j DatabaseError.
// Seen on Neo4j 2026.08.1 after a kill -9 and recovery: a filtered vector
// index answered every SEARCH with Neo.DatabaseError.Statement.
// ExecutionFailed (Index … out of bounds …) while exact scans of the same
// nodes worked. Also when it fails with IndexNotFound: the index was
// dropped by `loci reindex vectors` after its twin came online (or is not
// populated yet); the store then reads the index names again before the
// next search (indexNames). Each fallback is logged and reported to
// Config.SearchFallback; the next query tries the SEARCH again, so an
// index that recovers (or is rebuilt) is used again at once.
func (s *Store) searchOrExact(statement string, search, exact searchStep) searchStep {
	var failed atomic.Bool
	return searchStep{one: search.one, then: search.then, run: func(ctx context.Context, tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		if failed.Load() {
			return exact.run(ctx, tx)
		}
		res, err := search.run(ctx, tx)
		if err == nil || !searchFailed(err) {
			return res, err
		}
		if isIndexNotFound(err) {
			s.indexes.stale.Store(true) // the next search reads the names again
		}
		failed.Store(true)
		ontology.Logger(ctx).Warn("vector SEARCH failed, answering with the exact scan", "statement", statement, "err", err)
		if s.searchFallback != nil {
			s.searchFallback(statement)
		}
		return nil, &searchFellBack{statement: statement, err: err}
	}}
}

// isDatabaseError reports a Neo4j error of the DatabaseError class: the
// server failed, not the statement or the client.
func isDatabaseError(err error) bool {
	var neoErr *neo4j.Neo4jError
	return errors.As(err, &neoErr) && strings.HasPrefix(neoErr.Code, "Neo.DatabaseError.")
}

// SearchChannels runs several search channels (turns, facts or bursts,
// full text or vectors) in one read transaction, by default as one combined
// statement (runOneStatement): one round trip for a whole search instead
// of one per channel. Each channel ranks
// exactly as its own method (SearchTurns, SearchTurnVectors, SearchFacts,
// SearchFactVectors, SearchBursts, SearchBurstVectors) does; the results are in the order of qs.
func (s *Store) SearchChannels(ctx context.Context, qs []ontology.ChannelQuery) ([][]ontology.SearchResult, error) {
	return s.searchChannels(ctx, qs, s.oneStatement)
}

// searchChannels is SearchChannels, its statements combined into one
// (runOneStatement) when one is set.
func (s *Store) searchChannels(ctx context.Context, qs []ontology.ChannelQuery, one bool) ([][]ontology.SearchResult, error) {
	steps := make([]searchStep, len(qs))
	var path string
	for i, q := range qs {
		var err error
		if q.Vector != nil && path == "" {
			if path, err = s.vectorPathFor(ctx); err != nil {
				return nil, err
			}
		}
		switch {
		case q.Facts && q.Bursts:
			err = ontology.Errorf(ontology.EInternal, "channel %d: facts or bursts, not both", i)
		case q.FullText != nil && q.Vector == nil && q.Bursts:
			steps[i], err = burstTextStep(*q.FullText)
		case q.Vector != nil && q.FullText == nil && q.Bursts:
			steps[i], err = s.burstVectorStep(*q.Vector)
		case q.FullText != nil && q.Vector == nil && q.Facts:
			steps[i], err = factTextStep(*q.FullText)
		case q.FullText != nil && q.Vector == nil:
			steps[i], err = turnTextStep(*q.FullText)
		case q.Vector != nil && q.FullText == nil && q.Facts:
			steps[i], err = s.factVectorStep(path, *q.Vector)
		case q.Vector != nil && q.FullText == nil:
			steps[i], err = s.turnVectorStep(path, *q.Vector)
		default:
			err = ontology.Errorf(ontology.EInternal, "channel %d: want exactly one of a full-text and a vector query", i)
		}
		if err != nil {
			return nil, err
		}
	}
	if one {
		return s.runOneStatement(ctx, steps)
	}
	return s.runSteps(ctx, steps)
}

// statementStep is a step that runs stmt with params and decodes each
// record as rows says.
func statementStep(stmt string, params map[string]any, rows rowKind) searchStep {
	run := func(ctx context.Context, tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		res, err := tx.Run(ctx, stmt, params)
		if err != nil {
			return nil, err
		}
		out := []ontology.SearchResult{}
		for res.Next(ctx) {
			r, err := rows.decode(res.Record())
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, res.Err()
	}
	var one *channelStatement
	if rows.columns != nil {
		one = &channelStatement{stmt: stmt, params: params, rows: rows}
	}
	return searchStep{run: run, one: one}
}

// fallbackStep runs first and, when it finds fewer than limit results,
// then instead: the tenant-wide index over-fetch and its exact scan.
func fallbackStep(first, then searchStep, limit int) searchStep {
	return searchStep{run: func(ctx context.Context, tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		res, err := first.run(ctx, tx)
		if err != nil || len(res) >= limit {
			return res, err
		}
		return then.run(ctx, tx)
	}}
}

// field reads one typed column of a record; a null reads as T's zero.
func field[T neo4j.RecordValue](rec *neo4j.Record, key string, err *error) T {
	v, _, e := neo4j.GetRecordValue[T](rec, key)
	if e != nil && *err == nil {
		*err = e
	}
	return v
}

// listField reads a list column whose items are all Ts; a null reads as
// an empty list.
func listField[T any](rec *neo4j.Record, key string, err *error) []T {
	xs := field[[]any](rec, key, err)
	out := make([]T, 0, len(xs))
	for _, x := range xs {
		v, ok := x.(T)
		if !ok {
			if *err == nil {
				*err = fmt.Errorf("graph: column %s holds a %T, want %T", key, x, v)
			}
			continue
		}
		out = append(out, v)
	}
	return out
}

// timeField reads an optional date or datetime column.
func timeField(rec *neo4j.Record, key string) *time.Time {
	v, _ := rec.Get(key)
	return timePtr(v)
}

// turnRecord decodes a turn row (id, conversation, session, speaker, text,
// timestamp, seq, score).
func turnRecord(rec *neo4j.Record) (ontology.SearchResult, error) {
	var err error
	r := ontology.SearchResult{
		Kind: ontology.KindTurn, ID: field[string](rec, "id", &err), Conversation: field[string](rec, "conversation", &err),
		Session: field[string](rec, "session", &err), Speaker: field[string](rec, "speaker", &err), Text: field[string](rec, "text", &err),
		Seq: field[int64](rec, "seq", &err), Score: field[float64](rec, "score", &err),
	}
	if t := timeField(rec, "timestamp"); t != nil {
		u := t.UTC()
		r.Timestamp = &u
	}
	r.SourceTurnIDs = []string{r.ID}
	return r, err
}

// factRecord decodes a fact row (uid, conversation, session, subject,
// statement, valid_from, score, extractor, source_turn_ids).
func factRecord(rec *neo4j.Record) (ontology.SearchResult, error) {
	var err error
	r := ontology.SearchResult{Kind: ontology.KindFact, ID: field[string](rec, "uid", &err),
		Conversation: field[string](rec, "conversation", &err), Session: field[string](rec, "session", &err),
		Speaker: field[string](rec, "subject", &err), Text: field[string](rec, "statement", &err),
		Timestamp: timeField(rec, "valid_from"), Score: field[float64](rec, "score", &err),
		Extractor: field[string](rec, "extractor", &err), SourceTurnIDs: listField[string](rec, "source_turn_ids", &err)}
	return r, err
}
