package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/loci-memory/loci/auth"
)

// scaleServe is the `loci serve` subprocess the searches go to: this
// binary, acting for the grown tenant through a fresh API key.
type scaleServe struct {
	cmd    *exec.Cmd
	url    string
	secret string
	client *http.Client
	log    *os.File
}

func startScaleServe(ctx context.Context, tenant string, port int) (*scaleServe, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	secret, key, err := auth.NewKey(tenant, "bench scale")
	if err != nil {
		return nil, err
	}
	logf, err := os.CreateTemp("", "loci-bench-scale-*.log")
	if err != nil {
		return nil, err
	}
	// A keys file of its own holding only this key: the user's keys, if
	// any, are not the bench's business.
	keys := strings.TrimSuffix(logf.Name(), ".log") + "-keys.json"
	if err := auth.AddToFile(keys, key); err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(exe, "serve")
	// The server inherits this process's environment (its Neo4j and
	// embedder settings), with the bench's address and keys on top.
	cmd.Env = append(cmd.Environ(), "LOCI_ADDR="+addr, "LOCI_API_KEYS=", "LOCI_KEYS_FILE="+keys, "LOCI_RATE_LIMIT=0")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting loci serve: %w", err)
	}
	s := &scaleServe{cmd: cmd, url: "http://" + addr, secret: secret, log: logf,
		client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := s.client.Get(s.url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				fmt.Fprintf(os.Stderr, "scale: loci serve (pid %d) ready on %s, log %s\n", cmd.Process.Pid, addr, logf.Name())
				return s, nil
			}
		}
		select {
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	s.stop()
	return nil, fmt.Errorf("loci serve did not become ready within 60 s (log: %s)", logf.Name())
}

func (s *scaleServe) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.log.Close()
}

// scaleQuery is one request of a measured run.
type scaleQuery struct {
	endpoint, conversation, question string
}

func (s *scaleServe) do(ctx context.Context, q scaleQuery) (time.Duration, error) {
	req := map[string]any{"query": q.question}
	if q.conversation != "" {
		req["conversation_id"] = q.conversation
	}
	path := "/v1/search"
	if q.endpoint == "context" {
		path = "/v1/context"
		req["budget_tokens"] = 2000
	} else {
		req["limit"] = 10
	}
	body, _ := json.Marshal(req)
	hreq, err := http.NewRequestWithContext(ctx, "POST", s.url+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Authorization", "Bearer "+s.secret)
	start := time.Now()
	resp, err := s.client.Do(hreq)
	if err != nil {
		return 0, err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if resp.StatusCode != http.StatusOK {
		return d, fmt.Errorf("%s %q: HTTP %d %s", path, q.question, resp.StatusCode, bytes.TrimSpace(b))
	}
	return d, nil
}

// measure runs every (endpoint, scope, clients) combination: search and
// context in the first 600-turn conversation and in the large one (when
// written), and search tenant-wide; at 1 and 8 clients.
func (s *scaleServe) measure(ctx context.Context, c *scaleCorpus, big bool, maxQueries int, budget time.Duration, res *scaleSize) error {
	type scope struct {
		name, conv string
		questions  []string
	}
	scopes := []scope{{"conversation (600)", scaleSmallID(0), c.questions(0)}}
	all := c.questions(-1)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	if big {
		scopes = append(scopes, scope{"conversation (big)", scaleBigID, all})
	}
	scopes = append(scopes, scope{"tenant-wide", "", all})
	for _, endpoint := range []string{"search", "context"} {
		for _, sc := range scopes {
			if endpoint == "context" && sc.conv == "" {
				continue // /v1/context needs a conversation
			}
			qs := sc.questions[:min(maxQueries, len(sc.questions))]
			// Warm-up, untimed: plans cached, connections open, pages loaded.
			for _, q := range qs[:min(5, len(qs))] {
				if _, err := s.do(ctx, scaleQuery{endpoint, sc.conv, q}); err != nil {
					return err
				}
			}
			for _, clients := range []int{1, 8} {
				run := s.run(ctx, endpoint, sc.conv, qs, clients, budget)
				run.Endpoint, run.Scope = endpoint, sc.name
				res.Runs = append(res.Runs, run)
				fmt.Fprintf(os.Stderr, "scale: %7d turns  %-7s %-20s %d client(s): n=%d p50 %.1f ms p95 %.1f ms, %.1f req/s, %d errors\n",
					res.Turns, endpoint, sc.name, clients, run.N, run.P50, run.P95, run.RPS, run.Errors)
				if run.FirstError != "" {
					fmt.Fprintf(os.Stderr, "scale: first error: %s\n", run.FirstError)
				}
			}
		}
	}
	return nil
}

// run asks qs with clients concurrent clients until all are asked or the
// budget is spent (after at least 10 answers).
func (s *scaleServe) run(ctx context.Context, endpoint, conv string, qs []string, clients int, budget time.Duration) scaleRun {
	start := time.Now()
	r := replay(clients, func(send func(string)) {
		for i, q := range qs {
			if i >= 10 && time.Since(start) > budget {
				return
			}
			send(q)
		}
	}, func(q string) (time.Duration, error) { return s.do(ctx, scaleQuery{endpoint, conv, q}) })
	lat, elapsed := r.latencies, r.elapsed
	out := scaleRun{Errors: r.errors}
	if r.firstErr != nil {
		out.FirstError = r.firstErr.Error()
	}
	out.Clients, out.N = clients, len(lat)
	out.P50, out.P95 = ms(pct(lat, 50)), ms(pct(lat, 95))
	out.RPS = float64(len(lat)) / elapsed.Seconds()
	return out
}
