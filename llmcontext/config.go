// Package llmcontext assembles the token-budgeted context of /v1/context:
// the memories a search finds, the anchors above them (topic summaries,
// profiles of the entities asked about, event records), the queries the
// anchors propose (expansion), the gate that makes anchors pay for their
// tokens, and the rendering within the budget (query/budget). It reaches
// search only through the Searcher interface; query/ does not import it.
package llmcontext

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"

	"github.com/loci-memory/loci/query"
)

// Config describes how a context is assembled: which retrieval config
// finds the memories, which anchor modules run and how many of each they
// keep, whether anchors are reranked by embedding similarity, whether
// event slots are reserved for the query's time, and how many expanded
// queries run. Like retrieval configs, variants are data (contexts.json,
// and contexts_experimental.json for those only benchmarks use).
type Config struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Search names the retrieval config of the memories (and Memories how
	// many it contributes before the budget cuts).
	Search   string `json:"search"`
	Memories int    `json:"memories"`
	// Anchors turns the anchor modules on; KEntity, KEvent and KTopic are
	// how many of each are kept, MinSimilarity the floor for reranked ones.
	Anchors       bool    `json:"anchors"`
	KEntity       int     `json:"k_entity"`
	KEvent        int     `json:"k_event"`
	KTopic        int     `json:"k_topic"`
	MinSimilarity float64 `json:"min_similarity"`
	// Rerank orders each module's candidates by embedding similarity to
	// the query; without it, by their native match score.
	Rerank bool `json:"rerank"`
	// TemporalSlots are event slots reserved, when the query holds a time
	// expression, for events whose when overlaps it, whatever their
	// similarity (0: off).
	TemporalSlots int `json:"temporal_slots"`
	// Expansion is the budget of expanded queries (round-robin topic →
	// entity → event); ExpansionSearch their retrieval config, and
	// ExpansionWeight the RRF weight they share against the original's 1.
	Expansion       int     `json:"expansion"`
	ExpansionSearch string  `json:"expansion_search"`
	ExpansionWeight float64 `json:"expansion_weight"`
	// ProfileShare is the share of the budget the profiles of the people
	// the query is about claim first; MemoryShare the share kept for the
	// retrieved memories whatever the anchors above them take.
	ProfileShare float64 `json:"profile_share"`
	MemoryShare  float64 `json:"memory_share"`
	// ResolveDates writes after each relative time expression of a turn
	// ("yesterday", "last summer") the date it means, resolved against
	// the turn's time: "yesterday [7 May 2023]".
	ResolveDates bool `json:"resolve_dates,omitempty"`
	// AnchorGate is how anchors pay for the tokens they take from the
	// memories (GateNone, GateNovel, GateDisplace: see gate.go).
	AnchorGate string `json:"anchor_gate,omitempty"`
	// KindParts names, per question kind (KindWhen, KindOther), the parts
	// of the context besides the memories that the question gets: the
	// anchor blocks ("topics", "profiles", "events") whose lines may enter
	// it and "expansion", the expanded queries. A kind it does not name
	// gets all four; a kind given none gets the memories alone. A part that
	// does not pay for its tokens on a kind of question is left out for
	// that kind.
	KindParts map[string][]string `json:"kind_parts,omitempty"`
}

// Ranges of a context config's values.
const (
	maxMemories  = 500
	maxAnchorsK  = 50
	maxExpansion = 20
	maxWeight    = 10
)

// DefaultConfig names the context config used when a request names none.
const DefaultConfig = query.DefaultConfig

// contextsJSON holds the configs the API documents; contextsExperimentalJSON
// those only benchmarks and the ablation use (still accepted by the API).
var (
	//go:embed contexts.json
	contextsJSON []byte
	//go:embed contexts_experimental.json
	contextsExperimentalJSON []byte
)

var presets = func() map[string]Config {
	out, err := loadPresets(presetFile{Name: "contexts.json", Data: contextsJSON}, presetFile{Name: "contexts_experimental.json", Data: contextsExperimentalJSON})
	if err != nil {
		panic(fmt.Sprintf("llmcontext: %v", err))
	}
	return out
}()

type presetFile = query.PresetFile

// loadPresets decodes and validates the files' context configs by the rules
// query.LoadPresets applies to retrieval configs.
func loadPresets(files ...presetFile) (map[string]Config, error) {
	return query.LoadPresets("context config", func(c Config) string { return c.Name }, files...)
}

// Validate checks that every value of c is in range and that the
// retrieval configs it names exist; the error names the config and field.
func (c Config) Validate() error {
	if c.Name == "" {
		return fmt.Errorf("context config without a name")
	}
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("context config %q: %s %s", c.Name, field, fmt.Sprintf(format, args...))
	}
	intIn := func(field string, v, lo, hi int) error {
		if v < lo || v > hi {
			return bad(field, "must be %d..%d, got %d", lo, hi, v)
		}
		return nil
	}
	floatIn := func(field string, v, lo, hi float64) error {
		if v < lo || v > hi {
			return bad(field, "must be %g..%g, got %g", lo, hi, v)
		}
		return nil
	}
	if _, err := query.Preset(c.Search); c.Search == "" || err != nil {
		return bad("search", "names no retrieval config: %q", c.Search)
	}
	if _, err := query.Preset(c.ExpansionSearch); c.Expansion > 0 && (c.ExpansionSearch == "" || err != nil) {
		return bad("expansion_search", "names no retrieval config: %q", c.ExpansionSearch)
	}
	for _, err := range []error{
		intIn("memories", c.Memories, 1, maxMemories),
		intIn("k_entity", c.KEntity, 0, maxAnchorsK),
		intIn("k_event", c.KEvent, 0, maxAnchorsK),
		intIn("k_topic", c.KTopic, 0, maxAnchorsK),
		floatIn("min_similarity", c.MinSimilarity, -1, 1),
		intIn("temporal_slots", c.TemporalSlots, 0, c.KEvent),
		intIn("expansion", c.Expansion, 0, maxExpansion),
		floatIn("expansion_weight", c.ExpansionWeight, 0, maxWeight),
		floatIn("profile_share", c.ProfileShare, 0, 1),
		floatIn("memory_share", c.MemoryShare, 0, 1),
		floatIn("profile_share + memory_share", c.ProfileShare+c.MemoryShare, 0, 1),
	} {
		if err != nil {
			return err
		}
	}
	if !validGate(c.AnchorGate) {
		return bad("anchor_gate", "is unknown: %q (want %q, %q or %q)", c.AnchorGate, GateNone, GateNovel, GateDisplace)
	}
	if err := validKindParts(c.KindParts); err != nil {
		return bad("kind_parts", "%v", err)
	}
	return nil
}

// Preset returns the named context config ("": the default).
func Preset(name string) (Config, error) { return query.LookupPreset(presets, "context config", name) }

// PresetNames lists the named context configs, documented and
// experimental.
func PresetNames() []string { return slices.Sorted(maps.Keys(presets)) }
