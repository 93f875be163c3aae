package main

import (
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestDebugListenerOptIn: pprof is off without LOCI_PPROF, refused on a
// routable address, and serves heap profiles on a loopback one.
func TestDebugListenerOptIn(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	stop, err := startDebugListener("", log)
	if err != nil {
		t.Fatalf("off: %v", err)
	}
	stop()
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:6060", ":6060", "nonsense"} {
		if _, err := startDebugListener(addr, log); err == nil || !strings.Contains(err.Error(), "LOCI_PPROF") {
			t.Errorf("LOCI_PPROF=%s: err %v, want a refusal naming LOCI_PPROF", addr, err)
		}
	}
	addr := freeAddr(t)
	stop, err = startDebugListener(addr, log)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	resp, err := http.Get("http://" + addr + "/debug/pprof/heap?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "# HeapAlloc = ") {
		t.Errorf("heap profile: HTTP %d, body %.200q", resp.StatusCode, body)
	}
}

// TestMemoryLimitDefault: without GOMEMLIMIT the process gets the default
// soft limit; with it, the runtime's value stays.
func TestMemoryLimitDefault(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOMEMLIMIT")
	applyMemoryLimit(mustConfig(t))
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Errorf("limit %d, want %d", got, defaultMemoryLimit)
	}
	debug.SetMemoryLimit(1 << 40)
	t.Setenv("GOMEMLIMIT", "1TiB")
	applyMemoryLimit(mustConfig(t))
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT set the limit became %d", got)
	}
}
