package query

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/loci-memory/loci/ontology"
)

// Config describes one retrieval run: which channels run, how deep, how
// their rankings are fused, and what neighbour expansion adds. Experiments
// are new Config values (see configs.json), never new code paths.
type Config struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Channels    []ChannelConfig `json:"channels"`
	Fusion      FusionConfig    `json:"fusion"`
	Neighbours  NeighbourConfig `json:"neighbours"`
	// SpeakerNames says what becomes of the conversation's speaker names
	// in the query text. "keep" (default) matches them like any word.
	// "drop" leaves them out of the text the full-text channels match
	// (they still decide the speaker scope); "drop-all" leaves them out of
	// the embedded query too. In conversation, speakers' names are mostly
	// vocatives ("Thanks, John!"), so matching them finds greetings, not
	// what the question is about.
	SpeakerNames string `json:"speaker_names,omitempty"`
	// WhenBoost is added to the fused score of the results whose text
	// holds a time expression ("yesterday", "last May", "in 2022"), when
	// the query asks when something happened ("When did…", "What year…",
	// "How long ago…"): a question about a time is answered by a turn
	// that names one. Only the top WhenDepth fused results are looked at.
	WhenBoost float64 `json:"when_boost,omitempty"`
	// QuestionDiscount scales down, by this fraction (0..1), the fused
	// score of the turns and bursts whose text ends in a question: a turn
	// that ends by asking something mostly hands the topic to the other
	// speaker rather than telling what the question is after, yet shares
	// its words. Applied before the when boost. 0: off.
	QuestionDiscount float64 `json:"question_discount,omitempty"`
	WhenDepth        int     `json:"when_depth,omitempty"`
	// BurstCollapse scales down, by this fraction (0..1), the fused score
	// of a turn when another turn of its burst (consecutive messages of
	// one speaker sent within the burst gap) scores higher: in a chat one
	// thought is often typed as several short messages, and without it
	// they take several of the top places together, pushing the next
	// distinct result down. The best message of each burst keeps its
	// score. Applied last, after the question discount and the when
	// boost, to the top BurstCollapseDepth turns (default 40). 0: off.
	BurstCollapse      float64 `json:"burst_collapse,omitempty"`
	BurstCollapseDepth int     `json:"burst_collapse_depth,omitempty"`
	// EmbedQuery says what text the vector channels embed: "question"
	// (default) the query as asked (names dropped per SpeakerNames);
	// "statement" without its question words and auxiliaries
	// (StatementText), nearer the statements that answer it.
	EmbedQuery string `json:"embed_query,omitempty"`
	// SpeakerMatch says how a query names a speaker: "aliases" (default)
	// by the label and its forms, the aliases learned from the conversation
	// or set through the API, the name inside a handle and close
	// misspellings; "labels" by the label and its first name only (the
	// behaviour before aliases, kept for the ablation).
	SpeakerMatch string `json:"speaker_match,omitempty"`
}

// ChannelConfig is one ranked list of candidates.
type ChannelConfig struct {
	// Name identifies the channel in explanations ("fulltext", "vector", …).
	Name string `json:"name"`
	// Kind is "fulltext" (Lucene over turn text), "vector" (nearest turns
	// to the query's embedding), "fact_fulltext" and "fact_vector" (the
	// same over fact statements; results of kind "fact" citing their source
	// turns), "burst_fulltext" and "burst_vector" (the same over bursts;
	// results of kind "burst" citing all their member turns), or "graph"
	// (multi-hop: turns and facts up to two relations away from the
	// entities the query names).
	Kind string `json:"kind"`
	// Depth is how many candidates the channel contributes.
	Depth int `json:"depth"`
	// Weight multiplies the channel's reciprocal-rank contributions.
	Weight float64 `json:"weight"`
	// Match is "any" (default: any query term matches, BM25 ranks) or "all"
	// (every term must occur), for full-text channels.
	Match string `json:"match,omitempty"`
	// ProximityBoost, on a full-text channel over turns or bursts, adds an
	// optional phrase clause per pair of consecutive query words, allowed
	// ProximitySlop positions apart and boosted by ProximityBoost: turns
	// holding the question's words together rank above turns holding the
	// same words apart (ontology.FullTextQuery.ProximityBoost). 0: off.
	ProximityBoost float64 `json:"proximity_boost,omitempty"`
	ProximitySlop  int     `json:"proximity_slop,omitempty"`
	// ExtractorWeights scales the contribution of fact results by the
	// extractor that drew them ("rules": 0.5); extractors not listed count
	// fully. Rules facts mostly restate their own turn, LLM facts add
	// context, so they need not weigh the same.
	ExtractorWeights map[string]float64 `json:"extractor_weights,omitempty"`
	// NormaliseWith names another channel whose score range (lowest and
	// highest raw score of this search) normalises this channel's scores
	// under score fusion, clamped to 0..1, instead of this channel's own
	// range. Fact channels use their turn counterpart's range, so a sparse
	// fact layer's weak best match does not count as a perfect one.
	NormaliseWith string `json:"normalise_with,omitempty"`
	// Adjacent, on a "fulltext" or "vector" channel, ranks instead of the
	// matching turns their neighbours by another speaker: "reply" the turn
	// after each match, "prompt" the turn before (see
	// ontology.FullTextQuery.Adjacent). The speaker scope then applies to
	// the neighbours.
	Adjacent string `json:"adjacent,omitempty"`
	// MembersOnly, on a burst channel, makes it re-rank rather than add
	// results: each unit it finds adds its contribution to those of its
	// member turns that the other channels already hold, and is not a
	// result itself. A burst matching the question as a whole lifts its
	// messages without taking places of its own among the results.
	MembersOnly bool `json:"members_only,omitempty"`
	// Window, on a "fulltext" channel, matches each turn's context window
	// (its text after the texts of up to two messages before it in its
	// session, any speaker; ontology.ContextWindow) instead of its text:
	// in chat a message often names its subject only in a message before
	// it ("Is she still at the university?" / "She is, she teaches
	// linguistics"). Results are the turns themselves; the speaker scope
	// applies to them. Not with adjacent.
	Window bool `json:"window,omitempty"`
	// Scope is "speaker" to keep only the turns of the speaker the query
	// names (when it names exactly one), or "all" to ignore that. A speaker
	// given explicitly in the request always filters every channel.
	Scope string `json:"scope"`
}

// FusionConfig says how channel rankings combine.
type FusionConfig struct {
	// Method is "rrf" (reciprocal rank fusion: score = Σ weight / (K +
	// rank)) or "score" (each channel's raw scores min-max normalised to
	// 0..1 over its candidates, then score = Σ weight × normalised score).
	Method string  `json:"method"`
	K      float64 `json:"k"`
	// AgreeBonus is added to the fused score of a result that every
	// channel in AgreeChannels holds among its candidates: the full-text
	// and the vector channel finding the same turn, each for its own
	// reasons, is better evidence than either alone at the same summed
	// score. 0: off.
	AgreeBonus    float64  `json:"agree_bonus,omitempty"`
	AgreeChannels []string `json:"agree_channels,omitempty"`
	// AgreeDepth counts a channel as holding a result only within its
	// first AgreeDepth candidates (0: all of them).
	AgreeDepth int `json:"agree_depth,omitempty"`
}

// NeighbourConfig adds the turns adjacent to the top fused results, ranked
// just below the result they neighbour. Top 0 turns it off.
type NeighbourConfig struct {
	Top    int     `json:"top"`
	Weight float64 `json:"weight"`
}

// Channel kinds and scopes.
const (
	KindFullText     = "fulltext"
	KindVector       = "vector"
	KindFactFullText = "fact_fulltext"
	KindFactVector   = "fact_vector"
	KindGraph        = "graph"
	// KindBurstFullText and KindBurstVector are KindFullText and KindVector
	// over bursts (consecutive messages of one speaker sent close together,
	// as one unit citing all its members); with adjacent, the unit (burst
	// or lone turn) answering, or answered by, another speaker's burst.
	KindBurstFullText = "burst_fulltext"
	KindBurstVector   = "burst_vector"
	ScopeSpeaker      = "speaker"
	ScopeAll          = "all"
	// Values of Config.SpeakerNames.
	SpeakerNamesKeep    = "keep"
	SpeakerNamesDrop    = "drop"
	SpeakerNamesDropAll = "drop-all"

	// Values of Config.EmbedQuery.
	EmbedQuestion  = "question"
	EmbedStatement = "statement"

	// Values of Config.SpeakerMatch.
	SpeakerMatchAliases = "aliases"
	SpeakerMatchLabels  = "labels"
	DefaultConfig       = "default"
	// DefaultTextConfig replaces DefaultConfig on a server without an
	// embedder.
	DefaultTextConfig = "fulltext-speaker"
	defaultRRFK       = 60
	maxDepth          = 500
	maxNeighbourTo    = 50
	defaultWhenDepth  = 30
	// defaultBurstCollapseDepth is how many of the top fused results
	// burst_collapse looks at.
	defaultBurstCollapseDepth = 40
)

// configsJSON holds the retrieval configs the API documents;
// configsExperimentalJSON those only benchmarks and ablations use (the API
// accepts them too, so benchmarks can run them through it).
var (
	//go:embed configs.json
	configsJSON []byte
	//go:embed configs_experimental.json
	configsExperimentalJSON []byte
)

var presets = mustLoadPresets(presetFile{"configs.json", configsJSON}, presetFile{"configs_experimental.json", configsExperimentalJSON})

// PresetFile is one embedded JSON file of presets (retrieval configs here,
// context configs in llmcontext), named in load errors.
type PresetFile struct {
	Name string
	Data []byte
}

type presetFile = PresetFile

func mustLoadPresets(files ...presetFile) map[string]Config {
	out, err := loadPresets(files...)
	if err != nil {
		panic(fmt.Sprintf("query: %v", err))
	}
	return out
}

func loadPresets(files ...presetFile) (map[string]Config, error) {
	return LoadPresets("config", func(c Config) string { return c.Name }, files...)
}

// validated is a preset type whose pointer has a Validate method.
type validated[T any] interface {
	*T
	Validate() error
}

// LoadPresets decodes and validates the files' presets of one kind (the
// word used in errors): unknown fields are rejected, every preset must pass
// Validate, names are unique across the files, and one of them is
// DefaultConfig. Retrieval and context presets share it so both files are
// held to the same rules.
func LoadPresets[T any, P validated[T]](kind string, name func(T) string, files ...PresetFile) (map[string]T, error) {
	out := map[string]T{}
	for _, f := range files {
		dec := json.NewDecoder(bytes.NewReader(f.Data))
		dec.DisallowUnknownFields()
		var list []T
		if err := dec.Decode(&list); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		for i := range list {
			if err := P(&list[i]).Validate(); err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			n := name(list[i])
			if _, dup := out[n]; dup {
				return nil, fmt.Errorf("%s: %s %q is defined twice", f.Name, kind, n)
			}
			out[n] = list[i]
		}
	}
	if _, ok := out[DefaultConfig]; !ok {
		return nil, fmt.Errorf("no %q %s", DefaultConfig, kind)
	}
	return out, nil
}

// Preset returns the named retrieval config.
func Preset(name string) (Config, error) {
	c, err := LookupPreset(presets, "retrieval config", name)
	// The caller gets its own channel list: editing it must not change the
	// registered preset that every later search reads.
	c.Channels = slices.Clone(c.Channels)
	for i := range c.Channels {
		c.Channels[i].ExtractorWeights = maps.Clone(c.Channels[i].ExtractorWeights)
	}
	return c, err
}

// PresetNames lists the named configs.
func PresetNames() []string { return slices.Sorted(maps.Keys(presets)) }

// LookupPreset returns the preset called name ("": DefaultConfig) of
// presets, or a validation error that names the known ones; kind says what
// they are ("retrieval config").
func LookupPreset[T any](presets map[string]T, kind, name string) (T, error) {
	if name == "" {
		name = DefaultConfig
	}
	c, ok := presets[name]
	if !ok {
		return c, ontology.Errorf(ontology.EValidation, "unknown %s %q (known: %v)", kind, name, slices.Sorted(maps.Keys(presets)))
	}
	return c, nil
}

// Validate checks a config and fills defaults.
func (c *Config) Validate() error {
	if c.Name == "" {
		return fmt.Errorf("config without a name")
	}
	if len(c.Channels) == 0 {
		return fmt.Errorf("config %q has no channels", c.Name)
	}
	seen := map[string]bool{}
	for i := range c.Channels {
		ch := &c.Channels[i]
		if ch.Name == "" {
			ch.Name = ch.Kind
		}
		if seen[ch.Name] {
			return fmt.Errorf("config %q: two channels named %q", c.Name, ch.Name)
		}
		seen[ch.Name] = true
		switch ch.Kind {
		case KindFullText, KindVector, KindFactFullText, KindFactVector, KindGraph, KindBurstFullText, KindBurstVector:
		default:
			return fmt.Errorf("config %q: channel %q has unknown kind %q", c.Name, ch.Name, ch.Kind)
		}
		switch {
		case ch.Adjacent == "":
		case ch.Adjacent != ontology.AdjacentReply && ch.Adjacent != ontology.AdjacentPrompt:
			return fmt.Errorf("config %q: channel %q has unknown adjacent %q", c.Name, ch.Name, ch.Adjacent)
		case ch.Kind != KindFullText && ch.Kind != KindVector && ch.Kind != KindBurstFullText && ch.Kind != KindBurstVector:
			return fmt.Errorf("config %q: channel %q: adjacent needs a fulltext or vector channel (of turns or bursts)", c.Name, ch.Name)
		}
		if ch.ProximityBoost < 0 || ch.ProximityBoost > 10 || ch.ProximitySlop < 0 || ch.ProximitySlop > 20 {
			return fmt.Errorf("config %q: channel %q: proximity_boost must be 0..10 and proximity_slop 0..20", c.Name, ch.Name)
		}
		if ch.ProximityBoost > 0 && ch.Kind != KindFullText && ch.Kind != KindBurstFullText {
			return fmt.Errorf("config %q: channel %q: proximity needs a fulltext channel (of turns or bursts)", c.Name, ch.Name)
		}
		if ch.Window && (ch.Kind != KindFullText || ch.Adjacent != "") {
			return fmt.Errorf("config %q: channel %q: window needs a fulltext channel over turns without adjacent", c.Name, ch.Name)
		}
		if ch.MembersOnly && ch.Kind != KindBurstFullText && ch.Kind != KindBurstVector {
			return fmt.Errorf("config %q: channel %q: members_only needs a burst channel", c.Name, ch.Name)
		}
		if ch.Match == "" {
			ch.Match = "any"
		}
		if ch.Match != "any" && ch.Match != "all" {
			return fmt.Errorf("config %q: channel %q has unknown match %q", c.Name, ch.Name, ch.Match)
		}
		if ch.Scope == "" {
			ch.Scope = ScopeSpeaker
		}
		if ch.Scope != ScopeSpeaker && ch.Scope != ScopeAll {
			return fmt.Errorf("config %q: channel %q has unknown scope %q", c.Name, ch.Name, ch.Scope)
		}
		if ch.Depth <= 0 || ch.Depth > maxDepth {
			return fmt.Errorf("config %q: channel %q depth must be 1..%d", c.Name, ch.Name, maxDepth)
		}
		if ch.Weight == 0 {
			ch.Weight = 1
		}
	}
	for _, ch := range c.Channels {
		if ch.NormaliseWith != "" && (!seen[ch.NormaliseWith] || ch.NormaliseWith == ch.Name) {
			return fmt.Errorf("config %q: channel %q normalises with unknown channel %q", c.Name, ch.Name, ch.NormaliseWith)
		}
	}
	if c.WhenBoost < 0 || c.WhenBoost > 10 {
		return fmt.Errorf("config %q: when_boost must be 0..10", c.Name)
	}
	if c.QuestionDiscount < 0 || c.QuestionDiscount >= 1 {
		return fmt.Errorf("config %q: question_discount must be 0..1 (1 excluded)", c.Name)
	}
	if c.BurstCollapse < 0 || c.BurstCollapse > 1 || c.BurstCollapseDepth < 0 || c.BurstCollapseDepth > maxDepth {
		return fmt.Errorf("config %q: burst_collapse must be 0..1 and burst_collapse_depth 0..%d", c.Name, maxDepth)
	}
	if c.BurstCollapseDepth == 0 {
		c.BurstCollapseDepth = defaultBurstCollapseDepth
	}
	if c.WhenDepth <= 0 {
		c.WhenDepth = defaultWhenDepth
	}
	if c.WhenDepth > maxDepth {
		return fmt.Errorf("config %q: when_depth must be 1..%d", c.Name, maxDepth)
	}
	if err := oneOf(c.Name, "speaker_match", &c.SpeakerMatch, SpeakerMatchAliases, SpeakerMatchLabels); err != nil {
		return err
	}
	if err := oneOf(c.Name, "speaker_names", &c.SpeakerNames, SpeakerNamesKeep, SpeakerNamesDrop, SpeakerNamesDropAll); err != nil {
		return err
	}
	if err := oneOf(c.Name, "fusion", &c.Fusion.Method, "rrf", "score"); err != nil {
		return err
	}
	if c.Fusion.AgreeBonus < 0 || c.Fusion.AgreeBonus > 10 || c.Fusion.AgreeDepth < 0 {
		return fmt.Errorf("config %q: agree_bonus must be 0..10 and agree_depth >= 0", c.Name)
	}
	if c.Fusion.AgreeBonus > 0 && len(c.Fusion.AgreeChannels) < 2 {
		return fmt.Errorf("config %q: agree_bonus needs two or more agree_channels", c.Name)
	}
	for _, n := range c.Fusion.AgreeChannels {
		if !seen[n] {
			return fmt.Errorf("config %q: agree_channels names unknown channel %q", c.Name, n)
		}
	}
	if err := oneOf(c.Name, "embed_query", &c.EmbedQuery, EmbedQuestion, EmbedStatement); err != nil {
		return err
	}
	if c.Fusion.K <= 0 {
		c.Fusion.K = defaultRRFK
	}
	if c.Neighbours.Top < 0 || c.Neighbours.Top > maxNeighbourTo {
		return fmt.Errorf("config %q: neighbours.top must be 0..%d", c.Name, maxNeighbourTo)
	}
	return nil
}

// NeedsVectors reports whether the config has a vector channel.
func (c Config) NeedsVectors() bool {
	for _, ch := range c.Channels {
		if ch.Kind == KindVector || ch.Kind == KindFactVector || ch.Kind == KindBurstVector {
			return true
		}
	}
	return false
}

// oneOf checks a config's enumerated field: empty takes the default (the
// first of allowed), anything else must be one of allowed.
func oneOf(config, field string, v *string, allowed ...string) error {
	switch {
	case *v == "":
		*v = allowed[0]
	case !slices.Contains(allowed, *v):
		return fmt.Errorf("config %q: unknown %s %q", config, field, *v)
	}
	return nil
}
