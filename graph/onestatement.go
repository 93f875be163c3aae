package graph

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/ontology"
)

// rowKind is how a statement's rows decode: the decoder and, for rows a
// combined statement can carry as lists, the columns in the order the
// decoder reads them (nil: the statement always runs on its own).
type rowKind struct {
	decode  func(*neo4j.Record) (ontology.SearchResult, error)
	columns []string
}

var (
	turnResults = rowKind{decode: turnRecord, columns: []string{"id", "conversation", "session", "speaker", "text", "timestamp", "seq", "score"}}
	factResults = rowKind{decode: factRecord, columns: []string{"uid", "conversation", "session", "subject", "statement",
		"valid_from", "source_turn_ids", "extractor", "score"}}
	unitResults = rowKind{decode: unitRecord, columns: []string{"kind", "id", "conversation", "session", "speaker", "text", "timestamp", "seq", "members", "score"}}
)

// channelStatement is one channel's statement (from cypher/, placeholders
// filled) with its parameters and how its rows decode.
type channelStatement struct {
	stmt   string
	params map[string]any
	rows   rowKind
}

// paramRef matches a parameter reference in a statement.
var paramRef = regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)`)

// combineStatements joins channel statements into one: each a
// CALL () { … } subquery whose rows are collected, in its own order, into
// one list, the branches joined by UNION ALL and tagged with their index.
// Each channel's parameters are renamed $c<i>_<name>, so channels never
// share one; a CYPHER 25 line moves to the top (then every branch runs as
// Cypher 25). Comment lines are dropped. The statement text depends only
// on which statements are combined, so the server's plan cache holds one
// plan per combination.
func combineStatements(cs []*channelStatement) (string, map[string]any) {
	params := map[string]any{}
	branches := make([]string, len(cs))
	cypher25 := false
	for i, c := range cs {
		prefix := fmt.Sprintf("c%d_", i)
		var body []string
		for _, line := range strings.Split(c.stmt, "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case trimmed == "CYPHER 25":
				cypher25 = true
			case trimmed == "" || strings.HasPrefix(trimmed, "//"):
			default:
				body = append(body, "  "+paramRef.ReplaceAllString(line, "$$"+prefix+"$1"))
			}
		}
		for k, v := range c.params {
			params[prefix+k] = v
		}
		branches[i] = fmt.Sprintf("CALL () {\n%s\n}\nWITH collect([%s]) AS rows\nRETURN %d AS channel, rows",
			strings.Join(body, "\n"), strings.Join(c.rows.columns, ", "), i)
	}
	stmt := strings.Join(branches, "\nUNION ALL\n")
	if cypher25 {
		stmt = "CYPHER 25\n" + stmt
	}
	return stmt, params
}

// runOneStatement is runSteps with the steps that are single statements
// run as one combined statement (combineStatements: one Bolt round trip
// for all of them) and the rest after it in the same read transaction.
// When every step is in the combined statement, it runs as an auto-commit
// transaction (runCombinedAuto).
// Each ranking is the one its step alone returns. When the combined
// statement fails with a Neo4j DatabaseError or IndexNotFound (a damaged
// vector index, or one a reindex dropped, failing a SEARCH branch), the
// steps run one by one instead, where each SEARCH step falls back to its
// exact scan.
func (s *Store) runOneStatement(ctx context.Context, steps []searchStep) ([][]ontology.SearchResult, error) {
	var joined []*channelStatement
	var at, rest []int
	for i, st := range steps {
		if st.one != nil {
			joined, at = append(joined, st.one), append(at, i)
		} else {
			rest = append(rest, i)
		}
	}
	if len(joined) < 2 {
		return s.runSteps(ctx, steps)
	}
	stmt, params := combineStatements(joined)
	if s.autoCommit && len(rest) == 0 {
		out, err := s.runCombinedAuto(ctx, stmt, params, steps, joined, at)
		if err != nil && (searchFailed(err) || errors.As(err, new(*searchFellBack))) {
			return s.runSteps(ctx, steps)
		}
		return out, err
	}
	start := time.Now()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer sess.Close(ctx)
	out, err := neo4j.ExecuteRead(ctx, sess, func(tx neo4j.ManagedTransaction) ([][]ontology.SearchResult, error) {
		out := make([][]ontology.SearchResult, len(steps))
		if err := readCombined(ctx, tx, stmt, params, joined, at, out); err != nil {
			return nil, err
		}
		if err := runThen(ctx, tx, steps, at, out); err != nil {
			return nil, err
		}
		for _, i := range rest {
			res, err := steps[i].run(ctx, tx)
			if err != nil {
				return nil, err
			}
			out[i] = res
		}
		return out, nil
	}, neo4j.WithTxTimeout(s.txTimeout))
	if err != nil && (searchFailed(err) || errors.As(err, new(*searchFellBack))) {
		return s.runSteps(ctx, steps)
	}
	err = classify(err)
	s.observed("read", start, err)
	return out, err
}

// readCombined runs the combined statement and decodes each channel's
// list of rows into out at that channel's step index.
func readCombined(ctx context.Context, tx neo4j.ManagedTransaction, stmt string, params map[string]any,
	joined []*channelStatement, at []int, out [][]ontology.SearchResult) error {
	res, err := tx.Run(ctx, stmt, params)
	if err != nil {
		return err
	}
	return readCombinedResult(ctx, res, joined, at, out)
}

// runThen maps, for each step at the indexes at that has a then step,
// what the combined statement found (out) to the step's results, in place.
func runThen(ctx context.Context, tx neo4j.ManagedTransaction, steps []searchStep, at []int, out [][]ontology.SearchResult) error {
	for _, i := range at {
		if then := steps[i].then; then != nil {
			res, err := then(ctx, tx, out[i])
			if err != nil {
				return err
			}
			out[i] = res
		}
	}
	return nil
}

// readCombinedResult decodes the combined statement's result (readCombined).
func readCombinedResult(ctx context.Context, res neo4j.ResultWithContext, joined []*channelStatement, at []int, out [][]ontology.SearchResult) error {
	var err error
	for res.Next(ctx) {
		rec := res.Record()
		ch := field[int64](rec, "channel", &err)
		rows := field[[]any](rec, "rows", &err)
		if err != nil {
			return err
		}
		if ch < 0 || int(ch) >= len(joined) {
			return fmt.Errorf("graph: combined statement returned channel %d of %d", ch, len(joined))
		}
		c := joined[ch]
		got := make([]ontology.SearchResult, 0, len(rows))
		for _, row := range rows {
			values, ok := row.([]any)
			if !ok || len(values) != len(c.rows.columns) {
				return fmt.Errorf("graph: combined statement row %v does not match columns %v", row, c.rows.columns)
			}
			r, err := c.rows.decode(&neo4j.Record{Keys: c.rows.columns, Values: values})
			if err != nil {
				return err
			}
			got = append(got, r)
		}
		out[at[ch]] = got
	}
	if err := res.Err(); err != nil {
		return err
	}
	for _, i := range at {
		if out[i] == nil {
			return fmt.Errorf("graph: combined statement returned no row for step %d", i)
		}
	}
	return nil
}
