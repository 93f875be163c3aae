package embed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/loci-memory/loci/internal/casefile"
)

const oaiDims = 8

// oaiRequest is what the fake server saw of one request.
type oaiRequest struct {
	Path, Auth string
	Model      string   `json:"model"`
	Input      []string `json:"input"`
}

// oaiServer is a fake OpenAI-protocol server: POST /v1/embeddings answers
// with oaiVector(text) for every input, in shuffled order, unless hook
// (given the 0-based call number) writes its own answer and returns true;
// mutate may tamper with a regular answer's data first.
type oaiServer struct {
	*httptest.Server
	dims   int
	hook   func(call int, w http.ResponseWriter, r *http.Request) bool
	mutate func(call int, data []openai.Embedding) []openai.Embedding

	mu   sync.Mutex
	reqs []oaiRequest
}

func newOAIServer(t *testing.T, dims int) *oaiServer {
	s := &oaiServer{dims: dims}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req oaiRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("fake server: bad request body: %v", err)
		}
		req.Path, req.Auth = r.Method+" "+r.URL.Path, r.Header.Get("Authorization")
		s.mu.Lock()
		call := len(s.reqs)
		s.reqs = append(s.reqs, req)
		s.mu.Unlock()
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			http.NotFound(w, r)
			return
		}
		if s.hook != nil && s.hook(call, w, r) {
			return
		}
		data := make([]openai.Embedding, len(req.Input))
		for i, p := range rand.Perm(len(req.Input)) {
			data[i] = openai.Embedding{Object: "embedding", Index: p, Embedding: oaiVector(req.Input[p], s.dims)}
		}
		if s.mutate != nil {
			data = s.mutate(call, data)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(openai.EmbeddingResponse{Object: "list", Data: data, Model: openai.EmbeddingModel(req.Model)})
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *oaiServer) requests() []oaiRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]oaiRequest(nil), s.reqs...)
}

// oaiVector is the fake model: a deterministic, unnormalised, non-zero
// vector for text.
func oaiVector(text string, dims int) []float32 {
	h := fnv.New64a()
	h.Write([]byte(text))
	x := h.Sum64()
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(x>>(i*7)&15) - 7.5
	}
	return v
}

// newTestOpenAI makes an embedder for srv with fast timeouts and backoff.
func newTestOpenAI(t *testing.T, srv *oaiServer, cfg OpenAIConfig) *OpenAI {
	t.Helper()
	cfg.BaseURL = srv.URL + "/v1"
	if cfg.Model == "" {
		cfg.Model = "test-model"
	}
	if cfg.Dimensions == 0 {
		cfg.Dimensions = srv.dims
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = time.Second
	}
	o, err := NewOpenAI(cfg)
	if err != nil {
		t.Fatalf("NewOpenAI: %v", err)
	}
	o.client.Backoff = time.Millisecond
	return o
}

// oaiError writes an OpenAI-style error body with status.
func oaiError(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"message":"status %d","type":"test_error"}}`, status)
}

func oaiTexts(n int) []string {
	texts := make([]string, n)
	for i := range texts {
		texts[i] = fmt.Sprintf("text number %d", i)
	}
	return texts
}

func TestOpenAIEmbedBatches(t *testing.T) {
	srv := newOAIServer(t, oaiDims)
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-test", Model: "text-embedding-3-small", BatchSize: 64})
	texts := oaiTexts(130)
	vecs, err := o.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		want := oaiVector(texts[i], oaiDims)
		var norm, wantNorm float64
		for j := range want {
			norm += float64(v[j]) * float64(v[j])
			wantNorm += float64(want[j]) * float64(want[j])
		}
		if math.Abs(norm-1) > 1e-5 {
			t.Fatalf("vector %d has squared norm %v, want 1", i, norm)
		}
		for j := range want {
			if d := float64(v[j]) - float64(want[j])/math.Sqrt(wantNorm); math.Abs(d) > 1e-6 {
				t.Fatalf("vector %d is not the normalised vector of text %d: %v vs %v", i, i, v, want)
			}
		}
	}

	reqs := srv.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	var sent []string
	for i, r := range reqs {
		if r.Path != "POST /v1/embeddings" || r.Model != "text-embedding-3-small" || r.Auth != "Bearer sk-test" {
			t.Errorf("request %d: %s model %q auth %q", i, r.Path, r.Model, r.Auth)
		}
		if want := []int{64, 64, 2}[i]; len(r.Input) != want {
			t.Errorf("request %d has %d inputs, want %d", i, len(r.Input), want)
		}
		sent = append(sent, r.Input...)
	}
	if strings.Join(sent, "\n") != strings.Join(texts, "\n") {
		t.Error("requests did not carry the texts in order")
	}

	// No texts: no request.
	vecs, err = o.Embed(context.Background(), nil)
	if err != nil || vecs == nil || len(vecs) != 0 {
		t.Errorf("Embed(nil) = %v, %v; want empty, nil", vecs, err)
	}
	if n := len(srv.requests()); n != 3 {
		t.Errorf("Embed(nil) made a request (%d in all)", n)
	}
}

func TestOpenAIDimensionProbe(t *testing.T) {
	srv := newOAIServer(t, 5)
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", Model: "nomic-embed-text", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if o.Dimensions() != 5 {
		t.Errorf("Dimensions() = %d, want 5", o.Dimensions())
	}
	reqs := srv.requests()
	if len(reqs) != 1 || len(reqs[0].Input) != 1 || reqs[0].Input[0] != "dimension probe" || reqs[0].Auth != "" {
		t.Errorf("probe requests: %+v", reqs)
	}

	// With Dimensions given, no request.
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", Dimensions: 5}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.requests()); n != 1 {
		t.Errorf("NewOpenAI with Dimensions made a request (%d in all)", n)
	}

	// A failing probe fails the constructor.
	srv.hook = func(_ int, w http.ResponseWriter, _ *http.Request) bool {
		oaiError(w, http.StatusNotFound)
		return true
	}
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "missing"}); !errors.Is(err, ErrEmbedderRejected) {
		t.Errorf("probe of a missing model: %v, want ErrEmbedderRejected", err)
	}
}

func TestOpenAIRetries(t *testing.T) {
	for _, tc := range []struct {
		name     string
		failures int // calls that fail before the server recovers
		status   int
		retries  int
		wantReqs int
		wantErr  error
	}{
		{"429 twice", 2, http.StatusTooManyRequests, 3, 3, nil},
		{"429 forever", 100, http.StatusTooManyRequests, 3, 4, ErrEmbedderUnavailable},
		{"500 once", 1, http.StatusInternalServerError, 3, 2, nil},
		{"503 forever", 100, http.StatusServiceUnavailable, 2, 3, ErrEmbedderUnavailable},
		{"no retries", 100, http.StatusBadGateway, -1, 1, ErrEmbedderUnavailable},
		{"400", 100, http.StatusBadRequest, 3, 1, ErrEmbedderRejected},
		{"401", 100, http.StatusUnauthorized, 3, 1, ErrEmbedderRejected},
		{"403", 100, http.StatusForbidden, 3, 1, ErrEmbedderRejected},
		{"404", 100, http.StatusNotFound, 3, 1, ErrEmbedderRejected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newOAIServer(t, oaiDims)
			srv.hook = func(call int, w http.ResponseWriter, _ *http.Request) bool {
				if call >= tc.failures {
					return false
				}
				if tc.status >= 500 && call%2 == 1 {
					http.Error(w, "plain-text failure", tc.status) // *openai.RequestError
				} else {
					oaiError(w, tc.status) // *openai.APIError
				}
				return true
			}
			o := newTestOpenAI(t, srv, OpenAIConfig{MaxRetries: tc.retries})
			vecs, err := o.Embed(context.Background(), oaiTexts(3))
			if n := len(srv.requests()); n != tc.wantReqs {
				t.Errorf("%d requests, want %d", n, tc.wantReqs)
			}
			if tc.wantErr == nil {
				if err != nil || len(vecs) != 3 {
					t.Fatalf("got %d vectors, %v; want 3, nil", len(vecs), err)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) || vecs != nil {
				t.Fatalf("got %v, %v; want nil, %v", vecs, err, tc.wantErr)
			}
			var apiErr *openai.APIError
			var reqErr *openai.RequestError
			if !errors.As(err, &apiErr) && !errors.As(err, &reqErr) {
				t.Errorf("error %v does not wrap the endpoint's error", err)
			}
			if !strings.Contains(err.Error(), "test-model") {
				t.Errorf("error %q does not name the model", err)
			}
		})
	}
}

func TestOpenAIRetryAfter(t *testing.T) {
	srv := newOAIServer(t, oaiDims)
	srv.hook = func(call int, w http.ResponseWriter, _ *http.Request) bool {
		if call > 0 {
			return false
		}
		w.Header().Set("Retry-After-Ms", "150")
		oaiError(w, http.StatusTooManyRequests)
		return true
	}
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	start := time.Now()
	if _, err := o.Embed(context.Background(), oaiTexts(1)); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("retried after %v, before the server's Retry-After-Ms of 150ms", d)
	}

}

func TestOpenAITimeout(t *testing.T) {
	srv := newOAIServer(t, oaiDims)
	srv.hook = func(_ int, w http.ResponseWriter, r *http.Request) bool {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
		oaiError(w, http.StatusInternalServerError)
		return true
	}
	o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: 100 * time.Millisecond, MaxRetries: 1})
	start := time.Now()
	vecs, err := o.Embed(context.Background(), oaiTexts(2))
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v with a 100ms timeout and one retry", d)
	}
	if !errors.Is(err, ErrEmbedderUnavailable) || !errors.Is(err, context.DeadlineExceeded) || vecs != nil {
		t.Fatalf("got %v, %v; want nil, ErrEmbedderUnavailable and DeadlineExceeded", vecs, err)
	}
	if n := len(srv.requests()); n != 2 {
		t.Errorf("%d requests, want 2 (timeouts are retried)", n)
	}
}

func TestOpenAIConnectionRefused(t *testing.T) {
	srv := newOAIServer(t, oaiDims)
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	srv.Close()
	if vecs, err := o.Embed(context.Background(), oaiTexts(1)); !errors.Is(err, ErrEmbedderUnavailable) || vecs != nil {
		t.Fatalf("got %v, %v; want nil, ErrEmbedderUnavailable", vecs, err)
	}
}

func TestOpenAIContextCancelled(t *testing.T) {
	srv := newOAIServer(t, oaiDims)
	srv.hook = func(_ int, w http.ResponseWriter, r *http.Request) bool {
		<-r.Context().Done()
		return true
	}
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	vecs, err := o.Embed(ctx, oaiTexts(1))
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrEmbedderUnavailable) || vecs != nil {
		t.Fatalf("got %v, %v; want nil, context.Canceled", vecs, err)
	}
	if n := len(srv.requests()); n != 1 {
		t.Errorf("%d requests after cancellation, want 1", n)
	}
	if _, err := o.Embed(ctx, oaiTexts(1)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

func TestOpenAIMalformed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		raw    string // answer body, if not a mutated regular answer
		mutate func(data []openai.Embedding) []openai.Embedding
		want   string // in the error
	}{
		{name: "not JSON", raw: "<html>oops</html>"},
		{name: "truncated JSON", raw: `{"object":"list","data":[{"embedding":[1,2`},
		{name: "no data", raw: `{"object":"list"}`, want: "0 vectors for 2 inputs"},
		{name: "too few", mutate: func(d []openai.Embedding) []openai.Embedding { return d[:1] }, want: "1 vectors for 2 inputs"},
		{name: "too many", mutate: func(d []openai.Embedding) []openai.Embedding {
			return append(d, openai.Embedding{Index: 2, Embedding: d[0].Embedding})
		}, want: "3 vectors for 2 inputs"},
		{name: "duplicate index", mutate: func(d []openai.Embedding) []openai.Embedding {
			d[1].Index = d[0].Index
			return d
		}, want: "appears twice"},
		{name: "index out of range", mutate: func(d []openai.Embedding) []openai.Embedding {
			d[0].Index = 7
			return d
		}, want: "out of range"},
		{name: "wrong dimension", mutate: func(d []openai.Embedding) []openai.Embedding {
			d[1].Embedding = d[1].Embedding[:oaiDims-1]
			return d
		}, want: "has 7 dimensions, want 8"},
		{name: "all zero", mutate: func(d []openai.Embedding) []openai.Embedding {
			d[0].Embedding = make([]float32, oaiDims)
			return d
		}, want: "all components are zero"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newOAIServer(t, oaiDims)
			// The first batch is fine, the second is not: no partial result.
			srv.hook = func(call int, w http.ResponseWriter, _ *http.Request) bool {
				if call == 0 || tc.raw == "" {
					return false
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, tc.raw)
				return true
			}
			srv.mutate = func(call int, d []openai.Embedding) []openai.Embedding {
				if call == 0 {
					return d
				}
				return tc.mutate(d)
			}
			o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 2, MaxRetries: 3})
			vecs, err := o.Embed(context.Background(), oaiTexts(4))
			if !errors.Is(err, ErrEmbedderResponse) || vecs != nil {
				t.Fatalf("got %v, %v; want nil, ErrEmbedderResponse", vecs, err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "test-model") {
				t.Errorf("error %q should name the model and say %q", err, tc.want)
			}
			if n := len(srv.requests()); n != 2 {
				t.Errorf("%d requests, want 2 (invalid responses are not retried)", n)
			}
		})
	}
}

func TestOpenAINormalizeRejects(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, v := range [][]float32{{1, nan}, {inf, 1}, {-inf}, {0, 0}} {
		if _, err := l2Normalize(v); err == nil {
			t.Errorf("l2Normalize(%v) accepted", v)
		}
	}
}

func TestOpenAIID(t *testing.T) {
	for _, c := range casefile.Read(t, "testdata/openai_ids.txt", 2) {
		o, err := NewOpenAI(OpenAIConfig{BaseURL: "http://127.0.0.1:1/v1", Model: c[0], Dimensions: 3})
		if err != nil {
			t.Fatal(err)
		}
		if o.ID() != c[1] {
			t.Errorf("ID() for %q = %q, want %q", c[0], o.ID(), c[1])
		}
	}
}

func TestNewOpenAIErrors(t *testing.T) {
	for _, cfg := range []OpenAIConfig{
		{Dimensions: 3},
		{Model: "  ", Dimensions: 3},
		{Model: "m", Dimensions: -1},
		{Model: "m", Dimensions: 3, BatchSize: -1},
		{Model: "m", Dimensions: 3, Timeout: -time.Second},
		{Model: "m", Dimensions: 3, BaseURL: "localhost:11434"},
	} {
		if _, err := NewOpenAI(cfg); err == nil {
			t.Errorf("NewOpenAI(%+v) accepted", cfg)
		}
	}
	o, err := NewOpenAI(OpenAIConfig{Model: "m", Dimensions: 3})
	if err != nil {
		t.Fatal(err)
	}
	if o.batch != DefaultOpenAIBatchSize || o.client.Timeout() != DefaultOpenAITimeout || o.client.Retries() != DefaultOpenAIMaxRetries {
		t.Errorf("defaults: batch %d timeout %v retries %d", o.batch, o.client.Timeout(), o.client.Retries())
	}
}
