package client

// The transport: one request sent, its answer decoded or turned into an
// *Error, and the retries of what is safe to retry.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v5"

	"github.com/loci-memory/loci/ontology"
)

// Error is a non-2xx answer of the server.
type Error struct {
	Status     int
	RetryAfter time.Duration // from the Retry-After header, if any
	Err        *ontology.Error
}

func (e *Error) Error() string {
	return fmt.Sprintf("loci: %d %s: %s", e.Status, e.Err.Code, e.Err.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// firstBackoff is the wait before the first retry without a Retry-After;
// each further wait doubles, up to the client's maxWait.
const firstBackoff = 200 * time.Millisecond

// do sends one request and decodes a 2xx JSON answer into out (if non-nil),
// retrying 429/503 and transport errors (see WithRetries). The error is
// the last attempt's.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("loci: encoding request: %w", err)
		}
	}
	var last error
	attempt := func() (struct{}, error) {
		last = c.once(ctx, method, path, body, out)
		var apiErr *Error
		switch {
		case last == nil:
			return struct{}{}, nil
		case errors.As(last, &apiErr) && (apiErr.Status == http.StatusTooManyRequests || apiErr.Status == http.StatusServiceUnavailable):
			if apiErr.RetryAfter > 0 {
				return struct{}{}, &backoff.RetryAfterError{Duration: min(apiErr.RetryAfter, c.maxWait)}
			}
		case errors.As(last, &apiErr):
			return struct{}{}, backoff.Permanent(last) // a deterministic answer: retrying cannot change it
		}
		return struct{}{}, last
	}
	wait := &backoff.ExponentialBackOff{InitialInterval: min(firstBackoff, c.maxWait), Multiplier: 2, MaxInterval: c.maxWait}
	if _, err := backoff.Retry(ctx, attempt, backoff.WithBackOff(wait), backoff.WithMaxTries(uint(max(0, c.retries))+1),
		backoff.WithMaxElapsedTime(0)); err != nil {
		return last
	}
	return nil
}

// once sends one attempt of a request and decodes its answer as do does.
func (c *Client) once(ctx context.Context, method, path string, body []byte, out any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return fmt.Errorf("loci: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	if c.tenant != "" {
		req.Header.Set("X-Loci-Tenant", c.tenant)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("loci: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return fmt.Errorf("loci: %s %s: reading the answer: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		e := &Error{Status: resp.StatusCode, Err: &ontology.Error{Code: "http_" + strconv.Itoa(resp.StatusCode), Message: strings.TrimSpace(string(raw))}}
		var eb struct {
			Error struct {
				Code    string         `json:"code"`
				Message string         `json:"message"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &eb) == nil && eb.Error.Code != "" {
			e.Err = &ontology.Error{Code: eb.Error.Code, Message: eb.Error.Message, Details: eb.Error.Details}
		}
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s >= 0 {
			e.RetryAfter = time.Duration(s) * time.Second
		}
		return e
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("loci: %s %s: decoding the answer: %w", method, path, err)
	}
	return nil
}
