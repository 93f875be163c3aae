package oai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// endpoint is an httptest server speaking the OpenAI protocol's
// embeddings route: the first failures calls answer status (with the
// given headers), the rest succeed.
type endpoint struct {
	*httptest.Server
	calls atomic.Int32
}

func newEndpoint(t *testing.T, failures int, status int, header http.Header) *endpoint {
	t.Helper()
	e := &endpoint{}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(e.calls.Add(1))
		if !strings.HasSuffix(r.URL.Path, "/embeddings") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if n <= failures {
			for k, v := range header {
				w.Header()[k] = v
			}
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"error":{"message":"status %d","type":"test_error"}}`, status)
			return
		}
		fmt.Fprint(w, `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.6,0.8]}],"model":"m"}`)
	}))
	t.Cleanup(e.Close)
	return e
}

func embedOnce(ctx context.Context, c *Client) (openai.EmbeddingResponse, error) {
	return Call(ctx, c, `model "m"`, func(ctx context.Context, api *openai.Client) (openai.EmbeddingResponse, error) {
		return api.CreateEmbeddings(ctx, openai.EmbeddingRequestStrings{Input: []string{"x"}, Model: "m"})
	})
}

func newClient(t *testing.T, url string, retries int) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: url + "/v1", Timeout: time.Second, MaxRetries: retries, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCallRetriesAndClassifies(t *testing.T) {
	for _, tc := range []struct {
		name              string
		failures, status  int
		retries, attempts int
		want              error
	}{
		{"429 then success", 2, http.StatusTooManyRequests, 3, 3, nil},
		{"500 forever", 100, http.StatusInternalServerError, 2, 3, ErrUnavailable},
		{"no retries", 100, http.StatusBadGateway, 0, 1, ErrUnavailable},
		{"401 is not retried", 100, http.StatusUnauthorized, 3, 1, ErrRejected},
		{"404 is not retried", 100, http.StatusNotFound, 3, 1, ErrRejected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEndpoint(t, tc.failures, tc.status, nil)
			resp, err := embedOnce(context.Background(), newClient(t, e.URL, tc.retries))
			if n := int(e.calls.Load()); n != tc.attempts {
				t.Errorf("%d attempts, want %d", n, tc.attempts)
			}
			if tc.want == nil {
				if err != nil || len(resp.Data) != 1 {
					t.Fatalf("got %+v, %v", resp, err)
				}
				return
			}
			var apiErr *openai.APIError
			if !errors.Is(err, tc.want) || !errors.As(err, &apiErr) || !strings.Contains(err.Error(), `model "m"`) ||
				!strings.Contains(err.Error(), fmt.Sprintf("%d attempt(s)", tc.attempts)) {
				t.Fatalf("error %v: want %v wrapping the endpoint's error, naming the call and its attempts", err, tc.want)
			}
		})
	}
}

func TestCallHonoursRetryAfter(t *testing.T) {
	e := newEndpoint(t, 1, http.StatusTooManyRequests, http.Header{"Retry-After-Ms": {"150"}})
	start := time.Now()
	if _, err := embedOnce(context.Background(), newClient(t, e.URL, 2)); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("retried after %v, before the server's Retry-After-Ms of 150ms", d)
	}
}

func TestCallGivesUpWhenTheDeadlineIsTooClose(t *testing.T) {
	e := newEndpoint(t, 100, http.StatusServiceUnavailable, http.Header{"Retry-After": {"20"}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	_, err := embedOnce(ctx, newClient(t, e.URL, 3))
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "no time left") || time.Since(start) > time.Second {
		t.Fatalf("after %v: %v; want ErrUnavailable at once, no time left to wait", time.Since(start), err)
	}
	if n := e.calls.Load(); n != 1 {
		t.Errorf("%d attempts, want 1", n)
	}
}

func TestCallCallerCancellationIsNotTheEndpoints(t *testing.T) {
	e := newEndpoint(t, 100, http.StatusServiceUnavailable, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := embedOnce(ctx, newClient(t, e.URL, 3))
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrUnavailable) {
		t.Fatalf("got %v, want context.Canceled alone", err)
	}
}

func TestNewRejectsRelativeURL(t *testing.T) {
	if _, err := New(Config{BaseURL: "localhost:11434/v1"}); err == nil {
		t.Fatal("relative base URL accepted")
	}
}

func TestBackoffStaysWithinHalfToFull(t *testing.T) {
	b := exponential(100 * time.Millisecond)
	b.Reset()
	for i, d := range []time.Duration{100, 200, 400, 800} {
		d *= time.Millisecond
		got := b.NextBackOff()
		if got < d/2 || got > d {
			t.Errorf("wait %d: %v, want within [%v, %v]", i, got, d/2, d)
		}
	}
	for range 20 {
		if got := b.NextBackOff(); got > MaxRetryWait {
			t.Fatalf("wait %v above MaxRetryWait", got)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		kind   error
		retry  bool
	}{
		{&openai.APIError{HTTPStatusCode: 429}, 0, ErrUnavailable, true},
		{&openai.RequestError{HTTPStatusCode: 502}, 0, ErrUnavailable, true},
		{&openai.APIError{HTTPStatusCode: 400}, 0, ErrRejected, false},
		{attemptTimeout{errors.New("slow")}, 200, ErrUnavailable, true},
		{errors.New("invalid character"), 200, ErrResponse, false},
		{errors.New("unsupported parameter"), 0, ErrRejected, false},
	} {
		if kind, retry := Classify(tc.err, tc.status); kind != tc.kind || retry != tc.retry {
			t.Errorf("Classify(%v, %d) = %v, %v; want %v, %v", tc.err, tc.status, kind, retry, tc.kind, tc.retry)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		h    http.Header
		want time.Duration
		ok   bool
	}{
		{http.Header{}, 0, false},
		{http.Header{"Retry-After": {"0"}}, 0, true},
		{http.Header{"Retry-After": {"3"}}, 3 * time.Second, true},
		{http.Header{"Retry-After": {"3600"}}, MaxRetryWait, true},
		{http.Header{"Retry-After": {"-1"}}, 0, true},
		{http.Header{"Retry-After": {"soon"}}, 0, false},
		{http.Header{"Retry-After": {now.Add(10 * time.Second).Format(http.TimeFormat)}}, 10 * time.Second, true},
		{http.Header{"Retry-After": {now.Add(-time.Hour).Format(http.TimeFormat)}}, 0, true},
		{http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"9"}}, 250 * time.Millisecond, true},
		{http.Header{"Retry-After-Ms": {"NaN"}}, 0, false},
	} {
		if got, ok := RetryAfter(tc.h, now); got != tc.want || ok != tc.ok {
			t.Errorf("RetryAfter(%v) = %v, %v; want %v, %v", tc.h, got, ok, tc.want, tc.ok)
		}
	}
}
