package graph

import (
	"strings"
	"testing"
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
