package graph

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/loci-memory/loci/ontology"
)

// Results are decoded into Go types whose exported fields name their
// columns (or the keys of a map projection): a field matches the column
// whose name, without its underscores, is the field's name in any case
// (SourceTurnIDs reads source_turn_ids); an embedded struct's fields are
// read from the same map. A column that is null or missing
// leaves its field at the zero value (nil for a pointer or slice); a value
// of another type than the field's is an error, not a silent zero. Stored
// times (time.Time, LocalDateTime, Date) decode into time.Time and
// *time.Time through asTime.

var (
	timeType    = reflect.TypeOf(time.Time{})
	stringsType = reflect.TypeOf([]string(nil))
)

// decodeHook turns the driver's temporal values into time.Time (UTC,
// clamped: see asTime), and lists into []string in one loop rather than
// item by item through reflection.
func decodeHook(_ reflect.Type, to reflect.Type, data any) (any, error) {
	switch to {
	case timeType:
		switch data.(type) {
		case time.Time, dbtype.LocalDateTime, dbtype.Date:
			return asTime(data), nil
		}
	case stringsType:
		if xs, ok := data.([]any); ok {
			out := make([]string, len(xs))
			for i, x := range xs {
				s, ok := x.(string)
				if !ok {
					return nil, fmt.Errorf("graph: a list of strings holds a %T", x)
				}
				out[i] = s
			}
			return out, nil
		}
	}
	return data, nil
}

// columnName reports whether a result's column (or map key) names a field.
func columnName(column, field string) bool {
	return strings.EqualFold(strings.ReplaceAll(column, "_", ""), field)
}

// decode decodes a record's map (or one map projection) into a T.
func decode[T any](m map[string]any) (T, error) {
	var out T
	d, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{TagName: "db", MatchName: columnName, Squash: true, DecodeHook: decodeHook, Result: &out})
	if err != nil {
		return out, err
	}
	if err := d.Decode(m); err != nil {
		return out, fmt.Errorf("graph: decoding a %T row: %w", out, err)
	}
	return out, nil
}

// decodeRecord is decode over a record's columns, for neo4j.CollectTWithContext.
func decodeRecord[T any](rec *neo4j.Record) (T, error) { return decode[T](rec.AsMap()) }

// readTx runs work in a managed read transaction (retried on transient
// errors, routed to readers in a cluster) and returns its typed result.
func readTx[T any](ctx context.Context, s *Store, work neo4j.ManagedTransactionWorkT[T]) (T, error) {
	return transact(ctx, s, neo4j.AccessModeRead, work)
}

// writeTx runs work in a managed write transaction and returns its typed
// result.
func writeTx[T any](ctx context.Context, s *Store, work neo4j.ManagedTransactionWorkT[T]) (T, error) {
	return transact(ctx, s, neo4j.AccessModeWrite, work)
}

// transact runs work in a managed transaction of mode, with the store's
// timeout for it, and reports it to Config.Observe.
func transact[T any](ctx context.Context, s *Store, mode neo4j.AccessMode, work neo4j.ManagedTransactionWorkT[T]) (T, error) {
	start := time.Now()
	sess := s.session(ctx, mode)
	defer sess.Close(ctx)
	var out T
	var err error
	access := "read"
	for attempt := 1; ; attempt++ {
		if mode == neo4j.AccessModeWrite {
			access = "write"
			out, err = neo4j.ExecuteWrite(ctx, sess, work, neo4j.WithTxTimeout(s.writeTxTimeout))
		} else {
			out, err = neo4j.ExecuteRead(ctx, sess, work, neo4j.WithTxTimeout(s.txTimeout))
		}
		if !deletedMeanwhile(err) || attempt == deletedAttempts {
			break
		}
	}
	if deletedMeanwhile(err) {
		err = &ontology.Error{Code: ontology.ENotFound, Message: "what the request reads or writes was deleted meanwhile by another request", Err: err}
	}
	err = classify(err)
	s.observed(access, start, err)
	return out, err
}

// deletedAttempts is how many times transact runs a transaction that
// found a node deleted under it (deletedMeanwhile).
const deletedAttempts = 4

// deletedMeanwhile says whether err is Neo4j's report that a node or
// relationship the transaction had matched was deleted by another,
// committed transaction before this one could lock it ("Unable to load
// NODE …", "… has been deleted in this transaction"): a delete racing the
// request. Run again, the transaction sees the delete: it matches nothing
// (not found) or, for a write that creates what it needs, writes afresh.
func deletedMeanwhile(err error) bool {
	var neoErr *neo4j.Neo4jError
	return errors.As(err, &neoErr) && (neoErr.Code == "Neo.ClientError.Statement.EntityNotFound" ||
		strings.Contains(neoErr.Msg, "has been deleted in this transaction"))
}

// runRows runs one statement in tx and decodes each record into a T.
func runRows[T any](ctx context.Context, tx neo4j.ManagedTransaction, stmt string, params map[string]any) ([]T, error) {
	res, err := tx.Run(ctx, stmt, params)
	if err != nil {
		return nil, err
	}
	return collectRows[T](ctx, res)
}

// queryRows runs one read statement in its own transaction and decodes
// each record into a T.
func queryRows[T any](ctx context.Context, s *Store, stmt string, params map[string]any) ([]T, error) {
	return readStatement(ctx, s, stmt, params, collectRows[T])
}

// writeRows runs one write statement in its own transaction and decodes
// each record into a T.
func writeRows[T any](ctx context.Context, s *Store, stmt string, params map[string]any) ([]T, error) {
	return writeTx(ctx, s, func(tx neo4j.ManagedTransaction) ([]T, error) { return runRows[T](ctx, tx, stmt, params) })
}

// first is the first of rows, and whether there was one.
func first[T any](rows []T) (T, bool) {
	var zero T
	if len(rows) == 0 {
		return zero, false
	}
	return rows[0], true
}

// exec runs one write statement in its own transaction and discards its
// result.
func (s *Store) exec(ctx context.Context, stmt string, params map[string]any) error {
	_, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		res, err := tx.Run(ctx, stmt, params)
		if err != nil {
			return struct{}{}, err
		}
		_, err = res.Consume(ctx)
		return struct{}{}, err
	})
	return err
}

// float32s converts a stored vector as the driver returns it (a list of
// floats, or a typed list on servers with a vector type) to []float32;
// rows carry vectors as any, since decoding thousands of numbers one by
// one through reflection is slow.
func float32s(v any) []float32 {
	switch xs := v.(type) {
	case []float32:
		return xs
	case []float64:
		out := make([]float32, len(xs))
		for i, f := range xs {
			out[i] = float32(f)
		}
		return out
	case []any:
		out := make([]float32, len(xs))
		for i, x := range xs {
			f, _ := x.(float64)
			out[i] = float32(f)
		}
		return out
	}
	return nil
}
