package llm

// One chat completion call: attempts, retries, and the mapping of failures
// onto the package's sentinel errors.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"time"

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
// format, retrying 429s, 5xx and timeouts, and returns the content of its
// first choice. It records the call and its token usage in usage and in the
// process-wide counters.
func (e *Extractor) complete(ctx context.Context, msgs []openai.ChatCompletionMessage, format *openai.ChatCompletionResponseFormat, usage *ontology.ExtractUsage) (string, error) {
	req := openai.ChatCompletionRequest{Model: e.model, Messages: msgs, ResponseFormat: format}
	usage.Calls = 1
	for attempt := 0; ; attempt++ {
		resp, obs, err := e.attempt(ctx, req)
		if err == nil {
			recordTokens(usage, resp.Usage)
			return firstContent(resp)
		}
		if ctx.Err() != nil { // the caller gave up, not the endpoint
			return "", fmt.Errorf("llm: model %q: %w", e.model, ctx.Err())
		}
		kind, retry := classify(err, obs.status)
		if !retry || attempt >= e.retries {
			return "", fmt.Errorf("%w: model %q: %d attempt(s), last: %w", kind, e.model, attempt+1, err)
		}
		if werr := e.wait(ctx, attempt, obs); werr != nil {
			if ctx.Err() != nil {
				return "", fmt.Errorf("llm: model %q: %w", e.model, ctx.Err())
			}
			return "", fmt.Errorf("%w: model %q: %d attempt(s), %v; last: %w", kind, e.model, attempt+1, werr, err)
		}
	}
}

// attempt sends req once, bounded by e.timeout, and reports what the
// transport saw of the response.
func (e *Extractor) attempt(ctx context.Context, req openai.ChatCompletionRequest) (openai.ChatCompletionResponse, *observation, error) {
	actx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	obs := &observation{}
	resp, err := e.client.CreateChatCompletion(context.WithValue(actx, observationKey{}, obs), req)
	if err != nil && actx.Err() != nil && ctx.Err() == nil {
		err = attemptTimeout{fmt.Errorf("no answer within %v: %w", e.timeout, err)}
	}
	return resp, obs, err
}

// wait sleeps before the next attempt: what the server asked for, or an
// exponential backoff with jitter; both capped at maxRetryWait. It fails
// early when ctx would end first.
func (e *Extractor) wait(ctx context.Context, attempt int, obs *observation) error {
	d := obs.retryAfter
	if !obs.hasRetryAfter {
		b := min(e.backoff<<min(attempt, 16), maxRetryWait)
		d = b/2 + rand.N(b/2+1)
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		return fmt.Errorf("no time left to wait %v before retrying", d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
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
		return "", fmt.Errorf("%w: no choices", ErrResponse)
	}
	c := resp.Choices[0]
	switch {
	case c.FinishReason == openai.FinishReasonLength:
		return "", fmt.Errorf("%w: the answer was cut off by the token limit (finish_reason length)", ErrResponse)
	case c.FinishReason == openai.FinishReasonContentFilter:
		return "", fmt.Errorf("%w: the answer was withheld by a content filter", ErrResponse)
	case c.Message.Refusal != "":
		return "", fmt.Errorf("%w: the model refused: %.200s", ErrResponse, c.Message.Refusal)
	case c.Message.Content == "":
		return "", fmt.Errorf("%w: empty message content", ErrResponse)
	}
	return c.Message.Content, nil
}

// classify maps a failed attempt onto the sentinel to wrap and whether
// another attempt may help. status is the HTTP status the transport saw, 0
// when no response arrived: 429 and 5xx are retried, other 4xx rejected;
// running out of time (even while reading a 2xx body) is retried, other
// network failures are not; a 2xx whose body does not decode is an invalid
// response.
func classify(err error, status int) (kind error, retry bool) {
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.HTTPStatusCode
	case errors.As(err, &reqErr):
		status = reqErr.HTTPStatusCode
	}
	var te attemptTimeout
	var ne net.Error
	switch {
	case status == http.StatusTooManyRequests || status >= 500:
		return ErrUnavailable, true
	case status >= 400:
		return ErrRejected, false
	case errors.As(err, &te):
		return ErrUnavailable, true
	case errors.As(err, &ne):
		return ErrUnavailable, ne.Timeout()
	case status != 0:
		return ErrResponse, false
	}
	// No response and no network failure: the client would not even build
	// the request (an unsupported model or parameter).
	return ErrRejected, false
}

// attemptTimeout marks an attempt that ran out of its own time; it matches
// context.DeadlineExceeded.
type attemptTimeout struct{ error }

func (e attemptTimeout) Unwrap() error        { return e.error }
func (e attemptTimeout) Is(target error) bool { return target == context.DeadlineExceeded }

// observation is what observingDoer saw of an attempt's HTTP response;
// go-openai's errors carry neither the headers nor, for a body that does not
// decode, the status.
type observation struct {
	status        int
	retryAfter    time.Duration
	hasRetryAfter bool
}

// observationKey keys the *observation in an attempt's context.
type observationKey struct{}

// observingDoer is the openai.HTTPDoer around the configured client; it
// fills in the attempt's observation.
type observingDoer struct{ c *http.Client }

// Do sends req and records the response's status and Retry-After.
func (d observingDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.c.Do(req)
	if obs, ok := req.Context().Value(observationKey{}).(*observation); ok && err == nil {
		obs.status = resp.StatusCode
		obs.retryAfter, obs.hasRetryAfter = retryAfter(resp.Header, time.Now())
	}
	return resp, err
}

// retryAfter reads Retry-After-Ms (milliseconds) or Retry-After (seconds or
// an HTTP date) and caps it at maxRetryWait; ok is false when neither is
// present and valid. "Retry-After: 0" means retry at once.
func retryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	if s := h.Get("Retry-After-Ms"); s != "" {
		if ms, err := strconv.ParseFloat(s, 64); err == nil && ms >= 0 {
			return capWait(time.Duration(min(ms, float64(maxRetryWait/time.Millisecond)) * float64(time.Millisecond))), true
		}
	}
	s := h.Get("Retry-After")
	if s == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(s); err == nil {
		return capWait(time.Duration(min(max(secs, 0), int(maxRetryWait/time.Second))) * time.Second), true
	}
	if t, err := http.ParseTime(s); err == nil {
		return capWait(t.Sub(now)), true
	}
	return 0, false
}

// capWait clamps d into [0, maxRetryWait].
func capWait(d time.Duration) time.Duration { return min(max(d, 0), maxRetryWait) }
