package query

import (
	"testing"

	"github.com/loci-memory/loci/internal/casefile"
	"github.com/loci-memory/loci/ontology"
)

func turns(ids ...string) []ontology.SearchResult {
	out := make([]ontology.SearchResult, len(ids))
	for i, id := range ids {
		out[i] = ontology.SearchResult{Kind: ontology.KindTurn, ID: id, Conversation: "c", SourceTurnIDs: []string{id}}
	}
	return out
}

func TestFuseReciprocalRank(t *testing.T) {
	cfg := Config{Name: "t", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 10}, {Name: "v", Kind: KindVector, Depth: 10, Weight: 2}}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	fused := fuse(cfg, [][]ontology.SearchResult{turns("a", "b", "c"), turns("c", "d")})
	var got []string
	for _, f := range fused {
		got = append(got, f.result.ID)
	}
	// c: 1/63 + 2/61; d: 2/62; a: 1/61; b: 1/62.
	want := []string{"c", "d", "a", "b"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("fused order = %v, want %v", got, want)
		}
	}
	if c := fused[0].channels; c["fulltext"].Rank != 3 || c["v"].Rank != 1 {
		t.Errorf("explanation of c = %v", c)
	}
	if want := 1.0/63 + 2.0/61; fused[0].score-want > 1e-12 || want-fused[0].score > 1e-12 {
		t.Errorf("score of c = %v, want %v", fused[0].score, want)
	}
}

func TestConfigValidation(t *testing.T) {
	for _, name := range PresetNames() {
		if _, err := Preset(name); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	if _, err := Preset("nope"); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("unknown preset: %v", err)
	}
	bad := []Config{
		{Name: "no channels"},
		{Name: "bad kind", Channels: []ChannelConfig{{Kind: "telepathy", Depth: 1}}},
		{Name: "bad depth", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 0}}},
		{Name: "bad scope", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1, Scope: "nobody"}}},
		{Name: "dup", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}, {Kind: KindFullText, Depth: 1}}},
		{Name: "bad fusion", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, Fusion: FusionConfig{Method: "max"}},
		{Name: "bad speaker names", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, SpeakerNames: "hide"},
		{Name: "bad adjacent", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1, Adjacent: "sideways"}}},
		{Name: "adjacent facts", Channels: []ChannelConfig{{Kind: KindFactFullText, Depth: 1, Adjacent: ontology.AdjacentReply}}},
		{Name: "bad when boost", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, WhenBoost: -1},
		{Name: "bad when depth", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, WhenBoost: 1, WhenDepth: 100000},
	}
	for _, c := range bad {
		if err := c.Validate(); err == nil {
			t.Errorf("config %q validated", c.Name)
		}
	}
}

func TestFuseByNormalisedScore(t *testing.T) {
	cfg := Config{Name: "s", Fusion: FusionConfig{Method: "score"},
		Channels: []ChannelConfig{{Kind: KindFullText, Depth: 10}, {Kind: KindVector, Depth: 10}}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	ft := turns("a", "b", "c")
	ft[0].Score, ft[1].Score, ft[2].Score = 10, 9, 1 // a 1.0, b 0.89, c 0
	vec := turns("c", "b", "a")
	vec[0].Score, vec[1].Score, vec[2].Score = 0.9, 0.8, 0.4 // c 1.0, b 0.8, a 0
	fused := fuse(cfg, [][]ontology.SearchResult{ft, vec})
	if fused[0].result.ID != "b" {
		t.Fatalf("top = %s (%v), want b: strong in both beats best in one", fused[0].result.ID, fused[0].score)
	}
}

func TestFusionNormaliseWithAndExtractorWeights(t *testing.T) {
	cfg := Config{Name: "t", Fusion: FusionConfig{Method: "score"}, Channels: []ChannelConfig{
		{Name: "turns", Kind: KindFullText, Depth: 10, Weight: 1},
		{Name: "facts", Kind: KindFactFullText, Depth: 10, Weight: 1, NormaliseWith: "turns", ExtractorWeights: map[string]float64{"rules": 0.5}},
	}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	turns := []ontology.SearchResult{{Kind: ontology.KindTurn, ID: "a", Score: 10}, {Kind: ontology.KindTurn, ID: "b", Score: 2}}
	// A weak fact (score 4 on the turns' 2..10 scale) must not count as a
	// perfect match just because it is the fact channel's best.
	facts := []ontology.SearchResult{{Kind: ontology.KindFact, ID: "f1", Score: 4, Extractor: "llm"}, {Kind: ontology.KindFact, ID: "f2", Score: 4, Extractor: "rules"}}
	got := fuse(cfg, [][]ontology.SearchResult{turns, facts})
	score := map[string]float64{}
	for _, f := range got {
		score[f.result.ID] = f.score
	}
	if score["a"] != 1 || score["f1"] != 0.25 || score["f2"] != 0.125 {
		t.Fatalf("scores = %v, want a 1, f1 0.25 (4 on 2..10), f2 half of that (rules)", score)
	}
	bad := Config{Name: "bad", Channels: []ChannelConfig{{Name: "x", Kind: KindFullText, Depth: 1, NormaliseWith: "nope"}}}
	if bad.Validate() == nil {
		t.Fatal("normalise_with an unknown channel validated")
	}
}

func TestBoostWhen(t *testing.T) {
	cfg := Config{Name: "t", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 10}}, WhenBoost: 1, WhenDepth: 2, Fusion: FusionConfig{Method: "score"}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	ranking := func() []*fusedResult {
		texts := []string{"We love the support group.", "I went to the support group yesterday.", "Last May we went too."}
		var out []*fusedResult
		for i, text := range texts {
			out = append(out, &fusedResult{result: ontology.SearchResult{Kind: ontology.KindTurn, ID: string(rune('a' + i)), Conversation: "c", Seq: int64(i), Text: text},
				score: 1 - 0.1*float64(i), channels: map[string]ontology.ChannelScore{}})
		}
		return out
	}
	order := func(fs []*fusedResult) string {
		var s string
		for _, f := range fs {
			s += f.result.ID
		}
		return s
	}
	fs := ranking()
	boostWhen(cfg, "When did she go to the support group?", fs)
	// b names a time and is in the top 2: moved up. c names one too, but
	// lies below when_depth.
	if got := order(fs); got != "bac" {
		t.Errorf("order = %s, want bac", got)
	}
	if fs[0].channels["when"].Score != 1 || fs[0].score != 1.9 {
		t.Errorf("boosted result = %+v", fs[0])
	}
	fs = ranking()
	boostWhen(cfg, "Where did she go?", fs)
	if got := order(fs); got != "abc" {
		t.Errorf("a question that does not ask when: order = %s, want abc", got)
	}
}

func TestFuseRRFWeightsListsAndKeepsExplanations(t *testing.T) {
	original := turns("a", "b")
	original[0].Channels = map[string]ontology.ChannelScore{"fulltext": {Rank: 1, Score: 3}}
	expanded := turns("b", "c")
	expanded[0].Score = 0.5
	got := FuseRRF(0, []Ranking{{Weight: 1, Results: original}, {Channel: "expansion_1", Weight: 0.25, Results: expanded}})
	var ids []string
	for _, r := range got {
		ids = append(ids, r.ID)
	}
	// a: 1/61; b: 1/62 + 0.25/61; c: 0.25/62.
	if len(ids) != 3 || ids[0] != "b" || ids[1] != "a" || ids[2] != "c" {
		t.Fatalf("fused order = %v, want [b a c]", ids)
	}
	if want := 1.0/62 + 0.25/61; got[0].Score != want {
		t.Errorf("score of b = %v, want %v", got[0].Score, want)
	}
	if e := got[0].Channels["expansion_1"]; e.Rank != 1 || e.Score != 0.5 {
		t.Errorf("b's expansion rank = %+v, want rank 1 with the list's score 0.5", e)
	}
	if e := got[1].Channels; e["fulltext"].Rank != 1 || len(e) != 1 {
		t.Errorf("a's explanation = %v, want the original's channels only", e)
	}
	if original[0].Channels["expansion_1"] != (ontology.ChannelScore{}) || len(original[0].Channels) != 1 {
		t.Errorf("fusion changed its input's explanation: %v", original[0].Channels)
	}
}

func TestAgreementBonus(t *testing.T) {
	cfg := Config{Name: "t", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 10, Weight: 1.5}, {Kind: KindVector, Depth: 10}},
		Fusion: FusionConfig{Method: "score", AgreeBonus: 0.4, AgreeChannels: []string{"fulltext", "vector"}, AgreeDepth: 2}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	ft := turns("a", "b", "c")
	ft[0].Score, ft[1].Score, ft[2].Score = 3, 2, 1
	vec := turns("c", "b", "x")
	vec[0].Score, vec[1].Score, vec[2].Score = 0.9, 0.8, 0.7
	// a: 1.5; b: 0.75 + 0.5 + 0.4 (both, within depth 2); c: 0 + 1 (rank 3 in full-text: no bonus).
	fused := fuse(cfg, [][]ontology.SearchResult{ft, vec})
	var got []string
	for _, f := range fused {
		got = append(got, f.result.ID)
	}
	if got[0] != "b" || got[1] != "a" || fused[0].channels["agree"].Score != 0.4 {
		t.Fatalf("order %v (top %v), want b first with the agreement bonus", got, fused[0].channels)
	}
	if _, ok := fused[2].channels["agree"]; ok || fused[2].result.ID != "c" {
		t.Fatalf("c (full-text rank 3, beyond agree_depth) got the bonus: %v", fused[2].channels)
	}
	bad := Config{Name: "b", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 1}}, Fusion: FusionConfig{AgreeBonus: 1, AgreeChannels: []string{"fulltext", "nope"}}}
	if err := bad.Validate(); err == nil {
		t.Fatal("agree_channels naming an unknown channel validated")
	}
}

func TestStatementText(t *testing.T) {
	for _, c := range casefile.Read(t, "testdata/statement_text.txt", 2) {
		if got := StatementText(c[0]); got != c[1] {
			t.Errorf("StatementText(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
