package topics

import (
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Input is the material of one conversation.
type Input struct {
	// Turns are the conversation's turns in conversation order.
	Turns []TurnInput
	// Facts are optional facts drawn from the turns; a topic lists, as
	// KeyFacts, the ids of those citing its turns.
	Facts []FactInput
}

// TurnInput is one turn with what is known about it.
type TurnInput struct {
	ID      string
	Session string // "" is ontology.DefaultSession
	Speaker string
	Text    string
	// Timestamp dates the turn; nil when unknown.
	Timestamp *time.Time
	// Vector is the turn's L2-normalised embedding, or nil. Vectors are
	// used only when every content-bearing turn has one, all of one
	// length; otherwise the whole conversation is clustered lexically.
	Vector []float32
	// Entities are the names of the entities the turn mentions. Entities
	// shared by two turns (other than speakers and entities mentioned
	// everywhere) draw them into one topic.
	Entities []string
}

// FactInput is a fact with the turns it was drawn from.
type FactInput struct {
	ID            string
	Statement     string
	SourceTurnIDs []string
}

// Defaults of Config; a zero (or negative) field takes its default.
const (
	DefaultMinTurns         = 4
	DefaultMinSessions      = 2
	DefaultMaxTopics        = 12
	DefaultSummarySentences = 3
	DefaultMinTextBytes     = 25
	DefaultMaxTurns         = 1000
)

// Config tunes Build. The zero Config is the recommended one.
type Config struct {
	// MinTurns is the fewest turns a topic has (default 4).
	MinTurns int
	// MinSessions is the fewest sessions a topic spans (default 2): a
	// topic is a theme that runs across sessions, not one chat.
	MinSessions int
	// MaxTopics caps the topics returned (default 12).
	MaxTopics int
	// SummarySentences is the length of a summary (default 3).
	SummarySentences int
	// MinTextBytes: shorter turns ("lol", "thanks!") join no topic
	// (default 25).
	MinTextBytes int
	// MaxTurns bounds the turns clustered: only the conversation's last
	// MaxTurns turns are (default DefaultMaxTurns, more than any LoCoMo
	// conversation has). Clustering holds a similarity matrix quadratic in
	// the turns (4 bytes a pair, plus one for the entity boost), so without
	// a bound a conversation of 9,000 turns would need ~400 MB for one
	// rebuild; with it, at most ~5 MB. A theme that has not come up in the
	// last MaxTurns turns is no longer a topic.
	MaxTurns int
	// Similarity is the average-linkage merge threshold on the combined
	// turn similarity (see the package documentation). Zero, the default,
	// means: with vectors, derived from the conversation itself, which
	// suits any embedding model (the median pair similarity plus 2.5 times
	// the spread of the lower half of the distribution, or the 97th
	// percentile if lower); without vectors, 0.07.
	Similarity float64
}

// Topic is a theme that runs across the sessions of a conversation, with
// an extractive summary. Every sentence of the summary is a verbatim
// sentence of one of its turns.
type Topic struct {
	// Key identifies the topic across rebuilds: it is derived from the id
	// of its earliest turn only, so it stays the same when later sessions
	// are appended (and join the topic or not), and changes only when
	// re-clustering gives the topic another first turn.
	Key string
	// Label is up to four words or two-word phrases (two at least when the
	// topic has them) that set it apart from the rest of the conversation,
	// most distinctive first, joined by ", ": "adoption papers, agency".
	Label string
	// Summary is the topic's most central sentences (at most
	// Config.SummarySentences), each verbatim from the turn it cites, in
	// conversation order.
	Summary []Sentence
	// KeyFacts are the ids of facts citing the topic's turns, most central
	// first (at most 5).
	KeyFacts []string
	// Participants are its speakers and the entities its turns mention, by
	// number of turns, at most 10.
	Participants []string
	// Span runs from the day of its first timestamped turn to the end of
	// the day of its last (granularity "day"); zero without timestamps.
	Span ontology.TimeSpan
	// SourceTurnIDs are all its turns in conversation order.
	SourceTurnIDs []string
	// Sessions are the sessions of its turns, in conversation order.
	Sessions []string
	// Centroid is the L2-normalised mean of its turns' vectors (nil when
	// the conversation was clustered without vectors).
	Centroid []float32
}

// Sentence is one summary sentence: verbatim text of turn TurnID.
type Sentence struct {
	TurnID  string
	Speaker string
	Text    string
}

// Tuning constants, documented in the package comment.
const (
	minContentTerms    = 2    // distinct content words a turn needs to be clustered
	lexicalWeight      = 0.25 // weight of TF-IDF cosine beside the embedding cosine
	contextWeight      = 0.3  // weight of each same-session neighbour in lexical mode
	thresholdSpreads   = 2.5  // adaptive threshold: median + this × spread,
	thresholdQuantile  = 0.97 // or this quantile of pair similarities if lower
	minSpread          = 0.05 // floor of the spread (degenerate distributions)
	lexicalThreshold   = 0.07 // default threshold without vectors
	entityBoostSpread  = 1.0  // entity boost with vectors, in spreads
	lexicalEntityBoost = 0.03 // entity boost without vectors
	entityMaxShare     = 0.25 // entities in more content turns than this share are not distinctive
	labelSupport       = 0.15 // some word of a topic appears in at least this share of its turns
	labelRelative      = 0.4  // further label words score at least this share of the best
	maxLabelWords      = 4
	minSentenceBytes   = 20
	maxSentenceBytes   = 400
	duplicateCosine    = 0.8 // summary sentences more similar than this are redundant
	voiceWeight        = 0.2 // summary bonus of first-person statements, malus of second-person ones
	maxKeyFacts        = 5
	maxParticipants    = 10
)

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MinTurns, DefaultMinTurns)
	def(&c.MinSessions, DefaultMinSessions)
	def(&c.MaxTopics, DefaultMaxTopics)
	def(&c.SummarySentences, DefaultSummarySentences)
	def(&c.MinTextBytes, DefaultMinTextBytes)
	def(&c.MaxTurns, DefaultMaxTurns)
	if c.Similarity < 0 || c.Similarity != c.Similarity {
		c.Similarity = 0
	}
	return c
}

// Build finds the themes that run across the sessions of one conversation
// and summarises each. It is pure and deterministic: the same input gives
// the same topics in the same order. Topics come largest and most spread
// first; nil when there are none.
func Build(in Input, cfg Config) []Topic {
	cfg = cfg.withDefaults()
	if n := len(in.Turns); n > cfg.MaxTurns {
		in.Turns = in.Turns[n-cfg.MaxTurns:]
	}
	c := newCorpus(in, cfg)
	if len(c.content) < cfg.MinTurns || len(c.content) < 2 {
		return nil
	}
	sim, tau := c.similarities(cfg)
	clusters := averageLinkage(sim, len(c.content), tau)
	cands := c.candidates(clusters, cfg)
	if len(cands) == 0 {
		return nil
	}
	out := make([]Topic, len(cands))
	for i, cd := range cands {
		out[i] = c.describe(cd, cfg)
	}
	return out
}
