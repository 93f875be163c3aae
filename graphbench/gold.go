// Package graphbench scores a knowledge graph against the relation gold set
// in testdata/graphgold: loading and checking the gold files, matching
// stored relations and entities to the gold, and rendering the tables of
// `make bench-graph`. Everything here is pure; internal/bench/benchgraph.go does
// the ingesting and reading through the REST API.
package graphbench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Splits of the gold set: patterns are built on dev only; test measures.
const (
	SplitDev  = "dev"
	SplitTest = "test"
)

// Chat is a conversation written for the gold set (chats/<id>.json, or
// test/chats/<id>.json for the test half). Its turns are stored as they
// are: id, session, speaker, text and a UTC timestamp each.
type Chat struct {
	ID    string          `json:"id"`
	Style string          `json:"style"`
	Turns []ontology.Turn `json:"turns"`
}

// GoldEntity is an entity of the gold: its name as in the text, its type,
// and the other names it goes by.
type GoldEntity struct {
	Name    string              `json:"name"`
	Type    ontology.EntityType `json:"type"`
	Aliases []string            `json:"aliases"`
}

// GoldRelation is one relation the annotated span states.
type GoldRelation struct {
	Type     ontology.RelationType `json:"type"`
	From     string                `json:"from"`
	To       string                `json:"to"`
	Role     string                `json:"role"`
	Ended    bool                  `json:"ended"`
	Evidence []string              `json:"evidence"`
}

// GoldPath is a pair of entities a correct graph connects in 2-3 hops,
// with the turns that state each hop.
type GoldPath struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	Hops     int      `json:"hops"`
	Evidence []string `json:"evidence"`
}

// Annotation is one gold file: the relations of one conversation (or of a
// span of it).
type Annotation struct {
	Conversation string         `json:"conversation"` // "chat:<id>" or "locomo:<sample_id>"
	TurnIDs      []string       `json:"turn_ids,omitempty"`
	Entities     []GoldEntity   `json:"entities"`
	Relations    []GoldRelation `json:"relations"`
	Paths        []GoldPath     `json:"paths"`
}

// Gold is one annotated conversation: its split, its annotation and, for a
// chat, its turns.
type Gold struct {
	Split string
	File  string // the annotation file, relative to the gold directory
	Annotation
	Chat *Chat // nil for LoCoMo
}

// Kind returns "chat" or "locomo" and the conversation's id.
func (g Gold) Kind() (kind, id string) {
	kind, id, _ = strings.Cut(g.Conversation, ":")
	return kind, id
}

// Name is the gold conversation's short name: the annotation file's base
// name without extension.
func (g Gold) Name() string {
	return strings.TrimSuffix(filepath.Base(g.File), ".json")
}

// InSpan reports whether turn id is inside the annotated span.
func (g Gold) InSpan(id string) bool {
	if len(g.TurnIDs) == 0 {
		return true
	}
	for _, t := range g.TurnIDs {
		if t == id {
			return true
		}
	}
	return false
}

// SpanTurns is the number of annotated turns (the span, or every turn of a
// chat when no span is given; 0 for a whole LoCoMo conversation, whose size
// the gold does not know).
func (g Gold) SpanTurns() int {
	if len(g.TurnIDs) > 0 {
		return len(g.TurnIDs)
	}
	if g.Chat != nil {
		return len(g.Chat.Turns)
	}
	return 0
}

// Load reads every annotation under dir/dev and dir/test with its chat.
// A chat of the test half lives in dir/test/chats, so that those who build
// patterns on dev never open it; dev chats live in dir/chats.
func Load(dir string) ([]Gold, error) {
	var out []Gold
	for _, split := range []string{SplitDev, SplitTest} {
		gs, err := LoadSplit(dir, split)
		if err != nil {
			return nil, err
		}
		out = append(out, gs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("graphbench: no gold files under %s/{dev,test}", dir)
	}
	return out, nil
}

// LoadSplit reads the annotations of one split with their chats, and
// opens nothing of the other: dev tools read only the dev half.
func LoadSplit(dir, split string) ([]Gold, error) {
	var out []Gold
	files, err := filepath.Glob(filepath.Join(dir, split, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		g := Gold{Split: split, File: filepath.Join(split, filepath.Base(f))}
		if err := readJSON(f, &g.Annotation); err != nil {
			return nil, err
		}
		kind, id := g.Kind()
		if kind == "chat" {
			chatDir := filepath.Join(dir, "chats")
			if split == SplitTest {
				chatDir = filepath.Join(dir, SplitTest, "chats")
			}
			var c Chat
			if err := readJSON(filepath.Join(chatDir, id+".json"), &c); err != nil {
				return nil, fmt.Errorf("%s: %w", g.File, err)
			}
			g.Chat = &c
		}
		out = append(out, g)
	}
	return out, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

var (
	locomoTurnID = regexp.MustCompile(`^D\d+:\d+$`)
	chatID       = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// Check returns every problem of one gold file: types outside the
// vocabulary, unknown or malformed evidence ids, relation or path ends that
// are not listed entities, duplicate entities, names or relations. known,
// when not nil, holds the turn ids of a LoCoMo conversation (it is checked
// only when the LoCoMo file is at hand).
func (g Gold) Check(known map[string]bool) []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(g.File+": "+format, a...)) }
	kind, id := g.Kind()
	turns := map[string]bool{}
	switch kind {
	case "chat":
		if g.Chat == nil || g.Chat.ID != id || !chatID.MatchString(id) {
			bad("chat %q missing, misnamed or not a lower-case id", id)
			break
		}
		if len(g.Chat.Turns) == 0 {
			bad("chat %q has no turns", id)
		}
		for _, t := range g.Chat.Turns {
			if turns[t.ID] {
				bad("chat turn %q twice", t.ID)
			}
			turns[t.ID] = true
			if t.Speaker == "" || t.Text == "" || t.Session == "" {
				bad("chat turn %q lacks speaker, text or session", t.ID)
			}
			if t.Timestamp == nil || t.Timestamp.Location() != time.UTC {
				bad("chat turn %q: timestamp %v missing or not ISO 8601 UTC", t.ID, t.Timestamp)
			}
		}
	case "locomo":
		if id == "" {
			bad("locomo conversation without a sample id")
		}
	default:
		bad("conversation %q is neither chat:<id> nor locomo:<sample_id>", g.Conversation)
	}
	validTurn := func(t string) bool {
		if kind == "chat" {
			return turns[t]
		}
		if !locomoTurnID.MatchString(t) {
			return false
		}
		return known == nil || known[t]
	}
	span := map[string]bool{}
	for _, t := range g.TurnIDs {
		if !validTurn(t) {
			bad("span turn %q unknown or malformed", t)
		}
		if span[t] {
			bad("span turn %q twice", t)
		}
		span[t] = true
	}
	names := map[string]string{} // normalised name or alias → entity name
	ents := map[string]bool{}
	for _, e := range g.Entities {
		if !e.Type.Valid() {
			bad("entity %q: type %q not in the vocabulary", e.Name, e.Type)
		}
		if ents[e.Name] {
			bad("entity %q listed twice", e.Name)
		}
		ents[e.Name] = true
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			k := Normalise(n)
			if k == "" {
				bad("entity %q: empty name or alias", e.Name)
				continue
			}
			if other, ok := names[k]; ok && other != e.Name {
				bad("name %q is both %q and %q", n, other, e.Name)
			}
			names[k] = e.Name
		}
	}
	evidence := func(what string, ids []string) {
		if len(ids) == 0 {
			bad("%s has no evidence", what)
		}
		for _, t := range ids {
			if !validTurn(t) {
				bad("%s: evidence %q unknown or malformed", what, t)
			} else if len(span) > 0 && !span[t] {
				bad("%s: evidence %q outside the annotated span", what, t)
			}
		}
	}
	seen := map[string]bool{}
	for _, r := range g.Relations {
		what := fmt.Sprintf("relation %s %s→%s", r.Type, r.From, r.To)
		spec, ok := r.Type.Spec()
		if !ok {
			bad("%s: type not in the vocabulary", what)
		}
		if !ents[r.From] || !ents[r.To] {
			bad("%s: an end is not a listed entity", what)
		}
		if r.From == r.To {
			bad("%s: both ends are the same entity", what)
		}
		key := relKey(r.Type, r.From, r.To, spec.Symmetric)
		if seen[key] {
			bad("%s: duplicate", what)
		}
		seen[key] = true
		evidence(what, r.Evidence)
	}
	pairs := map[string]bool{}
	for _, p := range g.Paths {
		what := fmt.Sprintf("path %s→%s", p.From, p.To)
		if !ents[p.From] || !ents[p.To] {
			bad("%s: an end is not a listed entity", what)
		}
		if p.Hops < 2 || p.Hops > 3 {
			bad("%s: hops %d, want 2 or 3", what, p.Hops)
		}
		if k := relKey("", p.From, p.To, true); pairs[k] {
			bad("%s: duplicate pair", what)
		} else {
			pairs[k] = true
		}
		evidence(what, p.Evidence)
	}
	return errs
}

func relKey(t ontology.RelationType, from, to string, symmetric bool) string {
	if symmetric && to < from {
		from, to = to, from
	}
	return string(t) + "\x00" + from + "\x00" + to
}
