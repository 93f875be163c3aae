package embed

// OpenAI: an ontology.Embedder over a remote OpenAI-compatible embeddings
// endpoint (OpenAI itself, Ollama, vLLM, ...).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/loci-memory/loci/internal/oai"
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
	// dimensionProbe is the text NewOpenAI embeds to learn the dimension.
	dimensionProbe = "dimension probe"
)

// Errors of the OpenAI embedder: the shared OpenAI-protocol client's
// (internal/oai). Embed's and NewOpenAI's errors wrap one of them (test
// with errors.Is), together with the underlying cause (an
// *openai.APIError, *openai.RequestError, net.Error or context error, which
// errors.As still finds).
var (
	// ErrEmbedderUnavailable: the endpoint could not be used right now: a
	// timeout, a connection failure, a 5xx, or a 429 that persisted through
	// the retries. Worth trying again later (HTTP 503 for Loci's callers).
	ErrEmbedderUnavailable = oai.ErrUnavailable
	// ErrEmbedderResponse: the endpoint answered 2xx, but with something that
	// is not a valid embeddings response (bad JSON, wrong number of vectors,
	// bad indexes, wrong dimension, NaN/Inf or all-zero vectors).
	ErrEmbedderResponse = oai.ErrResponse
	// ErrEmbedderRejected: the endpoint refused the request with a 4xx other
	// than 429 (bad request, bad API key, unknown model, ...). Retrying the
	// same request will not help; the configuration or input is wrong.
	ErrEmbedderRejected = oai.ErrRejected
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

var _ ontology.Embedder = (*OpenAI)(nil)

// OpenAI embeds texts through an OpenAI-compatible /embeddings endpoint.
// Texts go in batches of BatchSize, one request at a time and in order;
// every response is validated and its vectors L2-normalised, so cosine
// similarity is a dot product, as with MiniLM. It is safe for concurrent use.
type OpenAI struct {
	client *oai.Client
	model  string
	id     string
	dims   int
	batch  int
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
	if cfg.BatchSize == 0 {
		cfg.BatchSize = DefaultOpenAIBatchSize
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultOpenAITimeout
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultOpenAIMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	client, err := oai.New(oai.Config{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Timeout: cfg.Timeout,
		MaxRetries: cfg.MaxRetries, Backoff: openAIBackoff, HTTPClient: cfg.HTTPClient})
	if err != nil {
		return nil, fmt.Errorf("embed: openai: %w", err)
	}
	o := &OpenAI{client: client, model: model, id: openAIID(model), dims: cfg.Dimensions, batch: cfg.BatchSize}
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

// embedBatch sends one request for texts through the shared client
// (retried as documented on OpenAIConfig) and returns validated,
// normalised vectors in input order.
func (o *OpenAI) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	req := openai.EmbeddingRequestStrings{Input: texts, Model: openai.EmbeddingModel(o.model)}
	resp, err := oai.Call(ctx, o.client, fmt.Sprintf("model %q", o.model), func(ctx context.Context, api *openai.Client) (openai.EmbeddingResponse, error) {
		return api.CreateEmbeddings(ctx, req)
	})
	if err != nil {
		return nil, fmt.Errorf("embed: openai: %w", err)
	}
	return o.validate(resp, len(texts))
}

// validate checks a response for n inputs and returns its vectors in input
// order, L2-normalised. o.dims == 0 (during the probe) accepts any length
// but 0.
func (o *OpenAI) validate(resp openai.EmbeddingResponse, n int) ([][]float32, error) {
	fail := func(format string, args ...any) ([][]float32, error) {
		return nil, fmt.Errorf("embed: openai: %w: model %q: %s", ErrEmbedderResponse, o.model, fmt.Sprintf(format, args...))
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
