package ontology

import (
	"context"
	"time"
)

// Search limits.
const (
	DefaultSearchLimit = 10
	MaxSearchLimit     = 100
	MaxQueryBytes      = 4096
)

// SearchRequest asks for the memories that best answer Query.
type SearchRequest struct {
	Tenant       string `json:"-"`
	Conversation string `json:"conversation_id,omitempty"`
	Query        string `json:"query"`
	Limit        int    `json:"limit,omitempty"`
	// Speaker restricts results to one speaker's turns. When empty, the
	// speaker the query names (if exactly one) is used instead.
	Speaker string `json:"speaker,omitempty"`
	// Config names the retrieval configuration (channels, depths, fusion);
	// empty means "default".
	Config string `json:"config,omitempty"`
	// Explain adds, per result, each channel's rank and score.
	Explain bool `json:"explain,omitempty"`
	// TimeView (as_of, known_at) keeps only what was true, and what had
	// been told, by then.
	TimeView
}

// SearchResult is one retrieved memory. Every result, whatever its kind,
// cites the turns it rests on in SourceTurnIDs.
type SearchResult struct {
	Kind          string     `json:"kind"`
	ID            string     `json:"id"`
	Conversation  string     `json:"conversation_id"`
	Session       string     `json:"session,omitempty"`
	Speaker       string     `json:"speaker,omitempty"`
	Text          string     `json:"text"`
	Timestamp     *time.Time `json:"timestamp,omitempty"`
	Seq           int64      `json:"seq"`
	Score         float64    `json:"score"`
	SourceTurnIDs []string   `json:"source_turn_ids"`
	// Extractor names what drew a fact result ("rules", "llm", …).
	Extractor string `json:"extractor,omitempty"`
	// Channels explains the score when the request asked for it: the rank
	// (from 1) and raw score of the result in each channel that found it.
	Channels map[string]ChannelScore `json:"channels,omitempty"`
}

// ChannelScore is a result's place in one retrieval channel.
type ChannelScore struct {
	Rank  int     `json:"rank"`
	Score float64 `json:"score"`
}

// TurnRef names one turn of a conversation.
type TurnRef struct {
	Conversation string
	ID           string
}

// Result kinds.
const (
	KindTurn = "turn"
	// KindFact is a fact drawn from turns; its Speaker is the fact's
	// subject and its SourceTurnIDs the turns it rests on.
	KindFact = "fact"
)

// Scope says which filters a search applied and why.
type Scope struct {
	Conversation string `json:"conversation_id,omitempty"`
	Speaker      string `json:"speaker,omitempty"`
	// SpeakerSource is "request" when the caller named the speaker,
	// "query" when it was inferred from the query text, "" when unscoped.
	SpeakerSource string `json:"speaker_source,omitempty"`
	// SpeakerAlias is the word of the query that named the speaker, and
	// SpeakerMatch how it matched: "name" (the label or its full name),
	// "first_name", "handle" (the name inside a handle label), an alias's
	// How ("explicit", "vocative", "introduction"), "nickname" (a
	// nickname of one of those or the full name of one: "Maggie" for
	// "Margaret") or "fuzzy" (a misspelling: close in letters and in
	// sound). Set when SpeakerSource
	// is "query".
	SpeakerAlias string `json:"speaker_alias,omitempty"`
	SpeakerMatch string `json:"speaker_match,omitempty"`
}

// SearchResponse is what a search returns.
type SearchResponse struct {
	Results []SearchResult `json:"results"`
	Scope   Scope          `json:"scope"`
	Config  string         `json:"config"`
}

// FullTextQuery is one full-text lookup over turns, already scoped.
type FullTextQuery struct {
	Tenant       string
	Conversation string // "" = the whole tenant
	Speaker      string // "" = any speaker
	Text         string // user text; the store escapes it
	Limit        int
	// MatchAll requires every query term in a turn; otherwise any term
	// matches and BM25 ranks turns with more (and rarer) terms higher.
	MatchAll bool
	// ProximityBoost, when above zero, adds to the match an optional clause per
	// pair of consecutive query terms: a turn holding both within
	// ProximitySlop positions of each other scores higher, by
	// ProximityBoost times what the pair adds as a phrase. Words that stand
	// together in the question ("dance class", "road trip") mostly stand
	// together in the turn that answers it; a turn holding them apart
	// matches as before. 0: no pair clauses.
	ProximitySlop  int
	ProximityBoost float64
	// Adjacent, when set, ranks instead of the matching turns their
	// neighbours in the same session by another speaker (by Speaker, when
	// set), each with the score of its best match: AdjacentReply the turn
	// after a match, AdjacentPrompt the turn before. In conversation the
	// words of a question are often only in the turn that asks it ("How
	// did you get into painting?" / "My friend got me into it").
	Adjacent string
	// Window, on a turn search, matches each turn's context window (its
	// text after the texts of the messages right before it in its session,
	// any speaker; ContextWindow) instead of its text alone: in chat the
	// subject of a message is often named in a message before it. The
	// speaker scope applies to the turn itself. Not with Adjacent.
	Window bool
	// TimeView keeps the turns (facts) of that time only.
	TimeView
}

// Values of FullTextQuery.Adjacent and VectorQuery.Adjacent.
const (
	AdjacentReply  = "reply"  // the turn that answers a match
	AdjacentPrompt = "prompt" // the turn a match answers
)

// VectorQuery is one nearest-neighbour lookup over turn embeddings.
type VectorQuery struct {
	Tenant       string
	Conversation string // "" = the whole tenant
	Speaker      string // "" = any speaker
	EmbedderID   string // must match the stored vectors' embedder
	Vector       []float32
	Limit        int
	// Adjacent ranks the neighbours of the nearest turns instead, as in
	// FullTextQuery.Adjacent.
	Adjacent string
	// TimeView keeps the turns (facts) of that time only.
	TimeView
}

// ChannelQuery is one retrieval channel of a search, for stores that run
// several channels in one round trip: exactly one of FullText and Vector
// is set, and Facts or Bursts says the channel searches facts or bursts
// instead of turns.
type ChannelQuery struct {
	Facts    bool
	Bursts   bool
	FullText *FullTextQuery
	Vector   *VectorQuery
}

// TurnSearcher finds turns by their text.
type TurnSearcher interface {
	SearchTurns(ctx context.Context, q FullTextQuery) ([]SearchResult, error)
}
