package llm

// Topic summaries: with an LLM configured, a topic's summary is written by
// one call per topic update from the topic's own turns, every line citing
// the turns it rests on. Not cached: a topic is rewritten only when its
// conversation changed.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/loci-memory/loci/ontology"
	"github.com/sashabaranov/go-openai/jsonschema"
)

// topicSystemPrompt keeps summaries tied to their turns: over-summarising
// is the failure the research found, so every line must cite turns.
const topicSystemPrompt = `You summarise one theme that runs through a conversation, for a memory system.
You get the theme's label and its turns, each as [turn id] (date) speaker: text.
Write 1 to 5 short lines. Each line states facts the turns say: who did what, when (use the dates given), and with whom or what. Keep names, numbers, places and dates as written.
Every line cites, in turn_ids, the ids of the turns it rests on, exactly as given. Use only these turns; do not guess or generalise beyond them.
Answer with a JSON object: lines, a list of {text, turn_ids}.`

// maxTopicTurns bounds one summary call's prompt; maxTopicLineBytes one
// line of its answer.
const (
	maxTopicTurns     = 40
	maxTopicLineBytes = 400
)

// WriteTopicSummary writes the summary lines of a topic from its turns
// (at most the first 40), in one call. Lines that cite no turn, or a turn
// not given, are dropped; an error or no line left is an error, and the
// caller keeps its extractive summary.
func (e *Extractor) WriteTopicSummary(ctx context.Context, label string, turns []ontology.TopicTurn) ([]ontology.AnchorLine, error) {
	if len(turns) > maxTopicTurns {
		turns = turns[:maxTopicTurns]
	}
	given := map[string]bool{}
	var b strings.Builder
	fmt.Fprintf(&b, "Theme: %s\n\nTurns:\n", label)
	for _, t := range turns {
		given[t.ID] = true
		date := ""
		if t.Timestamp != nil {
			date = " (" + t.Timestamp.Format("2 January 2006") + ")"
		}
		fmt.Fprintf(&b, "[%s]%s %s: %s\n", t.ID, date, t.Speaker, t.Text)
	}
	usage := ontology.ExtractUsage{}
	content, err := e.complete(ctx, chatMessages(topicSystemPrompt, b.String()), topicFormat, &usage)
	if err != nil {
		return nil, err
	}
	var reply struct {
		Lines []struct {
			Text    string   `json:"text"`
			TurnIDs []string `json:"turn_ids"`
		} `json:"lines"`
	}
	if err := json.Unmarshal([]byte(stripFence(content)), &reply); err != nil {
		return nil, fmt.Errorf("llm: %w: the topic summary is not the JSON asked for: %v", ErrResponse, err)
	}
	var out []ontology.AnchorLine
	for _, l := range reply.Lines {
		text := strings.TrimSpace(l.Text)
		if text == "" || len(l.TurnIDs) == 0 || !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
			continue
		}
		text = ontology.Truncate(text, maxTopicLineBytes)
		ok := true
		var ids []string
		for _, id := range l.TurnIDs {
			if !given[id] {
				ok = false
				break
			}
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		if ok {
			out = append(out, ontology.AnchorLine{Text: text, SourceTurnIDs: ids})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("llm: %w: the topic summary has no line citing the topic's turns", ErrResponse)
	}
	return out, nil
}

var topicFormat = strictFormat("topic_summary", object(map[string]jsonschema.Definition{
	"lines": arrayOf(object(map[string]jsonschema.Definition{
		"text":     str("one short factual line"),
		"turn_ids": arrayOf(str("a turn id from the given turns")),
	})),
}))
