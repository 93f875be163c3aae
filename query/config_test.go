package query

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestLoadPresetsRejectsBadFiles(t *testing.T) {
	good := `{"name":"default","channels":[{"kind":"fulltext","depth":10}]}`
	if _, err := loadPresets(presetFile{"configs.json", []byte("[" + good + "]")}); err != nil {
		t.Fatalf("a good file is rejected: %v", err)
	}
	for _, tc := range []struct {
		name  string
		files []presetFile
		want  []string
	}{
		{"unknown field", []presetFile{{"configs.json", []byte(`[{"name":"default","chanels":[]}]`)}}, []string{"configs.json", "chanels"}},
		{"depth out of range", []presetFile{{"configs.json", []byte(`[{"name":"default","channels":[{"kind":"fulltext","depth":501}]}]`)}},
			[]string{`"default"`, "depth"}},
		{"name twice across files", []presetFile{{"configs.json", []byte("[" + good + "]")}, {"configs_experimental.json", []byte("[" + good + "]")}},
			[]string{"configs_experimental.json", `"default"`, "twice"}},
		{"no default", []presetFile{{"configs.json", []byte(`[{"name":"x","channels":[{"kind":"fulltext","depth":10}]}]`)}}, []string{`"default"`}},
		{"not a list", []presetFile{{"configs.json", []byte(good)}}, []string{"configs.json"}},
		{"window on a vector channel", []presetFile{{"configs.json", []byte(`[{"name":"default","channels":[{"kind":"vector","depth":10,"window":true}]}]`)}},
			[]string{`"default"`, "window"}},
		{"window with adjacent", []presetFile{{"configs.json", []byte(`[{"name":"default","channels":[{"kind":"fulltext","depth":10,"window":true,"adjacent":"reply"}]}]`)}},
			[]string{`"default"`, "window"}},
		{"window on facts", []presetFile{{"configs.json", []byte(`[{"name":"default","channels":[{"kind":"fact_fulltext","depth":10,"window":true}]}]`)}},
			[]string{`"default"`, "window"}},
	} {
		_, err := loadPresets(tc.files...)
		if err == nil {
			t.Errorf("%s: loaded", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", tc.name, err, w)
			}
		}
	}
}

func TestShippedPresetsLoadApart(t *testing.T) {
	documented, err := loadPresets(presetFile{"configs.json", configsJSON})
	if err != nil {
		t.Fatalf("configs.json alone: %v", err)
	}
	if _, ok := documented["hybrid-k20"]; ok {
		t.Error("experimental config hybrid-k20 is in configs.json")
	}
	for _, name := range []string{DefaultConfig, DefaultTextConfig, "expansion"} {
		if _, ok := documented[name]; !ok {
			t.Errorf("config %q the service relies on is not in configs.json", name)
		}
	}
	if _, err := Preset("hybrid-k20"); err != nil {
		t.Errorf("experimental config: %v", err)
	}
}

func TestProximityReachesTheFullTextQuery(t *testing.T) {
	cfg, err := Preset("default-prox05-q30")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ch := range cfg.Channels {
		if ch.Kind != KindFullText {
			continue
		}
		q := fullTextQuery(ch, ontology.SearchRequest{Tenant: "t", Query: "road trip"}, "road trip", "")
		if q.ProximityBoost != 0.5 || q.ProximitySlop != 3 {
			t.Errorf("channel %s: query proximity %v/%d, want 0.5/3", ch.Name, q.ProximityBoost, q.ProximitySlop)
		}
		n++
	}
	if n != 2 || cfg.QuestionDiscount != 0.3 {
		t.Fatalf("%d full-text channels, question_discount %v; want 2 and 0.3", n, cfg.QuestionDiscount)
	}
	bad := Config{Name: "b", Channels: []ChannelConfig{{Kind: KindVector, Depth: 1, ProximityBoost: 1}}}
	if err := bad.Validate(); err == nil {
		t.Fatal("proximity on a vector channel validated")
	}
	bad = Config{Name: "b", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, QuestionDiscount: 1}
	if err := bad.Validate(); err == nil {
		t.Fatal("question_discount 1 validated")
	}
}

// TestDefaultIsTheMeasuredConfig holds the presets docs/benchmarks.md
// compares to what they stand for: default-labels is default with
// speakers matched by their labels only (the ablation of aliases);
// default is h16-next's measured
// default-window-mix with burst_collapse 0.5 (it was measured beside a
// default of burst_collapse 1); default-before-window is default without
// its context-window channels and is default-bmfr-c50, and default-bmfr-c
// (the default before that) differs from it only in burst_collapse 1;
// default-before-gap is that without the members_only burst channels
// and burst_collapse, and equals h16-rank's tuned default-prox05-q30;
// default-before-rank is that without proximity and question_discount.
func TestDefaultIsTheMeasuredConfig(t *testing.T) {
	get := func(name string) Config {
		c, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		c.Name, c.Description = "", ""
		// A copy: Preset's channels are the process-wide preset's own, and
		// the checks below delete and change channels of def (in place,
		// the preset itself would change for every later test, and for
		// this one's next run with -count).
		c.Channels = slices.Clone(c.Channels)
		return c
	}
	def, labels := get("default"), get("default-labels")
	if labels.SpeakerMatch != "labels" {
		t.Errorf("default-labels matches speakers by %q, want labels", labels.SpeakerMatch)
	}
	labels.SpeakerMatch = def.SpeakerMatch
	if !reflect.DeepEqual(def, labels) {
		t.Errorf("default-labels differs from default in more than speaker_match:\n%+v\n%+v", def, labels)
	}
	windows := get("default-window-mix")
	windows.BurstCollapse = def.BurstCollapse
	if !reflect.DeepEqual(def, windows) {
		t.Errorf("default-window-mix differs from default in more than burst_collapse:\n%+v\n%+v", def, windows)
	}
	def.Channels = slices.DeleteFunc(def.Channels, func(ch ChannelConfig) bool { return ch.Window })
	if before, tuned := get("default-before-window"), get("default-bmfr-c50"); !reflect.DeepEqual(def, before) || !reflect.DeepEqual(before, tuned) {
		t.Errorf("default-before-window is not default without its window channels, or not default-bmfr-c50:\n%+v\n%+v\n%+v", def, before, tuned)
	}
	before := get("default-bmfr-c")
	before.BurstCollapse = def.BurstCollapse
	if !reflect.DeepEqual(def, before) {
		t.Errorf("default-bmfr-c differs from default in more than burst_collapse:\n%+v\n%+v", def, before)
	}
	def.BurstCollapse, def.BurstCollapseDepth = 0, defaultBurstCollapseDepth
	def.Channels = slices.DeleteFunc(def.Channels, func(ch ChannelConfig) bool { return ch.MembersOnly })
	if gap, rank := get("default-before-gap"), get("default-prox05-q30"); !reflect.DeepEqual(def, gap) || !reflect.DeepEqual(gap, rank) {
		t.Errorf("default-before-gap is not default without the burst re-ranking, or not default-prox05-q30:\n%+v\n%+v\n%+v", def, gap, rank)
	}
	def.QuestionDiscount = 0
	for i := range def.Channels {
		def.Channels[i].ProximityBoost, def.Channels[i].ProximitySlop = 0, 0
	}
	if before := get("default-before-rank"); !reflect.DeepEqual(def, before) {
		t.Errorf("default-before-rank is not default without proximity and question_discount:\n%+v\n%+v", def, before)
	}
}

// A caller that edits the channels of the config it was handed must not
// change the registered preset that later searches read.
func TestPresetHandsOutItsOwnChannels(t *testing.T) {
	a, err := Preset("")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Channels) == 0 {
		t.Fatal("the default preset has no channels")
	}
	want, _ := Preset("")
	a.Channels[0].Weight = -12345
	for i := range a.Channels {
		if a.Channels[i].ExtractorWeights != nil {
			a.Channels[i].ExtractorWeights["edited"] = 1
		}
	}
	b, err := Preset("")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.Channels, want.Channels) || b.Channels[0].Weight == -12345 {
		t.Fatalf("the registered default changed: %+v", b.Channels)
	}
}
