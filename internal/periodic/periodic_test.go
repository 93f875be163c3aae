package periodic

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestEveryCallsUntilCancelled: f runs repeatedly at the interval and not
// at all once the context is done; a non-positive interval runs nothing.
func TestEveryCallsUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		Every(ctx, time.Millisecond, func() {
			if n.Add(1) == 3 {
				cancel()
			}
		})
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Every did not return after its context was cancelled")
	}
	if got := n.Load(); got != 3 {
		t.Errorf("f called %d times, want 3 (no call after cancel)", got)
	}
	called := false
	Every(context.Background(), 0, func() { called = true })
	if called {
		t.Error("a zero interval called f")
	}
}
