package graph_test

import (
	"reflect"
	"testing"

	"github.com/loci-memory/loci/graph"
)

var turnIndex = graph.VectorIndexDefinition{Name: "turn_embedding_x_4", Labels: []string{"Turn"},
	Properties: []string{"embedding_x", "tenant", "conversation", "speaker_key", "reply_speaker_key"},
	Config:     map[string]any{"vector.dimensions": 4}}

// The twin can exist beside the index (another ordered property list)
// and serves as it does: Migrate must not take it for a changed index.
func TestVectorIndexTwin(t *testing.T) {
	tw := graph.Twin(turnIndex)
	if tw.Name != "turn_embedding_x_4_r" || graph.TwinName(turnIndex.Name) != tw.Name {
		t.Errorf("twin name %q", tw.Name)
	}
	if reflect.DeepEqual(tw.Properties, turnIndex.Properties) || tw.Properties[0] != "embedding_x" {
		t.Errorf("twin properties %v: want the vector first and the filters in another order than %v", tw.Properties, turnIndex.Properties)
	}
	if turnIndex.Differs(tw) {
		t.Error("the index's definition differs from its twin: Migrate would drop a reindexed index")
	}
	if turnIndex.Properties[1] != "tenant" {
		t.Errorf("twin changed the index's own properties: %v", turnIndex.Properties)
	}
}

func TestLiveIndex(t *testing.T) {
	base, twin := turnIndex.Name, graph.TwinName(turnIndex.Name)
	for _, c := range []struct {
		state map[string]string
		want  string
	}{
		{map[string]string{base: "ONLINE"}, base},
		{map[string]string{twin: "ONLINE"}, twin},
		{map[string]string{base: "ONLINE", twin: "POPULATING"}, base},
		{map[string]string{base: "POPULATING", twin: "ONLINE"}, twin},
		{map[string]string{base: "ONLINE", twin: "ONLINE"}, base},
		{map[string]string{base: "POPULATING"}, ""},
		{map[string]string{base: "FAILED", twin: "POPULATING"}, ""},
		{map[string]string{}, ""},
	} {
		if got := graph.LiveIndex(turnIndex, c.state); got != c.want {
			t.Errorf("live index of %v = %q, want %q", c.state, got, c.want)
		}
	}
}

func TestPlanVectorReindex(t *testing.T) {
	base, twin := turnIndex.Name, graph.TwinName(turnIndex.Name)
	type plan struct {
		dropFirst []string
		create    string
		await     string
		dropAfter []string
	}
	for _, c := range []struct {
		name  string
		state map[string]string
		want  plan
	}{
		{"first rebuild", map[string]string{base: "ONLINE"}, plan{nil, twin, twin, []string{base}}},
		{"second rebuild", map[string]string{twin: "ONLINE"}, plan{nil, base, base, []string{twin}}},
		{"twin still building", map[string]string{base: "ONLINE", twin: "POPULATING"}, plan{nil, "", twin, []string{base}}},
		{"index still building", map[string]string{base: "POPULATING", twin: "ONLINE"}, plan{nil, "", base, []string{twin}}},
		{"stopped before the drop", map[string]string{base: "ONLINE", twin: "ONLINE"}, plan{[]string{twin}, twin, twin, []string{base}}},
		{"twin failed", map[string]string{base: "ONLINE", twin: "FAILED"}, plan{[]string{twin}, twin, twin, []string{base}}},
		{"index failed", map[string]string{base: "FAILED", twin: "ONLINE"}, plan{[]string{base}, base, base, []string{twin}}},
		{"none", map[string]string{}, plan{nil, base, base, nil}},
		{"both failed", map[string]string{base: "FAILED", twin: "FAILED"}, plan{[]string{base, twin}, base, base, nil}},
		{"only building", map[string]string{twin: "POPULATING"}, plan{nil, "", twin, nil}},
		{"both building", map[string]string{base: "POPULATING", twin: "POPULATING"}, plan{[]string{twin}, "", base, nil}},
	} {
		p := graph.PlanVectorReindex(turnIndex, c.state)
		got := plan{p.DropFirst, "", p.Await, p.DropAfter}
		if p.Create != nil {
			got.create = p.Create.Name
			if p.Create.Name == twin && !reflect.DeepEqual(p.Create.Properties, graph.Twin(turnIndex).Properties) ||
				p.Create.Name == base && !reflect.DeepEqual(p.Create.Properties, turnIndex.Properties) {
				t.Errorf("%s: creates %s on %v", c.name, p.Create.Name, p.Create.Properties)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: plan %+v, want %+v", c.name, got, c.want)
		}
	}
}
