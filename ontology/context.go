package ontology

// ContextRequest asks for what an agent should know to answer Query.
type ContextRequest struct {
	Tenant       string `json:"-"`
	Conversation string `json:"conversation_id"`
	Query        string `json:"query"`
	BudgetTokens int    `json:"budget_tokens,omitempty"`
	Speaker      string `json:"speaker,omitempty"`
	Config       string `json:"config,omitempty"`
	// TimeView (as_of, known_at): the memories of that time only.
	TimeView
}

// ContextItem is one anchor or memory the context carries.
type ContextItem struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
	// ConversationID is the conversation a retrieved memory comes from
	// (empty for anchors, which belong to the conversation asked about).
	ConversationID string                  `json:"conversation_id,omitempty"`
	Title          string                  `json:"title,omitempty"`
	Text           string                  `json:"text"`
	SourceTurnIDs  []string                `json:"source_turn_ids"`
	When           *TimeSpan               `json:"when,omitempty"`
	Similarity     float64                 `json:"similarity,omitempty"`
	Channels       map[string]ChannelScore `json:"channels,omitempty"`
}

// ContextResponse is the assembled context: the text an LLM reads, the
// blocks it was made of, its exact token count and every item it carries.
type ContextResponse struct {
	Context string                   `json:"context"`
	Blocks  map[string][]ContextItem `json:"blocks"`
	Tokens  int                      `json:"tokens"`
	Budget  int                      `json:"budget_tokens"`
	Encoder string                   `json:"tokenizer"`
	Items   []ContextItem            `json:"items"`
	Scope   Scope                    `json:"scope"`
	Config  string                   `json:"config"`
	// Expansions are the expanded queries that ran, in order.
	Expansions []string `json:"expansions"`
	// TimeFilter is the query's time expression, when it had one.
	TimeFilter *TimeSpan `json:"time_filter,omitempty"`
}
