package llmcontext

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// goodConfig is a valid context config as JSON fields, for bad files to
// spoil one field at a time.
func goodConfig(name string) map[string]any {
	return map[string]any{
		"name": name, "search": "default", "memories": 100, "anchors": true,
		"k_entity": 3, "k_event": 6, "k_topic": 2, "min_similarity": 0.2, "rerank": true,
		"temporal_slots": 2, "expansion": 9, "expansion_search": "expansion", "expansion_weight": 0.5,
		"profile_share": 0.25, "memory_share": 0.5, "anchor_gate": "displace",
	}
}

func file(t *testing.T, name string, configs ...map[string]any) presetFile {
	t.Helper()
	b, err := json.Marshal(configs)
	if err != nil {
		t.Fatal(err)
	}
	return presetFile{Name: name, Data: b}
}

func with(c map[string]any, field string, v any) map[string]any {
	out := map[string]any{}
	for k, x := range c {
		out[k] = x
	}
	out[field] = v
	return out
}

func TestLoadPresetsRejectsBadFiles(t *testing.T) {
	if _, err := loadPresets(file(t, "contexts.json", goodConfig("default"), goodConfig("other"))); err != nil {
		t.Fatalf("a good file is rejected: %v", err)
	}
	// Each case spoils one field of a good config. What the loader checks
	// of files (unknown fields aside) is query.LoadPresets' and tested there.
	def := goodConfig("default")
	for _, tc := range []struct {
		field string
		value any
		want  []string // every one must be in the error
	}{
		{"k_events", 6, []string{"contexts.json", "k_events"}},
		{"memories", 0, []string{`"default"`, "memories", "got 0"}},
		{"k_event", 51, []string{`"default"`, "k_event"}},
		{"k_topic", -1, []string{"k_topic"}},
		{"temporal_slots", 7, []string{"temporal_slots", "0..6"}},
		{"min_similarity", 1.5, []string{"min_similarity"}},
		{"memory_share", 0.9, []string{"profile_share + memory_share"}},
		{"profile_share", -0.1, []string{"profile_share"}},
		{"expansion", 21, []string{"expansion"}},
		{"expansion_weight", -1, []string{"expansion_weight"}},
		{"search", "nope", []string{`"default"`, "search", `"nope"`}},
		{"expansion_search", "nope", []string{"expansion_search"}},
		{"anchor_gate", "sometimes", []string{"anchor_gate", "sometimes"}},
		{"name", "", []string{"without a name"}},
		{"kind_parts", map[string][]string{"why": {"events"}}, []string{"kind_parts", `"why"`}},
		{"kind_parts", map[string][]string{"when": {"event"}}, []string{"kind_parts", `"event"`}},
	} {
		_, err := loadPresets(file(t, "contexts.json", with(def, tc.field, tc.value)))
		msg := fmt.Sprint(err)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(msg, w) {
				t.Errorf("%s = %v: error %v, want one saying %q", tc.field, tc.value, err, w)
			}
		}
	}
}

func TestShippedPresetsLoadApart(t *testing.T) {
	documented, err := loadPresets(presetFile{Name: "contexts.json", Data: contextsJSON})
	if err != nil {
		t.Fatalf("contexts.json alone: %v", err)
	}
	for _, name := range []string{"default", "memories", "no-gate"} {
		if _, ok := documented[name]; !ok {
			t.Errorf("documented config %q is not in contexts.json", name)
		}
	}
	// The experimental configs are accepted by name like the documented ones.
	for _, name := range []string{"no-rerank", "no-expansion", "no-temporal", "anchors-only"} {
		if _, ok := documented[name]; ok {
			t.Errorf("experimental config %q is in contexts.json", name)
		}
		if _, err := Preset(name); err != nil {
			t.Errorf("experimental config %q: %v", name, err)
		}
	}
	if _, err := Preset("nope"); err == nil || !strings.Contains(err.Error(), "anchors-only") {
		t.Errorf("unknown config: %v (want the known names listed)", err)
	}
}
