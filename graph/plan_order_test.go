package graph_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/graph/graphtest"
)

// TestRecentTurnsReadFromTheIndexInOrder: the statements that read a
// conversation's last turns (every ingest batch with extraction reads its
// context so, topic building its last 1,000 turns) must let Neo4j read the
// turn_scope index (tenant, conversation, seq) backwards and stop at their
// limit. Planned with a sort instead (a Top operator), they read every turn
// of the conversation for each batch, a cost that grows with the
// conversation. The plans come from EXPLAIN on the test Neo4j.
func TestRecentTurnsReadFromTheIndexInOrder(t *testing.T) {
	graphtest.Store(t) // fails in CI, skips elsewhere, without a usable Neo4j
	params := map[string]any{
		"tenant": "plan-order", "conversation": "c", "conversation_uid": "u", "exclude": []string{"D1:1"},
		"limit": 6, "before": 100, "read_context": true, "name_types": []string{"Person"}, "names": 20,
	}
	statements := map[string]string{
		"turns_recent":        cypher.Get("turns_recent"),
		"turns_before":        cypher.Get("turns_before"),
		"turns_batch_context": cypher.Fill("turns_batch_context", map[string]string{"context": cypher.Get("turns_context_reads")}),
		"topics_material":     cypher.Fill("topics_material", map[string]string{"property": "embedding_none"}),
	}
	for name, stmt := range statements {
		plan := explain(t, stmt, params)
		if top := plan.find(func(p planNode) bool { return p.operator == "Top" }); top != nil {
			t.Errorf("%s: planned with a Top (every turn of the conversation read and sorted):\n%s", name, plan.describe(0))
		}
		limited := plan.find(func(p planNode) bool { return p.operator == "Limit" && p.find(planNode.turnScopeSeek) != nil })
		if limited == nil {
			t.Errorf("%s: no Limit over the turn_scope index seek:\n%s", name, plan.describe(0))
		}
	}
}

// planNode is one operator of a plan: its name without the runtime suffix
// ("Top@neo4j" → "Top"), its details, and its children.
type planNode struct {
	operator, details string
	children          []planNode
}

// explain returns the plan Neo4j makes for stmt with params.
func explain(t *testing.T, stmt string, params map[string]any) planNode {
	t.Helper()
	cfg := graphtest.Config()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	driver, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer driver.Close(ctx)
	res, err := neo4j.ExecuteQuery(ctx, driver, "EXPLAIN "+stmt, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithDatabase(cfg.Database), neo4j.ExecuteQueryWithReadersRouting())
	if err != nil {
		t.Fatalf("EXPLAIN: %v", err)
	}
	if res.Summary.Plan() == nil {
		t.Fatal("EXPLAIN returned no plan")
	}
	// The driver's Plan.Children (v5.28.4) returns the last child in every
	// place (it takes the address of its loop variable), so the tree is
	// read from the record it wraps, whose Operator, Arguments and Children
	// fields are read by reflection.
	return readPlan(reflect.ValueOf(res.Summary.Plan()).Elem().FieldByName("plan").Elem())
}

// readPlan converts the driver's plan record v into a planNode.
func readPlan(v reflect.Value) planNode {
	op, _, _ := strings.Cut(v.FieldByName("Operator").String(), "@")
	n := planNode{operator: op}
	if d := v.FieldByName("Arguments").MapIndex(reflect.ValueOf("Details")); d.IsValid() && d.Elem().Kind() == reflect.String {
		n.details = d.Elem().String()
	}
	children := v.FieldByName("Children")
	for i := range children.Len() {
		n.children = append(n.children, readPlan(children.Index(i)))
	}
	return n
}

// turnScopeSeek reports whether p seeks the turn_scope index.
func (p planNode) turnScopeSeek() bool {
	return strings.Contains(p.operator, "IndexSeek") && strings.Contains(p.details, "Turn(tenant, conversation, seq)")
}

// find returns the first node of p's tree (p included) that ok accepts.
func (p planNode) find(ok func(planNode) bool) *planNode {
	if ok(p) {
		return &p
	}
	for _, c := range p.children {
		if f := c.find(ok); f != nil {
			return f
		}
	}
	return nil
}

// describe prints a plan tree for a failure message.
func (p planNode) describe(depth int) string {
	s := strings.Repeat("  ", depth) + p.operator + " " + p.details + "\n"
	for _, c := range p.children {
		s += c.describe(depth + 1)
	}
	return s
}
