package llm

// Answers: the model answers a question from a context Loci assembled,
// citing the turns it used. Not cached: questions are asked once.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loci-memory/loci/ontology"
	"github.com/sashabaranov/go-openai/jsonschema"
)

// answerSystemPrompt tells the model how to weigh the context's blocks.
const answerSystemPrompt = `You answer a question about a conversation from the memory context below it.
The context has up to four blocks: Topic Summaries, Entity Profiles and Event Records are supplementary anchors; Retrieved Memories are the turns of the conversation themselves and are the primary truth: where an anchor and a memory disagree, trust the memory.
Every line carries the ids of the turns it rests on in square brackets, e.g. [D1:3].
Answer briefly. If the context does not hold the answer, say you don't know.
Answer with a JSON object: answer (string) and cited_turn_ids (the ids of the turns your answer rests on, exactly as written in the context).`

// Answer is the model's answer and the turns it cites.
type Answer struct {
	Text          string   `json:"answer"`
	CitedTurnIDs  []string `json:"cited_turn_ids"`
	PromptTokens  int      `json:"prompt_tokens"`
	CompletionTok int      `json:"completion_tokens"`
}

// Answer asks the model one question over one context, in one call.
// Citations not present in the context are dropped.
func (e *Extractor) Answer(ctx context.Context, question, memoryContext string) (Answer, error) {
	usage := ontology.ExtractUsage{}
	msgs := chatMessages(answerSystemPrompt, "Context:\n"+memoryContext+"\n\nQuestion: "+question)
	content, err := e.complete(ctx, msgs, answerFormat, &usage)
	out := Answer{PromptTokens: usage.PromptTokens, CompletionTok: usage.CompletionTokens, CitedTurnIDs: []string{}}
	if err != nil {
		return out, err
	}
	var a struct {
		Answer string   `json:"answer"`
		Cited  []string `json:"cited_turn_ids"`
	}
	if err := json.Unmarshal([]byte(stripFence(content)), &a); err != nil || strings.TrimSpace(a.Answer) == "" {
		return out, fmt.Errorf("llm: %w: the answer is not the JSON asked for: %v", ErrResponse, err)
	}
	out.Text = strings.TrimSpace(a.Answer)
	for _, id := range a.Cited {
		if id != "" && strings.Contains(memoryContext, id) {
			out.CitedTurnIDs = append(out.CitedTurnIDs, id)
		}
	}
	return out, nil
}

var answerFormat = strictFormat("answer", object(map[string]jsonschema.Definition{
	"answer":         str("the answer, brief"),
	"cited_turn_ids": arrayOf(str("a turn id from the context")),
}))
