package query

import (
	"reflect"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func TestDropCitedKeepsBurstsAndNewTurns(t *testing.T) {
	turn := func(id string) *fusedResult {
		return &fusedResult{result: ontology.SearchResult{Kind: ontology.KindTurn, ID: id, Conversation: "c", SourceTurnIDs: []string{id}}}
	}
	// A burst of three turns: dropCited reads its kind, id and members.
	b := &fusedResult{result: ontology.SearchResult{Kind: ontology.KindBurst, ID: "D1:3", Conversation: "c",
		SourceTurnIDs: []string{"D1:3", "D1:4", "D1:5"}}}
	fused := []*fusedResult{turn("D1:5"), b, turn("D1:4"), turn("D1:9"), turn("D1:3")}
	var got []string
	for _, f := range dropCited(fused) {
		got = append(got, f.result.Kind+":"+f.result.ID)
	}
	want := []string{"turn:D1:5", "burst:D1:3", "turn:D1:9"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("dropCited: %v, want %v (members below their burst go; the one above stays)", got, want)
	}
}

func TestBurstPresetsValidate(t *testing.T) {
	for _, name := range []string{"turns-default-bursts", "default-bursts"} {
		c, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, ch := range c.Channels {
			kinds[ch.Kind]++
			if (ch.Kind == KindBurstFullText || ch.Kind == KindBurstVector) && ch.NormaliseWith == "" {
				t.Errorf("%s: burst channel %s is not normalised with its turn counterpart", name, ch.Name)
			}
		}
		if kinds[KindBurstFullText] != 2 || kinds[KindBurstVector] != 2 {
			t.Errorf("%s: burst channels %v, want full-text and vector, each with its reply channel", name, kinds)
		}
	}
	bad := Config{Name: "x", Channels: []ChannelConfig{{Kind: KindFactVector, Depth: 5, Adjacent: ontology.AdjacentReply}}}
	if err := bad.Validate(); err == nil {
		t.Fatal("adjacent on a fact channel validated")
	}
	ok := Config{Name: "y", Channels: []ChannelConfig{{Kind: KindBurstVector, Depth: 5, Adjacent: ontology.AdjacentReply}}}
	if err := ok.Validate(); err != nil || !ok.NeedsVectors() {
		t.Fatalf("burst vector replies: %v (needs vectors %v)", err, ok.NeedsVectors())
	}
}

func TestCollapseSameBurstKeepsEachBurstsBest(t *testing.T) {
	turn := func(id string, score float64) *fusedResult {
		return &fusedResult{result: ontology.SearchResult{Kind: ontology.KindTurn, ID: id, Conversation: "c"}, score: score,
			channels: map[string]ontology.ChannelScore{}}
	}
	fused := []*fusedResult{turn("a2", 1.0), turn("a1", 0.9), turn("x", 0.8), turn("b1", 0.7), turn("a3", 0.6), turn("b2", 0.5)}
	bursts := map[string]string{"c\x1fa1": "A", "c\x1fa2": "A", "c\x1fa3": "A", "c\x1fb1": "B", "c\x1fb2": "B"}
	collapseSameBurst(0.5, fused, bursts)
	sortFused(fused)
	var got []string
	for _, f := range fused {
		got = append(got, f.result.ID)
	}
	if want := []string{"a2", "x", "b1", "a1", "a3", "b2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("order %v, want %v (each burst's best keeps its score, the rest halved)", got, want)
	}
	if _, ok := fused[1].channels["same_burst"]; ok {
		t.Fatal("a turn in no burst was discounted")
	}
	bad := Config{Name: "x", Channels: []ChannelConfig{{Kind: KindFullText, Depth: 5, MembersOnly: true}}}
	if err := bad.Validate(); err == nil {
		t.Fatal("members_only on a turn channel validated")
	}
	if bad := (Config{Name: "y", BurstCollapse: 1.5, Channels: []ChannelConfig{{Kind: KindFullText, Depth: 5}}}); bad.Validate() == nil {
		t.Fatal("burst_collapse 1.5 validated")
	}
}
