package embed

// OpenAI: an ontology.Embedder over a remote OpenAI-compatible embeddings
// endpoint (OpenAI itself, Ollama, vLLM, ...).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
)

// Defaults of OpenAIConfig.
const (
	// DefaultOpenAIBatchSize is how many texts go into one request.
	DefaultOpenAIBatchSize = 64
	// DefaultOpenAITimeout bounds each request (each attempt of it).
	DefaultOpenAITimeout = 30 * time.Second
	// DefaultOpenAIMaxRetries is how many times a request is retried after a
	// 429, a 5xx or a network timeout.
	DefaultOpenAIMaxRetries = 3

	// openAIBackoff is the first wait between attempts; it doubles after
	// every retry (with jitter) unless the server sends Retry-After.
	openAIBackoff = 200 * time.Millisecond
	// maxRetryAfter caps a server's Retry-After.
	maxRetryAfter = 30 * time.Second
	// dimensionProbe is the text NewOpenAI embeds to learn the dimension.
	dimensionProbe = "dimension probe"
)

// Errors of the OpenAI embedder. Embed's and NewOpenAI's errors wrap one of
// them (test with errors.Is), together with the underlying cause (an
// *openai.APIError, *openai.RequestError, net.Error or context error, which
// errors.As still finds).
var (
	// ErrEmbedderUnavailable: the endpoint could not be used right now: a
	// timeout, a connection failure, a 5xx, or a 429 that persisted through
	// the retries. Worth trying again later (HTTP 503 for Loci's callers).
	ErrEmbedderUnavailable = errors.New("embed: embedder unavailable")
	// ErrEmbedderResponse: the endpoint answered 2xx, but with something that
	// is not a valid embeddings response (bad JSON, wrong number of vectors,
	// bad indexes, wrong dimension, NaN/Inf or all-zero vectors).
	ErrEmbedderResponse = errors.New("embed: invalid embedder response")
	// ErrEmbedderRejected: the endpoint refused the request with a 4xx other
	// than 429 (bad request, bad API key, unknown model, ...). Retrying the
	// same request will not help; the configuration or input is wrong.
	ErrEmbedderRejected = errors.New("embed: embedder rejected the request")
)

// OpenAIConfig configures NewOpenAI. Zero values take the defaults.
type OpenAIConfig struct {
	// BaseURL of the API, up to and including the version, e.g.
	// "http://localhost:11434/v1" for Ollama; requests go to BaseURL +
	// "/embeddings". Empty means https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer <key>"; empty sends none.
	APIKey string
	// Model is the embedding model's name at the endpoint (required).
	Model string
	// Dimensions is the length of the model's vectors. Every response is
	// checked against it. It is not sent to the endpoint (not every server
	// or model accepts OpenAI's "dimensions" parameter). 0 means NewOpenAI
	// asks the endpoint: it embeds one probe text and takes the length of
	// the vector it gets back.
	Dimensions int
	// Timeout bounds each HTTP request (each attempt separately);
	// 0 means DefaultOpenAITimeout.
	Timeout time.Duration
	// BatchSize is how many texts go into one request; 0 means
	// DefaultOpenAIBatchSize.
	BatchSize int
	// MaxRetries is how many times a request is retried after a 429, a 5xx
	// or a network timeout; 0 means DefaultOpenAIMaxRetries, a negative
	// value disables retries.
	MaxRetries int
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
}

// OpenAIConfigFromEnv reads an OpenAIConfig from the environment:
// OPENAI_BASE_URL, OPENAI_API_KEY, LOCI_EMBED_MODEL (required) and
// LOCI_EMBED_DIMENSIONS (optional; absent or 0 means probe). Other fields
// keep their defaults.
func OpenAIConfigFromEnv() (OpenAIConfig, error) {
	cfg := OpenAIConfig{
		BaseURL: strings.TrimSpace(os.Getenv("OPENAI_BASE_URL")),
		APIKey:  strings.TrimSpace(os.Getenv("OPENAI_API_KEY")),
		Model:   strings.TrimSpace(os.Getenv("LOCI_EMBED_MODEL")),
	}
	if cfg.Model == "" {
		return cfg, errors.New("embed: LOCI_EMBED_MODEL is not set (the name of the embedding model at the OpenAI-compatible endpoint)")
	}
	if s := strings.TrimSpace(os.Getenv("LOCI_EMBED_DIMENSIONS")); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return cfg, fmt.Errorf("embed: LOCI_EMBED_DIMENSIONS=%q is not a non-negative integer", s)
		}
		cfg.Dimensions = n
	}
	return cfg, nil
}

var _ ontology.Embedder = (*OpenAI)(nil)

// OpenAI embeds texts through an OpenAI-compatible /embeddings endpoint.
// Texts go in batches of BatchSize, one request at a time and in order;
// every response is validated and its vectors L2-normalised, so cosine
// similarity is a dot product, as with MiniLM. It is safe for concurrent use.
type OpenAI struct {
	client  *openai.Client
	model   string
	id      string
	dims    int
	batch   int
	timeout time.Duration
	retries int
	backoff time.Duration // first wait between attempts; tests shorten it
}

// NewOpenAI returns an embedder for cfg. If cfg.Dimensions is 0 it makes one
// request (embedding the text "dimension probe", retried like any other and
// bounded by cfg.Timeout per attempt) to learn the dimension, because Loci
// needs Dimensions() before it creates its vector index; that error wraps
// one of the ErrEmbedder* errors. Otherwise it does not touch the network.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	model := strings.TrimSpace(cfg.Model)
	switch {
	case model == "":
		return nil, errors.New("embed: openai: no model given")
	case cfg.Dimensions < 0:
		return nil, fmt.Errorf("embed: openai: negative dimensions %d", cfg.Dimensions)
	case cfg.BatchSize < 0:
		return nil, fmt.Errorf("embed: openai: negative batch size %d", cfg.BatchSize)
	case cfg.Timeout < 0:
		return nil, fmt.Errorf("embed: openai: negative timeout %v", cfg.Timeout)
	}
	occ := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		if u, err := url.Parse(cfg.BaseURL); err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("embed: openai: base URL %q is not an absolute URL", cfg.BaseURL)
		}
		occ.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	occ.HTTPClient = retryAfterDoer{hc}

	o := &OpenAI{
		client:  openai.NewClientWithConfig(occ),
		model:   model,
		id:      openAIID(model),
		dims:    cfg.Dimensions,
		batch:   cfg.BatchSize,
		timeout: cfg.Timeout,
		retries: cfg.MaxRetries,
		backoff: openAIBackoff,
	}
	if o.batch == 0 {
		o.batch = DefaultOpenAIBatchSize
	}
	if o.timeout == 0 {
		o.timeout = DefaultOpenAITimeout
	}
	switch {
	case o.retries == 0:
		o.retries = DefaultOpenAIMaxRetries
	case o.retries < 0:
		o.retries = 0
	}
	if o.dims == 0 {
		vecs, err := o.embedBatch(context.Background(), []string{dimensionProbe})
		if err != nil {
			return nil, fmt.Errorf("embed: openai model %q: probing the dimension: %w", model, err)
		}
		o.dims = len(vecs[0])
	}
	return o, nil
}

// ID is "openai:" and the model name, lowercased, with every character
// other than a-z, 0-9, '_', '-', ':' and '.' replaced by '_' (Loci derives
// index names from it), e.g. "openai:nomic-ai_nomic-embed-text-v1.5" for
// "nomic-ai/nomic-embed-text-v1.5". Vectors record it, so vectors of
// different models are never compared.
func (o *OpenAI) ID() string { return o.id }

// Dimensions is the length of every vector: OpenAIConfig.Dimensions, or
// what NewOpenAI's probe found.
func (o *OpenAI) Dimensions() int { return o.dims }

// Embed returns one L2-normalised vector per text, in order. On any error it
// returns no vectors at all; the error wraps ErrEmbedderUnavailable,
// ErrEmbedderResponse or ErrEmbedderRejected, or ctx's error if ctx ended.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += o.batch {
		vecs, err := o.embedBatch(ctx, texts[start:min(start+o.batch, len(texts))])
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// embedBatch sends one request for texts, retrying as documented on
// OpenAIConfig, and returns validated, normalised vectors in input order.
func (o *OpenAI) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	req := openai.EmbeddingRequestStrings{Input: texts, Model: openai.EmbeddingModel(o.model)}
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("embed: openai model %q: %w", o.model, err)
		}
		resp, retryAfter, err := o.send(ctx, req)
		if err == nil {
			return o.validate(resp, len(texts))
		}
		if ctx.Err() != nil { // the caller gave up, not the endpoint
			return nil, fmt.Errorf("embed: openai model %q: %w", o.model, ctx.Err())
		}
		kind, retry := classify(err)
		if !retry || attempt >= o.retries {
			if retry {
				return nil, fmt.Errorf("%w: model %q: %d attempt(s) failed, last: %w", kind, o.model, attempt+1, err)
			}
			if kind == ErrEmbedderResponse {
				return nil, fmt.Errorf("%w: model %q: decoding the response: %w", kind, o.model, err)
			}
			return nil, fmt.Errorf("%w: model %q: %w", kind, o.model, err)
		}
		wait := retryAfter
		if wait <= 0 {
			d := min(o.backoff<<min(attempt, 16), maxRetryAfter)
			wait = d/2 + rand.N(d/2+1) // jitter over [d/2, d]
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			// The caller's deadline would pass while waiting: report the
			// endpoint's state now rather than a bare deadline later.
			return nil, fmt.Errorf("%w: model %q: no time left to retry after %d attempt(s), last: %w", kind, o.model, attempt+1, err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("embed: openai model %q: %w", o.model, ctx.Err())
		case <-t.C:
		}
	}
}

// send makes one attempt, bounded by o.timeout. retryAfter is the wait the
// server asked for (Retry-After-Ms or Retry-After), or 0.
func (o *OpenAI) send(ctx context.Context, req openai.EmbeddingRequestStrings) (resp openai.EmbeddingResponse, retryAfter time.Duration, err error) {
	actx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	actx = context.WithValue(actx, retryAfterKey{}, &retryAfter)
	resp, err = o.client.CreateEmbeddings(actx, req)
	if err != nil && actx.Err() != nil && ctx.Err() == nil {
		// The attempt's own deadline: report it as such, whatever shape the
		// transport gave the error.
		err = timeoutError{fmt.Errorf("request timed out after %v: %w", o.timeout, err)}
	}
	return resp, retryAfter, err
}

// classify maps an attempt's error to the sentinel to wrap and whether the
// attempt may be retried: 429, 5xx and network timeouts are; other 4xx are
// rejections; other transport failures (connection refused, ...) make the
// endpoint unavailable without a retry; anything else on a 2xx (the body
// did not decode) is an invalid response.
func classify(err error) (kind error, retry bool) {
	status := 0
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.HTTPStatusCode
	case errors.As(err, &reqErr):
		status = reqErr.HTTPStatusCode
	}
	switch {
	case status == http.StatusTooManyRequests || status >= 500:
		return ErrEmbedderUnavailable, true
	case status >= 400:
		return ErrEmbedderRejected, false
	case status != 0:
		return ErrEmbedderResponse, false
	}
	var te timeoutError
	if errors.As(err, &te) {
		return ErrEmbedderUnavailable, true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return ErrEmbedderUnavailable, ne.Timeout()
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ErrEmbedderUnavailable, false
	}
	return ErrEmbedderResponse, false
}

// timeoutError marks an attempt that ran out of its own time; it matches
// context.DeadlineExceeded.
type timeoutError struct{ error }

func (e timeoutError) Unwrap() error        { return e.error }
func (e timeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// validate checks a response for n inputs and returns its vectors in input
// order, L2-normalised. o.dims == 0 (during the probe) accepts any length
// but 0.
func (o *OpenAI) validate(resp openai.EmbeddingResponse, n int) ([][]float32, error) {
	fail := func(format string, args ...any) ([][]float32, error) {
		return nil, fmt.Errorf("%w: model %q: %s", ErrEmbedderResponse, o.model, fmt.Sprintf(format, args...))
	}
	if len(resp.Data) != n {
		return fail("%d vectors for %d inputs", len(resp.Data), n)
	}
	out := make([][]float32, n)
	for _, d := range resp.Data {
		switch {
		case d.Index < 0 || d.Index >= n:
			return fail("index %d out of range [0, %d)", d.Index, n)
		case out[d.Index] != nil:
			return fail("index %d appears twice", d.Index)
		case len(d.Embedding) == 0:
			return fail("empty vector at index %d", d.Index)
		case o.dims != 0 && len(d.Embedding) != o.dims:
			return fail("vector at index %d has %d dimensions, want %d", d.Index, len(d.Embedding), o.dims)
		}
		v, err := l2Normalize(d.Embedding)
		if err != nil {
			return fail("vector at index %d: %v", d.Index, err)
		}
		out[d.Index] = v
	}
	return out, nil
}

// l2Normalize returns v scaled to unit length (a new slice), or an error if
// v holds NaN or ±Inf or is all zeros.
func l2Normalize(v []float32) ([]float32, error) {
	var sum float64
	for i, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("component %d is %v", i, x)
		}
		sum += f * f
	}
	if sum == 0 {
		return nil, errors.New("all components are zero")
	}
	norm := math.Sqrt(sum)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / norm)
	}
	return out, nil
}

// openAIID builds ID's value for model.
func openAIID(model string) string {
	var b strings.Builder
	b.WriteString("openai:")
	for _, r := range strings.ToLower(model) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_', r == '-', r == ':', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// retryAfterKey keys the *time.Duration in a request's context into which
// retryAfterDoer stores the response's Retry-After: go-openai's errors do
// not carry response headers.
type retryAfterKey struct{}

// retryAfterDoer is the openai.HTTPDoer NewOpenAI installs around the HTTP
// client.
type retryAfterDoer struct{ c *http.Client }

func (d retryAfterDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.c.Do(req)
	if err == nil {
		if p, ok := req.Context().Value(retryAfterKey{}).(*time.Duration); ok {
			*p = parseRetryAfter(resp.Header, time.Now())
		}
	}
	return resp, err
}

// parseRetryAfter reads Retry-After-Ms (milliseconds, as OpenAI sends) or
// Retry-After (seconds or an HTTP date), capped at maxRetryAfter; 0 if
// neither is present and valid.
func parseRetryAfter(h http.Header, now time.Time) time.Duration {
	var d time.Duration
	if s := h.Get("Retry-After-Ms"); s != "" {
		if ms, err := strconv.ParseFloat(s, 64); err == nil && ms > 0 && !math.IsInf(ms, 0) {
			d = time.Duration(min(ms, float64(maxRetryAfter/time.Millisecond)) * float64(time.Millisecond))
		}
	}
	if s := h.Get("Retry-After"); d == 0 && s != "" {
		if secs, err := strconv.Atoi(s); err == nil {
			d = time.Duration(min(max(secs, 0), int(maxRetryAfter/time.Second))) * time.Second
		} else if t, err := http.ParseTime(s); err == nil {
			d = t.Sub(now)
		}
	}
	return min(max(d, 0), maxRetryAfter)
}
