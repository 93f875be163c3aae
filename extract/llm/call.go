package llm

// One chat completion call through the shared OpenAI-protocol client.

import (
	"context"
	"fmt"

	"github.com/loci-memory/loci/internal/oai"
	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// chatMessages returns the system and user messages of a call.
func chatMessages(system, user string) []openai.ChatCompletionMessage {
	return []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: system},
		{Role: openai.ChatMessageRoleUser, Content: user},
	}
}

// complete makes one chat completion call for msgs with the given response
// format through the shared client (retrying 429s, 5xx and timeouts), and
// returns the content of its first choice. It records the call and its
// token usage in usage and in the process-wide counters.
func (e *Extractor) complete(ctx context.Context, msgs []openai.ChatCompletionMessage, format *openai.ChatCompletionResponseFormat, usage *ontology.ExtractUsage) (string, error) {
	req := openai.ChatCompletionRequest{Model: e.model, Messages: msgs, ResponseFormat: format}
	usage.Calls = 1
	resp, err := oai.Call(ctx, e.client, fmt.Sprintf("model %q", e.model), func(ctx context.Context, api *openai.Client) (openai.ChatCompletionResponse, error) {
		return api.CreateChatCompletion(ctx, req)
	})
	if err != nil {
		return "", fmt.Errorf("llm: %w", err)
	}
	recordTokens(usage, resp.Usage)
	return firstContent(resp)
}

// recordTokens adds a response's token usage to usage and to the
// process-wide counters.
func recordTokens(usage *ontology.ExtractUsage, u openai.Usage) {
	usage.PromptTokens += u.PromptTokens
	usage.CompletionTokens += u.CompletionTokens
	promptTokensUsed.Add(int64(u.PromptTokens))
	completionTokensUsed.Add(int64(u.CompletionTokens))
}

// firstContent returns the content of resp's first choice, or an
// ErrResponse when there is no usable one.
func firstContent(resp openai.ChatCompletionResponse) (string, error) {
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("llm: %w: no choices", ErrResponse)
	}
	c := resp.Choices[0]
	switch {
	case c.FinishReason == openai.FinishReasonLength:
		return "", fmt.Errorf("llm: %w: the answer was cut off by the token limit (finish_reason length)", ErrResponse)
	case c.FinishReason == openai.FinishReasonContentFilter:
		return "", fmt.Errorf("llm: %w: the answer was withheld by a content filter", ErrResponse)
	case c.Message.Refusal != "":
		return "", fmt.Errorf("llm: %w: the model refused: %.200s", ErrResponse, c.Message.Refusal)
	case c.Message.Content == "":
		return "", fmt.Errorf("llm: %w: empty message content", ErrResponse)
	}
	return c.Message.Content, nil
}
