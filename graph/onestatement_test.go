package graph

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/cypher"
)

// combineStatements keeps each channel's parameters apart, hoists
// CYPHER 25 once and drops comments.
func TestCombineStatements(t *testing.T) {
	stmt, params := combineStatements([]*channelStatement{
		{stmt: "// a comment with $limit\nMATCH (t:Turn {tenant: $tenant})\nRETURN t.id AS id LIMIT $limit", params: map[string]any{"tenant": "a", "limit": 3}, rows: turnResults},
		{stmt: "CYPHER 25\nMATCH (f:Fact {tenant: $tenant})\nRETURN f.uid AS uid", params: map[string]any{"tenant": "b"}, rows: factResults},
	})
	if !strings.HasPrefix(stmt, "CYPHER 25\nCALL () {") || strings.Count(stmt, "CYPHER 25") != 1 {
		t.Errorf("CYPHER 25 not hoisted once:\n%s", stmt)
	}
	for _, want := range []string{"{tenant: $c0_tenant}", "LIMIT $c0_limit", "{tenant: $c1_tenant}", "RETURN 0 AS channel, rows", "UNION ALL", "RETURN 1 AS channel, rows",
		"collect([uid, conversation, session, subject, statement, valid_from, source_turn_ids, extractor, score])"} {
		if !strings.Contains(stmt, want) {
			t.Errorf("statement lacks %q:\n%s", want, stmt)
		}
	}
	if strings.Contains(stmt, "comment") || strings.Contains(stmt, "$tenant") {
		t.Errorf("comment or unprefixed parameter left:\n%s", stmt)
	}
	if len(params) != 3 || params["c0_tenant"] != "a" || params["c1_tenant"] != "b" || params["c0_limit"] != 3 {
		t.Errorf("params %v", params)
	}
}

// Every statement a turn or fact channel can run narrows to its node
// (rowKind.narrow), so combineReadOnce applies to every search; a
// projection from two variables does not.
func TestNarrowChannelStatements(t *testing.T) {
	for kind, names := range map[string][]string{
		"turn": {"turns_search_fulltext", "turns_search_fulltext_adjacent", "turns_search_window", "turns_vector_search",
			"turns_vector_search_adjacent", "turns_vector_exact", "turns_vector_exact_adjacent", "turns_vector_ann",
			"turns_vector_exact_tenant", "turns_vector_exact_tenant_adjacent"},
		"fact": {"facts_search_fulltext", "facts_vector_search", "facts_vector_exact", "facts_vector_ann", "facts_vector_exact_tenant"},
	} {
		rows, gone := turnResults, "AS text"
		if kind == "fact" {
			rows, gone = factResults, "AS statement"
		}
		for _, name := range names {
			stmt := cypher.Get(name)
			got, ok := rows.narrow(stmt)
			if !ok || !strings.Contains(got, " AS node, ") || strings.Contains(got, gone) || !strings.Contains(stmt, gone) {
				t.Errorf("%s: narrowed %v:\n%s", name, ok, got)
			}
		}
	}
	if got, ok := turnResults.narrow("RETURN t.id AS id, t.conversation AS conversation, t.session AS session, t.speaker AS speaker, " +
		"n.text AS text, t.timestamp AS timestamp, t.seq AS seq, score"); ok {
		t.Errorf("two variables narrowed to %s", got)
	}
	if _, ok := factResults.narrow(cypher.Get("turns_search_fulltext")); ok {
		t.Error("a turn statement narrowed as facts")
	}
}

// combineReadOnce narrows every branch, keeps one tenant parameter for
// the node read and hoists CYPHER 25 above the wrapper; channels of two
// tenants are not combined so.
func TestCombineReadOnce(t *testing.T) {
	turn := &channelStatement{stmt: cypher.Get("turns_search_fulltext"), params: map[string]any{"tenant": "a"}, rows: turnResults}
	fact := &channelStatement{stmt: cypher.Fill("facts_vector_search", map[string]string{"fact_index": "fi", "filter": "f.tenant = $tenant"}),
		params: map[string]any{"tenant": "a"}, rows: factResults}
	stmt, params, ok := combineReadOnce([]*channelStatement{turn, fact})
	if !ok {
		t.Fatal("not combined")
	}
	if !strings.HasPrefix(stmt, "CYPHER 25\nCALL () {") || strings.Count(stmt, "CYPHER 25") != 1 {
		t.Errorf("CYPHER 25 not hoisted once:\n%s", stmt)
	}
	for _, want := range []string{"RETURN node AS node, node.conversation AS conversation", "RETURN f AS node, f.uid AS uid, score",
		"WITH collect([node, score]) AS rows", "WHERE n.tenant = $tenant", "f.tenant = $c1_tenant"} {
		if !strings.Contains(stmt, want) {
			t.Errorf("statement lacks %q:\n%s", want, stmt)
		}
	}
	if params["tenant"] != "a" || params["c0_tenant"] != "a" || params["c1_tenant"] != "a" {
		t.Errorf("params %v", params)
	}
	other := &channelStatement{stmt: turn.stmt, params: map[string]any{"tenant": "b"}, rows: turnResults}
	if _, _, ok := combineReadOnce([]*channelStatement{turn, other}); ok {
		t.Error("channels of two tenants combined")
	}
}
