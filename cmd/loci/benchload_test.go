package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/graph/graphtest"
)

// TestBenchLoadResendsAndChecks runs `loci bench load` for a few seconds
// against a `loci serve` behind a proxy that answers the first two batches
// of turns with 503: the batch is resent with backoff until acknowledged,
// both refusals are counted, and the read-back finds every acknowledged
// turn exactly once.
func TestBenchLoadResendsAndChecks(t *testing.T) {
	graphtest.Store(t)
	base, _, _ := startServe(t, graphtest.Config().URI)
	waitReadyz(t, base, 200, "serve")
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	var refused atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/turns") && refused.Add(1) <= 2 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"error":{"code":"unavailable","message":"refused by the test"}}`)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	defer front.Close()
	prefix := "benchload-test-" + uuid.NewString()[:8] + "-"
	t.Cleanup(func() {
		c := client.New(base)
		convs, _ := c.Conversations(context.Background(), 1000)
		for _, conv := range convs {
			if strings.HasPrefix(conv.ID, prefix) {
				_, _ = c.DeleteConversation(context.Background(), conv.ID)
			}
		}
	})

	r, w, _ := os.Pipe()
	stdout := os.Stdout
	os.Stdout = w
	err = benchCmd(context.Background(), []string{"load", "--url", front.URL, "--writers", "1", "--readers", "1",
		"--duration", "5s", "--batch", "5", "--turns-per-conversation", "10", "--conversation-prefix", prefix})
	w.Close()
	os.Stdout = stdout
	out, _ := io.ReadAll(r)
	if err != nil {
		t.Fatalf("bench load: %v\n%s", err, out)
	}
	var addTurns, totals []string
	for _, line := range strings.Split(string(out), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		switch {
		case cells[0] == "add_turns":
			addTurns = cells
		case len(cells) == 12 && cells[0] != "---:" && cells[0] != "conversations":
			totals = cells
		}
	}
	if len(addTurns) != 11 || addTurns[8] != "2" {
		t.Errorf("add_turns row %q: want 11 cells, 2 answers 503", addTurns)
	}
	// lost, duplicated, altered, never sent but present; resent batches
	// (attempts); rejected batches.
	if len(totals) != 12 || totals[4] != "0" || totals[5] != "0" || totals[6] != "0" || totals[7] != "0" ||
		totals[9] != "1 (2)" || totals[10] != "0" || totals[2] == "0" {
		t.Errorf("totals row %q: want turns acknowledged, none lost, duplicated, altered or unexpected, one batch resent after 2 attempts", totals)
	}
}
