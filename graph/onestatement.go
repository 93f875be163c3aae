package graph

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// rowKind is how a statement's rows decode: the decoder and, for rows a
// combined statement can carry as lists, the columns in the order the
// decoder reads them (nil: the statement always runs on its own), the
// statement's projection of those columns (projection, from one node
// variable) and its narrowed form for combineReadOnce (node, with %[1]s
// for the variable: the node, the keys the statement orders by, the
// score).
type rowKind struct {
	decode     func(*neo4j.Record) (ontology.SearchResult, error)
	columns    []string
	projection *regexp.Regexp
	node       string
}

var (
	turnColumns = []string{"id", "conversation", "session", "speaker", "text", "timestamp", "seq", "score"}
	factColumns = []string{"uid", "conversation", "session", "subject", "statement", "valid_from", "source_turn_ids", "extractor", "score"}
	turnResults = rowKind{decode: turnRecord, columns: turnColumns, projection: projectionOf(turnColumns),
		node: "RETURN %[1]s AS node, %[1]s.conversation AS conversation, %[1]s.seq AS seq, score"}
	factResults = rowKind{decode: factRecord, columns: factColumns, projection: projectionOf(factColumns),
		node: "RETURN %[1]s AS node, %[1]s.uid AS uid, score"}
	unitResults = rowKind{decode: unitRecord}
)

// projectionOf matches a RETURN of columns read from one node, the last
// (score) as it is: "RETURN t.id AS id, t.conversation AS conversation,
// …, score", each node variable captured.
func projectionOf(columns []string) *regexp.Regexp {
	parts := make([]string, 0, len(columns))
	for _, c := range columns[:len(columns)-1] {
		parts = append(parts, `(\w+)\.`+c+` AS `+c)
	}
	return regexp.MustCompile(`RETURN ` + strings.Join(append(parts, columns[len(columns)-1]), `,\s*`) + `\b`)
}

// narrow is stmt with its projection of k's columns replaced by k.node,
// so its rows carry the node found instead of its properties; ok is false
// when stmt does not project k's columns exactly once from one variable.
func (k rowKind) narrow(stmt string) (string, bool) {
	if k.projection == nil {
		return "", false
	}
	at := k.projection.FindAllStringSubmatchIndex(stmt, -1)
	if len(at) != 1 {
		return "", false
	}
	m := at[0]
	v := stmt[m[2]:m[3]]
	for i := 4; i < len(m); i += 2 {
		if stmt[m[i]:m[i+1]] != v {
			return "", false
		}
	}
	return stmt[:m[0]] + fmt.Sprintf(k.node, v) + stmt[m[1]:], true
}

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
	stmt, params, _ := combine(cs, func(c *channelStatement) (string, string, bool) {
		return c.stmt, strings.Join(c.rows.columns, ", "), true
	})
	return stmt, params
}

// combineReadOnce is combineStatements with each channel's rows narrowed
// to [node, score] (rowKind.narrow) inside search_channels_read_once,
// which reads each node found once; ok is false when a statement cannot
// be narrowed or the channels are not all of one tenant.
func combineReadOnce(cs []*channelStatement) (string, map[string]any, bool) {
	tenant, _ := cs[0].params["tenant"].(string)
	for _, c := range cs {
		if t, ok := c.params["tenant"].(string); !ok || t != tenant {
			return "", nil, false
		}
	}
	branches, params, ok := combine(cs, func(c *channelStatement) (string, string, bool) {
		stmt, ok := c.rows.narrow(c.stmt)
		return stmt, "node, score", ok
	})
	if !ok {
		return "", nil, false
	}
	head := ""
	if strings.HasPrefix(branches, cypher25) {
		head, branches = cypher25, strings.TrimPrefix(branches, cypher25)
	}
	params["tenant"] = tenant
	return head + cypher.Fill("search_channels_read_once", map[string]string{"channels": branches}), params, true
}

// cypher25 is the line a combined statement starts with when one of its
// statements is Cypher 25.
const cypher25 = "CYPHER 25\n"

// combine is combineStatements with each statement and the columns its
// rows collect given by branch (ok false: the statements cannot be
// combined so).
func combine(cs []*channelStatement, branch func(*channelStatement) (stmt, columns string, ok bool)) (string, map[string]any, bool) {
	params := map[string]any{}
	branches := make([]string, len(cs))
	is25 := false
	for i, c := range cs {
		stmt, columns, ok := branch(c)
		if !ok {
			return "", nil, false
		}
		prefix := fmt.Sprintf("c%d_", i)
		var body []string
		for _, line := range strings.Split(stmt, "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case trimmed == "CYPHER 25":
				is25 = true
			case trimmed == "" || strings.HasPrefix(trimmed, "//"):
			default:
				body = append(body, "  "+paramRef.ReplaceAllString(line, "$$"+prefix+"$1"))
			}
		}
		for k, v := range c.params {
			params[prefix+k] = v
		}
		branches[i] = fmt.Sprintf("CALL () {\n%s\n}\nWITH collect([%s]) AS rows\nRETURN %d AS channel, rows",
			strings.Join(body, "\n"), columns, i)
	}
	stmt := strings.Join(branches, "\nUNION ALL\n")
	if is25 {
		stmt = cypher25 + stmt
	}
	return stmt, params, true
}

// runOneStatement is runSteps with the steps that are single statements
// run as one combined statement (combineStatements: one Bolt round trip
// for all of them) and the rest after it in the same read transaction.
// Each ranking is the one its step alone returns. When the combined
// statement fails with a Neo4j DatabaseError (a damaged vector index
// failing a SEARCH branch), the steps run one by one instead, where each
// SEARCH step falls back to its exact scan.
//
// With readOnce the combined statement reads each node its channels find
// once (combineReadOnce), when its statements allow.
func (s *Store) runOneStatement(ctx context.Context, steps []searchStep, readOnce bool) ([][]ontology.SearchResult, error) {
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
	read := readCombined
	if readOnce {
		if st, p, ok := combineReadOnce(joined); ok {
			stmt, params, read = st, p, readNodesOnce
		}
	}
	start := time.Now()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer sess.Close(ctx)
	out, err := neo4j.ExecuteRead(ctx, sess, func(tx neo4j.ManagedTransaction) ([][]ontology.SearchResult, error) {
		out := make([][]ontology.SearchResult, len(steps))
		if err := read(ctx, tx, stmt, params, joined, at, out); err != nil {
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
	if err != nil && (isDatabaseError(err) || errors.As(err, new(*searchFellBack))) {
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
	for res.Next(ctx) {
		rec := res.Record()
		ch := field[int64](rec, "channel", &err)
		rows := field[[]any](rec, "rows", &err)
		if err != nil {
			return err
		}
		if err := decodeChannel(joined, at, out, ch, rows, func(row []any) ([]any, error) { return row, nil }); err != nil {
			return err
		}
	}
	if err := res.Err(); err != nil {
		return err
	}
	return allChannels(at, out)
}

// readNodesOnce runs a statement of combineReadOnce: its one row holds
// each channel's rows as [elementId, score] and the nodes found, each
// once, as [elementId, columns but the score…].
func readNodesOnce(ctx context.Context, tx neo4j.ManagedTransaction, stmt string, params map[string]any,
	joined []*channelStatement, at []int, out [][]ontology.SearchResult) error {
	res, err := tx.Run(ctx, stmt, params)
	if err != nil {
		return err
	}
	rec, err := res.Single(ctx)
	if err != nil {
		return err
	}
	channels := listField[[]any](rec, "channels", &err)
	nodes := listField[[]any](rec, "nodes", &err)
	if err != nil {
		return err
	}
	byID := make(map[string][]any, len(nodes))
	for _, n := range nodes {
		id, ok := n[0].(string)
		if !ok {
			return fmt.Errorf("graph: combined statement node %v has no element id", n)
		}
		byID[id] = n[1:]
	}
	for _, c := range channels {
		ch, ok := c[0].(int64)
		rows, ok2 := c[1].([]any)
		if !ok || !ok2 {
			return fmt.Errorf("graph: combined statement channel %v is not [index, rows]", c)
		}
		err := decodeChannel(joined, at, out, ch, rows, func(row []any) ([]any, error) {
			id, _ := row[0].(string)
			props, ok := byID[id]
			if !ok || len(row) != 2 {
				return nil, fmt.Errorf("graph: combined statement row %v names no node it returned", row)
			}
			return append(props[:len(props):len(props)], row[1]), nil
		})
		if err != nil {
			return err
		}
	}
	return allChannels(at, out)
}

// decodeChannel decodes channel ch's rows, each made a row of its columns
// by values, into out at the channel's step index.
func decodeChannel(joined []*channelStatement, at []int, out [][]ontology.SearchResult, ch int64, rows []any,
	values func([]any) ([]any, error)) error {
	if ch < 0 || int(ch) >= len(joined) {
		return fmt.Errorf("graph: combined statement returned channel %d of %d", ch, len(joined))
	}
	c := joined[ch]
	got := make([]ontology.SearchResult, 0, len(rows))
	for _, row := range rows {
		list, ok := row.([]any)
		if !ok {
			return fmt.Errorf("graph: combined statement row %v is not a list", row)
		}
		vs, err := values(list)
		if err != nil {
			return err
		}
		if len(vs) != len(c.rows.columns) {
			return fmt.Errorf("graph: combined statement row %v does not match columns %v", vs, c.rows.columns)
		}
		r, err := c.rows.decode(&neo4j.Record{Keys: c.rows.columns, Values: vs})
		if err != nil {
			return err
		}
		got = append(got, r)
	}
	out[at[ch]] = got
	return nil
}

// allChannels fails when a combined statement left a channel's step
// without its results.
func allChannels(at []int, out [][]ontology.SearchResult) error {
	for _, i := range at {
		if out[i] == nil {
			return fmt.Errorf("graph: combined statement returned no row for step %d", i)
		}
	}
	return nil
}
