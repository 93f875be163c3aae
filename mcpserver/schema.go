package mcpserver

import (
	"time"

	"github.com/loci-memory/loci/ontology"
)

// The tools' arguments and results: their types are the input and output
// schemas clients see (jsonschema tags describe each field).

// turnInput is a turn as the input schema describes it; the turns are
// decoded by ontology.DecodeTurns.
type turnInput struct {
	ID        string         `json:"id,omitempty" jsonschema:"turn id, unique within the conversation (e.g. D1:3), at most 256 bytes; with it a resent turn is stored once; without it Loci assigns one (returned in ids)"`
	Session   any            `json:"session,omitempty" jsonschema:"session the turn belongs to, a string or an integer (default: \"default\")"`
	Speaker   string         `json:"speaker" jsonschema:"who said it (e.g. Caroline); at most 256 bytes"`
	Text      string         `json:"text" jsonschema:"what was said; at most 32 KiB"`
	Timestamp string         `json:"timestamp,omitempty" jsonschema:"when it was said, RFC 3339 (e.g. 2023-05-08T13:56:00Z)"`
	Metadata  map[string]any `json:"metadata,omitempty" jsonschema:"any JSON object stored with the turn; at most 16 KiB"`
}

type addTurnsInput struct {
	ConversationID string      `json:"conversation_id" jsonschema:"the conversation the turns belong to (created on first use); at most 256 bytes"`
	Turns          []turnInput `json:"turns" jsonschema:"the turns, in the order they were said; 1 to 1000"`
}

type addTurnsOutput struct {
	ConversationID string                    `json:"conversation_id"`
	IDs            []string                  `json:"ids" jsonschema:"the turns' ids in the order sent, as given or assigned"`
	Created        int                       `json:"created" jsonschema:"turns newly stored"`
	Existing       int                       `json:"existing" jsonschema:"turns that were already stored (resent)"`
	ExistingIDs    []string                  `json:"existing_ids" jsonschema:"ids of the turns that were already stored"`
	Knowledge      *ontology.KnowledgeReport `json:"knowledge,omitempty" jsonschema:"what was drawn from the new turns and stored"`
}

type listInput struct {
	Limit *int `json:"limit,omitempty" jsonschema:"most conversations returned, 1 to 1000 (default 100)"`
}

type conversationOutput struct {
	ID           string    `json:"id" jsonschema:"the conversation id"`
	TurnCount    int64     `json:"turn_count" jsonschema:"how many turns it holds"`
	CreatedAt    time.Time `json:"created_at" jsonschema:"when its first turns were stored"`
	LastActivity time.Time `json:"last_activity" jsonschema:"when turns were last added to it"`
}

type listOutput struct {
	Conversations []conversationOutput `json:"conversations" jsonschema:"most recently active first"`
}

type forgetInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation to delete, with everything drawn from it"`
}

type forgetOutput struct {
	ConversationID string                 `json:"conversation_id"`
	Deleted        ontology.DeleteReceipt `json:"deleted" jsonschema:"counts of what was removed"`
}

// timeArgs are the as_of and known_at arguments of the reads that take
// them; embedded last, they come last in the input schema.
type timeArgs struct {
	AsOf    string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (relations, facts and turns valid at that time; default now)"`
	KnownAt string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

func (a timeArgs) view() (ontology.TimeView, error) { return ontology.ParseTimeView(a.AsOf, a.KnownAt) }

type searchInput struct {
	Query          string `json:"query" jsonschema:"the question or words to search for; at most 4096 bytes"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"search only this conversation (default: every conversation)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"only this speaker's turns and facts (default: the one speaker the query names, if any)"`
	Limit          *int   `json:"limit,omitempty" jsonschema:"how many results, 1 to 100 (default 10)"`
	Config         string `json:"config,omitempty" jsonschema:"named retrieval configuration (advanced; default: default)"`
	Explain        bool   `json:"explain,omitempty" jsonschema:"add each result's rank and score in every retrieval channel"`
	timeArgs
}

type contextInput struct {
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation the question is about (default: every conversation, retrieved memories only)"`
	Query          string `json:"query" jsonschema:"the question to be answered; at most 4096 bytes"`
	BudgetTokens   *int   `json:"budget_tokens,omitempty" jsonschema:"size of the context in tokens, 50 to 32000 (default 2000)"`
	Speaker        string `json:"speaker,omitempty" jsonschema:"restrict memories to this speaker (default: the one speaker the query names, if any)"`
	Config         string `json:"config,omitempty" jsonschema:"named context configuration (advanced; default: default)"`
	timeArgs
}

// citedItem is one item of an assembled context, without its text (the
// context text carries it).
type citedItem struct {
	Kind          string   `json:"kind" jsonschema:"profile, event, topic, turn or fact"`
	ID            string   `json:"id"`
	Conversation  string   `json:"conversation_id,omitempty" jsonschema:"the conversation a retrieved memory comes from"`
	Title         string   `json:"title,omitempty"`
	SourceTurnIDs []string `json:"source_turn_ids" jsonschema:"the turns the item's text rests on"`
}

type contextOutput struct {
	Context      string             `json:"context" jsonschema:"the assembled context, every line citing turn ids in brackets"`
	Tokens       int                `json:"tokens" jsonschema:"exact token count of context"`
	BudgetTokens int                `json:"budget_tokens"`
	Tokenizer    string             `json:"tokenizer"`
	Items        []citedItem        `json:"items" jsonschema:"the items the context carries, in order"`
	Scope        ontology.Scope     `json:"scope"`
	TimeFilter   *ontology.TimeSpan `json:"time_filter,omitempty" jsonschema:"the time span the question names, when it names one"`
}

type entityInput struct {
	Entity         string `json:"entity" jsonschema:"an entity id, or a name or alias (then conversation_id is needed)"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look the name up"`
	AsOf           string `json:"as_of,omitempty" jsonschema:"RFC 3339 time: answer what was true then (what had begun by then; ended relations show as past with their valid_to; default now)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"RFC 3339 time: use only what Loci had been told by then (default now)"`
}

type pathsInput struct {
	From           string `json:"from" jsonschema:"the entity the paths start at: an id, or a name with conversation_id"`
	To             string `json:"to" jsonschema:"the entity the paths end at: an id, or a name with conversation_id"`
	ConversationID string `json:"conversation_id,omitempty" jsonschema:"the conversation in which to look names up"`
	MaxHops        *int   `json:"max_hops,omitempty" jsonschema:"longest path, in relations, 1 to 4 (default 4)"`
	Limit          *int   `json:"limit,omitempty" jsonschema:"most paths returned, 1 to 10 (default 10)"`
	Kinds          string `json:"kinds,omitempty" jsonschema:"all (default: typed relations, then co-mentions) or typed"`
	timeArgs
}

type pathsOutput struct {
	FromID string          `json:"from_id"`
	ToID   string          `json:"to_id"`
	Paths  []ontology.Path `json:"paths" jsonschema:"the paths, typed ones first, then through co-mentions (kind co_mention), shorter first; each edge cites its source turns"`
}

type speakersInput struct {
	ConversationID string `json:"conversation_id" jsonschema:"the conversation"`
}

type speakersOutput struct {
	ConversationID string             `json:"conversation_id"`
	Speakers       []ontology.Speaker `json:"speakers" jsonschema:"the speakers with their aliases, most used first"`
}

type setAliasesInput struct {
	ConversationID string   `json:"conversation_id" jsonschema:"the conversation"`
	Speaker        string   `json:"speaker" jsonschema:"the speaker label, any case"`
	Aliases        []string `json:"aliases" jsonschema:"the names they go by; at most 32, each at most 64 characters; [] removes them"`
}

type setAliasesOutput struct {
	ConversationID string           `json:"conversation_id"`
	Speaker        ontology.Speaker `json:"speaker"`
}
