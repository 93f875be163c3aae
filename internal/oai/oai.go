// Package oai is the one client of OpenAI-protocol endpoints (OpenAI,
// Ollama, vLLM, ...) that the embedder (embed.OpenAI) and the LLM
// extractor (extract/llm) share: their configuration, the sentinel errors
// every failure wraps, the classification of failures, and the retries
// with backoff (github.com/cenkalti/backoff/v5). go-openai speaks the
// protocol.
package oai

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v5"
	openai "github.com/sashabaranov/go-openai"
)

// Errors of a call. Every error Call returns wraps one of them (test with
// errors.Is) together with the cause (an *openai.APIError,
// *openai.RequestError, net.Error, ...), or is the caller's context error.
var (
	// ErrUnavailable: the endpoint could not be used right now (a timeout,
	// a connection failure, a 5xx, or a 429 that persisted through the
	// retries). Trying again later may work.
	ErrUnavailable = errors.New("endpoint unavailable")
	// ErrResponse: the endpoint answered 2xx with something unusable (bad
	// JSON, or an answer its caller rejects).
	ErrResponse = errors.New("invalid endpoint response")
	// ErrRejected: the endpoint refused the request with a 4xx other than
	// 429 (bad key, unknown model, request too large, ...). Retrying the
	// same request will not help.
	ErrRejected = errors.New("endpoint rejected the request")
)

// MaxRetryWait caps any wait between attempts, Retry-After included.
const MaxRetryWait = 30 * time.Second

// Config configures New. Unlike the callers' configurations it has no
// zero-value defaults: each caller fills in its own.
type Config struct {
	// BaseURL of the API up to and including the version, e.g.
	// "http://localhost:11434/v1"; empty means https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends none.
	APIKey string
	// Timeout bounds each attempt.
	Timeout time.Duration
	// MaxRetries is how many times a call is retried after a 429, a 5xx or
	// a timeout (0: never).
	MaxRetries int
	// Backoff is the first wait between attempts when the server sends no
	// Retry-After; it doubles after every retry, with jitter, up to
	// MaxRetryWait.
	Backoff time.Duration
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
}

// Client makes calls to one endpoint. It is safe for concurrent use.
type Client struct {
	api     *openai.Client
	timeout time.Duration
	retries int
	// Backoff is Config.Backoff; tests shorten it.
	Backoff time.Duration
}

// New returns a client for cfg. It checks the base URL but does not touch
// the network.
func New(cfg Config) (*Client, error) {
	occ := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		if u, err := url.Parse(cfg.BaseURL); err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("base URL %q is not an absolute URL", cfg.BaseURL)
		}
		occ.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	occ.HTTPClient = observingDoer{hc}
	return &Client{api: openai.NewClientWithConfig(occ), timeout: cfg.Timeout, retries: max(cfg.MaxRetries, 0), Backoff: cfg.Backoff}, nil
}

// Timeout is the bound on each attempt.
func (c *Client) Timeout() time.Duration { return c.timeout }

// Retries is how many times a failed attempt may be retried.
func (c *Client) Retries() int { return c.retries }

// Call runs one call through c's endpoint: attempt is tried, each time
// bounded by the client's timeout, until it succeeds, fails in a way
// retrying cannot help, or the retries are spent. Between attempts it waits
// what the server asked for (Retry-After-Ms, Retry-After) or an exponential
// backoff with jitter, and gives up early when ctx would end first. what
// names the call in errors (e.g. `model "gpt-4o"`).
func Call[T any](ctx context.Context, c *Client, what string, attempt func(context.Context, *openai.Client) (T, error)) (T, error) {
	var zero T
	b := &waits{ctx: ctx, exp: exponential(c.Backoff)}
	attempts := 0
	var lastKind error
	res, err := backoff.Retry(ctx, func() (T, error) {
		attempts++
		obs := &observation{}
		actx, cancel := context.WithTimeout(ctx, c.timeout)
		defer cancel()
		res, err := attempt(context.WithValue(actx, observationKey{}, obs), c.api)
		if err == nil {
			return res, nil
		}
		if actx.Err() != nil && ctx.Err() == nil {
			err = attemptTimeout{fmt.Errorf("no answer within %v: %w", c.timeout, err)}
		}
		if ctx.Err() != nil { // the caller gave up, not the endpoint
			return zero, backoff.Permanent(ctx.Err())
		}
		kind, retry := Classify(err, obs.status)
		lastKind = kind
		if !retry {
			return zero, backoff.Permanent(err)
		}
		b.retryAfter, b.hasRetryAfter = obs.retryAfter, obs.hasRetryAfter
		return zero, err
	}, backoff.WithBackOff(b), backoff.WithMaxTries(uint(c.retries+1)), backoff.WithMaxElapsedTime(0))
	switch {
	case err == nil:
		return res, nil
	case ctx.Err() != nil:
		return zero, fmt.Errorf("%s: %w", what, ctx.Err())
	case b.noTime != 0:
		return zero, fmt.Errorf("%w: %s: %d attempt(s), no time left to wait %v before retrying; last: %w", lastKind, what, attempts, b.noTime, err)
	}
	return zero, fmt.Errorf("%w: %s: %d attempt(s), last: %w", lastKind, what, attempts, err)
}

// exponential is the backoff between attempts: starting at first and
// doubling, each wait drawn uniformly from [d/2, d], d capped at
// MaxRetryWait.
func exponential(first time.Duration) *backoff.ExponentialBackOff {
	return &backoff.ExponentialBackOff{
		InitialInterval:     first * 3 / 4,
		RandomizationFactor: 1.0 / 3, // 3/4·d ± 1/3 of it is [d/2, d]
		Multiplier:          2,
		MaxInterval:         MaxRetryWait * 3 / 4,
	}
}

// waits is the backoff.BackOff of one call: the server's Retry-After when
// the last attempt carried one, else the exponential backoff; it stops when
// the wait would outlast ctx's deadline.
type waits struct {
	ctx           context.Context
	exp           *backoff.ExponentialBackOff
	retryAfter    time.Duration
	hasRetryAfter bool
	noTime        time.Duration // the wait that did not fit before the deadline
}

func (w *waits) Reset() { w.exp.Reset() }

func (w *waits) NextBackOff() time.Duration {
	d := w.exp.NextBackOff()
	if w.hasRetryAfter {
		d = w.retryAfter
	}
	if dl, ok := w.ctx.Deadline(); ok && time.Until(dl) < d {
		w.noTime = d
		return backoff.Stop
	}
	return d
}

// Classify maps a failed attempt onto the sentinel to wrap and whether
// another attempt may help. status is the HTTP status the transport saw, 0
// when no response arrived: 429 and 5xx are retried, other 4xx rejected;
// running out of time (even while reading a 2xx body) is retried, other
// network failures are not; a 2xx whose body does not decode is an invalid
// response; an error with no response and no network failure (the client
// would not build the request) is a rejection.
func Classify(err error, status int) (kind error, retry bool) {
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
		obs.retryAfter, obs.hasRetryAfter = RetryAfter(resp.Header, time.Now())
	}
	return resp, err
}

// RetryAfter reads Retry-After-Ms (milliseconds, as OpenAI sends) or
// Retry-After (seconds or an HTTP date) and caps it at MaxRetryWait; ok is
// false when neither is present and valid. "Retry-After: 0" means retry at
// once.
func RetryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	if s := h.Get("Retry-After-Ms"); s != "" {
		if ms, err := strconv.ParseFloat(s, 64); err == nil && ms >= 0 {
			return capWait(time.Duration(min(ms, float64(MaxRetryWait/time.Millisecond)) * float64(time.Millisecond))), true
		}
	}
	s := h.Get("Retry-After")
	if s == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(s); err == nil {
		return capWait(time.Duration(min(max(secs, 0), int(MaxRetryWait/time.Second))) * time.Second), true
	}
	if t, err := http.ParseTime(s); err == nil {
		return capWait(t.Sub(now)), true
	}
	return 0, false
}

// capWait clamps d into [0, MaxRetryWait].
func capWait(d time.Duration) time.Duration { return min(max(d, 0), MaxRetryWait) }
